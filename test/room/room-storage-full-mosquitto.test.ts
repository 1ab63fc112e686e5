// A full disk under the room's journal, for real: its storage.dir on a 512 KiB tmpfs, filled up while the service runs
// on a real mosquitto. A floor command then changes nothing and is answered `STORAGE_FULL` with a sentence (the
// table's words for the error, store/write-errors.ts); once there is room again, the same command goes through.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRoomConfig } from '../../src/room/config/load.ts';
import { loadRoomProfiles } from '../../src/room/config/profiles.ts';
import { fakeClock } from '../../src/runtime/clock.ts';
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

describe.skipIf(missing !== null || probe === null)('the room on a full disk (real tmpfs, real broker)', () => {
  it('a command on a full disk is answered STORAGE_FULL and changes nothing; with room again it is done', async () => {
    const broker = await startMosquitto();
    cleanups.push(() => broker.dispose());
    const disk = mountSmallDisk('pt-room-full-')!;
    cleanups.push(() => unmountSmallDisk(disk));
    const config = loadRoomConfig(writeRoomConfig(broker.url).file);
    const service = startRoomService({
      config: { ...config, storage: { dir: join(disk, 'room') } },
      profiles: loadRoomProfiles(),
      logger: pino({ level: 'silent' }),
      clock: fakeClock(1_000_000),
      seed: 11,
    });
    cleanups.push(() => service.close());
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
});
