// Button, blinds and who is dealt in (rules.md "Button and blinds", R-DEAL-ORDER, R-DEALT-IN, R-ACT-ORDER,
// R-HEADS-UP). Pure functions over plain JSON data: the memory is journaled and replayed, so nothing here may depend
// on anything but its arguments. Every choice the rules leave open is written in docs/decisions-button.md (D-n).
import type { Seat, Street } from '../types.ts';
import { TableError } from '../errors.ts';
import { clockwiseAfter } from './ring.ts';

export type { HandPlan, LastHand, NewcomerWait, PositionMemory, SeatHolder } from './types.ts';
import type { HandPlan, PositionMemory } from './types.ts';

export function initialPositions(): PositionMemory {
  return { hands: 0, last: null, floorButton: null, waits: [], undo: null };
}

function assertSeat(seat: unknown, what: string): asserts seat is Seat {
  if (typeof seat !== 'number' || !Number.isInteger(seat) || seat < 1) {
    throw new TableError('INPUT_INVALID', `${what}: a seat is an integer from 1, got ${JSON.stringify(seat)}`, {
      field: 'seat',
    });
  }
}

/** Floor `set-button {seat}` (R-FIRST-BUTTON): the next hand's button is this seat (blinds follow from it). The
 * engine checks `seat` against the table's seat count; `planHand` rejects a seat beyond it. */
export function setButton(memory: PositionMemory, seat: Seat): PositionMemory {
  assertSeat(seat, 'set-button');
  return { ...memory, floorButton: seat };
}

/** A player sat down at `seat` (between hands or during a hand). Only the extra hands of R-NEW-PLAYER need
 * remembering: every other wait follows from the seat's place at the next shuffle. */
export function playerSeated(memory: PositionMemory, seat: Seat, player: string): PositionMemory {
  assertSeat(seat, 'seat-player');
  if (typeof player !== 'string' || player.length === 0) {
    throw new TableError('INPUT_INVALID', 'seat-player: a player id is a non-empty string', { field: 'player' });
  }
  const waits = memory.waits.filter((w) => w.seat !== seat);
  waits.push({ seat, player, extraOwed: null, extraServed: 0 });
  return withWaits(memory, waits);
}

/** A player was removed (eliminated or left). Whether the last big/small blind is gone is read from the seats at
 * the next shuffle (`LastHand.players`), so only a pending wait for the seat is dropped here. */
export function playerRemoved(memory: PositionMemory, seat: Seat): PositionMemory {
  assertSeat(seat, 'remove-player');
  return withWaits(
    memory,
    memory.waits.filter((w) => w.seat !== seat),
  );
}

/** The memory with other waits. A literal, not a spread: on Node 20 an object spread costs several times a literal,
 * and with chips tracked this runs at every bust and every rebuy (docs/bench.md). Same key order as the others. */
function withWaits(memory: PositionMemory, waits: PositionMemory['waits']): PositionMemory {
  return { hands: memory.hands, last: memory.last, floorButton: memory.floorButton, waits, undo: memory.undo };
}

/** R-MISDEAL-RECOVERY: the same button deals again and nothing about the misdealt hand counts. Returns the memory as
 * it was before that hand's `planHand`, keeping what happened since (players seated or removed, a `set-button`). */
export function misdealt(memory: PositionMemory): PositionMemory {
  const undo = memory.undo;
  if (undo === null) return memory;
  const before = new Map(undo.waits.map((w) => [`${w.seat}:${w.player}`, w]));
  // Entries that exist now keep their pre-hand count; entries only in `undo` were removed since and stay removed.
  const waits = memory.waits.map((w) => before.get(`${w.seat}:${w.player}`) ?? w);
  return {
    hands: undo.hands,
    last: undo.last,
    floorButton: memory.floorButton ?? undo.floorButton,
    waits,
    undo: null,
  };
}

export { planHand } from './plan.ts';

/** R-ACT-ORDER, R-HEADS-UP: the seat that acts first in a street among the `live` seats (those that may still act),
 * or null when none is live. Pre-flop: the first live seat left of the big blind (heads-up that is the button);
 * after the flop: the first live seat left of the button (heads-up: the big blind, so the button acts last). */
export function firstToAct(plan: HandPlan, street: Street, live: readonly Seat[]): Seat | null {
  if (live.length === 0) return null;
  const from = street === 'preflop' ? plan.bigBlind : plan.button;
  return clockwiseAfter(from, live);
}

/** The next seat clockwise strictly after `after` among `among` (wrapping past the last seat); `after` itself only
 * when it is the sole member; null when `among` is empty. */
export function nextSeat(after: Seat, among: readonly Seat[], seatCount: number): Seat | null {
  assertSeat(after, 'nextSeat');
  for (const seat of among) {
    if (seat > seatCount) {
      throw new TableError('INPUT_INVALID', `nextSeat: seat ${seat} is beyond the table's ${seatCount} seats`, {
        field: 'seat',
      });
    }
  }
  return clockwiseAfter(after, among);
}
