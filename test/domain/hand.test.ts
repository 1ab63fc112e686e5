import { describe, expect, test } from 'vitest';
import { DECK, scenario } from '../helpers/scenario.ts';

const pick = <T extends object>(e: T | undefined, ...keys: string[]) =>
  e && Object.fromEntries(keys.map((k) => [k, (e as Record<string, unknown>)[k]]));

describe('hand lifecycle and dealing', () => {
  test('R-HAND-START: a hand begins at the shuffle, numbered from 1, seq continuous from 1', () => {
    const s = scenario({ players: [1, 2, 3, 4], button: 1 });
    expect(s.events[0]).toMatchObject({ seq: 1, type: 'table.ready', seats: 6, profile: 'tda' });
    const evs = s.send({ type: 'shuffle' });
    expect(evs[0]).toMatchObject({
      type: 'hand.started',
      hand: 1,
      button: 1,
      smallBlind: 2,
      bigBlind: 3,
      dealtIn: [2, 3, 4, 1],
      level: null,
    });
    s.events.forEach((e, i) => expect(e.seq).toBe(i + 1));
  });

  test('R-DEAL-ORDER: hole cards one at a time clockwise from the left of the button, two rounds', () => {
    const s = scenario({ players: [1, 3, 5], button: 3 });
    s.send({ type: 'shuffle' });
    const dealt = s.cards(...DECK.slice(0, 6)).filter((e) => e.type === 'card.dealt');
    expect(dealt.map((e) => (e as { seat?: number }).seat)).toEqual([5, 1, 3, 5, 1, 3]);
    expect(dealt.map((e) => (e as { position: number }).position)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  test('R-DEAL-ORDER: burn, flop, burn, turn, burn, river after each betting round', () => {
    const s = scenario({ players: [1, 2, 3, 4], button: 1 });
    s.send({ type: 'shuffle' });
    s.cards(...DECK.slice(0, 8));
    s.act('call', 'call', 'call', 'check');
    const flop = s.cards(...DECK.slice(8, 12));
    expect(flop.filter((e) => e.type === 'card.dealt').map((e) => (e as { to: string }).to)).toEqual([
      'burn',
      'board',
      'board',
      'board',
    ]);
    expect(s.last('board')).toMatchObject({ street: 'flop', cards: DECK.slice(9, 12) });
    // R-ACT-ORDER after the flop: first live seat left of the button
    expect(s.last('action.on')).toMatchObject({ seat: 2, street: 'flop' });
    s.act('check', 'check', 'check', 'check');
    s.cards(DECK[12]!, DECK[13]!);
    expect(s.last('board')).toMatchObject({ street: 'turn', cards: [...DECK.slice(9, 12), DECK[13]] });
    s.act('check', 'check', 'check', 'check');
    s.cards(DECK[14]!, DECK[15]!);
    expect(s.last('board')).toMatchObject({ street: 'river' });
    s.act('check', 'check', 'check', 'check');
    expect(s.last('showdown')).toBeDefined();
    expect(s.last('hand.ended')).toMatchObject({ reason: 'showdown', hand: 1 });
  });

  test('R-DEALT-IN: absent players are dealt in; players without a seat sensor count as absent', () => {
    const s = scenario({ players: [1, 2, 3], absent: [2], button: 1 });
    const [started] = s.send({ type: 'shuffle' });
    expect(started).toMatchObject({ dealtIn: [2, 3, 1] });
  });

  test('R-ACT-ORDER: pre-flop the first live seat left of the big blind acts first, the blinds last', () => {
    const s = scenario({ players: [1, 2, 3, 4, 5], button: 5 });
    s.send({ type: 'shuffle' });
    s.cards(...DECK.slice(0, 10));
    const order = [];
    for (let i = 0; i < 5; i++) {
      order.push((s.last('action.on') as { seat: number }).seat);
      s.act(i === 4 ? 'check' : 'call');
    }
    expect(order).toEqual([3, 4, 5, 1, 2]);
  });

  test('R-HEADS-UP: the button posts the small blind, gets the last hole card, acts first pre-flop and last after', () => {
    const s = scenario({ players: [2, 5], button: 5 });
    const [started] = s.send({ type: 'shuffle' });
    expect(started).toMatchObject({ button: 5, smallBlind: 5, bigBlind: 2, dealtIn: [2, 5] });
    const dealt = s.cards(...DECK.slice(0, 4)).filter((e) => e.type === 'card.dealt');
    expect(dealt.at(-1)).toMatchObject({ seat: 5 });
    expect(s.last('action.on')).toMatchObject({ seat: 5, street: 'preflop' });
    s.act('call', 'check');
    s.cards(...DECK.slice(4, 8));
    expect(s.last('action.on')).toMatchObject({ seat: 2, street: 'flop' });
  });

  test('R-ROUND-END: a raise reopens the action; the round ends when all have acted since', () => {
    const s = scenario({ players: [1, 2, 3], button: 1 });
    s.send({ type: 'shuffle' });
    s.cards(...DECK.slice(0, 6));
    // dealt 2,3,1; UTG is the button (1) with three players
    s.act('call', 'call', 'raise');
    expect(s.last('action.on')).toMatchObject({ seat: 1 });
    const closing = s.act('call', 'call');
    expect(s.types(closing)).toEqual(['action', 'action.on', 'action']); // 1 calls, 2 calls: round over
    expect(s.cards(DECK[6]!)[0]).toMatchObject({ type: 'card.dealt', to: 'burn', street: 'flop' });
  });

  test('R-ROUND-END: one live seat left ends the hand, no more cards', () => {
    const s = scenario({ players: [1, 2, 3], button: 1 });
    s.send({ type: 'shuffle' });
    s.cards(...DECK.slice(0, 6));
    s.act('fold', 'fold');
    expect(s.last('hand.ended')).toMatchObject({ reason: 'fold', winners: [3] });
    const [irr] = s.cards(DECK[6]!);
    expect(irr).toMatchObject({ type: 'irregularity', kind: 'read-outside-hand' });
    expect(irr!.hand).toBeUndefined();
  });

  test('R-ROUND-END: when no more than one seat can bet, every hand is exposed and the board runs out', () => {
    const s = scenario({ players: [1, 2, 3], button: 1 });
    s.send({ type: 'shuffle' });
    s.cards(...DECK.slice(0, 6));
    s.act('allin', 'fold', 'call');
    expect(s.last('hands.exposed')).toMatchObject({ seats: [3, 1] });
    s.cards(...DECK.slice(6, 14));
    expect(s.all('action.on').filter((e) => (e as { street: string }).street !== 'preflop')).toHaveLength(0);
    expect(s.last('showdown')).toMatchObject({ order: [3, 1] });
    expect(s.last('hand.ended')).toMatchObject({ reason: 'showdown' });
  });

  test('R-SHOWDOWN-ORDER: the last aggressor on the river shows first; cards speak', () => {
    const s = scenario({ players: [1, 2, 3], button: 1 });
    s.send({ type: 'shuffle' });
    // seat 2: As Ks (pair of aces); seat 3: 2d 3s; seat 1: 4h 5d
    s.cards('As', '2d', '4h', 'Ks', '3s', '5d');
    s.act('call', 'call', 'check');
    s.cards('3c', 'Ah', '8s', '9d');
    s.act('check', 'check', 'check');
    s.cards('4c', 'Jc');
    s.act('check', 'check', 'check');
    s.cards('5c', 'Tc');
    s.act('check', 'raise', 'call', 'call');
    expect(s.last('showdown')).toMatchObject({ order: [3, 1, 2], winners: [2], rank: expect.stringMatching(/pair/i) });
  });

  test('R-SHOWDOWN-ORDER: with no bet on the river, the first live seat left of the button shows first; split pots', () => {
    const s = scenario({ players: [1, 2, 3], button: 2 });
    s.send({ type: 'shuffle' });
    // dealt 3,1,2: seat 3 2c 3d, seat 1 2d 3c, seat 2 folds
    s.cards('2c', '2d', 'Kh', '3d', '3c', 'Kd');
    s.act('fold', 'call', 'check');
    s.cards('4s', 'As', 'Ks', 'Qs');
    expect(s.last('action.on')).toMatchObject({ seat: 3, street: 'flop' });
    s.act('check', 'check');
    s.cards('5h', 'Js');
    s.act('check', 'check');
    s.cards('6h', 'Ts');
    s.act('check', 'check');
    expect(s.last('showdown')).toMatchObject({
      order: [3, 1],
      winners: [1, 3],
      rank: expect.stringMatching(/royal|straight flush/i),
    });
  });

  test('dealer panel actions are refused when nobody is on action or the deal is not complete', () => {
    const s = scenario({ players: [1, 2, 3], button: 1 });
    expect(s.act('call')[0]).toMatchObject({ type: 'request.rejected', request: 'call', reason: 'no-hand' });
    s.send({ type: 'shuffle' });
    s.cards('As', 'Kd');
    expect(s.act('call')[0]).toMatchObject({ type: 'request.rejected', reason: 'deal-not-complete' });
    s.cards('Qc', 'Jh', 'Ts', '9d');
    s.act('call');
    expect(s.act('check')[0]).toMatchObject({ type: 'request.rejected', reason: 'facing-bet' });
    expect(pick(s.last('action.on'), 'seat')).toEqual({ seat: 2 });
  });
});
