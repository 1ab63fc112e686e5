// The Firmata adapter's logic with an injected connection (no board): input edges, output diffing, reconnects,
// definition checks; the simulated twin against the real engine; the shipped device files against their schemas.
import { readdirSync, readFileSync } from 'node:fs';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { DEVICES_DIR, loadDeviceDefinition } from '../../src/config/devices.ts';
import { loadProfiles } from '../../src/config/profiles.ts';
import { createTable } from '../../src/domain/table.ts';
import { createFirmataBoard } from '../../src/hardware/firmata/board.ts';
import type { ConnectionOptions, FirmataConnection } from '../../src/hardware/firmata/connection.ts';
import type { FirmataBoardDefinition, SeatSensor } from '../../src/hardware/firmata/definition.ts';
import { analogOccupied, digitalActive } from '../../src/hardware/firmata/levels.ts';
import { backoffDelay } from '../../src/hardware/serial/reconnect.ts';
import { createSimulatedBoard } from '../../src/hardware/firmata/simulated.ts';
import type { Device } from '../../src/hardware/types.ts';
import type { RawInput } from '../../src/runtime/types.ts';
import { seatSnap, tableSnap } from '../helpers/snapshot.ts';
import { openPtyPair, requireSocat, waitFor } from '../helpers/pty.ts';
import { numberedTable } from '../helpers/numbered-table.ts';

const logger = pino({ level: 'silent' });

describe('input levels', () => {
  it.each([
    { input: {}, reading: 1, active: true },
    { input: {}, reading: 0, active: false },
    { input: { pullup: true }, reading: 0, active: true },
    { input: { pullup: true }, reading: 1, active: false },
    { input: { pullup: true, activeLow: false }, reading: 1, active: true },
    { input: { activeLow: true }, reading: 0, active: true },
  ])('digital $input reading $reading → $active', ({ input, reading, active }) => {
    expect(digitalActive(input, reading)).toBe(active);
  });

  const pad: Extract<SeatSensor, { type: 'analog' }> = {
    seat: 1,
    type: 'analog',
    pin: 'A0',
    threshold: 500,
    hysteresis: 100,
  };
  it.each([
    { sensor: pad, reading: 551, previous: null, occupied: true },
    { sensor: pad, reading: 550, previous: false, occupied: false },
    { sensor: pad, reading: 450, previous: true, occupied: true },
    { sensor: pad, reading: 449, previous: true, occupied: false },
    { sensor: pad, reading: 500, previous: null, occupied: false },
    { sensor: { ...pad, occupiedWhen: 'below' as const }, reading: 300, previous: null, occupied: true },
    { sensor: { ...pad, occupiedWhen: 'below' as const }, reading: 700, previous: true, occupied: false },
    { sensor: { ...pad, hysteresis: undefined }, reading: 511, previous: false, occupied: true },
  ])('analog $reading (was $previous) → $occupied', ({ sensor, reading, previous, occupied }) => {
    expect(analogOccupied(sensor, reading, previous)).toBe(occupied);
  });

  it('backs off exponentially up to the maximum', () => {
    const b = { initialMs: 500, maxMs: 30_000 };
    expect([1, 2, 3, 4, 7, 20].map((n) => backoffDelay(b, n))).toEqual([500, 1000, 2000, 4000, 30_000, 30_000]);
  });
});

interface FakeConnection extends FirmataConnection {
  opts: ConnectionOptions;
  writes: [string | number, boolean][];
  drawn: [number, string][];
  lit: boolean[];
}

function fakeBoard(def: FirmataBoardDefinition, failFirst = 0) {
  const connections: FakeConnection[] = [];
  let attempts = 0;
  const connect = async (opts: ConnectionOptions): Promise<FirmataConnection> => {
    attempts++;
    if (attempts <= failFirst) throw new Error(`cannot open ${opts.path}: No such file or directory`);
    const conn: FakeConnection = {
      opts,
      writes: [],
      drawn: [],
      lit: [],
      firmware: 'StandardFirmata.ino 2.4',
      setPin: (pin, high) => void conn.writes.push([pin, high]),
      digits: { draw: (p, c) => void conn.drawn.push([p, c]), light: (on) => void conn.lit.push(on) },
      close: async () => {},
    };
    connections.push(conn);
    return conn;
  };
  const inputs: RawInput[] = [];
  let now = 1_000_000;
  const board = createFirmataBoard({ name: 'board', port: '/dev/ttyFAKE' }, def, {
    connect,
    backoff: { initialMs: 5, maxMs: 20 },
    refreshMs: 10_000,
  });
  const ctx = { submit: (i: RawInput) => void inputs.push(i), logger, now: () => now };
  return { board, ctx, inputs, connections, setNow: (t: number) => (now = t) };
}

const def: FirmataBoardDefinition = {
  kind: 'firmata-board',
  seatSensors: [
    { seat: 1, type: 'digital', pin: 2 },
    { seat: 2, type: 'analog', pin: 'A0', threshold: 500 },
  ],
  panel: { shuffle: { pin: 4, pullup: true }, exposed: { pin: 5, pullup: true }, clock: { pin: 6 } },
  seatButtons: [{ seat: 2, button: 'timebank', pin: 7 }],
  seatLeds: [
    { seat: 1, role: 'action', pin: 9 },
    { seat: 2, role: 'absent', pin: 10, activeLow: true },
  ],
  shotClock: { data: 12, clock: 11, cs: 13 },
};

describe('Firmata board adapter (injected connection)', () => {
  const started: Device[] = [];
  afterEach(async () => {
    while (started.length) await started.pop()!.stop();
  });

  it('passes the pin map and defaults to the connection', async () => {
    const { board, ctx, connections } = fakeBoard(def);
    started.push(board);
    await board.start(ctx);
    const { opts } = connections[0]!;
    expect(opts).toMatchObject({
      path: '/dev/ttyFAKE',
      baudRate: 57600,
      samplingIntervalMs: 19,
      inputIntervalMs: 25,
      readyTimeoutMs: 10_000,
    });
    expect(opts.inputs).toEqual([
      { key: 'seat:1', pin: 2, analog: false, pullup: false },
      { key: 'seat:2', pin: 'A0', analog: true, pullup: false },
      { key: 'panel:shuffle', pin: 4, analog: false, pullup: true },
      { key: 'panel:exposed', pin: 5, analog: false, pullup: true },
      { key: 'panel:clock', pin: 6, analog: false, pullup: false },
      { key: 'seat-button:2:timebank', pin: 7, analog: false, pullup: false },
    ]);
    expect(opts.outputs).toEqual([9, 10]);
    expect(opts.digits).toEqual({ data: 12, clock: 11, cs: 13, digits: 2, brightness: 60 });
  });

  it('submits seat levels on change only and button presses on the edge only', async () => {
    const { board, ctx, inputs, connections } = fakeBoard(def);
    started.push(board);
    await board.start(ctx);
    const read = connections[0]!.opts.onReading;
    inputs.length = 0;
    for (const [key, v] of [
      ['seat:1', 0],
      ['seat:1', 0],
      ['seat:1', 1],
      ['seat:1', 1],
      ['seat:2', 600],
      ['seat:2', 495],
      ['seat:2', 480],
    ] as const)
      read(key, v);
    // pull-up buttons: 0 is pressed. A button held at connect is no press; the next press is.
    for (const [key, v] of [
      ['panel:shuffle', 0],
      ['panel:shuffle', 1],
      ['panel:shuffle', 0],
      ['panel:shuffle', 0],
      ['panel:exposed', 1],
      ['panel:exposed', 0],
      ['panel:clock', 0],
      ['panel:clock', 1],
      ['seat-button:2:timebank', 0],
      ['seat-button:2:timebank', 1],
      ['unknown', 1],
    ] as const)
      read(key, v);
    expect(inputs).toEqual([
      { type: 'seat', seat: 1, occupied: false },
      { type: 'seat', seat: 1, occupied: true },
      { type: 'seat', seat: 2, occupied: true },
      { type: 'seat', seat: 2, occupied: false },
      { type: 'shuffle' },
      { type: 'panel', button: 'exposed' },
      { type: 'clock-request', by: 'dealer' },
      { type: 'timebank', seat: 2 },
    ]);
  });

  it('writes only the outputs that changed, and everything again after a reconnect', async () => {
    const { board, ctx, inputs, connections, setNow } = fakeBoard(def);
    started.push(board);
    await board.start(ctx);
    const first = connections[0]!;
    // Before any snapshot: everything dark (the absent LED is active-low: dark is HIGH), digits blank.
    expect(first.writes).toEqual([
      [9, false],
      [10, true],
    ]);
    expect(first.drawn).toEqual([
      [0, ' '],
      [1, ' '],
    ]);
    const snap = tableSnap({
      onAction: { seat: 1, street: 'flop', deadline: null },
      seatInfo: [
        seatSnap(1, { player: 'a', present: true }),
        seatSnap(2, { player: 'b', present: false }),
        seatSnap(3),
      ],
      clock: { kind: 'shot-clock', seat: 1, deadline: 1_025_000, countdownAt: null },
    });
    board.render!([], snap);
    board.render!([], snap);
    expect(first.writes).toEqual([
      [9, false],
      [10, true],
      [9, true],
      [10, false],
    ]);
    expect(first.drawn.slice(2)).toEqual([
      [0, '2'],
      [1, '5'],
    ]);
    setNow(1_001_500); // 23.5 s left: only the last digit changes
    board.render!([], snap);
    expect(first.drawn.slice(4)).toEqual([[1, '4']]);

    inputs.length = 0;
    first.opts.onLost('/dev/ttyFAKE disconnected');
    expect(inputs).toEqual([{ type: 'device', device: 'board', online: false, detail: '/dev/ttyFAKE disconnected' }]);
    await waitFor(() => connections.length === 2, 'the reconnect');
    const second = connections[1]!;
    expect(inputs[1]).toEqual({
      type: 'device',
      device: 'board',
      online: true,
      detail: 'StandardFirmata.ino 2.4 on /dev/ttyFAKE',
    });
    expect(second.writes).toEqual([
      [9, true],
      [10, false],
    ]);
    expect(second.drawn).toEqual([
      [0, '2'],
      [1, '4'],
    ]);
    expect(second.lit).toEqual([true]);
  });

  it('reports a missing board offline once while retrying, then online', async () => {
    const { board, ctx, inputs, connections } = fakeBoard(def, 3);
    started.push(board);
    await board.start(ctx);
    expect(inputs).toEqual([
      { type: 'device', device: 'board', online: false, detail: 'cannot open /dev/ttyFAKE: No such file or directory' },
    ]);
    await waitFor(() => connections.length === 1, 'the fourth attempt');
    expect(inputs.filter((i) => i.type === 'device').map((i) => i.online)).toEqual([false, true]);
  });

  it('turns the outputs dark on stop', async () => {
    const { board, ctx, connections } = fakeBoard(def);
    await board.start(ctx);
    board.render!([], tableSnap({ onAction: { seat: 1, street: 'flop', deadline: null } }));
    await board.stop();
    expect(connections[0]!.writes.at(-1)).toEqual([9, false]);
  });

  it('gives up a handshake in progress when stopped, on a real tty where nothing answers Firmata', async () => {
    if (!requireSocat()) return;
    const pty = await openPtyPair();
    try {
      const inputs: RawInput[] = [];
      // A minute of patience for the handshake: only the abort can end start() within the test's time limit.
      const board = createFirmataBoard({ name: 'board', port: pty.a }, { ...def, readyTimeoutMs: 60_000 });
      const starting = board.start({ submit: (i) => void inputs.push(i), logger, now: () => 0 });
      await new Promise((r) => setTimeout(r, 300));
      await board.stop();
      await starting;
      expect(inputs).toEqual([]);
    } finally {
      await pty.close();
    }
  }, 20_000);

  it('refuses a pin used twice and a board without a port', async () => {
    expect(() =>
      createFirmataBoard(
        { name: 'b', file: 'devices/x.json' },
        { ...def, seatLeds: [{ seat: 1, role: 'dead', pin: 2 }] },
      ),
    ).toThrow(
      expect.objectContaining({
        code: 'DEVICE_INVALID',
        message:
          "devices/x.json: /seatLeds/0/pin: pin 2 is already seat 1's sensor (/seatSensors/0/pin): give seat 1's dead LED a pin of its own",
      }),
    );
    expect(() =>
      createFirmataBoard(
        { name: 'b' },
        {
          kind: 'firmata-board',
          seatSensors: [{ seat: 1, type: 'analog', pin: 'a1', threshold: 1 }],
          panel: { fold: { pin: 'A1' } },
        },
      ),
    ).toThrow(/\/panel\/fold\/pin: pin A1 is already seat 1's sensor/);
    // On a known board, "A0" and its digital number are one pin.
    expect(() =>
      createFirmataBoard(
        { name: 'b' },
        {
          kind: 'firmata-board',
          board: 'uno',
          seatSensors: [{ seat: 1, type: 'analog', pin: 'A0', threshold: 1 }],
          seatLeds: [{ seat: 1, role: 'dead', pin: 14 }],
        },
      ),
    ).toThrow(/\/seatLeds\/0\/pin: pin 14 is already seat 1's sensor \(\/seatSensors\/0\/pin\)/);
    expect(() =>
      createFirmataBoard(
        { name: 'b' },
        {
          kind: 'firmata-board',
          board: 'mega',
          seatSensors: [{ seat: 1, type: 'analog', pin: 'A0', threshold: 1 }],
          seatLeds: [{ seat: 1, role: 'dead', pin: 14 }],
        },
      ),
    ).not.toThrow();
    await expect(
      createFirmataBoard({ name: 'b' }, def).start({ submit: () => {}, logger, now: () => 0 }),
    ).rejects.toMatchObject({ code: 'DEVICE_INVALID' });
  });
});

describe('simulated board with the real engine', () => {
  it('drives seats and buttons as inputs and shows the engine state on its LEDs and digits', async () => {
    const table = numberedTable(createTable({ profiles: loadProfiles() }));
    let now = 0;
    const sim = createSimulatedBoard({ name: 'board', digits: 2 });
    await sim.start({
      submit: (input) => {
        const events = table.apply({ ...input, at: now });
        sim.render!(events, table.snapshot());
      },
      logger,
      now: () => now,
    });
    table.apply({ type: 'command', name: 'setup', seats: 3, profile: 'tda', at: 0 });
    for (const seat of [1, 2]) table.apply({ type: 'command', name: 'seat-player', seat, player: `p${seat}`, at: 0 });
    sim.render!([], table.snapshot());
    // Seated but never seen by a sensor: absent.
    expect(sim.lights(1).absent).toBe(true);
    sim.setSeat(1, true);
    now = 300;
    sim.setSeat(1, false); // a flap shorter than the debounce: still absent
    now = 2000;
    sim.setSeat(1, true);
    now = 3500;
    sim.render!(table.apply({ type: 'tick', at: now }), table.snapshot());
    expect(sim.lights(1).absent).toBe(false);
    expect(sim.lights(2).absent).toBe(true);
    expect(sim.lights(3).absent).toBe(false); // nobody seated there
    expect(sim.digits()).toEqual({ text: '  ', lit: true });
    sim.unplug();
    expect(sim.online).toBe(false);
    expect(table.snapshot().seq).toBeGreaterThan(0);
  });
});

describe('shipped device files', () => {
  const files = readdirSync(DEVICES_DIR).filter((f) => f.endsWith('.json'));
  const kindOf = (f: string): unknown =>
    (JSON.parse(readFileSync(`${DEVICES_DIR}/${f}`, 'utf8')) as { kind?: unknown }).kind;
  const mine = files.filter((f) => kindOf(f) === 'firmata-board' || kindOf(f) === 'serial-display');
  it('validate against their schemas, with defaults filled in, and have no pin conflicts', () => {
    expect(mine.sort()).toEqual(['mega-table-9.json', 'serial-clock-board.json', 'uno-table-9.json']);
    for (const f of mine) {
      const d = loadDeviceDefinition(`${DEVICES_DIR}/${f}`);
      if (d.kind === 'firmata-board') {
        const spec = d.spec as unknown as FirmataBoardDefinition;
        expect(spec.samplingIntervalMs).toBe(19);
        expect(() => createFirmataBoard({ name: f, port: '/dev/null' }, spec)).not.toThrow();
      }
    }
  });

  it('name the field of a mistake', () => {
    const bad = (spec: Record<string, unknown>) => {
      const file = `${process.env.TMPDIR ?? '/tmp'}/pokertable-bad-${process.pid}-${Math.random().toString(36).slice(2)}.json`;
      return import('node:fs').then(({ writeFileSync, rmSync }) => {
        writeFileSync(file, JSON.stringify(spec));
        try {
          loadDeviceDefinition(file);
          return null;
        } catch (err) {
          return err as Error & { code: string };
        } finally {
          rmSync(file);
        }
      });
    };
    return Promise.all([
      bad({ kind: 'firmata-board', seatSensors: [{ seat: 1, type: 'analog', pin: 'A0' }] }),
      bad({ kind: 'firmata-board', seatLeds: [{ seat: 1, role: 'blinking', pin: 3 }] }),
      bad({ kind: 'serial-display', baudRate: 1234 }),
      bad({ kind: 'firmata-board', shotClock: { data: 'D7', clock: 3, cs: 4 } }),
    ]).then((errors) => {
      for (const err of errors) expect(err?.code).toBe('DEVICE_INVALID');
      expect(errors[0]?.message).toMatch(/seatSensors\/0/);
      expect(errors[1]?.message).toMatch(/seatLeds\/0\/role/);
      expect(errors[2]?.message).toMatch(/baudRate/);
      expect(errors[3]?.message).toMatch(/shotClock\/data/);
    });
  });
});
