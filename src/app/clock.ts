// The simulated table's clock: virtual time runs `speed` times faster than the wall clock, so the level clock, shot
// clocks and the virtual dealer's pace all speed up together (--speed X). At speed 1 it is the wall clock.
import type { Clock } from '../runtime/types.ts';

// setTimeout fires at once for delays above 2^31-1 ms; longer waits are chained.
const MAX_DELAY = 2 ** 31 - 1;

export interface ScaledClock extends Clock {
  readonly speed: number;
}

export function scaledClock(speed: number, wallNow: () => number = Date.now, start: number = wallNow()): ScaledClock {
  if (!Number.isFinite(speed) || speed <= 0) throw new RangeError(`speed must be a positive number, got ${speed}`);
  const wall0 = wallNow();
  // Whole milliseconds: inputs' `at` are integers (protocol.md).
  const now = () => Math.floor(start + (wallNow() - wall0) * speed);
  return {
    speed,
    now,
    setTimer(at, fire) {
      let handle: NodeJS.Timeout | undefined;
      let cancelled = false;
      const arm = () => {
        const virtualLeft = at - now();
        if (virtualLeft <= 0) {
          handle = undefined;
          if (!cancelled) fire();
          return;
        }
        // Rounded up so a timer never wakes before its virtual deadline; if it does (timer slack), it sleeps again.
        handle = setTimeout(arm, Math.min(Math.ceil(virtualLeft / speed), MAX_DELAY));
      };
      handle = setTimeout(arm, Math.max(0, Math.min(Math.ceil((at - now()) / speed), MAX_DELAY)));
      return () => {
        cancelled = true;
        if (handle) clearTimeout(handle);
      };
    },
  };
}
