import { describe, expect, test } from 'vitest';
import { DECK, scenario } from '../helpers/scenario.ts';

/** Four players, button 1: dealt 2,3,4,1; hole cards are DECK[0..7]; UTG is seat 4. */
function dealt(profile = 'tda', extra: Parameters<typeof scenario>[0] = {}) {
  const s = scenario({ profile, players: [1, 2, 3, 4], button: 1, ...extra });
  s.send({ type: 'shuffle' });
  return s;
}

describe('exposed cards', () => {
  test.each([
    ['tda', 1, 'misdeal'],
    ['tda', 2, 'misdeal'],
    ['tda', 3, 'exposed-card'],
    ['bfp', 2, 'misdeal'],
    ['club', 2, 'misdeal'],
    ['robert', 1, 'misdeal'],
    ['robert', 2, 'exposed-card'],
  ])('R-EXPOSED-EARLY / R-EXPOSED-LATE: %s, card at position %i exposed → %s', (profile, position, expected) => {
    const s = dealt(profile);
    s.cards(...DECK.slice(0, position));
    const evs = s.send({ type: 'panel', button: 'exposed' });
    if (expected === 'misdeal') {
      expect(s.types(evs)).toEqual(['misdeal', 'hand.ended']);
      expect(evs[0]).toMatchObject({ reason: 'exposed-early' });
    } else {
      expect(evs[0]).toMatchObject({ type: 'irregularity', kind: 'exposed-card', card: DECK[position - 1] });
    }
  });

  test('R-EXPOSED-LATE: the deal continues, the player gets the next card, the exposed card is the first burn', () => {
    const s = dealt();
    s.cards(...DECK.slice(0, 5));
    s.send({ type: 'panel', button: 'exposed', card: DECK[2] }); // seat 4's first card
    s.cards(...DECK.slice(5, 8));
    const [replacement] = s.cards(DECK[8]!);
    expect(replacement).toMatchObject({ type: 'card.dealt', to: 'seat', seat: 4, card: DECK[8], position: 9 });
    s.act('call', 'call', 'call', 'check');
    const flop = s.cards(...DECK.slice(9, 12));
    expect(flop.filter((e) => e.type === 'card.dealt').map((e) => (e as { to: string }).to)).toEqual([
      'board',
      'board',
      'board',
    ]);
  });

  test('R-EXPOSED-TWO: two hole cards exposed in one hand is a misdeal', () => {
    const s = dealt();
    s.cards(...DECK.slice(0, 4));
    s.send({ type: 'panel', button: 'exposed' });
    s.cards(DECK[4]!);
    const evs = s.send({ type: 'panel', button: 'exposed' });
    expect(evs[0]).toMatchObject({ type: 'misdeal', reason: 'exposed-two' });
  });
});

describe('extra and surplus cards', () => {
  test('R-EXTRA-CARD: one card more before the first action is the burn; the flop then comes unburned', () => {
    const s = dealt();
    s.cards(...DECK.slice(0, 8));
    const evs = s.cards(DECK[8]!);
    expect(evs.map((e) => [e.type, (e as { to?: string; kind?: string }).to ?? (e as { kind?: string }).kind])).toEqual(
      [
        ['card.dealt', 'burn'],
        ['irregularity', 'extra-card'],
      ],
    );
    s.act('call', 'call', 'call', 'check');
    s.cards(...DECK.slice(9, 12));
    expect(s.last('board')).toMatchObject({ street: 'flop', cards: DECK.slice(9, 12) });
  });

  test('R-EXTRA-CARD: two extra cards are a misdeal', () => {
    const s = dealt();
    s.cards(...DECK.slice(0, 9));
    expect(s.cards(DECK[9]!)[0]).toMatchObject({ type: 'misdeal', reason: 'extra-cards' });
    expect(s.last('hand.ended')).toMatchObject({ reason: 'misdeal' });
  });

  test('R-FLOP-TOO-MANY (tda): four flop cards, one drawn as the burn named on the panel', () => {
    const s = dealt('tda');
    s.cards(...DECK.slice(0, 8));
    s.act('call', 'call', 'call', 'check');
    s.cards(...DECK.slice(8, 12));
    const evs = s.cards(DECK[12]!);
    expect(evs.map((e) => e.type)).toEqual(['card.dealt', 'irregularity']);
    expect(evs[1]).toMatchObject({ kind: 'flop-too-many' });
    const named = s.send({ type: 'panel', button: 'burn', card: DECK[10] });
    expect(named[0]).toMatchObject({ type: 'board', street: 'flop', cards: [DECK[9], DECK[11], DECK[12]] });
  });

  test('R-FLOP-TOO-MANY (robert): the flop is redealt from the reshuffled stub, without a new burn', () => {
    const s = dealt('robert');
    s.cards(...DECK.slice(0, 8));
    s.act('call', 'call', 'call', 'check');
    s.cards(...DECK.slice(8, 13));
    expect(s.last('irregularity')).toMatchObject({ kind: 'flop-too-many' });
    expect(s.last('board')).toMatchObject({ cards: [] });
    // the returned cards may come out again: not a duplicate
    const again = s.cards(DECK[11]!, DECK[9]!, DECK[20]!);
    expect(again.filter((e) => e.type === 'card.dealt').map((e) => (e as { to: string }).to)).toEqual([
      'board',
      'board',
      'board',
    ]);
    expect(s.last('board')).toMatchObject({ street: 'flop', cards: [DECK[11], DECK[9], DECK[20]] });
  });
});

describe('premature cards', () => {
  function toFlopBetting(profile: string) {
    const s = dealt(profile);
    s.cards(...DECK.slice(0, 8));
    return s;
  }

  test.each([
    ['tda', ['board', 'board', 'board']],
    ['robert', ['board', 'board', 'board']],
    ['club', ['burn', 'board', 'board', 'board']],
  ])('R-PREMATURE-FLOP (%s): the flop goes back, the burn stays; new burn per premature.reburn', (profile, after) => {
    const s = toFlopBetting(profile);
    s.act('call');
    const early = s.cards(DECK[8]!, DECK[9]!, DECK[10]!);
    expect(early[0]).toMatchObject({ type: 'card.dealt', to: 'burn', street: 'flop' });
    expect(s.all('irregularity')).toHaveLength(1);
    expect(s.last('irregularity')).toMatchObject({ kind: 'premature-flop' });
    s.act('call', 'call', 'check');
    const redeal = s.cards(DECK[9]!, ...DECK.slice(11, 11 + after.length - 1));
    expect(redeal.filter((e) => e.type === 'card.dealt').map((e) => (e as { to: string }).to)).toEqual(after);
    expect(s.last('board')).toMatchObject({ street: 'flop' });
    expect(s.all('misdeal')).toHaveLength(0);
  });

  function toTurnBetting(profile: string) {
    const s = dealt(profile);
    s.cards(...DECK.slice(0, 8));
    s.act('call', 'call', 'call', 'check');
    s.cards(...DECK.slice(8, 12));
    return s;
  }

  test('R-PREMATURE-TURN (tda): the card goes back, the turn is dealt again without a burn', () => {
    const s = toTurnBetting('tda');
    s.act('check');
    s.cards(DECK[12]!, DECK[13]!);
    expect(s.last('irregularity')).toMatchObject({ kind: 'premature-turn' });
    s.act('check', 'check', 'check');
    const turn = s.cards(DECK[13]!);
    expect(turn[0]).toMatchObject({ type: 'card.dealt', to: 'board', street: 'turn' });
    expect(s.last('board')).toMatchObject({ street: 'turn', cards: [...DECK.slice(9, 12), DECK[13]] });
  });

  test('R-PREMATURE-TURN (club): the turn is dealt again with a new burn', () => {
    const s = toTurnBetting('club');
    s.act('check');
    s.cards(DECK[12]!, DECK[13]!);
    s.act('check', 'check', 'check');
    const turn = s.cards(DECK[14]!, DECK[13]!);
    expect(turn.filter((e) => e.type === 'card.dealt').map((e) => (e as { to: string }).to)).toEqual(['burn', 'board']);
  });

  test('R-PREMATURE-TURN (robert): the card is set aside, burn and turn; the river comes unburned after a reshuffle', () => {
    const s = toTurnBetting('robert');
    s.act('check');
    s.cards(DECK[12]!, DECK[13]!);
    expect(s.last('irregularity')).toMatchObject({
      kind: 'premature-turn',
      remedy: expect.stringMatching(/set the card aside/i),
    });
    s.act('check', 'check', 'check');
    s.cards(DECK[14]!, DECK[15]!);
    expect(s.last('board')).toMatchObject({ street: 'turn', cards: [...DECK.slice(9, 12), DECK[15]] });
    // the set-aside card is still out during the turn round: reading it again is a fouled deck
    s.act('check', 'check', 'check', 'check');
    const river = s.cards(DECK[13]!);
    expect(river[0]).toMatchObject({ type: 'card.dealt', to: 'board', street: 'river', card: DECK[13] });
  });

  test.each([
    ['tda', ['board']],
    ['robert', ['board']],
    ['club', ['burn', 'board']],
  ])('R-PREMATURE-RIVER (%s): the river goes back and is dealt again', (profile, after) => {
    const s = toTurnBetting(profile);
    s.act('check', 'check', 'check', 'check');
    s.cards(DECK[12]!, DECK[13]!);
    s.act('check');
    s.cards(DECK[14]!, DECK[15]!);
    expect(s.last('irregularity')).toMatchObject({ kind: 'premature-river' });
    s.act('check', 'check', 'check');
    const river = s.cards(...[DECK[16]!, DECK[15]!].slice(2 - after.length));
    expect(river.filter((e) => e.type === 'card.dealt').map((e) => (e as { to: string }).to)).toEqual(after);
    expect(s.last('board')).toMatchObject({ street: 'river' });
  });
});

describe('deck integrity and misdeals', () => {
  test('R-DECK-INTEGRITY: a card read twice is a fouled deck, a misdeal whatever the action', () => {
    const s = dealt();
    s.cards(...DECK.slice(0, 8));
    s.act('call', 'raise', 'call', 'call', 'call');
    s.cards(DECK[8]!);
    const evs = s.cards(DECK[3]!);
    expect(evs[0]).toMatchObject({ type: 'misdeal', reason: 'duplicate-card' });
    expect(s.table.snapshot().phase).toBe('halted');
  });

  test('R-DECK-INTEGRITY: the same tag again within repeatReadMs with nothing in between is one read (bounce)', () => {
    const s = dealt();
    s.cards(DECK[0]!);
    expect(s.send({ type: 'card', card: DECK[0] }, 200)).toEqual([]);
    expect(s.send({ type: 'card', card: DECK[0] }, 400)).toEqual([]); // a tag resting on the reader
    const far = s.send({ type: 'card', card: DECK[0] }, 600);
    expect(far[0]).toMatchObject({ type: 'misdeal', reason: 'duplicate-card' });
  });

  test('R-DECK-INTEGRITY: a panel input in between makes a repeat a second read', () => {
    const s = dealt();
    s.cards(...DECK.slice(0, 8));
    s.cards(DECK[8]!);
    s.act('call');
    expect(s.cards(DECK[8]!)[0]).toMatchObject({ type: 'misdeal', reason: 'duplicate-card' });
  });

  test('R-DECK-INTEGRITY: a tag not in the enrolled deck is a fouled deck', () => {
    const deck = new Map([
      ['04a1', 'As'],
      ['04a2', 'Kd'],
    ]);
    const s = dealt('tda', { deck });
    expect(s.send({ type: 'card', uid: '04:A1' })[0]).toMatchObject({ type: 'card.dealt', card: 'As' });
    expect(s.send({ type: 'card', uid: 'ffee' })[0]).toMatchObject({ type: 'misdeal', reason: 'unknown-card' });
  });

  test('R-SUBSTANTIAL-ACTION: the dealer misdeal button is refused after two chip actions or three actions', () => {
    const s = dealt();
    s.cards(...DECK.slice(0, 8));
    s.act('call');
    expect(s.act('misdeal')).toHaveLength(0 + 2); // one action: misdeal allowed
    const t = dealt();
    t.cards(...DECK.slice(0, 8));
    t.act('call', 'call');
    expect(t.act('misdeal')[0]).toMatchObject({
      type: 'request.rejected',
      request: 'misdeal',
      reason: 'substantial-action',
    });
    const u = dealt();
    u.cards(...DECK.slice(0, 8));
    u.act('fold', 'fold', 'call');
    expect(u.act('misdeal')[0]).toMatchObject({ type: 'request.rejected', reason: 'substantial-action' });
  });

  test('R-MISDEAL-RECOVERY: the same button deals again, with a new hand number', () => {
    const s = dealt();
    s.cards(...DECK.slice(0, 3));
    s.act('misdeal');
    const [again] = s.send({ type: 'shuffle' });
    expect(again).toMatchObject({ type: 'hand.started', hand: 2, button: 1, smallBlind: 2, bigBlind: 3 });
  });

  test('reads after the river is complete, or outside a hand, are irregularities', () => {
    const s = scenario({ players: [1, 2], button: 1 });
    expect(s.cards('As')[0]).toMatchObject({ type: 'irregularity', kind: 'read-outside-hand' });
  });
});
