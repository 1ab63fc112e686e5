// The simulated table's clock: virtual time runs `speed` times faster than real time, so the level clock, shot
// clocks and the virtual dealer's pace all speed up together (--speed X). At speed 1 it is the production clock.
// Like it, it runs on monotonic time: a wall-clock step neither fires timers early nor freezes them.
import { tableClock, type TableClock, type TableClockOptions } from '../runtime/clock.ts';

export type ScaledClock = TableClock;

export function scaledClock(speed: number, options: Omit<TableClockOptions, 'speed'> = {}): ScaledClock {
  return tableClock({ ...options, speed });
}
