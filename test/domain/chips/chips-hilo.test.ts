// R-HILO and R-ODD-CHIP in the pots (src/domain/chips/split.ts): a hi-lo pot halves between the best high and the
// best qualifying low, the odd unit to the high half, each half split among its ties with the odd units from the
// left of the button; quartering, scoops, no low; side pots each split on their own (award with a low ranking).
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { award, endRound, splitHiLo, type ChipsState, type Pot } from '../../../src/domain/chips/index.ts';
import { ALLIN, CALL, FOLD, TDA, deal, play } from '../../helpers/chips.ts';

/** Dealing order of a five-seat table with the button on 1: the first seat left of the button first. */
const ORDER = [2, 3, 4, 5, 1];
const pot = (amount: number, seats = ORDER): Pot => ({ amount, seats });

describe('one pot, high and low (splitHiLo)', () => {
  test('half to the high hand, half to the low', () => {
    expect(splitHiLo(pot(1000), [3], [5], ORDER, 1)).toEqual({
      amount: 1000,
      seats: ORDER,
      winners: [3, 5],
      shares: [
        { seat: 3, amount: 500, half: 'high' },
        { seat: 5, amount: 500, half: 'low' },
      ],
      oddChips: [],
    });
  });

  test('R-ODD-CHIP: an odd unit goes to the high half (units of the smallest chip)', () => {
    const odd = splitHiLo(pot(1025), [5], [3], ORDER, 25);
    expect(odd.shares).toEqual([
      { seat: 3, amount: 500, half: 'low' },
      { seat: 5, amount: 525, half: 'high' },
    ]);
    expect(odd.oddChips).toEqual([5]);
    // a remainder under one unit (never with real chips) stays with the high half too: no chip is lost
    expect(splitHiLo(pot(1001), [5], [3], ORDER, 1).shares.map((s) => s.amount)).toEqual([500, 501]);
  });

  test('quartering: the high hand also ties for low, and takes three quarters', () => {
    const q = splitHiLo(pot(1000), [1], [4, 1], ORDER, 25);
    expect(q.shares).toEqual([
      { seat: 4, amount: 250, half: 'low' },
      { seat: 1, amount: 750, half: 'both' },
    ]);
    expect(q.winners).toEqual([4, 1]);
  });

  test('identical lows share the low half as evenly as the units allow, the odd one from the left of the button', () => {
    // 1050 in 25s: 42 units, 21 to each half; the low half's 21 units split 11 + 10, seat 2 first left of the button
    const tie = splitHiLo(pot(1050), [4], [1, 2], ORDER, 25);
    expect(tie.shares).toEqual([
      { seat: 2, amount: 275, half: 'low' },
      { seat: 4, amount: 525, half: 'high' },
      { seat: 1, amount: 250, half: 'low' },
    ]);
    expect(tie.oddChips).toEqual([2]);
    // 43 units: 22 high (one to each of two tied highs, 11 each), 21 low to one seat
    const both = splitHiLo(pot(1075), [3, 5], [1], ORDER, 25);
    expect(both.shares.map((s) => [s.seat, s.amount, s.half])).toEqual([
      [3, 275, 'high'],
      [5, 275, 'high'],
      [1, 525, 'low'],
    ]);
  });

  test('a scoop: one seat best both ways takes the pot in one share, no odd chip to report', () => {
    expect(splitHiLo(pot(1025), [4], [4], ORDER, 25)).toMatchObject({
      winners: [4],
      shares: [{ seat: 4, amount: 1025, half: 'both' }],
      oddChips: [],
    });
  });

  test('no qualifying low: the high hands take the whole pot, split as any pot', () => {
    expect(splitHiLo(pot(1000), [3], undefined, ORDER, 25).shares).toEqual([{ seat: 3, amount: 1000, half: 'high' }]);
    const tied = splitHiLo(pot(1025), [1, 3], [], ORDER, 25);
    expect(tied.shares).toEqual([
      { seat: 3, amount: 525, half: 'high' },
      { seat: 1, amount: 500, half: 'high' },
    ]);
    expect(tied.oddChips).toEqual([3]);
  });
});

describe('side pots, each split on its own (award with a low ranking)', () => {
  /** Seat 4 all-in 300, seat 5 all-in 700, the big blind all-in 1500, the button calls, the small blind folds:
   * a main pot of 1250 (seats 3, 4, 5, 1), a side pot of 1200 (3, 5, 1), one of 1600 (3, 1). */
  function threeWayAllIn(): ChipsState {
    const s = deal({
      rules: TDA,
      blinds: [50, 100],
      stacks: ORDER.map((seat) => [seat, ({ 3: 1500, 4: 300, 5: 700 } as Record<number, number>)[seat] ?? 10000]),
      smallBlind: 2,
      bigBlind: 3,
    }).state;
    return endRound(play(s, [4, ALLIN], [5, ALLIN], [1, CALL], [2, FOLD], [3, ALLIN], [1, CALL]).state, 'preflop')
      .state;
  }

  test('the low of the short stack halves only the pots it is in; above it the next low takes the low half', () => {
    // high: 1 best, then 3; low: 4 best (only in the main pot), then 5 (main and first side pot), 3 and 1 no low
    const won = award(threeWayAllIn(), [[1], [3], [5], [4]], undefined, [[4], [5]]);
    expect(won.pots.map((p) => [p.amount, p.shares.map((s) => [s.seat, s.amount, s.half])])).toEqual([
      [1600, [[1, 1600, 'high']]],
      [
        1200,
        [
          [5, 600, 'low'],
          [1, 600, 'high'],
        ],
      ],
      [
        1250,
        [
          [4, 625, 'low'],
          [1, 625, 'high'],
        ],
      ],
    ]);
    const stacks = Object.fromEntries(won.state.seats.map((s) => [s.seat, s.stack]));
    expect(stacks).toMatchObject({ 1: 8500 + 1600 + 600 + 625, 4: 625, 5: 600, 3: 0 });
  });

  test('without a low ranking the same pots go whole to the high hand, shares without a half (other games)', () => {
    const won = award(threeWayAllIn(), [[1], [3], [5], [4]]);
    for (const p of won.pots) expect(p.shares).toEqual([{ seat: 1, amount: p.amount }]);
  });
});

/** What each seat must get, worked out directly: the low half is half the units rounded down (none without a low),
 * the high half the rest; in each half every hand the same number of units, the odd ones from the left of the
 * button, a remainder below one unit to the first. */
function expected(amount: number, high: number[], low: number[], unit: number): Map<number, number> {
  const units = Math.floor(amount / unit);
  const lowUnits = low.length > 0 ? Math.floor(units / 2) : 0;
  const out = new Map<number, number>();
  const give = (seats: number[], halfUnits: number, crumbs: number) => {
    const inOrder = ORDER.filter((seat) => seats.includes(seat));
    inOrder.forEach((seat, i) => {
      const n = Math.floor(halfUnits / inOrder.length) + (i < halfUnits % inOrder.length ? 1 : 0);
      out.set(seat, (out.get(seat) ?? 0) + n * unit + (i === 0 ? crumbs : 0));
    });
  };
  give(high, units - lowUnits, amount - units * unit);
  if (low.length > 0) give(low, lowUnits, 0);
  return out;
}

describe('splitHiLo on generated pots (fast-check)', () => {
  const seats = fc.subarray(ORDER, { minLength: 1 });
  test('every chip goes to a winner, as the halves and the units say; halves and odd chips consistent', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(1, 5, 25),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 4 }),
        seats,
        fc.option(seats, { nil: undefined }),
        (unit, units, crumbs, high, low) => {
          const amount = units * unit + (unit > crumbs ? crumbs : 0);
          const r = splitHiLo(pot(amount), high, low, ORDER, unit);
          const got = new Map(r.shares.map((s) => [s.seat, s.amount]));
          expect(got).toEqual(expected(amount, high, low ?? [], unit));
          expect(r.shares.reduce((sum, s) => sum + s.amount, 0)).toBe(amount);
          expect(r.winners).toEqual(ORDER.filter((seat) => got.has(seat)));
          for (const share of r.shares) {
            const inHigh = high.includes(share.seat);
            const inLow = (low ?? []).includes(share.seat);
            expect(share.half).toBe(inHigh && inLow ? 'both' : inHigh ? 'high' : 'low');
          }
          for (const seat of r.oddChips) expect(got.has(seat)).toBe(true);
        },
      ),
    );
  });
});
