// A table config with a chip reader, started as `npm start -- --config` starts it: the enrolled chips are loaded
// (values checked against the profile's chips.denominations), each reader built for its seat, and the chip reader
// module loaded only then.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { parseStartArgs } from '../../src/app/args.ts';
import { buildDevice, startHardwareTable } from '../../src/app/hardware.ts';
import { saveChips } from '../../src/enrolment/chips/store.ts';
import { resolveDevice } from '../../src/config/devices.ts';
import { loadTableConfig } from '../../src/config/load.ts';
import { freePort } from '../helpers/mosquitto.ts';

const dirs: string[] = [];
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const s of stops.splice(0)) await s();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function venue(values: Map<string, number>, devices: object[]): Promise<{ dir: string; config: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'pt-chip-table-'));
  dirs.push(dir);
  saveChips(join(dir, 'chips.json'), values);
  const config = join(dir, 'table.yaml');
  writeFileSync(
    config,
    JSON.stringify({
      table: {
        id: 't1',
        seats: 6,
        chipsFile: 'chips.json',
        rules: { chips: { mode: 'tracked', denominations: [25, 100, 500] } },
      },
      storage: { dir: join(dir, 'var') },
      mqtt: { embedded: { port: await freePort(), wsPort: null } },
      http: { port: null },
      devices,
    }),
  );
  return { dir, config };
}

describe('a table config with chip readers', () => {
  it('starts with its seat readers on the enrolled chips; a simulated one reports its zone', async () => {
    const { config } = await venue(new Map([['04aabbccddeeff', 500]]), [
      { name: 'chips-2', definition: 'simulated-pcsc-chip-reader', seat: 2 },
    ]);
    const app = await startHardwareTable({ ...parseStartArgs([]), config }, pino({ level: 'silent' }));
    stops.push(() => app.stop());
    for (let i = 0; i < 500; i++) {
      const seen = app.runtime.outbox.read(0, 100).some((e) => e.type === 'device.online' && e.detail.includes('zone'));
      if (seen) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(app.runtime.outbox.read(0, 100).filter((e) => e.type === 'device.online')).toMatchObject([
      { device: 'chips-2', detail: 'simulated chip reader' },
      { device: 'chips-2', detail: 'simulated chip reader; seat 2, 0 chips in the zone' },
    ]);
  }, 60_000);

  it('refuses to start when an enrolled chip is not a value in play', async () => {
    const { config } = await venue(new Map([['04aabbccddeeff', 1000]]), [
      { name: 'chips-2', definition: 'simulated-pcsc-chip-reader', seat: 2 },
    ]);
    const started = startHardwareTable({ ...parseStartArgs([]), config }, pino({ level: 'silent' }));
    await expect(started).rejects.toThrow(/chips\.json: \/chips\/04aabbccddeeff 1000 is not a value in play/);
  });

  it('builds the PC/SC driver for a pcsc-chip-reader definition, for its seat', async () => {
    const { dir, config } = await venue(new Map(), [{ name: 'chips-4', definition: 'vpcd-chip-reader.json', seat: 4 }]);
    const [ref] = loadTableConfig(config).devices;
    const reader = await buildDevice(resolveDevice(ref!, dir), { chips: new Map() });
    expect(reader.name).toBe('chips-4');
    expect(reader).not.toHaveProperty('put');
  });
});
