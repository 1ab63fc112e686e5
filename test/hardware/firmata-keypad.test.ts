// The wired panel's amount keypad: the entry rules (pure), the adapter with an injected connection, and the whole
// path on the real StandardFirmata firmware in avr8js over a pty: a VKey's voltage on an analog pin → johnny-five's
// Keypad → a `raise` with `to`.
import { TEST_DIR } from '../helpers/paths.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProfiles } from '../../src/config/profiles.ts';
import { createTable } from '../../src/domain/table.ts';
import { NO_AMOUNT, pressKey, raisePress, VKEY_KEYS, type AmountEntry } from '../../src/hardware/firmata/amount.ts';
import { createFirmataBoard } from '../../src/hardware/firmata/board.ts';
import type { ConnectionOptions, FirmataConnection } from '../../src/hardware/firmata/connection.ts';
import type { FirmataBoardDefinition } from '../../src/hardware/firmata/definition.ts';
import { pinProblems } from '../../src/hardware/firmata/pins.ts';
import { createSimulatedBoard } from '../../src/hardware/firmata/simulated.ts';
import type { Device } from '../../src/hardware/types.ts';
import type { RawInput } from '../../src/runtime/types.ts';
import { firmataHexAvailable } from '../helpers/avr.ts';
import { numberedTable } from '../helpers/numbered-table.ts';
import { wireUno, type WiredUno } from '../helpers/avr-bridge.ts';
import { openPtyPair, requireSocat, waitFor, type PtyPair } from '../helpers/pty.ts';
import { tableSnap } from '../helpers/snapshot.ts';

const type = (keys: string[], seat: number | null, from: AmountEntry = NO_AMOUNT): AmountEntry =>
  keys.reduce((e, k) => pressKey(e, k, seat), from);
const onAction = (seat: number) =>
  tableSnap({ hand: 1, phase: 'betting', street: 'flop', onAction: { seat, street: 'flop', deadline: null } });

describe('keypad amount entry', () => {
  it.each([
    { keys: ['6', '0', '0', 'enter'], to: 600 },
    { keys: ['0', '0', '7', '5', 'enter'], to: 75 },
    { keys: ['1', '2', 'clear', '3', 'enter'], to: 3 },
    { keys: ['5', 'enter', '8', 'enter'], to: 8 },
    { keys: ['1', '0', '0', '0', '0', '0', '0', '0', '0', '0', 'enter'], to: 1_000_000_000 },
    { keys: ['0', 'enter'], to: null },
    { keys: ['enter'], to: null },
    { keys: ['4', '0', '0'], to: null },
    { keys: ['4', 'enter', 'clear'], to: null },
    { keys: ['2', '0', '0', '0', '0', '0', '0', '0', '0', '0', 'enter'], to: null },
  ])('$keys → to $to', ({ keys, to }) => {
    const entry = type(keys, 3);
    const press = raisePress(entry, 3);
    expect(press.input).toEqual(
      to === null ? { type: 'panel', button: 'raise' } : { type: 'panel', button: 'raise', to },
    );
    expect(press.entry).toEqual(NO_AMOUNT);
  });

  it('serves the seat on action at enter only, and one press only', () => {
    const entry = type(['9', '0', '0', 'enter'], 3);
    expect(raisePress(entry, 4)).toEqual({ input: { type: 'panel', button: 'raise' }, entry: NO_AMOUNT, dropped: 900 });
    const used = raisePress(entry, 3);
    expect(used.input).toEqual({ type: 'panel', button: 'raise', to: 900 });
    expect(raisePress(used.entry, 3).input).toEqual({ type: 'panel', button: 'raise' });
  });

  it('keys 11 digits long stop at the contract limit, unknown keys change nothing', () => {
    expect(type(['1', '2', '3', '4', '5', '6', '7', '8', '9', '1', '2'], 1).typed).toBe('1234567891');
    expect(type(['1', 'hold', '2'], 1).typed).toBe('12');
  });

  it('puts the keypad pin in the pin map (an analog pin used twice is refused)', () => {
    const def: FirmataBoardDefinition = {
      kind: 'firmata-board',
      board: 'uno',
      seatSensors: [{ seat: 1, type: 'analog', pin: 'A1', threshold: 500 }],
      keypad: { pin: 'A1' },
    };
    expect(pinProblems(def)).toEqual([
      { field: '/keypad/pin', message: expect.stringContaining("is already seat 1's sensor") },
    ]);
    expect(pinProblems({ ...def, keypad: { pin: 'A9' } })).toEqual([
      { field: '/keypad/pin', message: expect.stringContaining('not an analog input of an Arduino Uno') },
    ]);
  });
});

describe('keypad on the board adapter (injected connection)', () => {
  it('passes the keypad to the connection and turns keys and a raise press into a raise with to', async () => {
    let conn: ConnectionOptions | null = null;
    const connect = async (opts: ConnectionOptions): Promise<FirmataConnection> => {
      conn = opts;
      return { firmware: 'fake', setPin: () => undefined, digits: null, close: async () => {} };
    };
    const def: FirmataBoardDefinition = {
      kind: 'firmata-board',
      panel: { raise: { pin: 25, pullup: true }, fold: { pin: 26, pullup: true } },
      keypad: { pin: 'A9' },
    };
    const board = createFirmataBoard({ name: 'board', port: '/dev/ttyFAKE' }, def, { connect, refreshMs: 60_000 });
    const inputs: RawInput[] = [];
    await board.start({ submit: (i) => void inputs.push(i), logger: pino({ level: 'silent' }), now: () => 0 });
    const opts = conn as unknown as ConnectionOptions;
    expect(opts.keypad).toEqual({ pin: 'A9', keys: VKEY_KEYS });
    const press = (button: string): void => {
      opts.onReading(`panel:${button}`, 0);
      opts.onReading(`panel:${button}`, 1);
    };
    opts.onReading('panel:raise', 1);
    opts.onReading('panel:fold', 1);
    board.render!([], onAction(3));
    for (const k of ['1', '5', '0', '0', 'enter']) opts.onKey!(k);
    press('fold'); // another button leaves the amount alone
    press('raise');
    press('raise');
    for (const k of ['2', '0', '0', 'enter']) opts.onKey!(k);
    board.render!([], onAction(4));
    press('raise');
    expect(inputs.filter((i) => i.type === 'panel')).toEqual([
      { type: 'panel', button: 'fold' },
      { type: 'panel', button: 'raise', to: 1500 },
      { type: 'panel', button: 'raise' },
      { type: 'panel', button: 'raise' },
    ]);
    await board.stop();
  });
});

// VKEY (johnny-five): key index k reads between 17 + (11 − k)·40 and 17 + (12 − k)·40 on a 5 V, 10-bit ADC.
const volts = (key: string): number => ((17 + (12 - VKEY_KEYS.indexOf(key) - 0.5) * 40) * 5) / 1023;
const SLOW = 15_000;
const run = firmataHexAvailable() && requireSocat();

describe.skipIf(!run)('keypad on StandardFirmata in avr8js over a pty', () => {
  let pty: PtyPair;
  let wired: WiredUno;
  let board: Device;
  const inputs: RawInput[] = [];
  const keys: string[] = [];
  // The adapter logs each key at debug: the test waits for it before the next key, as a dealer waits for the click.
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        const entry = JSON.parse(line) as { msg?: string; key?: string };
        if (entry.msg === 'keypad key' && entry.key) keys.push(entry.key);
      }
      done();
    },
  });
  const logger = pino({ level: 'debug' }, logStream);
  const definition: FirmataBoardDefinition = {
    kind: 'firmata-board',
    board: 'uno',
    panel: { raise: { pin: 4, pullup: true } },
    keypad: { pin: 'A1' },
  };

  beforeAll(async () => {
    pty = await openPtyPair();
    wired = await wireUno(pty.b, { setup: (uno) => uno.setPin(4, true) });
    board = createFirmataBoard({ name: 'board', port: pty.a }, definition, { backoff: { initialMs: 100, maxMs: 400 } });
    await board.start({ submit: (i) => void inputs.push(i), logger, now: () => Date.now() });
  });

  afterAll(async () => {
    await board?.stop();
    await wired?.stop();
    await pty?.close();
  });

  const tap = async (key: string): Promise<void> => {
    const seen = keys.length;
    wired.uno.setAnalog(1, volts(key));
    await waitFor(() => keys.length > seen, `key ${key}`, SLOW);
    wired.uno.setAnalog(1, 0);
    // Released (below the VKey's lowest key) for a few of the firmware's 19 ms samples, in the board's own time, as a
    // finger lifts: without a release sample between two keys johnny-five sees no new press.
    const lifted = wired.uno.millis();
    await waitFor(() => wired.uno.millis() > lifted + 80, `key ${key} released`, SLOW);
    expect(keys.length).toBe(seen + 1);
  };
  const pressRaise = async (): Promise<RawInput> => {
    const mark = inputs.length;
    wired.uno.setPin(4, false);
    await waitFor(() => inputs.slice(mark).some((i) => i.type === 'panel'), 'the raise press', SLOW);
    wired.uno.setPin(4, true);
    const released = wired.uno.millis();
    await waitFor(() => wired.uno.millis() > released + 80, 'the raise button released', SLOW);
    return inputs.slice(mark).find((i) => i.type === 'panel')!;
  };

  it('reads the VKey through johnny-five: 6, 0, 0, enter, then raise sends to 600', async () => {
    await waitFor(() => inputs.some((i) => i.type === 'device' && i.online === true), 'board online', SLOW);
    board.render!([], onAction(2));
    for (const key of ['6', '0', '0', 'enter']) await tap(key);
    expect(keys).toEqual(['6', '0', '0', 'enter']);
    expect(await pressRaise()).toEqual({ type: 'panel', button: 'raise', to: 600 });
  });

  it('clears with *, and a raise without an amount carries none', async () => {
    keys.length = 0;
    for (const key of ['1', '2', 'clear', '3', '5', 'enter']) await tap(key);
    expect(keys).toEqual(['1', '2', 'clear', '3', '5', 'enter']);
    expect(await pressRaise()).toEqual({ type: 'panel', button: 'raise', to: 35 });
    expect(await pressRaise()).toEqual({ type: 'panel', button: 'raise' });
  });
});

describe('keypad on the simulated board with the real engine (chips tracked)', () => {
  it('6 0 0 enter, raise: the engine takes a raise to 600; a short total is corrected by the rules', async () => {
    const table = numberedTable(createTable({ profiles: loadProfiles() }));
    const events: { type: string; [k: string]: unknown }[] = [];
    let now = 0;
    const sim = createSimulatedBoard({ name: 'board' });
    const apply = (input: RawInput) => {
      const batch = table.apply({ ...input, at: now });
      events.push(...(batch as unknown as typeof events));
      sim.render!(batch, table.snapshot());
    };
    await sim.start({ submit: apply, logger: pino({ level: 'silent' }), now: () => now });
    // The opening of test/fixtures/chips-tda46.jsonl: three players of 5,000, blinds 25-50, the button on seat 1.
    const inputs = readFileSync(join(TEST_DIR, 'fixtures/chips-tda46.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as RawInput & { at: number });
    for (const input of inputs.slice(
      0,
      inputs.findIndex((i) => i.type === 'panel'),
    )) {
      if (input.type === 'chips') continue; // no chip reader here: the amounts come from the keypad
      now = input.at;
      apply(input);
    }
    expect(table.snapshot().onAction?.seat).toBe(1);
    for (const k of ['6', '0', '0', 'enter']) sim.key(k);
    now += 500;
    sim.press('raise');
    expect(events.filter((e) => e.type === 'bet.placed').at(-1)).toMatchObject({ seat: 1, action: 'raise', to: 600 });
    // Seat 2 (the small blind) types 700: +100 over 600 is under half the 550 increment, so it is a call (R-BET-INCOMPLETE).
    expect(table.snapshot().onAction?.seat).toBe(2);
    for (const k of ['7', '0', '0', 'enter']) sim.key(k);
    sim.press('raise');
    expect(events.filter((e) => e.type === 'bet.corrected').at(-1)).toMatchObject({
      seat: 2,
      from: 700,
      to: 600,
      rule: 'R-BET-INCOMPLETE',
    });
    expect(events.filter((e) => e.type === 'action').at(-1)).toMatchObject({ seat: 2, action: 'call' });
    // Seat 3: a raise with no amount entered is refused by the rules, as from any panel.
    sim.press('raise');
    expect(events.at(-1)).toMatchObject({ type: 'request.rejected', reason: 'amount-required', seat: 3 });
  });
});
