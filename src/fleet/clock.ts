// The fleet's one time line, shared by every process of a run: virtual time runs `speed` times faster than the
// wall clock from a common origin, so a table's event `at` maps back to the wall-clock moment it was published
// (the watcher's latency) and the room's level clock and the tables' hands run on the same time.
import { tableClock } from '../runtime/clock.ts';
import type { Clock } from '../runtime/types.ts';

export interface FleetTime {
  /** Wall-clock ms (performance.timeOrigin + performance.now()) when virtual time was `start`. */
  origin: number;
  /** Virtual ms at the origin. */
  start: number;
  speed: number;
}

/** Wall-clock ms with sub-ms precision, comparable across the run's processes. */
export const wallNow = (): number => performance.timeOrigin + performance.now();

export function newFleetTime(speed: number): FleetTime {
  return { origin: wallNow(), start: Date.now(), speed };
}

/** The wall-clock moment of a virtual time. */
export const wallOf = (t: FleetTime, at: number): number => t.origin + (at - t.start) / t.speed;

/** A Clock on the fleet's time: the table's own clock (deadline-ordered timers from one setTimeout) read off the
 * run's common origin, so every process of the run has the same `now()`. */
export function fleetClock(t: FleetTime): Clock {
  return tableClock({ speed: t.speed, start: t.start, mono: wallNow, monoStart: t.origin });
}
