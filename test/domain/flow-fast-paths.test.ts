// The hand's hot paths written for speed (docs/bench.md, "The chips guard, the hand's flow") against the plain
// versions they replaced, on many generated inputs: the same answers.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { nextToAct } from '../../src/domain/hand/betting.ts';
import { canBet, twoWithout } from '../../src/domain/hand/seats.ts';
import { rankingOf } from '../../src/domain/hand/showdown.ts';
import type { HandState, Round } from '../../src/domain/state.ts';
import type { Seat } from '../../src/domain/types.ts';

/** The scan nextToAct replaced: every dealt-in seat, the lowest one after `after`, else the lowest one wrapped. */
function nextToActReference(hand: HandState, round: Round, after: Seat): Seat | null {
  let best: Seat | null = null;
  let wrapped: Seat | null = null;
  for (const s of hand.plan.dealtIn) {
    if (!canBet(hand, s) || ((round.acted & (1 << s)) !== 0 && round.matched[s]! >= round.level)) continue;
    if (s > after) {
      if (best === null || s < best) best = s;
    } else if (wrapped === null || s < wrapped) wrapped = s;
  }
  return best ?? wrapped;
}

/** The ranking rankingOf replaced: a stable sort of (seat, score) pairs, best first, then grouping equal scores. */
function rankingReference(order: readonly Seat[], scores: readonly number[]): Seat[][] {
  const pairs = order.map((seat, i): [Seat, number] => [seat, scores[i]!]).sort((a, b) => b[1] - a[1]);
  const groups: Seat[][] = [];
  let last: number | null = null;
  for (const [seat, score] of pairs) {
    if (score === last) groups[groups.length - 1]!.push(seat);
    else groups.push([seat]);
    last = score;
  }
  return groups;
}

const SEATS = 10;

/** Dealt-in seats as planHand gives them: in clockwise order starting after the button. */
const tableArb = fc
  .record({
    seated: fc.uniqueArray(fc.integer({ min: 1, max: SEATS }), { minLength: 2, maxLength: SEATS }),
    button: fc.integer({ min: 1, max: SEATS }),
    flags: fc.array(fc.integer({ min: 0, max: 7 }), { minLength: SEATS + 1, maxLength: SEATS + 1 }),
    matched: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: SEATS + 1, maxLength: SEATS + 1 }),
    acted: fc.integer({ min: 0, max: (1 << (SEATS + 1)) - 1 }),
    level: fc.integer({ min: 0, max: 3 }),
    pick: fc.nat(),
  })
  .map(({ seated, button, flags, matched, acted, level, pick }) => {
    const sorted = [...seated].sort((a, b) => a - b);
    const dealtIn = [...sorted.filter((s) => s > button), ...sorted.filter((s) => s <= button)];
    const hand = { plan: { dealtIn }, flags } as unknown as HandState;
    const round = { street: 'flop', level, matched, acted, lastAggressor: null, actions: 1 } as Round;
    return { hand, round, after: dealtIn[pick % dealtIn.length]! };
  });

describe('the hand’s fast paths match the plain versions', () => {
  test('nextToAct: the first seat clockwise that still owes an action', () => {
    fc.assert(
      fc.property(tableArb, ({ hand, round, after }) => {
        expect(nextToAct(hand, round, after)).toBe(nextToActReference(hand, round, after));
      }),
      { numRuns: 5000 },
    );
  });

  test('twoWithout: whether two or more dealt-in seats lack the flags, as a count of them says', () => {
    fc.assert(
      fc.property(tableArb, fc.integer({ min: 1, max: 7 }), ({ hand }, flags) => {
        const count = hand.plan.dealtIn.filter((s) => (hand.flags[s]! & flags) === 0).length;
        expect(twoWithout(hand, flags)).toBe(count >= 2);
      }),
      { numRuns: 2000 },
    );
  });

  test('rankingOf: best first, ties grouped in showing order', () => {
    const showdownArb = fc
      .uniqueArray(fc.integer({ min: 1, max: SEATS }), { minLength: 1, maxLength: SEATS })
      .chain((order) =>
        fc
          .array(fc.integer({ min: 0, max: 4 }), { minLength: order.length, maxLength: order.length })
          .map((scores) => ({ order, scores })),
      );
    fc.assert(
      fc.property(showdownArb, ({ order, scores }) => {
        expect(rankingOf(order, scores)).toEqual(rankingReference(order, scores));
      }),
      { numRuns: 5000 },
    );
  });
});
