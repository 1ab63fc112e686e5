// Clocks for the runtime: the real one (wall clock + setTimeout) and a manual one for tests and simulations.
import type { Clock } from './types.ts';

// setTimeout silently fires at once for delays above 2^31-1 ms (~24.8 days); longer waits are chained.
const MAX_DELAY = 2 ** 31 - 1;

/** Date.now() and setTimeout. A timer never fires before its time by the wall clock: if it wakes early (timer
 * slack, the clock was set back), it sleeps again for the rest. */
export function systemClock(): Clock {
  return {
    now: () => Date.now(),
    setTimer(at, fire) {
      let handle: NodeJS.Timeout | undefined;
      let cancelled = false;
      const arm = () => {
        const delay = at - Date.now();
        if (delay <= 0) {
          handle = undefined;
          if (!cancelled) fire();
          return;
        }
        handle = setTimeout(arm, Math.min(delay, MAX_DELAY));
      };
      // Even a due timer fires asynchronously, so callers never see a callback inside setTimer.
      handle = setTimeout(arm, Math.max(0, Math.min(at - Date.now(), MAX_DELAY)));
      return () => {
        cancelled = true;
        if (handle) clearTimeout(handle);
      };
    },
  };
}

export interface FakeClock extends Clock {
  /** Moves time forward to `to`, firing every timer due on the way, in deadline order, with `now()` at each
   * timer's deadline while it runs. Timers armed by a callback fire too if they are due by `to`. */
  advanceTo(to: number): void;
  advance(ms: number): void;
  /** Deadlines of armed timers, earliest first. */
  pending(): number[];
}

export function fakeClock(start = 0): FakeClock {
  let now = start;
  let nextId = 0;
  const timers = new Map<number, { at: number; id: number; fire: () => void }>();
  const due = (to: number) => {
    let best: { at: number; id: number; fire: () => void } | undefined;
    for (const t of timers.values()) {
      if (t.at <= to && (!best || t.at < best.at || (t.at === best.at && t.id < best.id))) best = t;
    }
    return best;
  };
  const clock: FakeClock = {
    now: () => now,
    setTimer(at, fire) {
      const id = nextId++;
      timers.set(id, { at, id, fire });
      return () => void timers.delete(id);
    },
    advanceTo(to) {
      for (let t = due(to); t; t = due(to)) {
        timers.delete(t.id);
        now = Math.max(now, t.at);
        t.fire();
      }
      now = Math.max(now, to);
    },
    advance(ms) {
      clock.advanceTo(now + ms);
    },
    pending: () => [...timers.values()].map((t) => t.at).sort((a, b) => a - b),
  };
  return clock;
}
