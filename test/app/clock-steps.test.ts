// Wall-clock steps (NTP stepping a Pi without a real-time clock, someone setting the date) against the real engine,
// runtime and journal: the table's time is monotonic, a step is reported and never counted as play time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clockStepReporter, WALL_CLOCK_DEVICE } from '../../src/app/clock-steps.ts';
import { loadProfiles } from '../../src/config/profiles.ts';
import type { TableEvent } from '../../src/domain/types.ts';
import { systemClock, tableClock, type ClockStep } from '../../src/runtime/clock.ts';
import { createRuntime, type TableRuntime } from '../../src/runtime/runtime.ts';
import { openStore } from '../../src/store/store.ts';

const HOUR = 3_600_000;
const profiles = loadProfiles();
const logger = pino({ level: 'silent' });

describe('tableClock with injected wall and monotonic clocks', () => {
  it('ignores wall-clock steps for its time and reports each once, but not jitter', async () => {
    let wall = 1_000_000;
    let mono = 50;
    const steps: ClockStep[] = [];
    const clock = tableClock({ wall: () => wall, mono: () => mono, onStep: (s) => steps.push(s) });
    expect(clock.now()).toBe(1_000_000);
    wall += 10_000;
    mono += 10_000;
    expect(clock.now()).toBe(1_010_000);
    wall += HOUR; // NTP steps forward
    expect(clock.now()).toBe(1_010_000);
    wall += 400; // a slewed or jittery read: not a step
    mono += 5;
    expect(clock.now()).toBe(1_010_005);
    wall -= 2 * HOUR; // and back, past where it started
    mono += 7_000;
    expect(clock.now()).toBe(1_017_005);
    await Promise.resolve();
    expect(steps.map((s) => s.byMs)).toEqual([HOUR, -2 * HOUR - 7_000]);
    expect(steps[1]).toMatchObject({ table: 1_017_005, wall: wall });
  });

  it('resumes from a later time, never goes back, and reports a wall clock behind the journal', async () => {
    const wall = 5_000_000;
    let mono = 0;
    const steps: ClockStep[] = [];
    const clock = tableClock({ wall: () => wall, mono: () => mono, onStep: (s) => steps.push(s) });
    clock.resume(4_000_000); // behind: nothing to do
    expect(clock.now()).toBe(5_000_000);
    clock.resume(5_000_000 + HOUR);
    expect(clock.now()).toBe(5_000_000 + HOUR);
    mono += 250;
    expect(clock.now()).toBe(5_000_250 + HOUR);
    await Promise.resolve();
    expect(steps).toEqual([{ byMs: -HOUR, wall, table: 5_000_000 + HOUR, atStart: true }]);
  });

  it('settle: catches up with a wall clock that stepped forward, never goes back', async () => {
    let wall = 1_000_000;
    const mono = 0;
    const steps: ClockStep[] = [];
    const clock = tableClock({ wall: () => wall, mono: () => mono, onStep: (s) => steps.push(s) });
    clock.settle(); // nothing to catch up
    wall -= HOUR;
    clock.settle(); // behind the table: never back
    expect(clock.now()).toBe(1_000_000);
    wall += 2 * HOUR;
    expect(clock.now()).toBe(1_000_000);
    clock.settle();
    expect(clock.now()).toBe(1_000_000 + HOUR);
    await Promise.resolve();
    expect(steps).toEqual([
      expect.objectContaining({ byMs: -HOUR }),
      expect.objectContaining({ byMs: 2 * HOUR }),
      { byMs: HOUR, wall: 1_000_000 + HOUR, table: 1_000_000 + HOUR, caughtUp: true },
    ]);
  });

  it('runs at speed X from its start, on monotonic time (the simulated table)', () => {
    let mono = 1000;
    const clock = tableClock({ speed: 10, wall: () => 0, mono: () => mono, start: 5_000_000 });
    expect(clock.now()).toBe(5_000_000);
    mono += 250;
    expect(clock.now()).toBe(5_002_500);
  });
});

describe('a table whose wall clock steps (fake timers: the wall clock jumps, monotonic time does not)', () => {
  let dir: string;
  let runtime: TableRuntime | undefined;
  afterEach(() => {
    runtime?.close();
    runtime = undefined;
    vi.useRealTimers();
    rmSync(dir, { recursive: true, force: true });
  });

  const start = (steps: ClockStep[], reporter = clockStepReporter(logger)) => {
    const clock = systemClock({
      onStep: (s) => {
        steps.push(s);
        reporter.onStep(s);
      },
    });
    const rt = createRuntime({ table: { profiles }, store: openStore({ dir }), clock, logger });
    reporter.attach(rt);
    const events: TableEvent[] = [];
    rt.onEvents((batch) => events.push(...batch));
    return { rt, events };
  };
  const flush = async () => {
    for (let i = 0; i < 3; i++) await Promise.resolve();
  };

  it('+1 h then −1 h: no level fires early, debounce still reports, stamps keep increasing, both steps reported', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'] });
    vi.setSystemTime(1_780_000_000_000);
    dir = mkdtempSync(join(tmpdir(), 'pt-clock-step-'));
    const steps: ClockStep[] = [];
    const { rt, events } = start(steps);
    runtime = rt;
    rt.submit({ type: 'command', name: 'setup', seats: 6, profile: 'tda' });
    for (const seat of [1, 2, 3]) {
      rt.submit({ type: 'command', name: 'seat-player', seat, player: `P${seat}` });
      rt.submit({ type: 'seat', seat, occupied: true });
    }
    vi.advanceTimersByTime(1_500); // the seat sensors' debounce
    expect(events.filter((e) => e.type === 'seat.occupied')).toHaveLength(3);
    const levels = [1, 2, 3, 4].map((n) => ({ smallBlind: 100 * n, bigBlind: 200 * n, minutes: 2 }));
    rt.submit({ type: 'command', name: 'levels-start', levels });
    const levelsAt = rt.snapshot().at;
    const changedBefore = events.filter((e) => e.type === 'level.changed').length;

    // NTP steps the wall clock forward by an hour: the next input must not fire the levels in between.
    vi.setSystemTime(Date.now() + HOUR);
    vi.advanceTimersByTime(10);
    rt.submit({ type: 'seat', seat: 3, occupied: false });
    expect(events.filter((e) => e.type === 'level.changed')).toHaveLength(changedBefore);
    expect(rt.snapshot().at - levelsAt).toBeLessThan(1_000);

    // Then back by two hours (an hour behind where it started): the vacated seat is still reported after the
    // debounce, and inputs keep getting later stamps.
    vi.setSystemTime(Date.now() - 2 * HOUR);
    vi.advanceTimersByTime(1_500);
    const vacated = events.find((e) => e.type === 'seat.vacated');
    expect(vacated).toMatchObject({ seat: 3 });
    const stamps: number[] = [];
    for (let i = 0; i < 60; i++) {
      vi.advanceTimersByTime(5);
      stamps.push(...rt.submit({ type: 'device', device: 'probe', online: i % 2 === 0, detail: '' }).map((e) => e.at));
    }
    expect(stamps).toHaveLength(60);
    for (let i = 1; i < stamps.length; i++) expect(stamps[i]).toBeGreaterThan(stamps[i - 1]!);

    // The first level ends two minutes after levels-start by the table's time, not before, not an hour early.
    const due = levelsAt + 2 * 60_000 - rt.snapshot().at;
    vi.advanceTimersByTime(due - 1);
    expect(events.filter((e) => e.type === 'level.changed')).toHaveLength(changedBefore);
    vi.advanceTimersByTime(1);
    const changed = events.filter((e) => e.type === 'level.changed').slice(changedBefore);
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({ level: 2, at: levelsAt + 2 * 60_000 });

    // Every event's time is in order; both steps were logged and reported as events.
    const ats = events.map((e) => e.at);
    expect(ats).toEqual([...ats].sort((a, b) => a - b));
    await flush();
    expect(steps.map((s) => Math.round(s.byMs / 1000))).toEqual([3600, -7200]);
    const reported = events.filter((e) => e.type === 'device.online' && e.device === WALL_CLOCK_DEVICE);
    expect(reported.map((e) => (e as { detail: string }).detail)).toEqual([
      expect.stringMatching(/^wall clock stepped \+3600\.0 s; .*behind the wall clock by 3600/),
      expect.stringMatching(/^wall clock stepped -7200\.0 s; .*ahead of the wall clock by 3600/),
    ]);
  });

  it('with no timer running, the table catches up with a wall clock stepped forward (labels right again)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'] });
    vi.setSystemTime(1_780_000_000_000);
    dir = mkdtempSync(join(tmpdir(), 'pt-clock-settle-'));
    const steps: ClockStep[] = [];
    const { rt, events } = start(steps);
    runtime = rt;
    rt.submit({ type: 'command', name: 'setup', seats: 6, profile: 'tda' });
    rt.submit({ type: 'seat', seat: 1, occupied: true }); // a debounce timer runs for a second
    const sensorAt = rt.snapshot().at;
    vi.setSystemTime(Date.now() + HOUR);
    const [seated] = rt.submit({ type: 'command', name: 'seat-player', seat: 1, player: 'Ann' });
    expect(seated!.at).toBeLessThan(1_780_000_000_000 + 1_000); // the debounce runs: no catching up yet
    vi.advanceTimersByTime(1_000);
    expect(events.find((e) => e.type === 'seat.occupied')?.at).toBe(sensorAt + 1_000);
    // The debounce fired and nothing else runs: the next input is stamped on the wall clock again.
    const [seated2] = rt.submit({ type: 'command', name: 'seat-player', seat: 2, player: 'Bo' });
    expect(seated2!.at).toBe(Date.now());
    await flush();
    expect(steps.map((s) => [Math.round(s.byMs / 1000), s.caughtUp ?? false])).toEqual([
      [3600, false],
      [3600, true],
    ]);
    const details = events.filter((e) => e.type === 'device.online').map((e) => (e as { detail: string }).detail);
    expect(details).toEqual([
      expect.stringMatching(/^wall clock stepped \+3600\.0 s/),
      expect.stringMatching(/^table time caught up with the wall clock \(3600\.0 s ahead\)/),
    ]);
  });

  it('a restart on a wall clock an hour behind the journal carries on from the journal, not frozen', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'] });
    vi.setSystemTime(1_780_000_000_000);
    dir = mkdtempSync(join(tmpdir(), 'pt-clock-resume-'));
    const first = start([]);
    first.rt.submit({ type: 'command', name: 'setup', seats: 6, profile: 'tda' });
    first.rt.submit({ type: 'seat', seat: 2, occupied: true });
    vi.advanceTimersByTime(1_500);
    const lastAt = first.rt.snapshot().at;
    first.rt.close();

    vi.setSystemTime(Date.now() - HOUR); // the Pi boots with an old time
    const bootWall = Date.now();
    const steps: ClockStep[] = [];
    const second = start(steps);
    runtime = second.rt;
    const [left] = second.rt.submit({ type: 'seat', seat: 2, occupied: false });
    expect(left).toBeUndefined(); // debounced: nothing yet
    vi.advanceTimersByTime(1_000);
    const vacated = second.events.find((e) => e.type === 'seat.vacated');
    expect(vacated?.at).toBeGreaterThan(lastAt);
    expect(vacated!.at - lastAt).toBeLessThan(1_100);
    await flush();
    expect(steps).toEqual([{ atStart: true, byMs: bootWall - lastAt, wall: bootWall, table: lastAt }]);
    expect(bootWall - lastAt).toBeLessThan(-HOUR + 1_000);
    expect(second.events.some((e) => e.type === 'device.online' && e.device === WALL_CLOCK_DEVICE)).toBe(true);
  });
});
