// What a technician reads at a real table's terminal and in its journal (issue: "the terminal of a real table"):
// one line per change of a device's state, no key twice in a JSON line, sentences with the trace only at debug, a
// missing file named with "no such file" and its path, a bad pin with the board's range and the file, and the room's
// unreachable broker explained once, then retried quietly.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { sentence, terminalLog } from '../../src/app/terminal-log.ts';
import { DEVICES_DIR, resolveDevice } from '../../src/config/devices.ts';
import { loadTableConfig } from '../../src/config/load.ts';
import { TableError } from '../../src/domain/errors.ts';
import { createLink } from '../../src/hardware/serial/reconnect.ts';
import { deviceLogger } from '../../src/hardware/types.ts';
import { pcscdAdvice } from '../../src/hardware/shoe/backend.ts';
import { startRoomService } from '../../src/room/service/service.ts';
import { loadRoomConfig } from '../../src/room/config/load.ts';
import { loadRoomProfiles } from '../../src/room/config/profiles.ts';
import { fakeClock } from '../../src/runtime/clock.ts';
import { mosquittoMissing, startMosquitto } from '../helpers/mosquitto.ts';
import { waitFor, writeRoomConfig } from '../helpers/room-mqtt.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A logger whose lines are kept raw (to look for repeated keys) and parsed. */
function captured(level = 'debug') {
  const raw: string[] = [];
  const logger = pino({ level }, { write: (line: string) => void raw.push(line) });
  const records = () => raw.map((l) => JSON.parse(l) as Record<string, unknown>);
  return { logger, raw, records };
}

function refusal(fn: () => unknown): TableError {
  try {
    fn();
  } catch (error) {
    if (error instanceof TableError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('device lines', () => {
  it('a board that stays unplugged is one warning, each retry only at debug', async () => {
    const { logger, records } = captured();
    let attempts = 0;
    const downs: string[] = [];
    const link = createLink<number>({
      open: () => {
        attempts++;
        return Promise.reject(new Error('cannot open /dev/ttyACM0: No such file or directory'));
      },
      close: () => Promise.resolve(),
      up: () => {},
      down: (detail) => downs.push(detail),
      backoff: { initialMs: 1, maxMs: 2 },
      logger,
    });
    await link.start();
    await waitFor(() => attempts >= 5, 'five attempts');
    await link.stop();
    const lines = records().filter((r) => String(r.msg).startsWith('device not available'));
    expect(lines.length).toBeGreaterThanOrEqual(5);
    expect(lines.filter((r) => r.level === 40)).toHaveLength(1);
    expect(lines.slice(1).every((r) => r.level === 20)).toBe(true);
    expect(downs).toHaveLength(1);
  });

  it('a device logger names the device once, whether the table bound it already or not', () => {
    const { logger, raw } = captured();
    deviceLogger(logger.child({ device: 'shoe' }), 'shoe', { kind: 'pcsc-shoe' }).warn('shoe offline');
    deviceLogger(logger, 'board').warn('board offline');
    expect(raw[0]!.match(/"device":/g)).toHaveLength(1);
    expect(raw[0]).toContain('"kind":"pcsc-shoe"');
    expect(raw[1]!.match(/"device":"board"/g)).toHaveLength(1);
  });
});

describe('the terminal format (src/app/terminal-log.ts)', () => {
  const record = {
    level: 50,
    time: Date.UTC(2026, 0, 1, 9, 5, 7),
    device: 'board',
    msg: 'device lost',
    detail: 'port closed',
    err: {
      type: 'Error',
      message: 'EIO',
      stack: 'Error: EIO\n    at read (serial.ts:10:5)\n    at tick (loop.ts:3:1)',
    },
    port: '/dev/ttyACM0',
  };

  it('is one sentence: time, level, device, message, why, the other fields; no trace at info', () => {
    const line = sentence(record, false);
    expect(line).toMatch(/^\d\d:\d\d:\d\d error board: device lost: port closed; EIO \(port \/dev\/ttyACM0\)$/);
    expect(line).not.toContain('\n');
  });

  it('adds the trace under it at debug', () => {
    const out: string[] = [];
    let debug = false;
    const dest = terminalLog({ write: (t) => void out.push(t), showStacks: () => debug });
    dest.write(`${JSON.stringify(record)}\n`);
    debug = true;
    dest.write(`${JSON.stringify(record)}\n`);
    expect(out[0]).not.toContain(' at read');
    expect(out[1]).toContain('\n    at read (serial.ts:10:5)\n    at tick (loop.ts:3:1)\n');
  });
});

describe('files and pins named for a technician', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pokertable-tech-'));

  it('a missing config says "no such file" and its path', () => {
    const missing = join(dir, 'nope.yaml');
    expect(refusal(() => loadTableConfig(missing)).message).toBe(`${missing}: no such file`);
  });

  it("a device definition named in a config is found beside the config, as the config's comment says", () => {
    const venue = join(dir, 'venue');
    mkdirSync(venue, { recursive: true });
    copyFileSync(join(DEVICES_DIR, 'vpcd-shoe.json'), join(venue, 'our-shoe.json'));
    const own = resolveDevice({ name: 'shoe', definition: 'our-shoe.json' }, venue);
    expect(own.simulated === false && own.definition.file).toContain('venue/our-shoe.json');
    // A shipped name still resolves to the shipped file when the config's folder has none.
    const shipped = resolveDevice({ name: 'shoe', definition: 'acr122u-shoe.json' }, venue);
    expect(shipped.simulated === false && shipped.definition.file).toMatch(/devices\/acr122u-shoe\.json$/);
    const none = refusal(() => resolveDevice({ name: 'shoe', definition: 'their-shoe.json' }, venue)).message;
    expect(none).toContain('no such file their-shoe.json, neither beside the config');
    expect(none).toContain('venue/their-shoe.json');
  });

  it('a pin name the board cannot have names the valid range and the file', () => {
    const def = JSON.parse(readFileSync(join(DEVICES_DIR, 'uno-table-9.json'), 'utf8')) as {
      seatSensors: { pin: unknown }[];
    };
    def.seatSensors[0]!.pin = 'D7';
    const file = join(dir, 'bad-pins.json');
    writeFileSync(file, JSON.stringify(def));
    const message = refusal(() =>
      resolveDevice({ name: 'board', definition: file, port: '/dev/ttyACM0' }, dir),
    ).message;
    expect(message).toContain(file);
    expect(message).toContain('/seatSensors/0/pin');
    expect(message).toContain('got "D7": an Arduino Uno ("board": "uno") has pins 0 to 19 and A0 to A5');
  });

  it("pcscd advice is one sentence, the table's and the doctor's", () => {
    expect(pcscdAdvice('pcscd is not running (no /run/pcscd/pcscd.comm)')).toContain(
      '`sudo systemctl enable --now pcscd.socket`',
    );
    expect(pcscdAdvice('no permission to use /run/pcscd/pcscd.comm')).toContain('group that may use pcscd');
  });
});

describe.skipIf(mosquittoMissing() !== null)('the room and an unreachable broker', () => {
  it('says so once in a sentence, retries quietly, and says when it is back', async () => {
    const broker = await startMosquitto();
    cleanups.push(() => broker.dispose());
    await broker.stop();
    const { logger, records } = captured();
    const service = startRoomService({
      config: loadRoomConfig(writeRoomConfig(broker.url).file),
      profiles: loadRoomProfiles(),
      logger,
      clock: fakeClock(1_000_000),
      mqttOptions: { reconnectPeriod: 20 },
    });
    cleanups.push(() => service.close());
    const unreachable = () => records().filter((r) => String(r.msg).includes('broker'));
    await waitFor(() => unreachable().filter((r) => r.level === 20).length >= 3, 'three quiet retries');
    const warnings = unreachable().filter((r) => r.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toBe(
      `the room's broker at ${broker.url} does not answer: check that the broker runs and that mqtt.url in room.yaml ` +
        'names it; the room keeps trying quietly and says when it is connected',
    );
    await broker.start();
    await waitFor(() => unreachable().some((r) => String(r.msg).includes('again')), 'the room back on its broker');
  });
});
