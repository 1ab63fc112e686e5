// R-SEAT-DEBOUNCE: a seat changes only after the sensor held the new level for presence.debounceMs.
import type { Ctx } from './context.ts';
import type { SeatState } from './state.ts';

export function sensorLevel(ctx: Ctx, seat: SeatState, occupied: boolean, debounceMs: number): void {
  if (occupied === seat.present) {
    seat.pending = null; // flapping shorter than the debounce is not an event
    return;
  }
  if (seat.pending?.level === occupied) return; // still holding: the first edge's deadline stands
  seat.pending = { level: occupied, deadline: ctx.at + debounceMs };
}

/** Fires the debounce timer of a seat; returns true when presence changed. */
export function settle(ctx: Ctx, seat: SeatState): boolean {
  const pending = seat.pending;
  if (!pending) return false;
  seat.pending = null;
  seat.present = pending.level;
  ctx.emit({ type: pending.level ? 'seat.occupied' : 'seat.vacated', seat: seat.seat });
  return true;
}
