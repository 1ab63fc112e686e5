// The PC/SC driver serves the shoe, the card antennas and the chip readers: its log lines say which device speaks
// (kind and name), so a technician reading `journalctl -u pokertable` does not read "shoe" for a chip reader. The
// driver runs over a fake PC/SC backend with a pino logger writing into the test.
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { loadDeviceDefinition } from '../../src/config/devices.ts';
import { createAntenna } from '../../src/hardware/antenna/index.ts';
import { createChipReader } from '../../src/hardware/chip-reader/index.ts';
import type { PcscBackend, PcscEvents } from '../../src/hardware/shoe/backend.ts';
import { createShoe } from '../../src/hardware/shoe/index.ts';
import type { Device } from '../../src/hardware/types.ts';

interface Line {
  msg: string;
  device?: string;
  kind?: string;
  level: number;
}

/** A logger whose lines the test reads back, parsed (pino writes to a plain stream synchronously). */
function capture() {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const text of String(chunk).split('\n')) if (text) lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  return { lines, logger: pino({ level: 'debug' }, stream) };
}

/** A backend with one reader that the test can read a tag on and take away. */
function fakeBackend(reader: string) {
  let events: PcscEvents | null = null;
  const backend: PcscBackend = {
    open(e) {
      events = e;
      queueMicrotask(() => e.readerAdded(reader));
      return { close: () => Promise.resolve() };
    },
  };
  return {
    backend,
    misread: () => events!.card(reader, '04aa'), // 2 bytes: outside uidBytes
    error: () => events!.readerError(reader, new Error('transmit failed')),
    unplug: () => events!.readerRemoved(reader),
  };
}

const devices: Device[] = [];
afterEach(async () => {
  for (const d of devices.splice(0)) await d.stop();
});

async function run(build: (deps: { loadBackend: () => Promise<PcscBackend>; probe: () => Promise<null> }) => Device) {
  const pcsc = fakeBackend('Fake Reader 00');
  const device = build({ loadBackend: () => Promise.resolve(pcsc.backend), probe: () => Promise.resolve(null) });
  devices.push(device);
  const { lines, logger } = capture();
  await device.start({ submit: () => undefined, logger, now: () => 0 });
  pcsc.misread();
  pcsc.error();
  pcsc.unplug();
  return lines.filter((l) => l.device !== undefined);
}

describe('the PC/SC driver names the device in its log lines', () => {
  it('a chip reader says "chip reader <name>", with its kind, and never "shoe"', async () => {
    const def = loadDeviceDefinition('devices/vpcd-chip-reader.json');
    const lines = await run((deps) =>
      createChipReader(def, { name: 'chips-3', definition: 'vpcd-chip-reader.json', seat: 3 }, new Map(), deps),
    );
    expect(lines.map((l) => l.msg)).toEqual([
      'chip reader chips-3: reader ready',
      'chip reader chips-3 online',
      'chip reader chips-3: read dropped: tag id length outside uidBytes',
      'chip reader chips-3: reader error',
      'chip reader chips-3: reader gone',
      'chip reader chips-3 offline',
      'chip reader chips-3: retry scheduled',
    ]);
    for (const l of lines) expect(l).toMatchObject({ device: 'chips-3', kind: 'pcsc-chip-reader' });
    expect(lines.filter((l) => /shoe/i.test(l.msg))).toEqual([]);
  });

  it('an antenna says "antenna <name>"; the shoe named shoe says "shoe"', async () => {
    const antenna = await run((deps) =>
      createAntenna(
        loadDeviceDefinition('devices/vpcd-antenna.json'),
        { name: 'seat-4', definition: 'vpcd-antenna.json', place: 'seat', seat: 4 },
        deps,
      ),
    );
    expect(antenna[0]).toMatchObject({ msg: 'antenna seat-4: reader ready', kind: 'pcsc-antenna' });
    expect(antenna.filter((l) => /shoe/i.test(l.msg))).toEqual([]);

    const shoe = await run((deps) =>
      createShoe(loadDeviceDefinition('devices/vpcd-shoe.json'), { name: 'shoe', definition: 'vpcd-shoe.json' }, deps),
    );
    expect(shoe.map((l) => l.msg).slice(0, 2)).toEqual(['shoe: reader ready', 'shoe online']);
    expect(shoe[0]).toMatchObject({ device: 'shoe', kind: 'pcsc-shoe' });
  });
});
