// The stud games at the table (R-GAME-LIST, R-STUD-DEAL, R-STUD-BRING-IN, R-STUD-ORDER, R-STUD-MISDEAL, R-ODD-CHIP,
// R-HILO, R-BET-LIMIT), with and without chips tracked, played through the engine's inputs.
import { describe, expect, test } from 'vitest';
import { toPublic } from '../../src/domain/secrecy.ts';
import type { TableEvent } from '../../src/domain/types.ts';
import { scenario, type Scenario } from '../helpers/scenario.ts';

type Game = 'stud' | 'stud-hilo' | 'razz';
const LEVEL = { smallBlind: 10, bigBlind: 20, ante: 5, bringIn: 10, smallBet: 20, bigBet: 40, minutes: 20 };

function table(game: Game, chips: boolean, players = [1, 2, 3, 4]): Scenario {
  const s = scenario({
    players,
    seats: Math.max(6, players.length),
    game,
    ...(chips ? { rules: { chips: { mode: 'tracked' } } } : {}),
  });
  if (chips) for (const seat of players) s.send({ type: 'command', name: 'set-stack', seat, chips: 1000 }, 0);
  s.send({ type: 'command', name: 'levels-start', levels: [LEVEL] }, 0);
  return s;
}

/** Third street: `hands` per seat in dealing order (seat 1 first), "down down up". */
function third(s: Scenario, hands: string[]): void {
  const cards = hands.map((h) => h.split(' '));
  for (let pass = 0; pass < 3; pass++) s.cards(...cards.map((c) => c[pass]!));
}

const of = <T extends TableEvent['type']>(s: Scenario, type: T) => s.all(type) as Extract<TableEvent, { type: T }>[];

describe('R-STUD-DEAL: the deal from the shoe, no button, no blinds', () => {
  test('hand.started has no button; third street deals down, down, up from seat 1; the up card is public', () => {
    const s = table('stud', false);
    s.send({ type: 'shuffle' });
    expect(s.last('hand.started')).toMatchObject({
      button: null,
      smallBlind: null,
      bigBlind: null,
      dealtIn: [1, 2, 3, 4],
    });
    third(s, ['2s 3s Kd', '4s 5s 3c', '6s 7s Qs', '8s 9s 3h']);
    const dealt = of(s, 'card.dealt');
    expect(dealt.map((e) => [e.seat, e.street, e.up === true])).toEqual([
      ...[1, 2, 3, 4].map((seat) => [seat, 'third', false]),
      ...[1, 2, 3, 4].map((seat) => [seat, 'third', false]),
      ...[1, 2, 3, 4].map((seat) => [seat, 'third', true]),
    ]);
    // secrecy: a down card is hidden on public topics, an up card is not
    expect(toPublic(dealt[0]!)).toMatchObject({ card: null });
    expect(toPublic(dealt[8]!)).toMatchObject({ card: 'Kd', up: true });
  });

  test('later streets: a burn then one up card to each live seat (seventh: down); a short stub gives a common card', () => {
    const players = [1, 2, 3, 4, 5, 6, 7, 8];
    const s = table('stud', false, players);
    s.send({ type: 'shuffle' });
    const deck = [...'AKQJT98765432'].flatMap((r) => [...'shdc'].map((x) => r + x));
    // seat 8 shows the deuce of clubs: the bring-in
    const c2 = deck.indexOf('2c');
    deck.splice(c2, 1);
    deck.splice(23, 0, '2c');
    s.cards(...deck.slice(0, 24));
    expect(s.last('bring.in')).toMatchObject({ seat: 8, card: '2c' });
    let next = 24;
    for (const street of ['third', 'fourth', 'fifth', 'sixth']) {
      const n = s.all('action.on').length;
      s.act('call', ...Array(7).fill('call'));
      expect(s.all('action.on').length).toBeGreaterThan(n);
      if (street === 'sixth') break;
      s.cards(...deck.slice(next, next + 9)); // burn + 8 up cards
      next += 9;
    }
    s.act(...Array(8).fill('check'));
    // 24 + 3 × 9 = 51 cards out: one left, not enough for a burn and eight cards: the common card
    const last = s.cards(deck[next]!);
    expect(last[0]).toMatchObject({ type: 'card.dealt', to: 'common', street: 'seventh', card: deck[next] });
    expect(toPublic(last[0]!)).toMatchObject({ card: deck[next] });
    expect(s.last('action.on')).toMatchObject({ street: 'seventh' });
  });

  test('at most 8 players: a shuffle with 9 is refused (too-many-players)', () => {
    const s = scenario({ players: [1, 2, 3, 4, 5, 6, 7, 8, 9], seats: 9, game: 'stud' });
    expect(s.send({ type: 'shuffle' })).toMatchObject([{ type: 'request.rejected', reason: 'too-many-players' }]);
  });
});

describe('R-STUD-BRING-IN and R-STUD-ORDER', () => {
  test('the lowest up card brings in (clubs lowest), may not fold; the best hand showing acts first later', () => {
    const s = table('stud', false);
    s.send({ type: 'shuffle' });
    third(s, ['2s 3s Kd', '4s 5s 3c', '6s 7s Qs', '8s 9s 3h']);
    expect(s.last('bring.in')).toMatchObject({ seat: 2, card: '3c' });
    expect(s.last('action.on')).toMatchObject({ seat: 2, street: 'third' });
    expect(s.act('fold')).toMatchObject([{ type: 'request.rejected', reason: 'forced-bet', seat: 2 }]);
    s.act('call', 'call', 'call', 'call'); // the bring-in, then three calls: no option for the bring-in
    expect(s.last('action.on')).toMatchObject({ seat: 1, street: 'third' });
    s.cards('Ah', 'Kh', '2d', '4d', 'Jc'); // burn, then seat 1 pairs its king
    expect(s.last('action.on')).toMatchObject({ seat: 1, street: 'fourth' });
  });

  test('razz: the highest up card brings in (king high, ace low); the lowest hand showing acts first', () => {
    const s = table('razz', false);
    s.send({ type: 'shuffle' });
    third(s, ['2s 3s Kd', '4s 5s Ks', '6s 7s Ac', '8s 9s 5h']);
    expect(s.last('bring.in')).toMatchObject({ seat: 2, card: 'Ks' }); // spades highest of the kings
    s.act('call', 'call', 'call', 'call');
    s.cards('Ah', 'Qh', '2d', '4d', '3c'); // burn; seat 3 shows 4-A, seat 4 5-3, seat 2 K-2, seat 1 K-Q
    expect(s.last('action.on')).toMatchObject({ seat: 3, street: 'fourth' });
  });

  test('with chips: antes from every seat, the bring-in posted, completion to the small bet, big bet on fifth', () => {
    const s = table('stud', true);
    s.send({ type: 'shuffle' });
    expect(of(s, 'bet.placed').map((e) => [e.seat, e.action, e.amount])).toEqual([
      [1, 'ante', 5],
      [2, 'ante', 5],
      [3, 'ante', 5],
      [4, 'ante', 5],
    ]);
    third(s, ['2s 3s Kd', '4s 5s 3c', '6s 7s Qs', '8s 9s 3h']);
    s.act('call'); // seat 2 brings in
    expect(s.last('bet.placed')).toMatchObject({ seat: 2, action: 'bring-in', amount: 10, to: 10 });
    expect(s.last('action.on')).toMatchObject({ seat: 3, toCall: 10, minRaiseTo: 20, maxRaiseTo: 20 });
    s.send({ type: 'panel', button: 'raise' }); // seat 3 completes to the small bet
    expect(s.last('bet.placed')).toMatchObject({ seat: 3, amount: 20, to: 20 });
    expect(s.send({ type: 'panel', button: 'raise', to: 50 })).toMatchObject([
      { type: 'request.rejected', reason: 'fixed-limit' },
    ]);
    s.act('call', 'call', 'call'); // 4, 1, then the bring-in adds 10
    expect(s.last('pots')).toMatchObject({ street: 'third', pots: [{ amount: 100 }] });
    s.cards('Ah', 'Kh', '2d', '4d', 'Jc');
    s.act('check', 'check', 'check', 'check');
    s.cards('Ad', 'Th', '2h', '4h', 'Jh');
    expect(s.last('action.on')).toMatchObject({ street: 'fifth', minRaiseTo: 40 });
  });
});

describe('the public state of a stud hand (boards: up cards, "capped")', () => {
  test.each([true, false])(
    'chips %s: every seat’s up cards, no down card; capped after a completion and 3 raises',
    (chips) => {
      const s = table('stud', chips);
      s.send({ type: 'shuffle' });
      third(s, ['2s 3s Kd', '4s 5s 3c', '6s 7s Qs', '8s 9s 3h']);
      const state = () => s.table.snapshot();
    expect(state().level).toMatchObject({ bringIn: 10, smallBet: 20, bigBet: 40 });
    expect(s.last('level.changed')).toMatchObject({ bringIn: 10 });
      expect(state().seatInfo.map((i) => i.upCards)).toEqual([['Kd'], ['3c'], ['Qs'], ['3h'], undefined, undefined]);
      for (const card of ['2s', '3s', '4s', '5s', '6s', '7s', '8s', '9s'])
        expect(JSON.stringify(state())).not.toContain(card);
      s.act('call', 'raise', 'raise', 'raise'); // seat 2 brings in, 3 completes, 4 and 1 raise: a bet and two raises
      expect(state().capped).toBeUndefined();
      s.act('raise'); // the bring-in raises: the third raise
      expect(state().capped).toBe(true);
      s.act('call', 'call', 'call'); // the round ends: the next one is not capped
      expect(state().capped).toBeUndefined();
    },
  );
});

describe('R-STUD-MISDEAL', () => {
  test('a down card exposed on third street is a misdeal; an up card is not a hole card to expose', () => {
    const s = table('stud', true);
    s.send({ type: 'shuffle' });
    third(s, ['2s 3s Kd', '4s 5s 3c', '6s 7s Qs', '8s 9s 3h']);
    expect(s.send({ type: 'panel', button: 'exposed', card: 'Kd' })).toMatchObject([
      { type: 'request.rejected', reason: 'not-a-hole-card' },
    ]);
    const events = s.send({ type: 'panel', button: 'exposed', card: '5s' });
    expect(events[0]).toMatchObject({ type: 'misdeal', reason: 'stud-down-card-exposed' });
    expect(s.last('hand.ended')).toMatchObject({ reason: 'misdeal' });
    expect(of(s, 'bet.returned').map((e) => e.amount)).toEqual([5, 5, 5, 5]);
  });

  test('a card read before the round is over is a premature card, taken back as the next burn', () => {
    const s = table('stud', false);
    s.send({ type: 'shuffle' });
    third(s, ['2s 3s Kd', '4s 5s 3c', '6s 7s Qs', '8s 9s 3h']);
    s.act('call');
    expect(s.cards('Ah')).toMatchObject([
      { type: 'card.dealt', to: 'burn', premature: true },
      { type: 'irregularity', kind: 'premature-card' },
    ]);
    s.act('call', 'call', 'call');
    expect(s.cards('Kh')[0]).toMatchObject({ type: 'card.dealt', to: 'seat', seat: 1, up: true, street: 'fourth' });
  });
});

/** A hand checked down from third street: `hands` seat by seat, seven cards each in the order dealt. */
function checkDown(s: Scenario, hands: string[]): void {
  const cards = hands.map((h) => h.split(' '));
  for (let pass = 0; pass < 3; pass++) s.cards(...cards.map((c) => c[pass]!));
  s.act('call', ...Array(hands.length - 1).fill('call'));
  const burns = ['2c', '2d', '2h', '2s'];
  for (let street = 3; street < 7; street++) {
    s.cards(burns[street - 3]!, ...cards.map((c) => c[street]!));
    s.act(...Array(hands.length).fill('check'));
  }
}

describe('showdown (R-STUD-ORDER, R-HILO, R-ODD-CHIP)', () => {
  test('stud hi-lo: the pot split between the best high and the best low, the best hand showing first', () => {
    const s = table('stud-hilo', true, [1, 2]);
    s.send({ type: 'shuffle' });
    checkDown(s, ['Ks Kh Kd Qs Qh 9c Tc', 'As 3d 4c 5h 7d Jc Jd']);
    expect(s.last('showdown')).toMatchObject({ order: [1, 2], winners: [1], lowWinners: [2], lowRank: '7-5-4-3-A' });
    const awarded = s.last('pot.awarded') as Extract<TableEvent, { type: 'pot.awarded' }>;
    expect(awarded.pots[0]!.shares).toEqual([
      { seat: 1, amount: 15, half: 'high' },
      { seat: 2, amount: 15, half: 'low' },
    ]);
  });

  test('stud: tied hands, the odd chip to the best up card (R-ODD-CHIP)', () => {
    const s = table('stud', true, [1, 2, 3]);
    s.send({ type: 'shuffle' });
    // both play A-K-Q-J-9 of no suit; seat 2's queen of diamonds is the best up card (seat 1's is of clubs), so the
    // odd chip goes to seat 2, not to the first seat in dealing order
    const hands = ['Ah Kh 3c Qc 4d Jc 9d', 'Ac Kc 3d Qd 4s Jd 9h', '7h 7c Ks'].map((h) => h.split(' '));
    for (let pass = 0; pass < 3; pass++) s.cards(...hands.map((c) => c[pass]!));
    expect(s.last('bring.in')).toMatchObject({ seat: 1, card: '3c' });
    s.act('call', 'call', 'fold'); // 3 × 5 antes + 10 + 10: 35 chips
    ['2c', '2d', '2h', '2s'].forEach((burn, i) => {
      s.cards(burn, hands[0]![3 + i]!, hands[1]![3 + i]!);
      s.act('check', 'check');
    });
    expect(s.last('showdown')).toMatchObject({ winners: [1, 2] });
    const awarded = s.last('pot.awarded') as Extract<TableEvent, { type: 'pot.awarded' }>;
    expect(awarded.pots[0]).toMatchObject({ amount: 35, oddChips: [2] });
    expect(awarded.pots[0]!.shares).toEqual([
      { seat: 2, amount: 18 },
      { seat: 1, amount: 17 },
    ]);
  });
});

describe('secrecy of a stud hand played out (R-STUD-DEAL, protocol.md Secrecy)', () => {
  test('no down card nor burn reaches a public topic; every up card and the common card do', () => {
    const s = table('stud', true, [1, 2]);
    s.send({ type: 'shuffle' });
    checkDown(s, ['Ks Kh Kd Qs Qh 9c Tc', 'As 3d 4c 5h 7d Jc Jd']);
    expect(s.last('hand.ended')).toMatchObject({ reason: 'showdown' });
    const down = new Set(['Ks', 'Kh', 'Tc', 'As', '3d', 'Jd', '2c', '2d', '2h', '2s']);
    const up = new Set(['Kd', 'Qs', 'Qh', '9c', '4c', '5h', '7d', 'Jc']);
    const shown = new Set<string>();
    for (const e of s.events) {
      const pub = toPublic(e);
      for (const card of JSON.stringify(pub).match(/"[2-9TJQKA][shdc]"/g) ?? []) shown.add(card.slice(1, 3));
    }
    for (const card of down) expect(shown.has(card), card).toBe(false);
    for (const card of up) expect(shown.has(card), card).toBe(true);
  });
});

describe('R-STUD-BRING-IN: a stud level needs its bring-in', () => {
  test('levels-start refuses a stud level without bringIn, with a sentence', () => {
    const s = scenario({ players: [1, 2, 3] });
    const { bringIn: _b, ...level } = { ...LEVEL, game: 'razz' };
    const refused = s.send({ type: 'command', name: 'levels-start', levels: [level] });
    expect(refused[0]).toMatchObject({
      type: 'input.rejected',
      reason: expect.stringMatching(/level 1 of the structure is played as razz.*needs bringIn/),
    });
  });
});
