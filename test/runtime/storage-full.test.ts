// A full disk, for real: the journal on a 512 KiB tmpfs, filled up while the table runs (the composition root:
// runtime, journal, embedded broker, bridge, health). The table must say so everywhere (health topic, devices/storage,
// command answers, one error line), keep its timers, and come back by itself when space returns.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { parseStartArgs } from '../../src/app/args.ts';
import { simulatedConfig } from '../../src/app/simulated.ts';
import { startTableApp } from '../../src/app/table-app.ts';
import { loadProfiles } from '../../src/config/profiles.ts';
import type { TableEvent } from '../../src/domain/types.ts';
import { fakeClock } from '../../src/runtime/clock.ts';
import { DISK_FULL, openStore } from '../../src/store/store.ts';
import { collect, connectClient } from '../helpers/mosquitto.ts';
import { fill, mountSmallDisk, unmountSmallDisk } from '../helpers/small-disk.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A 512 KiB tmpfs (needs root); null when it cannot be mounted here. */
function smallDisk(): string | null {
  const dir = mountSmallDisk('pt-full-');
  if (dir !== null) cleanups.push(() => unmountSmallDisk(dir));
  return dir;
}
const canMount = (() => {
  const dir = smallDisk();
  if (dir === null) return false;
  unmountSmallDisk(dir);
  cleanups.pop();
  return true;
})();

function logSink() {
  const lines: { level: number; msg: string; [k: string]: unknown }[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      cb();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

describe.skipIf(!canMount)('a full disk (real tmpfs)', () => {
  it('the store says STORAGE_FULL, tells onWritable once per failure and once when writes pass again', () => {
    const dir = smallDisk()!;
    const seen: (string | null)[] = [];
    const store = openStore({ dir: join(dir, 'state'), onWritable: (p) => seen.push(p ? p.code : null) });
    cleanups.push(() => store.close());
    store.appendInput(1, '{"type":"tick","at":1}');
    const filler = fill(dir);
    const big = JSON.stringify({ type: 'tick', at: 2, pad: 'x'.repeat(8000) });
    expect(() => store.appendInput(2, big)).toThrow(
      expect.objectContaining({ code: 'STORAGE_FULL', message: DISK_FULL }),
    );
    expect(() => store.appendInput(3, big)).toThrow(expect.objectContaining({ code: 'STORAGE_FULL' }));
    expect(seen).toEqual(['STORAGE_FULL', 'STORAGE_FULL']);
    rmSync(filler);
    store.appendInput(4, big);
    store.appendInput(5, big);
    expect(seen).toEqual(['STORAGE_FULL', 'STORAGE_FULL', null]);
    expect(store.inputsFrom(1, 10).map((i) => i.at)).toEqual([1, 4, 5]);
  });

  it('says so on health, devices/storage, command answers and the log; timers wait; all comes back by itself', async () => {
    const dir = smallDisk()!;
    const base = 'pokertable/sim';
    const args = parseStartArgs(['--mqtt-port', '0', '--ws-port', '0', '--http-port', '0']);
    const sim = simulatedConfig(args, join(dir, 'state'));
    const config = {
      ...sim,
      http: { ...sim.http, port: null },
      mqtt: {
        ...sim.mqtt,
        embedded: {
          ...sim.mqtt.embedded,
          wsPort: null,
          users: [{ username: 'floor', password: 'f', roles: ['floor' as const] }],
        },
      },
    };
    const clock = fakeClock(Date.UTC(2026, 0, 1, 18));
    const { logger, lines } = logSink();
    const app = await startTableApp({ config, clock, speed: 1, profiles: loadProfiles(), devices: [], logger });
    cleanups.push(() => app.stop());
    const { runtime } = app;
    const events: TableEvent[] = [];
    runtime.onEvents((batch) => events.push(...batch));
    runtime.submit({ type: 'command', name: 'setup', seats: 6, profile: 'tda' });
    runtime.submit({
      type: 'command',
      name: 'levels-start',
      levels: [
        { smallBlind: 100, bigBlind: 200, minutes: 1 },
        { smallBlind: 200, bigBlind: 400, minutes: 1 },
      ],
    });

    const url = `mqtt://127.0.0.1:${app.broker!.port}`;
    const display = await connectClient(url);
    cleanups.push(() => void display.end(true));
    const seen = collect(display);
    await display.subscribeAsync('#', { qos: 1 });
    const latest = (topic: string) => seen.messages.filter((m) => m.topic === `${base}/${topic}`).at(-1)?.payload;
    await seen.until(() => latest('health') !== undefined, 'the retained health');
    expect(JSON.parse(latest('health')!)).toMatchObject({ state: 'ok', reasons: [], epoch: expect.any(String) });
    expect(JSON.parse(latest('state')!)).toMatchObject({ epoch: JSON.parse(latest('health')!).epoch });
    await seen.until(() => latest('devices/storage') !== undefined, 'devices/storage');
    expect(JSON.parse(latest('devices/storage')!)).toMatchObject({ online: true });

    const floor = await connectClient(url, { username: 'floor', password: 'f' });
    cleanups.push(() => void floor.end(true));
    const answers = collect(floor);
    await floor.subscribeAsync(`${base}/cmd/result`, { qos: 1 });
    const command = async (name: string, id: string) => {
      await floor.publishAsync(`${base}/cmd/${name}`, JSON.stringify({ id }), { qos: 1 });
      await answers.until((m) => m.some((a) => JSON.parse(a.payload).id === id), `the answer to ${id}`);
      return JSON.parse(answers.messages.find((a) => JSON.parse(a.payload).id === id)!.payload);
    };

    // The disk fills up.
    const filler = fill(dir);
    const fullAt = clock.now();
    for (let i = 0; i < 20; i++) {
      expect(() => runtime.submit({ type: 'seat', seat: 1 + (i % 6), occupied: i % 2 === 0 })).toThrow(
        expect.objectContaining({ code: 'STORAGE_FULL' }),
      );
    }
    expect(app.health.report()).toMatchObject({
      state: 'degraded',
      reasons: [{ component: 'storage', code: 'STORAGE_FULL' }],
    });
    await seen.until(() => latest('health')?.includes('degraded') === true, 'health degraded');
    const health = JSON.parse(latest('health')!);
    expect(health).toMatchObject({
      state: 'degraded',
      since: fullAt,
      reasons: [{ component: 'storage', code: 'STORAGE_FULL', since: fullAt }],
    });
    expect(health.reasons[0].detail).toContain('disk full');
    await seen.until(() => JSON.parse(latest('devices/storage') ?? '{}').online === false, 'devices/storage offline');
    expect(JSON.parse(latest('devices/storage')!)).toMatchObject({ online: false, at: fullAt });
    expect(latest('status')).toBe('online'); // the contract's plain string; health tells the rest
    // Panel presses on <base>/input are refused too, quietly (health has said it); the command sent after them by the
    // same client is answered after them, so by then they have been handled.
    for (let i = 0; i < 5; i++) {
      await floor.publishAsync(`${base}/input`, JSON.stringify({ type: 'panel', button: 'fold' }), { qos: 1 });
    }
    expect(await command('levels-pause', 'c1')).toEqual({
      id: 'c1',
      ok: false,
      command: 'levels-pause',
      code: 'STORAGE_FULL',
      error: DISK_FULL,
      message:
        'The table cannot write its journal (the disk is full): nothing was changed; send it again once health is ok',
    });

    // The level ends while the disk is full: its tick cannot be journaled, so it waits (and is retried).
    const levelChanges = () => events.filter((e) => e.type === 'level.changed').length;
    const levelsBefore = levelChanges();
    const before = events.length;
    clock.advance(61_000);
    clock.advance(3_000);
    expect(events.length).toBe(before);
    const errors = lines.filter((l) => l.level >= 50);
    expect(errors.filter((l) => /degraded/.test(l.msg))).toHaveLength(1);
    const said = errors.map((l) => `${l.msg} ${JSON.stringify(l.err ?? '').slice(0, 200)}`);
    expect(said, said.join('\n')).toHaveLength(2); // that one, and the first refused timer tick
    expect(app.health.report().state).toBe('degraded');

    // Space returns: within one retry the table journals the outage, runs its timers and is ok again.
    rmSync(filler);
    clock.advance(5_000);
    await expect.poll(() => app.health.report().state).toBe('ok');
    const storage = events.filter((e) => e.type === 'device.offline' || e.type === 'device.online');
    expect(storage).toMatchObject([
      { type: 'device.offline', device: 'storage', detail: expect.stringContaining('disk full') },
      { type: 'device.online', device: 'storage' },
    ]);
    expect(levelChanges()).toBe(levelsBefore + 1);
    await seen.until(() => JSON.parse(latest('health') ?? '{}').state === 'ok', 'health ok again');
    await seen.until(() => JSON.parse(latest('devices/storage') ?? '{}').online === true, 'devices/storage online');
    expect(await command('levels-pause', 'c2')).toEqual({ id: 'c2', ok: true, command: 'levels-pause' });
    // seq has no gap: the outage is in the journal like any other device's.
    const seqs = events.map((e) => e.seq);
    expect(seqs).toEqual(seqs.map((_, i) => seqs[0]! + i));
  });
});
