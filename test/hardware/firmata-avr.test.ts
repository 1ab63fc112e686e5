// The Firmata board adapter against the real StandardFirmata firmware running in avr8js, reached through a socat pty
// pair and serialport 13 (the path a real /dev/ttyACM0 takes). Pins are driven and read on the emulated chip.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableSnapshot } from '../../src/domain/snapshot/types.ts';
import { createFirmataBoard } from '../../src/hardware/firmata/board.ts';
import type { FirmataBoardDefinition } from '../../src/hardware/firmata/definition.ts';
import type { Device } from '../../src/hardware/types.ts';
import type { RawInput } from '../../src/runtime/types.ts';
import { firmataHexAvailable, FIRMATA_HEX } from '../helpers/avr.ts';
import { wireUno, type WiredUno } from '../helpers/avr-bridge.ts';
import { seatSnap, tableSnap } from '../helpers/snapshot.ts';
import { openPtyPair, requireSocat, waitFor, type PtyPair } from '../helpers/pty.ts';

const MAX_PINS = { data: 12, clock: 11, cs: 10 };
// Waits on the emulated board get a generous limit: a loaded CI machine runs the emulator slower than real time.
const SLOW = 15_000;
const definition: FirmataBoardDefinition = {
  kind: 'firmata-board',
  board: 'uno',
  seatSensors: [
    { seat: 1, type: 'digital', pin: 2 },
    { seat: 2, type: 'digital', pin: 3, pullup: true },
    { seat: 3, type: 'analog', pin: 'A0', threshold: 512, hysteresis: 100 },
  ],
  // `check` on A5 used as a digital pin (19 on an Uno).
  panel: {
    shuffle: { pin: 4, pullup: true },
    clock: { pin: 5, pullup: true },
    fold: { pin: 6, pullup: true },
    check: { pin: 'A5', pullup: true },
  },
  seatButtons: [
    { seat: 1, button: 'timebank', pin: 7, pullup: true },
    { seat: 2, button: 'clock', pin: 8, pullup: true },
  ],
  seatLeds: [
    { seat: 1, role: 'action', pin: 9 },
    { seat: 2, role: 'action', pin: 13 },
    { seat: 2, role: 'dead', pin: 15 },
    { seat: 3, role: 'button', pin: 16 },
    { seat: 2, role: 'absent', pin: 17, activeLow: true },
    { seat: 1, role: 'smallBlind', pin: 'A4' },
  ],
  shotClock: { ...MAX_PINS, digits: 2 },
};

// Buttons wired to ground with the pull-up on rest HIGH.
const idle = (uno: WiredUno['uno']): void => {
  for (const pin of [3, 4, 5, 6, 7, 8, 19]) uno.setPin(pin, true);
};

const hexReady = firmataHexAvailable();
if (!hexReady && process.env.CI) throw new Error(`${FIRMATA_HEX} missing: run test/helpers/fetch-firmata.sh first`);
if (!hexReady) console.warn(`skipping Firmata tests: ${FIRMATA_HEX} missing (run test/helpers/fetch-firmata.sh)`);
const run = hexReady && requireSocat();

describe.skipIf(!run)('Firmata board on StandardFirmata in avr8js over a pty', () => {
  let pty: PtyPair;
  let wired: WiredUno;
  let board: Device;
  const inputs: RawInput[] = [];
  const logger = pino({ level: 'silent' });
  const ctx = { submit: (i: RawInput) => void inputs.push(i), logger, now: () => Date.now() };

  const after = (mark: number) => inputs.slice(mark);
  const waitInput = async (mark: number, match: Partial<RawInput>, what: string): Promise<void> =>
    waitFor(() => after(mark).some((i) => Object.entries(match).every(([k, v]) => i[k] === v)), what, SLOW);

  beforeAll(async () => {
    pty = await openPtyPair();
    wired = await wireUno(pty.b, { max7219: MAX_PINS, setup: idle });
    board = createFirmataBoard({ name: 'board', port: pty.a }, definition, { backoff: { initialMs: 100, maxMs: 400 } });
    await board.start(ctx);
  });

  afterAll(async () => {
    await board?.stop();
    await wired?.stop();
    await pty?.close();
  });

  it('comes online with the firmware it found and reports every seat sensor once', async () => {
    // Beside other CPU-bound files the emulated Uno can miss the first handshake's window: the board then reports
    // offline and comes online on its next attempt, which is what a slow board does at a table too.
    const online = () => inputs.find((i) => i.type === 'device' && i.online);
    await waitFor(() => online() !== undefined, 'the board online', 2 * SLOW);
    expect(online()).toMatchObject({ type: 'device', device: 'board', online: true });
    expect(String(online()?.detail)).toMatch(/StandardFirmata.*2\.4/);
    await waitFor(
      () => [1, 2, 3].every((seat) => inputs.some((i) => i.type === 'seat' && i.seat === seat)),
      'initial seat levels',
      SLOW,
    );
    expect(inputs.filter((i) => i.type === 'seat')).toEqual([
      expect.objectContaining({ occupied: false }),
      expect.objectContaining({ occupied: false }),
      expect.objectContaining({ occupied: false }),
    ]);
  }, 60_000);

  it('turns seat sensor levels into raw seat inputs (digital, pull-up, analog with a dead band)', async () => {
    let mark = inputs.length;
    wired.uno.setPin(2, true);
    await waitInput(mark, { type: 'seat', seat: 1, occupied: true }, 'seat 1 occupied');
    wired.uno.setPin(3, false); // a switch to ground closes: occupied
    await waitInput(mark, { type: 'seat', seat: 2, occupied: true }, 'seat 2 occupied');
    wired.uno.setAnalog(0, 4.0); // ≈ 818 > 562
    await waitInput(mark, { type: 'seat', seat: 3, occupied: true }, 'seat 3 occupied');

    mark = inputs.length;
    wired.uno.setAnalog(0, 2.6); // ≈ 532: inside the dead band, stays occupied
    wired.uno.setPin(2, false);
    await waitInput(mark, { type: 'seat', seat: 1, occupied: false }, 'seat 1 vacant');
    wired.uno.setAnalog(0, 1.0); // ≈ 205 < 462
    await waitInput(mark, { type: 'seat', seat: 3, occupied: false }, 'seat 3 vacant');
    // Between the two: nothing for seat 3 but the final vacant (the dead band held).
    expect(after(mark).filter((i) => i.seat === 3)).toEqual([{ type: 'seat', seat: 3, occupied: false }]);
    wired.uno.setPin(3, true);
    await waitInput(mark, { type: 'seat', seat: 2, occupied: false }, 'seat 2 vacant');
  });

  it('turns panel and seat button presses into inputs, once per press', async () => {
    const press = async (pin: number, match: Partial<RawInput>, what: string): Promise<void> => {
      const mark = inputs.length;
      wired.uno.setPin(pin, false);
      await waitInput(mark, match, what);
      wired.uno.setPin(pin, true);
      // Held until seen, released: the release itself is no input.
      await new Promise((r) => setTimeout(r, 120));
      expect(after(mark).filter((i) => i.type !== 'device')).toEqual([match]);
    };
    await press(4, { type: 'shuffle' }, 'shuffle');
    await press(5, { type: 'clock-request', by: 'dealer' }, 'dealer clock');
    await press(6, { type: 'panel', button: 'fold' }, 'fold');
    await press(19, { type: 'panel', button: 'check' }, 'check (on A5)');
    await press(7, { type: 'timebank', seat: 1 }, 'time bank');
    await press(8, { type: 'clock-request', by: 'seat', seat: 2 }, 'seat clock request');
  });

  const handSnap = (now: number): TableSnapshot =>
    tableSnap({
      hand: 1,
      phase: 'betting',
      street: 'preflop',
      button: 3,
      smallBlind: 1,
      bigBlind: 2,
      onAction: { seat: 1, street: 'preflop', deadline: now + 25_000 },
      seatInfo: [
        seatSnap(1, { player: 'ann', present: true, dealtIn: true }),
        seatSnap(2, { player: 'bob', present: false, dealtIn: true, dead: true }),
        seatSnap(3, { player: 'cid', present: true, dealtIn: true }),
      ],
      clock: { kind: 'clock', seat: 1, deadline: now + 25_000, countdownAt: now + 20_000 },
    });

  it('lights the seat LEDs and shows the clock call on the MAX7219 after render', async () => {
    const { uno } = wired;
    const max = wired.max!;
    board.render!([], handSnap(Date.now()));
    await waitFor(
      () => uno.output(9) && uno.output(15) && uno.output(16) && !uno.output(17) && uno.output(18),
      'LEDs lit',
      SLOW,
    );
    expect(uno.output(13)).toBe(false);
    expect([9, 13, 15, 16, 17].every((p) => uno.isOutput(p))).toBe(true);
    await waitFor(() => /^2[45]$/.test(max.visible(2)), 'digits showing 25 or 24', SLOW);
    expect(max.shutdown).toBe(false);
    // Two digits wired: two scanned (full brightness), intensity 60 % of 15.
    expect(max.scanned).toBe(2);
    expect(max.intensity).toBe(9);

    // Action moves to seat 2; the clock call ends; seat 2 comes back.
    const next = handSnap(Date.now());
    next.onAction = { seat: 2, street: 'preflop', deadline: null };
    next.clock = null;
    next.seatInfo[1] = seatSnap(2, { player: 'bob', present: true, dealtIn: true, dead: false });
    board.render!([], next);
    await waitFor(() => !uno.output(9) && uno.output(13) && !uno.output(15) && uno.output(17), 'LEDs moved', SLOW);
    await waitFor(() => max.text(2) === '  ', 'digits blank', SLOW);
  });

  it('counts down and blinks in the countdown on its own refresh timer', async () => {
    const max = wired.max!;
    const now = Date.now();
    const snap = handSnap(now);
    snap.clock = { kind: 'clock', seat: 1, deadline: now + 2600, countdownAt: now };
    board.render!([], snap);
    const seen = new Set<string>();
    const dark = new Set<boolean>();
    const off = max.onLatch(() => {
      seen.add(max.text(2));
      dark.add(max.shutdown);
    });
    await waitFor(() => max.text(2) === ' 0' && !max.shutdown, 'the countdown to reach 0', SLOW);
    off();
    // Without another render: 3, 2, 1 came from the refresh timer, and the display went dark and lit again.
    expect([...seen]).toEqual(expect.arrayContaining([' 2', ' 1', ' 0']));
    expect([...dark].sort()).toEqual([false, true]);
    board.render!([], tableSnap());
    await waitFor(() => max.visible(2) === '  ' && !max.shutdown, 'blank and lit after the clock', SLOW);
  });

  it('reports a pulled cable, reconnects with backoff to a freshly reset board, and re-sends every output', async () => {
    const mark = inputs.length;
    const snap = handSnap(Date.now());
    snap.clock = { kind: 'clock', seat: 1, deadline: Date.now() + 60_000, countdownAt: null };
    board.render!([], snap);
    await waitFor(() => wired.uno.output(9) && wired.max!.text(2) !== '  ', 'outputs before the unplug', SLOW);

    expect(wired.uno.overruns()).toBe(0);
    await wired.stop();
    await pty.unplug();
    await waitInput(mark, { type: 'device', online: false }, 'device offline');
    expect(after(mark).filter((i) => i.type === 'device')).toHaveLength(1);

    // The board is back, reset (as a real Uno is on reconnect): all pins low, the MAX7219 shut down.
    await pty.plug();
    wired = await wireUno(pty.b, { max7219: MAX_PINS, setup: idle });
    expect(wired.uno.output(9)).toBe(false);
    await waitInput(mark, { type: 'device', online: true }, 'device online again');
    await waitFor(
      () => wired.uno.output(9) && wired.uno.output(15) && wired.uno.output(16) && !wired.uno.output(17),
      'LEDs re-sent',
      SLOW,
    );
    await waitFor(() => /^[56][0-9]$/.test(wired.max!.visible(2)), 'digits re-sent', SLOW);
    expect(
      after(mark)
        .filter((i) => i.type === 'device')
        .map((i) => i.online),
    ).toEqual([false, true]);
    // Inputs work again on the new connection.
    const m2 = inputs.length;
    wired.uno.setPin(2, true);
    await waitInput(m2, { type: 'seat', seat: 1, occupied: true }, 'seat 1 after reconnect');
  });

  it('turns every LED dark and blanks the digits on stop', async () => {
    const snap = handSnap(Date.now());
    board.render!([], snap);
    await waitFor(() => wired.uno.output(9) && wired.max!.text(2) !== '  ', 'outputs lit', SLOW);
    await board.stop();
    await waitFor(
      () => !wired.uno.output(9) && !wired.uno.output(15) && !wired.uno.output(16) && wired.uno.output(17),
      'LEDs dark',
      SLOW,
    );
    await waitFor(() => wired.max!.visible(2) === '  ', 'digits blank', SLOW);
    // Every byte the table sent was read by the firmware (none overwritten in the emulated UART).
    expect(wired.uno.overruns()).toBe(0);
  });
});
