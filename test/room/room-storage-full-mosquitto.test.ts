// A full disk under the room's journal, for real: its storage.dir on a 512 KiB tmpfs, filled up while the service runs
// on a real mosquitto. A floor command then changes nothing and is answered `STORAGE_FULL` with a sentence (the
// table's words for the error, store/write-errors.ts); once there is room again, the same command goes through.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRoomConfig } from '../../src/room/config/load.ts';
import { loadRoomProfiles } from '../../src/room/config/profiles.ts';
import { fakeClock, type FakeClock } from '../../src/runtime/clock.ts';
import { STORAGE_RETRY_MS } from '../../src/room/service/health.ts';
import { startRoomService } from '../../src/room/service/service.ts';
import { collect, connectClient, mosquittoMissing, startMosquitto } from '../helpers/mosquitto.ts';
import { writeRoomConfig } from '../helpers/room-mqtt.ts';
import { fill, mountSmallDisk, unmountSmallDisk } from '../helpers/small-disk.ts';

const missing = mosquittoMissing();
const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const probe = mountSmallDisk('pt-room-full-');
if (probe) unmountSmallDisk(probe);

const json = (s: string) => JSON.parse(s) as Record<string, unknown>;

/** A real mosquitto, a 512 KiB tmpfs and the room service with its journal on it. */
async function onSmallDisk(clock: FakeClock) {
  const broker = await startMosquitto();
  cleanups.push(() => broker.dispose());
  const disk = mountSmallDisk('pt-room-full-')!;
  cleanups.push(() => unmountSmallDisk(disk));
  const config = loadRoomConfig(writeRoomConfig(broker.url).file);
  const service = startRoomService({
    config: { ...config, storage: { dir: join(disk, 'room') } },
    profiles: loadRoomProfiles(),
    logger: pino({ level: 'silent' }),
    clock,
    seed: 11,
  });
  cleanups.push(() => service.close());
  return { broker, disk, service };
}

describe.skipIf(missing !== null || probe === null)('the room on a full disk (real tmpfs, real broker)', () => {
  it('a command on a full disk is answered STORAGE_FULL and changes nothing; with room again it is done', async () => {
    const { broker, disk, service } = await onSmallDisk(fakeClock(1_000_000));
    await service.whenConnected();
    const floor = await connectClient(broker.url, { clientId: 'floor' });
    cleanups.push(() => floor.endAsync(true));
    const seen = collect(floor);
    await floor.subscribeAsync('room/r1/cmd/result', { qos: 1 });
    const ask = async (id: string) => {
      await floor.publishAsync('room/r1/cmd/register', JSON.stringify({ id, player: 'Anna' }), { qos: 1 });
      await seen.until((m) => m.some((x) => json(x.payload).id === id), `the answer to ${id}`);
      return json(seen.messages.find((x) => json(x.payload).id === id)!.payload);
    };

    const journaled = service.journal.count();
    const filler = fill(disk);
    const full = await ask('full');
    expect(full).toMatchObject({ id: 'full', ok: false, code: 'STORAGE_FULL' });
    expect(full.message).toMatch(/the disk is full/);
    expect(service.journal.count()).toBe(journaled);

    rmSync(filler);
    expect(await ask('again')).toEqual({ id: 'again', ok: true });
    expect(service.journal.count()).toBe(journaled + 1);
  }, 60_000);

  it("the room's health: degraded (STORAGE_FULL) while the disk is full, ok again by itself once there is room", async () => {
    const clock = fakeClock(1_000_000);
    const { broker, disk, service } = await onSmallDisk(clock);
    const observer = await connectClient(broker.url, { clientId: 'observer' });
    cleanups.push(() => observer.endAsync(true));
    const seen = collect(observer);
    await observer.subscribeAsync('room/r1/health', { qos: 1 });
    await service.whenConnected();
    const health = () => json(seen.messages.filter((m) => m.topic === 'room/r1/health').at(-1)?.payload ?? '{}');
    await seen.until(() => health().state === 'ok', 'ok at start');
    expect(health().epoch).toBe(service.journal.epoch);

    const filler = fill(disk);
    await observer.publishAsync('room/r1/cmd/register', JSON.stringify({ id: 'full', player: 'Anna' }), { qos: 1 });
    await seen.until(() => health().state === 'degraded', 'degraded');
    expect(health().reasons).toMatchObject([{ component: 'storage', code: 'STORAGE_FULL' }]);
    const journaled = service.journal.count();
    clock.advance(STORAGE_RETRY_MS); // a try while still full: still degraded, nothing journaled
    await new Promise((r) => setTimeout(r, 100));
    expect(health().state).toBe('degraded');
    expect(service.journal.count()).toBe(journaled);

    rmSync(filler);
    clock.advance(STORAGE_RETRY_MS); // no command, no table: the room's own try finds the room
    await seen.until(() => health().state === 'ok', 'ok again');
    expect(service.journal.count()).toBe(journaled + 1); // the tick that tried
  }, 60_000);
});
