// Clocks for the runtime: the table's own clock (monotonic, wall time only as its starting label) and a manual one
// for tests and simulations.
import type { Clock } from './types.ts';

// setTimeout silently fires at once for delays above 2^31-1 ms (~24.8 days); longer waits are chained.
const MAX_DELAY = 2 ** 31 - 1;

/** A jump of the wall clock (NTP stepping a Pi that booted without a real-time clock, someone setting the date). */
export interface ClockStep {
  /** How far the wall clock jumped, ms: positive forward, negative back. */
  byMs: number;
  /** The wall clock's reading once it had jumped. */
  wall: number;
  /** The table's time then; it did not jump. */
  table: number;
  /** Found at start: the wall clock is behind the journal's last time, so the table carries on from the journal. */
  atStart?: boolean;
  /** Not a step: the table's time, behind the wall clock since a step forward, caught up with it (`settle`). */
  caughtUp?: boolean;
}

export interface TableClockOptions {
  /** Table time runs this many times faster than real time (the simulated table's --speed). Default 1. */
  speed?: number;
  /** The wall clock: the table's starting time and the reference steps are measured against. Default Date.now. */
  wall?: () => number;
  /** A monotonic clock in ms (never stepped; NTP only slews it, as it slews the wall clock). Default
   * performance.now. */
  mono?: () => number;
  /** The table's time at creation (or at `monoStart`). Default: the wall clock's. */
  start?: number;
  /** The monotonic reading that `start` labels, when it is not now (several processes sharing one time line, as the
   * fleet's tables do). Default: `mono()` at creation. */
  monoStart?: number;
  /** Told of every step of the wall clock, asynchronously (never from inside now() or setTimer()). */
  onStep?: (step: ClockStep) => void;
  /** Smaller changes of the wall clock against the monotonic one are not reported (read jitter). Default 1000. */
  stepThresholdMs?: number;
}

interface Timer {
  at: number;
  fire: () => void;
}

export interface TableClock extends Clock {
  readonly speed: number;
  /** Makes the clock continue from `at` if it is behind it (the journal's last time, at start): never backwards. */
  resume(at: number): void;
  /** The table has no timer running, so a jump forward is not elapsed play time to anyone: if the table's time is
   * behind the wall clock (a step forward), it catches up now. Never backwards. */
  settle(): void;
}

/** The table's time: a wall-clock reading taken once, at start, plus the monotonic time elapsed since (times `speed`).
 * A wall-clock step therefore never fires a level early nor freezes a debounce: it is reported (`onStep`) and
 * otherwise ignored. Timers run on the same monotonic time (setTimeout is monotonic in Node). */
export function tableClock(options: TableClockOptions = {}): TableClock {
  const speed = options.speed ?? 1;
  if (!Number.isFinite(speed) || speed <= 0) throw new RangeError(`speed must be a positive number, got ${speed}`);
  const wall = options.wall ?? Date.now;
  const mono = options.mono ?? (() => performance.now());
  const threshold = options.stepThresholdMs ?? 1000;
  const onStep = options.onStep;
  const mono0 = options.monoStart ?? mono();
  let base = options.start ?? wall();
  // Wall minus monotonic time at the last look: constant but for read jitter and slewing, unless the wall jumps.
  let skew = wall() - mono0;

  // Whole milliseconds: inputs' `at` are integers (protocol.md).
  const read = (m: number) => Math.floor(base + (m - mono0) * speed);
  const report = (step: ClockStep) => {
    if (onStep) queueMicrotask(() => onStep(step));
  };
  const now = () => {
    const m = mono();
    if (onStep) {
      const w = wall();
      const by = w - m - skew;
      skew = w - m;
      if (Math.abs(by) >= threshold) report({ byMs: Math.round(by), wall: w, table: read(m) });
    }
    return read(m);
  };

  // Timers fire in deadline order, ties in the order they were set, from one setTimeout armed for the earliest.
  // A setTimeout each could fire out of order: libuv counts from the loop's cached time, so one may wake a little
  // before its deadline and sleep again behind later ones (the virtual dealer's setup then came after its players).
  const queue: Timer[] = [];
  let armed: { at: number; handle: NodeJS.Timeout } | null = null;
  const arm = () => {
    const head = queue[0];
    if (armed && armed.at === head?.at) return;
    if (armed) clearTimeout(armed.handle);
    armed = null;
    if (!head) return;
    // Rounded up so a timer never wakes before its deadline; if it does (timer slack), it sleeps again.
    const delay = Math.max(0, Math.min(Math.ceil((head.at - now()) / speed), MAX_DELAY));
    armed = { at: head.at, handle: setTimeout(wake, delay) };
  };
  const wake = () => {
    armed = null;
    while (queue.length > 0 && queue[0]!.at - now() <= 0) {
      const timer = queue.shift()!;
      try {
        timer.fire();
      } catch (err) {
        // As an uncaught error in its own setTimeout would be, without keeping the other timers from firing.
        queueMicrotask(() => {
          throw err;
        });
      }
    }
    arm();
  };

  return {
    speed,
    now,
    resume(at) {
      const current = now();
      if (!(at > current)) return;
      // In virtual time (speed ≠ 1) the journal is ahead of the wall clock by design: nothing to report.
      if (speed === 1 && at - current >= threshold)
        report({ byMs: current - at, wall: wall(), table: at, atStart: true });
      base += at - current;
    },
    settle() {
      if (speed !== 1) return; // virtual time has no wall clock to catch up with
      const current = now();
      const behind = wall() - current;
      if (behind < threshold) return;
      base += behind;
      report({ byMs: behind, wall: current + behind, table: current + behind, caughtUp: true });
    },
    setTimer(at, fire) {
      const timer: Timer = { at, fire };
      let i = queue.length;
      while (i > 0 && queue[i - 1]!.at > at) i--; // after every timer due at or before it: ties keep their order
      queue.splice(i, 0, timer);
      // Even a due timer fires asynchronously, so callers never see a callback inside setTimer.
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

/** The production clock: the table's own time at real speed (see tableClock). */
export function systemClock(options: Omit<TableClockOptions, 'speed'> = {}): TableClock {
  return tableClock({ ...options, speed: 1 });
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
