// R-SEAT-DEBOUNCE: a seat changes only after the sensor held the new level for presence.debounceMs.
import type { Ctx } from '../context.ts';
import type { SeatState, State } from '../state.ts';

/** Keeps `state.presenceDue`, the earliest debounce deadline of any seat: the table asks for its next deadline at
 * every input, and scanning the seats each time cost more than the rest of a card read's bookkeeping. */
export function updatePresenceDue(state: State): void {
  let due: number | null = null;
  for (const seat of state.seats) {
    const d = seat.pending?.deadline;
    if (d !== undefined && (due === null || d < due)) due = d;
  }
  state.presenceDue = due;
}

export function sensorLevel(ctx: Ctx, seat: SeatState, occupied: boolean, debounceMs: number): void {
  if (occupied === seat.present) {
    seat.pending = null; // flapping shorter than the debounce is not an event
    updatePresenceDue(ctx.state);
    return;
  }
  if (seat.pending?.level === occupied) return; // still holding: the first edge's deadline stands
  seat.pending = { level: occupied, deadline: ctx.at + debounceMs };
  updatePresenceDue(ctx.state);
}

/** Fires the debounce timer of a seat; returns true when presence changed. */
export function settle(ctx: Ctx, seat: SeatState): boolean {
  const pending = seat.pending;
  if (!pending) return false;
  seat.pending = null;
  updatePresenceDue(ctx.state);
  seat.present = pending.level;
  ctx.emit({ type: pending.level ? 'seat.occupied' : 'seat.vacated', seat: seat.seat });
  return true;
}
