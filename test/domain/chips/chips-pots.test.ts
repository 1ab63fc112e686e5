import { describe, expect, test } from 'vitest';
import {
  award,
  busts,
  buildPots,
  eliminations,
  endRound,
  killHand,
  misdeal,
  splitPot,
  type ChipsState,
} from '../../../src/domain/chips/index.ts';
import { ALLIN, BFP, CALL, CHECK, FOLD, TDA, deal, play, raise, seatOf } from '../../helpers/chips.ts';

// Five seats: button 1, small blind 2, big blind 3; dealing order 2, 3, 4, 5, 1.
const five = (stacks: Record<number, number>, blinds: [number, number, number?] = [50, 100], rules = TDA) =>
  deal({
    rules,
    blinds,
    stacks: [2, 3, 4, 5, 1].map((seat) => [seat, stacks[seat] ?? 10000] as [number, number]),
    smallBlind: 2,
    bigBlind: 3,
  }).state;

/** Seat 4 all-in 300, seat 5 all-in 700, the big blind all-in 1500, the button calls, the small blind folds. */
function threeWayAllIn(): ChipsState {
  const s = five({ 3: 1500, 4: 300, 5: 700 });
  return play(s, [4, ALLIN], [5, ALLIN], [1, CALL], [2, FOLD], [3, ALLIN], [1, CALL]).state;
}

describe('R-POT-SIDE: pots from the all-in levels', () => {
  test('R-POT-SIDE: a three-way all-in gives a main pot and two side pots; folded chips stay in the main pot', () => {
    const { events, pots } = endRound(threeWayAllIn(), 'preflop');
    expect(events).toEqual([
      {
        type: 'pots',
        street: 'preflop',
        pots: [
          { amount: 1250, seats: [3, 4, 5, 1] },
          { amount: 1200, seats: [3, 5, 1] },
          { amount: 1600, seats: [3, 1] },
        ],
      },
    ]);
    expect(pots.reduce((a, p) => a + p.amount, 0)).toBe(4050);
  });

  test('R-POT-SIDE: the part of a bet nobody matched goes back (bet.returned uncalled)', () => {
    const s = five({ 4: 300 });
    const r = endRound(play(s, [4, ALLIN], [5, raise(2000)], [1, FOLD], [2, FOLD], [3, FOLD]).state, 'preflop');
    expect(r.events[0]).toEqual({ type: 'bet.returned', seat: 5, amount: 1700, reason: 'uncalled' });
    expect(r.pots).toEqual([{ amount: 750, seats: [4, 5] }]);
    expect(seatOf(r.state, 5)?.stack).toBe(9700);
  });

  test('R-POT-SIDE: pots with the same eligible seats are one pot; no pot of 0 chips', () => {
    // Both all-in for 500, the button calls: one level, one pot.
    const s = play(five({ 4: 500, 5: 500 }), [4, ALLIN], [5, ALLIN], [1, CALL], [2, FOLD], [3, FOLD]).state;
    expect(buildPots(endRound(s, 'preflop').state)).toEqual([{ amount: 1650, seats: [4, 5, 1] }]);
  });

  test('R-CHIPS-DETAILS: in a walk the big blind gets its unmatched 50 back and wins the 100 pot; no `pots`', () => {
    const s = play(five({}), [4, FOLD], [5, FOLD], [1, FOLD], [2, FOLD]).state;
    const end = endRound(s, 'preflop', false);
    expect(end.events).toEqual([{ type: 'bet.returned', seat: 3, amount: 50, reason: 'uncalled' }]);
    const won = award(end.state, [[3]]);
    expect(won.events).toEqual([
      {
        type: 'pot.awarded',
        pots: [{ amount: 100, seats: [3], winners: [3], shares: [{ seat: 3, amount: 100 }], oddChips: [] }],
      },
    ]);
    expect(seatOf(won.state, 3)?.stack).toBe(10050);
  });

  test("R-CHIPS-DETAILS: a dead hand's chips are never returned as uncalled; the big blind's ante is dead money", () => {
    let s = five({}, [50, 100, 100]);
    s = killHand(s, 3); // the big blind is absent: its 100 and ante stay in
    s = play(s, [4, FOLD], [5, FOLD], [1, FOLD]).state;
    const end = endRound(s, 'preflop', false);
    // Seat 2's 50 is below the dead big blind's 100: nothing goes back, the small blind wins 250.
    expect(end.events).toEqual([]);
    expect(award(end.state, [[2]]).pots[0]).toMatchObject({ amount: 250, winners: [2] });
  });

  test('R-CHIPS-DETAILS: antes under each count in the totals for the layers', () => {
    const s = five({ 4: 210 }, [50, 100, 10], BFP);
    const r = endRound(play(s, [4, ALLIN], [5, CALL], [1, FOLD], [2, FOLD], [3, FOLD]).state, 'preflop');
    // Seat 4: 10 ante + 200; seat 5: 10 + 200; the others' 10s and the blinds are in the main pot.
    expect(r.pots).toEqual([{ amount: 10 * 5 + 50 + 100 + 400, seats: [4, 5] }]);
  });
});

describe('R-POT-AWARD', () => {
  test('R-POT-AWARD: side pots first from the outermost, each split on its own, odd chips from the left of the button', () => {
    const end = endRound(threeWayAllIn(), 'preflop');
    // Seats 4, 5 and 1 tie with the best hand; the big blind (3) has the worst.
    const { events, state } = award(end.state, [[4, 5, 1], [3]]);
    expect(events).toEqual([
      {
        type: 'pot.awarded',
        pots: [
          { amount: 1600, seats: [3, 1], winners: [1], shares: [{ seat: 1, amount: 1600 }], oddChips: [] },
          {
            amount: 1200,
            seats: [3, 5, 1],
            winners: [5, 1],
            shares: [
              { seat: 5, amount: 600 },
              { seat: 1, amount: 600 },
            ],
            oddChips: [],
          },
          {
            amount: 1250,
            seats: [3, 4, 5, 1],
            winners: [4, 5, 1],
            shares: [
              { seat: 4, amount: 417 },
              { seat: 5, amount: 417 },
              { seat: 1, amount: 416 },
            ],
            oddChips: [4, 5],
          },
        ],
      },
    ]);
    expect(state.seats.map((s) => [s.seat, s.stack])).toEqual([
      [2, 9950],
      [3, 0],
      [4, 417],
      [5, 1017],
      [1, 8500 + 1600 + 600 + 416],
    ]);
  });

  test('R-POT-AWARD: a split is in units of the smallest denomination; the odd unit to the first seat left of the button', () => {
    const split = splitPot({ amount: 1275, seats: [2, 5, 1] }, [1, 5], [2, 3, 4, 5, 1], 25);
    expect(split.shares).toEqual([
      { seat: 5, amount: 650 },
      { seat: 1, amount: 625 },
    ]);
    expect(split.oddChips).toEqual([5]);
  });

  test('R-POT-AWARD: a hand that ends with one live seat gives it every pot', () => {
    const s = play(five({}), [4, CALL], [5, CALL], [1, CALL], [2, CALL], [3, CHECK]).state;
    let r = endRound(s, 'preflop');
    r = endRound(play(r.state, [2, raise(500)], [3, FOLD], [4, FOLD], [5, FOLD], [1, FOLD]).state, 'flop', false);
    expect(r.events).toEqual([{ type: 'bet.returned', seat: 2, amount: 500, reason: 'uncalled' }]);
    const won = award(r.state, [[2]]);
    expect(won.pots.map((p) => [p.amount, p.winners])).toEqual([[500, [2]]]);
    expect(seatOf(won.state, 2)?.stack).toBe(10400);
  });
});

describe('R-POT-MISDEAL and R-CHIPS-BUST', () => {
  test('R-POT-MISDEAL: every chip back, antes and blinds included: one bet.returned per seat', () => {
    const s = play(five({}, [50, 100, 10], BFP), [4, raise(300)]).state;
    const r = misdeal(s);
    expect(r.events).toEqual([
      { type: 'bet.returned', seat: 2, amount: 60, reason: 'misdeal' },
      { type: 'bet.returned', seat: 3, amount: 110, reason: 'misdeal' },
      { type: 'bet.returned', seat: 4, amount: 310, reason: 'misdeal' },
      { type: 'bet.returned', seat: 5, amount: 10, reason: 'misdeal' },
      { type: 'bet.returned', seat: 1, amount: 10, reason: 'misdeal' },
    ]);
    expect(r.state.seats.every((x) => x.stack === x.stackAtStart)).toBe(true);
  });

  test('R-CHIPS-BUST: busts reported smallest stack at the start first; equal stacks tie', () => {
    const s = play(five({ 4: 300, 5: 700, 3: 300 }), [4, ALLIN], [5, ALLIN], [1, CALL], [2, FOLD], [3, ALLIN]).state;
    const won = award(endRound(s, 'preflop').state, [[1], [3, 4, 5]]);
    expect(busts(won.state)).toEqual([
      { seat: 3, stackAtStart: 300, order: 1 },
      { seat: 4, stackAtStart: 300, order: 1 },
      { seat: 5, stackAtStart: 700, order: 3 },
    ]);
    const players = new Map([
      [3, 'Carol'],
      [4, 'Dan'],
      [5, 'Eve'],
    ]);
    expect(eliminations(won.state, players).map((e) => [e.type, 'seat' in e && e.seat])).toEqual([
      ['player.eliminated', 3],
      ['player.removed', 3],
      ['player.eliminated', 4],
      ['player.removed', 4],
      ['player.eliminated', 5],
      ['player.removed', 5],
    ]);
    expect(eliminations(won.state, players)[0]).toEqual({
      type: 'player.eliminated',
      seat: 3,
      player: 'Carol',
      stackAtStart: 300,
    });
  });
});
