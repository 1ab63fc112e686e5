// Clockwise arithmetic on a ring of seats. "Clockwise" is increasing seat numbers, wrapping from the last seat to
// seat 1 (R-DEAL-ORDER). Every helper is total: empty sets give null, never a throw.
import type { Seat } from './types.ts';

/** The first seat of `among` strictly after `after`, clockwise; `after` itself only when it is the only member. */
export function clockwiseAfter(after: Seat, among: Iterable<Seat>): Seat | null {
  let best: Seat | null = null;
  let wrapped: Seat | null = null;
  for (const seat of among) {
    if (seat > after) {
      if (best === null || seat < best) best = seat;
    } else if (wrapped === null || seat < wrapped) {
      wrapped = seat;
    }
  }
  return best ?? wrapped;
}

/** The first seat of `among` strictly before `before` (counter-clockwise, i.e. to its right); `before` itself only
 * when it is the only member. */
export function counterClockwiseBefore(before: Seat, among: Iterable<Seat>): Seat | null {
  let best: Seat | null = null;
  let wrapped: Seat | null = null;
  for (const seat of among) {
    if (seat < before) {
      if (best === null || seat > best) best = seat;
    } else if (wrapped === null || seat > wrapped) {
      wrapped = seat;
    }
  }
  return best ?? wrapped;
}

/** Whether `seat` lies strictly between `from` and `to`, going clockwise from `from`. Equal ends: nothing between
 * them is excluded except the end itself (the whole ring but `from`). */
export function strictlyBetween(from: Seat, to: Seat, seat: Seat): boolean {
  if (seat === from || seat === to) return false;
  if (from < to) return seat > from && seat < to;
  return seat > from || seat < to;
}

/** `seats` in clockwise order starting with the first one strictly after `after`. */
export function clockwiseOrder(after: Seat, seats: Iterable<Seat>): Seat[] {
  const sorted = [...seats].sort((a, b) => a - b);
  const later = sorted.filter((s) => s > after);
  const earlier = sorted.filter((s) => s <= after);
  return [...later, ...earlier];
}
