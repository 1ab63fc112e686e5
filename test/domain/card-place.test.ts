// R-CARD-PLACE: card reads with a place. Only the shoe deals; a read by a seat, board or muck antenna is a sighting:
// never a deal, a bounce or a duplicate, and `card.misplaced` when the card is not where the deal put it.
import { describe, expect, test } from 'vitest';
import { toPublic } from '../../src/domain/secrecy.ts';
import type { TableEvent } from '../../src/domain/types.ts';
import { DECK, scenario } from '../helpers/scenario.ts';

// Four players, button 1: dealt 2, 3, 4, 1. Hole cards: seat 2 DECK[0] DECK[4], seat 3 DECK[1] DECK[5],
// seat 4 DECK[2] DECK[6], seat 1 DECK[3] DECK[7]. Pre-flop: 4, 1, 2 act, then 3 (the big blind).
function dealt(opts: { deck?: Map<string, string>; profile?: string } = {}) {
  const s = scenario({ players: [1, 2, 3, 4], button: 1, ...opts });
  s.send({ type: 'shuffle' });
  s.cards(...DECK.slice(0, 8));
  return s;
}

/** Pre-flop over, DECK[8] burnt, DECK[9..11] the flop. */
function onFlop() {
  const s = dealt();
  s.act('call', 'call', 'call', 'check');
  s.cards(...DECK.slice(8, 12));
  return s;
}

const see = (card: string, place: string, seat?: number) =>
  seat === undefined ? { type: 'card', card, place } : { type: 'card', card, place, seat };

const misplaced = (events: TableEvent[]) =>
  events.filter((e) => e.type === 'card.misplaced').map(({ seq: _s, at: _a, hand: _h, type: _t, ...rest }) => rest);

describe('R-CARD-PLACE: where the deal put a card', () => {
  test('a hole card seen at its own seat is no event', () => {
    const s = dealt();
    expect(s.send(see(DECK[0]!, 'seat', 2))).toEqual([]);
    expect(s.send(see(DECK[7]!, 'seat', 1))).toEqual([]);
  });

  test('a hole card seen at another seat is misplaced, naming where it was dealt and where it was seen', () => {
    const s = dealt();
    const events = s.send(see(DECK[1]!, 'seat', 4)); // seat 3's card
    expect(misplaced(events)).toEqual([
      { card: DECK[1], expected: { to: 'seat', seat: 3 }, seen: { place: 'seat', seat: 4 } },
    ]);
    expect(events[0]).toMatchObject({ hand: 1 });
    expect(s.types(events)).toEqual(['card.misplaced']); // nothing else: the floor decides
  });

  test('a burn card seen on the board is misplaced; in the muck it is where burns lie', () => {
    const s = onFlop();
    expect(misplaced(s.send(see(DECK[8]!, 'board')))).toEqual([
      { card: DECK[8], expected: { to: 'burn' }, seen: { place: 'board' } },
    ]);
    expect(s.send(see(DECK[8]!, 'muck'))).toEqual([]);
  });

  test('a board card belongs on the board; seen at a seat or in the muck during the hand it is misplaced', () => {
    const s = onFlop();
    expect(s.send(see(DECK[10]!, 'board'))).toEqual([]);
    expect(misplaced(s.send(see(DECK[10]!, 'seat', 2)))).toEqual([
      { card: DECK[10], expected: { to: 'board' }, seen: { place: 'seat', seat: 2 } },
    ]);
    expect(misplaced(s.send(see(DECK[9]!, 'muck')))).toEqual([
      { card: DECK[9], expected: { to: 'board' }, seen: { place: 'muck' } },
    ]);
  });

  test("a folded hand's cards in the muck are fine; a live hand's hole card there is misplaced", () => {
    const s = dealt();
    s.act('fold'); // seat 4 folds
    expect(s.send(see(DECK[2]!, 'muck'))).toEqual([]);
    expect(s.send(see(DECK[6]!, 'muck'))).toEqual([]);
    expect(misplaced(s.send(see(DECK[3]!, 'muck')))).toEqual([
      { card: DECK[3], expected: { to: 'seat', seat: 1 }, seen: { place: 'muck' } },
    ]);
  });

  test('a card not dealt in this hand is misplaced with expected null, wherever it is seen', () => {
    const s = dealt();
    expect(misplaced(s.send(see(DECK[30]!, 'board')))).toEqual([
      { card: DECK[30], expected: null, seen: { place: 'board' } },
    ]);
  });

  test('after the hand, until the shuffle, its cards may be gathered; once a new hand starts they are the last hand’s', () => {
    const s = dealt();
    s.act('fold', 'fold', 'fold'); // 4, 1, 2 fold: seat 3 wins
    expect(s.last('hand.ended')).toMatchObject({ reason: 'fold' });
    expect(s.send(see(DECK[1]!, 'muck'))).toEqual([]); // the winner's card, gathered
    expect(s.send(see(DECK[5]!, 'board'))).toEqual([]); // pushed over the board to the muck
    expect(s.send(see(DECK[5]!, 'seat', 3))).toEqual([]);
    const between = s.send(see(DECK[5]!, 'seat', 2));
    expect(misplaced(between)).toEqual([
      { card: DECK[5], expected: { to: 'seat', seat: 3 }, seen: { place: 'seat', seat: 2 } },
    ]);
    expect(between[0]).not.toHaveProperty('hand'); // no hand under way
    s.send({ type: 'shuffle' });
    expect(misplaced(s.send(see(DECK[5]!, 'seat', 3)))).toEqual([
      { card: DECK[5], expected: null, seen: { place: 'seat', seat: 3 } },
    ]);
  });

  test('an exposed card replaced by the deal is the burn (R-EXPOSED-LATE): in the muck, not at its seat', () => {
    const s = scenario({ players: [1, 2, 3, 4], button: 1 });
    s.send({ type: 'shuffle' });
    s.cards(...DECK.slice(0, 5)); // DECK[4]: seat 2's second card, position 5
    s.send({ type: 'panel', button: 'exposed' });
    expect(s.last('irregularity')).toMatchObject({ kind: 'exposed-card', seat: 2 });
    s.cards(...DECK.slice(5, 9)); // the rest of the deal, then seat 2's replacement DECK[8]
    expect(s.send(see(DECK[4]!, 'muck'))).toEqual([]);
    expect(misplaced(s.send(see(DECK[4]!, 'seat', 2)))).toEqual([
      { card: DECK[4], expected: { to: 'burn' }, seen: { place: 'seat', seat: 2 } },
    ]);
    expect(s.send(see(DECK[8]!, 'seat', 2))).toEqual([]);
  });

  test('the card drawn as the burn from a four-card flop (scramble) is a burn; the three others the board', () => {
    const s = onFlop();
    s.cards(DECK[12]!); // a fourth flop card
    s.send({ type: 'panel', button: 'burn', card: DECK[10] });
    expect(misplaced(s.send(see(DECK[10]!, 'board')))).toEqual([
      { card: DECK[10], expected: { to: 'burn' }, seen: { place: 'board' } },
    ]);
    expect(s.send(see(DECK[12]!, 'board'))).toEqual([]);
  });

  test('a tag the enrolled deck does not know is reported with no card; a known tag as its card', () => {
    const s = dealt({ deck: new Map([['04aa', DECK[0]!]]) });
    expect(s.send({ type: 'card', uid: '04AA', place: 'seat', seat: 2 })).toEqual([]);
    expect(misplaced(s.send({ type: 'card', uid: '04bb', place: 'seat', seat: 2 }))).toEqual([
      { card: null, uid: '04bb', expected: null, seen: { place: 'seat', seat: 2 } },
    ]);
    expect(s.all('misdeal')).toEqual([]); // a sighting is never a fouled deck
  });

  test('public topics carry neither the card nor the tag', () => {
    const s = dealt();
    const [event] = s.send(see(DECK[1]!, 'seat', 4));
    expect(toPublic(event!)).toMatchObject({ card: null, expected: { to: 'seat', seat: 3 } });
    const s2 = dealt();
    const [foreign] = s2.send({ type: 'card', uid: '04bb', place: 'muck' });
    expect(toPublic(foreign!)).not.toHaveProperty('uid');
    expect(toPublic(foreign!)).toMatchObject({ card: null, expected: null, seen: { place: 'muck' } });
  });
});

describe('R-CARD-PLACE: a sighting is never a deal, a duplicate or a bounce', () => {
  test('never a deal: the shoe’s next read keeps its position', () => {
    const s = scenario({ players: [1, 2, 3, 4], button: 1 });
    s.send({ type: 'shuffle' });
    s.cards(DECK[0]!, DECK[1]!);
    s.send(see(DECK[20]!, 'board')); // not dealt: misplaced, and not a read
    s.send(see(DECK[0]!, 'seat', 2));
    const [next] = s.cards(DECK[2]!);
    expect(next).toMatchObject({ type: 'card.dealt', to: 'seat', seat: 4, position: 3 });
  });

  test('never a duplicate: a card seen, then read by the shoe, is dealt; a dealt card seen is no fouled deck', () => {
    const s = scenario({ players: [1, 2, 3, 4], button: 1 });
    s.send({ type: 'shuffle' });
    s.send(see(DECK[0]!, 'muck'));
    const [first] = s.cards(DECK[0]!);
    expect(first).toMatchObject({ type: 'card.dealt', card: DECK[0], seat: 2, position: 1 });
    s.send(see(DECK[0]!, 'seat', 2));
    s.send(see(DECK[0]!, 'seat', 3));
    s.cards(...DECK.slice(1, 8));
    expect(s.all('misdeal')).toEqual([]);
    expect(s.last('action.on')).toMatchObject({ seat: 4, street: 'preflop' });
  });

  test('never a bounce: a sighting between two reads of one tag neither ends nor restarts the window', () => {
    const deck = new Map([
      ['01', DECK[0]!],
      ['02', DECK[1]!],
    ]);
    // ends: the same tag again within repeatReadMs, with only a sighting in between, is still one read
    const a = scenario({ players: [1, 2, 3, 4], button: 1, deck });
    a.send({ type: 'shuffle' });
    a.send({ type: 'card', uid: '01' }, 100);
    a.send({ type: 'card', uid: '02', place: 'seat', seat: 3 }, 100);
    a.send({ type: 'card', uid: '01', place: 'seat', seat: 2 }, 100);
    expect(a.send({ type: 'card', uid: '01' }, 100)).toEqual([]);
    expect(a.all('card.dealt')).toHaveLength(1);
    // restarts: a sighting of the tag does not extend the window, so a shoe read 600 ms after the first is a second
    // read of a card already out (R-DECK-INTEGRITY)
    const b = scenario({ players: [1, 2, 3, 4], button: 1, deck });
    b.send({ type: 'shuffle' });
    b.send({ type: 'card', uid: '01' }, 100);
    b.send({ type: 'card', uid: '01', place: 'seat', seat: 2 }, 400);
    b.send({ type: 'card', uid: '01' }, 200);
    expect(b.last('misdeal')).toMatchObject({ reason: 'duplicate-card' });
  });
});

describe('R-CARD-PLACE: the input', () => {
  test.each([
    [{ type: 'card', card: 'As', place: 'seat' }, /place "seat" needs the seat/],
    [{ type: 'card', card: 'As', place: 'table' }, /place must be shoe, seat, board or muck/],
    [{ type: 'card', card: 'As', place: 'seat', seat: 0 }, /place "seat" needs the seat/],
    [{ type: 'card', card: 'As', place: 'seat', seat: 6 }, /seat 6 is beyond the table's 5 seats/],
  ])('%j is refused', (input, reason) => {
    const s = scenario({ seats: 5, players: [1, 2, 3, 4], button: 1 });
    s.send({ type: 'shuffle' });
    const events = s.send(input);
    expect(s.types(events)).toEqual(['input.rejected']);
    expect((events[0] as { reason: string }).reason).toMatch(reason);
  });

  test('`seat` is read with place "seat" only: on a shoe read or a board sighting it is ignored, as before', () => {
    const s = scenario({ players: [1, 2, 3, 4], button: 1 });
    s.send({ type: 'shuffle' });
    expect(s.send({ type: 'card', card: DECK[0], seat: 4 })[0]).toMatchObject({ type: 'card.dealt', seat: 2 });
    expect(misplaced(s.send({ type: 'card', card: DECK[0], place: 'board', seat: 2 }))).toEqual([
      { card: DECK[0], expected: { to: 'seat', seat: 2 }, seen: { place: 'board' } },
    ]);
  });

  test('place "shoe" is the default: it deals', () => {
    const s = scenario({ players: [1, 2, 3, 4], button: 1 });
    s.send({ type: 'shuffle' });
    expect(s.send({ type: 'card', card: DECK[0], place: 'shoe' })[0]).toMatchObject({
      type: 'card.dealt',
      seat: 2,
      position: 1,
    });
  });

  test('a sighting before any hand is misplaced with expected null', () => {
    const s = scenario({ players: [1, 2, 3, 4], button: 1 });
    expect(misplaced(s.send(see('As', 'muck')))).toEqual([{ card: 'As', expected: null, seen: { place: 'muck' } }]);
  });
});
