import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { TableEvent } from '../../src/domain/types.ts';
import { fakeClock, systemClock, tableClock } from '../../src/runtime/clock.ts';
import { createRuntime } from '../../src/runtime/runtime.ts';
import { openStore } from '../../src/store/store.ts';
import { fakeEngine } from '../helpers/crash-fake-engine.ts';

describe('systemClock', () => {
  it('fires a timer asynchronously, never before its time', async () => {
    const clock = systemClock();
    const at = clock.now() + 20;
    let sync = true;
    const firedAt = await new Promise<number>((resolve) => {
      clock.setTimer(at, () => resolve(clock.now()));
      sync = false;
    });
    expect(sync).toBe(false);
    expect(firedAt).toBeGreaterThanOrEqual(at);
  });

  it('fires a past deadline soon, but not inside setTimer', async () => {
    const clock = systemClock();
    let fired = false;
    const done = new Promise<void>((resolve) => clock.setTimer(clock.now() - 1000, () => resolve()));
    void done.then(() => (fired = true));
    expect(fired).toBe(false);
    await done;
  });

  it('does not fire a deadline beyond setTimeout range at once, and cancels', async () => {
    const clock = systemClock();
    let fired = false;
    const cancel = clock.setTimer(clock.now() + 40 * 86_400_000, () => (fired = true));
    let nearFired = false;
    await new Promise<void>((resolve) => clock.setTimer(clock.now() + 30, () => resolve()));
    const cancelNear = clock.setTimer(clock.now() + 10, () => (nearFired = true));
    cancelNear();
    await new Promise<void>((resolve) => clock.setTimer(clock.now() + 40, () => resolve()));
    cancel();
    expect(fired).toBe(false);
    expect(nearFired).toBe(false);
  });
});

describe('tableClock: deadline order', () => {
  // The virtual dealer sets its whole opening (setup, players, sensors, button, levels) a few virtual ms apart: at
  // --speed 1000 they are due within the same real millisecond and must reach the table in that order.
  it('fires timers in deadline order, ties in the order they were set, even when its monotonic clock lags', async () => {
    // A coarse monotonic clock (4 ms steps) makes timers wake before their deadline as the clock reads it, as
    // libuv's cached loop time does under load: each then sleeps again, and must not fall behind later ones.
    const clock = tableClock({ speed: 1000, start: 0, mono: () => Math.floor(performance.now() / 4) * 4 });
    const at0 = clock.now() + 3000;
    const fired: number[] = [];
    const done = new Promise<void>((resolve) => {
      for (let i = 0; i < 40; i++) {
        const n = i;
        clock.setTimer(at0 + Math.floor(i / 4) * 10, () => {
          fired.push(n);
          if (fired.length === 40) resolve();
        });
      }
    });
    const cancelled = clock.setTimer(at0 + 5, () => fired.push(-1));
    cancelled();
    await done;
    expect(fired).toEqual([...Array(40).keys()]);
  });
});

describe('fakeClock', () => {
  it('fires due timers in deadline order with now() at each deadline, including ones armed on the way', () => {
    const clock = fakeClock(100);
    const log: string[] = [];
    clock.setTimer(300, () => log.push(`b@${clock.now()}`));
    clock.setTimer(200, () => {
      log.push(`a@${clock.now()}`);
      clock.setTimer(250, () => log.push(`c@${clock.now()}`));
    });
    const cancel = clock.setTimer(260, () => log.push('never'));
    cancel();
    clock.advanceTo(280);
    expect(log).toEqual(['a@200', 'c@250']);
    expect(clock.now()).toBe(280);
    clock.advance(20);
    expect(log).toEqual(['a@200', 'c@250', 'b@300']);
    clock.advanceTo(10); // never backwards
    expect(clock.now()).toBe(300);
  });
});

describe('runtime on the real clock', () => {
  it('ticks a timer when it comes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pt-rtc-'));
    const clock = systemClock();
    const rt = createRuntime({
      table: { profiles: {} },
      store: openStore({ dir }),
      clock,
      logger: pino({ level: 'silent' }),
      engine: fakeEngine(),
    });
    try {
      const ticked = new Promise<TableEvent>((resolve) =>
        rt.onEvents((b) => b[0]?.type === 'clock.countdown' && resolve(b[0])),
      );
      const [first] = rt.submit({ type: 'shuffle', timerMs: 30 });
      const tick = await ticked;
      expect(tick.at).toBe(first!.at + 30);
      expect(tick.seq).toBe(2);
    } finally {
      rt.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('tableClock with monoStart (one time line shared by several processes, as the fleet runs)', () => {
  it('clocks made at different moments on the same origin read the same time', () => {
    let m = 5_000;
    const mono = () => m;
    const first = tableClock({ speed: 20, start: 1_000_000, mono, monoStart: 4_000 });
    m = 7_500;
    const later = tableClock({ speed: 20, start: 1_000_000, mono, monoStart: 4_000 });
    expect(first.now()).toBe(1_000_000 + 3_500 * 20);
    expect(later.now()).toBe(first.now());
    const unanchored = tableClock({ speed: 20, start: 1_000_000, mono });
    expect(unanchored.now()).toBe(1_000_000); // without monoStart, start labels the moment of creation
  });
});
