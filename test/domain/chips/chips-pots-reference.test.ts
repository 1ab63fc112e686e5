// The pots and the awards are built with plain loops for speed (docs/bench.md, "The chips guard, h-money"). These
// properties hold them to the plain filter/map/sort reading of R-POT-SIDE and R-POT-AWARD they replaced, on any
// seats: any totals, dead money, folded and dead hands, all-ins.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { award, buildPots, newHand, type ChipsState, type Pot, type SeatChips } from '../../../src/domain/chips/index.ts';
import { TDA } from '../../helpers/chips.ts';

const isLive = (s: SeatChips) => !s.folded && !s.deadHand;

/** R-POT-SIDE as first written: one layer per live all-in level, dead money in the main pot, chips above the largest
 * live total in the outermost pot, layers of 0 chips left out, layers with the same seats merged. */
function referencePots(state: ChipsState): Pot[] {
  const live = state.seats.filter(isLive);
  if (live.length === 0) return [];
  const top = Math.max(...live.map((s) => s.total));
  const levels = [top];
  for (const s of live) if (s.allIn && !levels.includes(s.total)) levels.push(s.total);
  levels.sort((a, b) => a - b);
  const pots: Pot[] = [];
  let floor = 0;
  for (const level of levels) {
    const amount = state.seats.reduce((sum, s) => sum + Math.max(0, Math.min(s.total, level) - floor), 0);
    const seats = live.filter((s) => s.total >= level).map((s) => s.seat);
    const last = pots[pots.length - 1];
    if (last && last.seats.join() === seats.join()) last.amount += amount;
    else if (amount > 0) pots.push({ amount, seats });
    floor = level;
  }
  const dead = state.seats.reduce((sum, s) => sum + s.dead, 0);
  const above = state.seats.reduce((sum, s) => sum + Math.max(0, s.total - top), 0);
  if (pots.length === 0 && dead + above > 0) pots.push({ amount: 0, seats: live.map((s) => s.seat) });
  if (pots[0]) pots[0].amount += dead;
  if (pots.length > 0) pots[pots.length - 1]!.amount += above;
  return pots;
}

const seatArb = fc.record({
  total: fc.nat({ max: 12 }).map((n) => n * 50),
  dead: fc.constantFrom(0, 0, 0, 25, 100),
  stack: fc.nat({ max: 2000 }),
  folded: fc.boolean(),
  deadHand: fc.boolean(),
  allIn: fc.boolean(),
});

/** A hand's state after any betting: seats 1..n in a shuffled dealing order with arbitrary money. */
const stateArb = fc
  .array(seatArb, { minLength: 2, maxLength: 10 })
  .chain((seats) =>
    fc
      .shuffledSubarray([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], { minLength: seats.length, maxLength: seats.length })
      .map((numbers) => ({ seats, numbers })),
  )
  .map(({ seats, numbers }) => {
    const base = newHand({
      rules: TDA,
      level: { smallBlind: 50, bigBlind: 100, ante: 0 },
      seats: numbers.map((seat) => ({ seat, stack: 0 })),
    });
    const withMoney = base.seats.map((s, i) => {
      const x = seats[i]!;
      // a dead hand is folded too (killHand); an all-in seat has no stack left
      const folded = x.folded || x.deadHand;
      return {
        ...s,
        total: x.total,
        dead: x.dead,
        folded,
        deadHand: x.deadHand,
        allIn: x.allIn,
        stack: x.allIn ? 0 : x.stack,
      };
    });
    return { ...base, seats: withMoney } as ChipsState;
  });

describe('pots and awards: the loops give what the reference gives', () => {
  test('R-POT-SIDE: buildPots equals the filter/sort reading on any seats', () => {
    fc.assert(
      fc.property(stateArb, (state) => {
        expect(buildPots(state)).toEqual(referencePots(state));
      }),
      { numRuns: 3000 },
    );
  });

  test('R-POT-AWARD: each seat is paid the sum of its shares over every pot', () => {
    fc.assert(
      fc.property(stateArb, fc.array(fc.nat({ max: 3 }), { minLength: 10, maxLength: 10 }), (state, tiers) => {
        const live = state.seats.filter(isLive).map((s) => s.seat);
        const ranking = [0, 1, 2, 3].map((t) => live.filter((seat) => tiers[seat - 1] === t)).filter((g) => g.length);
        const won = award(state, ranking);
        for (const s of won.state.seats) {
          const before = state.seats.find((x) => x.seat === s.seat)!;
          const paid = won.pots.flatMap((p) => p.shares).filter((sh) => sh.seat === s.seat);
          const back = won.events.flatMap((e) => (e.type === 'bet.returned' && e.seat === s.seat ? [e.amount] : []));
          const sum = [...paid.map((sh) => sh.amount), ...back].reduce((a, b) => a + b, 0);
          expect(s.stack).toBe(before.stack + sum);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
