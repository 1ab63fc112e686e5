// Clockwise arithmetic on a ring of seats. "Clockwise" is increasing seat numbers, wrapping from the last seat to
// seat 1 (R-DEAL-ORDER). Every helper is total: empty sets give null, never a throw.
import type { Seat } from '../types.ts';

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
  const sorted = sortedSeats(seats);
  const order: Seat[] = [];
  for (const s of sorted) if (s > after) order.push(s);
  for (const s of sorted) if (s <= after) order.push(s);
  return order;
}

/** `seats` in seat order (an insertion sort: a table has a dozen seats at most, and they usually come in order;
 * this runs at every shuffle). */
export function sortedSeats(seats: Iterable<Seat>): Seat[] {
  const sorted: Seat[] = [];
  for (const seat of seats) {
    let i = sorted.length;
    sorted.push(seat);
    for (; i > 0 && sorted[i - 1]! > seat; i--) sorted[i] = sorted[i - 1]!;
    sorted[i] = seat;
  }
  return sorted;
}
