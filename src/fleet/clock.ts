// The fleet's one time line, shared by every process of a run: virtual time runs `speed` times faster than the
// wall clock from a common origin, so a table's event `at` maps back to the wall-clock moment it was published
// (the watcher's latency) and the room's level clock and the tables' hands run on the same time.
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

/** A Clock on the fleet's time: timers in deadline order from one setTimeout, as the table's own clock does. */
export function fleetClock(t: FleetTime): Clock {
  const now = () => Math.floor(t.start + (wallNow() - t.origin) * t.speed);
  const queue: { at: number; fire: () => void }[] = [];
  let armed: { at: number; handle: NodeJS.Timeout } | null = null;
  const arm = () => {
    const head = queue[0];
    if (armed && armed.at === head?.at) return;
    if (armed) clearTimeout(armed.handle);
    armed = null;
    if (!head) return;
    const delay = Math.max(0, Math.ceil((head.at - now()) / t.speed));
    armed = { at: head.at, handle: setTimeout(wake, delay) };
  };
  const wake = () => {
    armed = null;
    while (queue.length > 0 && queue[0]!.at <= now()) {
      const timer = queue.shift()!;
      try {
        timer.fire();
      } catch (err) {
        queueMicrotask(() => {
          throw err;
        });
      }
    }
    arm();
  };
  return {
    now,
    setTimer(at, fire) {
      const timer = { at, fire };
      let i = queue.length;
      while (i > 0 && queue[i - 1]!.at > at) i--;
      queue.splice(i, 0, timer);
      arm();
      return () => {
        const k = queue.indexOf(timer);
        if (k < 0) return;
        queue.splice(k, 1);
        arm();
      };
    },
  };
}
