// Card antennas (pcsc-antenna, R-CARD-PLACE) without the PC/SC stack: the table config's `place` and `seat` are
// checked when it loads, the shipped definitions load, a config's antennas become devices, and the simulated antenna
// stamps its place on each read (the real driver on pcscd: test/hardware/antenna.pcsc.test.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDevice } from '../../src/app/hardware.ts';
import { loadDeviceDefinition, resolveDevice } from '../../src/config/devices.ts';
import { loadTableConfig } from '../../src/config/load.ts';
import { TableError } from '../../src/domain/errors.ts';
import { antennaPlace, createAntenna, createSimulatedAntenna } from '../../src/hardware/antenna/index.ts';
import { recorder } from '../helpers/pcscd-harness.ts';

let dir: string;
let n = 0;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'antenna-test-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function load(devices: string): ReturnType<typeof loadTableConfig> {
  const file = join(dir, `t${++n}.yaml`);
  writeFileSync(file, `table: {id: t, seats: 6}\ndevices:\n${devices}`);
  return loadTableConfig(file);
}

function refusal(devices: string): { field: unknown; message: string } {
  try {
    load(devices);
  } catch (err) {
    if (!(err instanceof TableError)) throw err;
    expect(err.code).toBe('CONFIG_INVALID');
    return { field: err.detail?.field, message: err.message };
  }
  throw new Error('the config loaded');
}

describe('a card antenna in the table config', () => {
  it('loads antennas at a seat, the board and the muck, real or simulated', () => {
    const config = load(
      [
        '  - {name: seat-3, definition: acr122u-antenna.json, port: "ACR122U PICC Interface 01", place: seat, seat: 3}',
        '  - {name: board-antenna, definition: vpcd-antenna.json, place: board}',
        '  - {name: muck, definition: simulated-pcsc-antenna, place: muck}',
        '',
      ].join('\n'),
    );
    expect(config.devices.map((d) => [d.name, d.place, d.seat])).toEqual([
      ['seat-3', 'seat', 3],
      ['board-antenna', 'board', undefined],
      ['muck', 'muck', undefined],
    ]);
    expect(config.devices.map((d) => resolveDevice(d, dir).kind)).toEqual([
      'pcsc-antenna',
      'pcsc-antenna',
      'pcsc-antenna',
    ]);
  });

  it.each([
    ['no place', '  - {name: a, definition: vpcd-antenna.json}\n', '/devices/0/place', /needs its place/],
    [
      'a seat antenna without its seat',
      '  - {name: a, definition: vpcd-antenna.json, place: seat}\n',
      '/devices/0/seat',
      /needs the seat number/,
    ],
    [
      'a seat beyond the table',
      '  - {name: a, definition: vpcd-antenna.json, place: seat, seat: 7}\n',
      '/devices/0/seat',
      /seat 7 is beyond the table's 6 seats/,
    ],
    [
      'a seat with the board',
      '  - {name: a, definition: vpcd-antenna.json, place: board, seat: 2}\n',
      '/devices/0/seat',
      /goes with place "seat" only/,
    ],
    [
      'a place on a shoe',
      '  - {name: s, definition: vpcd-shoe.json, place: muck}\n',
      '/devices/0/place',
      /only a pcsc-antenna device has a place/,
    ],
    [
      'an unknown place',
      '  - {name: a, definition: vpcd-antenna.json, place: floor}\n',
      '/devices/0/place',
      /must be one of/,
    ],
  ])('refuses %s, naming the field', (_what, devices, field, message) => {
    const { field: got, message: text } = refusal(devices);
    expect(got).toBe(field);
    expect(text).toMatch(message);
  });

  it('builds the real driver for a definition and the simulated one for simulated-pcsc-antenna', async () => {
    const config = load(
      '  - {name: seat-2, definition: vpcd-antenna.json, place: seat, seat: 2}\n' +
        '  - {name: muck, definition: simulated-pcsc-antenna, place: muck}\n',
    );
    const [real, simulated] = await Promise.all(config.devices.map((d) => buildDevice(resolveDevice(d, dir))));
    expect(real?.name).toBe('seat-2');
    expect(simulated).toHaveProperty('read');
    const rec = recorder({ now: 5 });
    await simulated!.start(rec.ctx);
    (simulated as ReturnType<typeof createSimulatedAntenna>).read('04:AA:BB');
    expect(rec.inputs).toEqual([
      { type: 'device', device: 'muck', online: true, detail: 'simulated antenna (muck)' },
      { type: 'card', uid: '04aabb', place: 'muck' },
    ]);
  });

  it('the driver refuses an entry without a usable place, and a shoe definition', () => {
    const def = loadDeviceDefinition(resolve('devices/vpcd-antenna.json'));
    expect(() => createAntenna(def, { name: 'a', definition: 'x.json' })).toThrow(/needs its place/);
    expect(antennaPlace({ name: 'a', definition: 'x.json', place: 'seat', seat: 4 })).toEqual({
      place: 'seat',
      seat: 4,
    });
    const shoe = loadDeviceDefinition(resolve('devices/vpcd-shoe.json'));
    expect(() => createAntenna(shoe, { name: 'a', definition: 'x.json', place: 'board' })).toThrow(
      /is "pcsc-shoe", not a pcsc-antenna/,
    );
  });
});

describe('the simulated antenna', () => {
  it('reads at its own place, or at the place a simulated table names; normalises the uid', async () => {
    const rec = recorder({ now: 0 });
    const all = createSimulatedAntenna('antennas');
    await all.start(rec.ctx);
    all.read('04a1', { place: 'seat', seat: 4 });
    all.read('04A2', { place: 'board' });
    expect(() => all.read('04a3')).toThrow(/needs a place/);
    expect(() => all.read('xyz', { place: 'muck' })).toThrow(/not a hex tag id/);
    expect(rec.inputs.slice(1)).toEqual([
      { type: 'card', uid: '04a1', place: 'seat', seat: 4 },
      { type: 'card', uid: '04a2', place: 'board' },
    ]);
  });
});
