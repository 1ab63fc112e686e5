// The serial display board shows the pot with chips tracked: fields appended to STATE (docs/serial-board-protocol.md),
// so a board that knows only the first 38 bytes reads what it always read, and a table without chips sends exactly
// the frames it always sent. The adapter and the board emulator over a socat pty pair, as test/hardware/serial-display.test.ts.
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { TableSnapshot } from '../../src/domain/snapshot/types.ts';
import { createSerialDisplay } from '../../src/hardware/serial-board/display.ts';
import { runEmulatorOnPort } from '../../src/hardware/serial-board/emulator-port.ts';
import { renderScreen } from '../../src/hardware/serial-board/emulator.ts';
import { createFrameParser, type Frame } from '../../src/hardware/serial-board/frame.ts';
import { decodeState, encodeState, MSG } from '../../src/hardware/serial-board/messages.ts';
import { boardState, potShown, type BoardState } from '../../src/hardware/serial-board/pot.ts';
import type { RawInput } from '../../src/runtime/types.ts';
import { openPtyPair, requireSocat, waitFor } from '../helpers/pty.ts';
import { seatSnap, tableSnap } from '../helpers/snapshot.ts';

const frameOf = (bytes: Buffer): Frame => {
  const frames: Frame[] = [];
  createFrameParser((f) => frames.push(f)).push(bytes);
  return frames[0]!;
};
const hex = (s: string): Buffer => Buffer.from(s.replace(/\s+/g, ''), 'hex');

// The docs' example STATE: level 4, 200/400 ante 50, 12:34 left; next 300/600 ante 75, 20 min; seat 3 at 25 s.
const example: BoardState = {
  level: { level: 4, isBreak: false, smallBlind: 200, bigBlind: 400, ante: 50, msLeft: 754_000, paused: false },
  next: { level: 5, isBreak: false, smallBlind: 300, bigBlind: 600, ante: 75, minutes: 20 },
  shotClock: { seat: 3, seconds: 25, countdown: false },
};

/** A flop under way with chips tracked: a main pot and a side pot gathered, seat 2 bet 400, seat 3 to call it. */
const chipsHand = (over: Partial<TableSnapshot> = {}): TableSnapshot =>
  tableSnap({
    hand: 7,
    phase: 'betting',
    street: 'flop',
    onAction: { seat: 3, street: 'flop', deadline: null },
    pots: [
      { amount: 1800, seats: [1, 2, 3] },
      { amount: 650, seats: [2, 3] },
    ],
    toCall: 400,
    minRaiseTo: 800,
    seatInfo: [
      seatSnap(1, { player: 'Ann', dealtIn: true, allIn: true, stack: 0, bet: 0 }),
      seatSnap(2, { player: 'Bob', dealtIn: true, stack: 9000, bet: 400 }),
      seatSnap(3, { player: 'Cid', dealtIn: true, stack: 7000, bet: 0 }),
    ],
    ...over,
  });

describe('STATE with the pot', () => {
  it('a table without chips sends the 38 bytes of the documented example, byte for byte', () => {
    expect(encodeState(42, example)).toEqual(
      hex(`02 27 01 00 2a 29 04 00 00 00 c8 00 00 01 90 00 00 00 32 00 0b 81 50
           05 00 00 01 2c 00 00 02 58 00 00 00 4b 00 14 00 19 03 1a 03`),
    );
  });

  it('appends pot, pots and to-call with flag bit 7; a 38-byte board reads the rest as before', () => {
    const state: BoardState = { ...example, chips: { pot: 2850, pots: 2, toCall: 400 } };
    const frame = frameOf(encodeState(42, state));
    expect(frame.type).toBe(MSG.STATE);
    expect(frame.payload).toHaveLength(47);
    expect(frame.payload.readUInt8(2) & 0x80).toBe(0x80);
    expect([...frame.payload.subarray(38)]).toEqual([0, 0, 0x0b, 0x22, 2, 0, 0, 0x01, 0x90]);
    expect(decodeState(frame.payload)).toEqual({ seq: 42, state });
    // An older board: the first 38 bytes, its own flags (bit 7 unknown to it, ignored) and nothing more.
    const old = decodeState(frame.payload.subarray(0, 38));
    expect(old.state).toEqual(example);
    // Between hands the pot is "none"; nobody on action, no call.
    const idle: BoardState = { ...example, chips: { pot: null, pots: 0, toCall: null } };
    const payload = frameOf(encodeState(43, idle)).payload;
    expect([...payload.subarray(38)]).toEqual([0xff, 0xff, 0xff, 0xff, 0, 0xff, 0xff, 0xff, 0xff]);
    expect(decodeState(payload).state).toEqual(idle);
  });

  it.each([
    { what: 'chips not tracked', snap: tableSnap(), shown: undefined },
    { what: 'between hands', snap: tableSnap({ pots: [], toCall: null }), shown: { pot: null, pots: 0, toCall: null } },
    { what: 'a flop with a side pot and a bet', snap: chipsHand(), shown: { pot: 2850, pots: 2, toCall: 400 } },
    {
      what: 'pre-flop, the blinds in front, nothing gathered yet',
      snap: chipsHand({
        street: 'preflop',
        pots: [],
        toCall: 200,
        seatInfo: [seatSnap(1, { stack: 900, bet: 100 }), seatSnap(2, { stack: 800, bet: 200 }), seatSnap(3)],
      }),
      shown: { pot: 300, pots: 0, toCall: 200 },
    },
    { what: 'nobody on action', snap: chipsHand({ onAction: null }), shown: { pot: 2850, pots: 2, toCall: null } },
  ])('the pot shown: $what', ({ snap, shown }) => {
    expect(potShown(snap)).toEqual(shown);
    expect('chips' in boardState(snap, 0)).toBe(shown !== undefined);
  });

  it('the reference screen has a pot line only when a hand has one', () => {
    expect(renderScreen({ ...example, chips: { pot: 2850, pots: 2, toCall: 400 } }).at(-1)).toBe(
      'Pot 2,850 (2 pots)  to call 400',
    );
    expect(renderScreen({ ...example, chips: { pot: 300, pots: 0, toCall: null } }).at(-1)).toBe('Pot 300');
    expect(renderScreen({ ...example, chips: { pot: null, pots: 0, toCall: null } })).toEqual(renderScreen(example));
  });
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe.skipIf(!requireSocat())('serial display with the pot over socat ptys', () => {
  it('the board shows the pot and the call, and a table without chips sends the plain frame', async () => {
    const pty = await openPtyPair();
    cleanups.push(() => pty.close());
    const emu = await runEmulatorOnPort(pty.b, { name: 'clock board' });
    cleanups.push(() => emu.close());
    const inputs: RawInput[] = [];
    const display = createSerialDisplay({ name: 'clock', port: pty.a }, { kind: 'serial-display', refreshMs: 60_000 });
    cleanups.push(() => display.stop());
    await display.start({ submit: (i) => void inputs.push(i), logger: pino({ level: 'silent' }), now: () => 0 });

    display.render!([], chipsHand());
    await waitFor(() => emu.board.state?.chips?.pot === 2850, 'the pot on the board', 15_000);
    expect(emu.board.screen()).toContain('Pot 2,850 (2 pots)  to call 400');
    // Seat 3 calls: its bet joins the pot, nobody faces a bet yet (the turn moves on).
    const called = chipsHand({ onAction: { seat: 2, street: 'flop', deadline: null }, toCall: 0 });
    called.seatInfo[2] = seatSnap(3, { player: 'Cid', dealtIn: true, stack: 6600, bet: 400 });
    display.render!([], called);
    await waitFor(() => emu.board.state?.chips?.pot === 3250, 'the call in the pot', 15_000);
    expect(emu.board.screen()).toContain('Pot 3,250 (2 pots)');

    // A table without chips: no pot on the wire at all.
    display.render!([], tableSnap({ hand: 8, phase: 'betting', street: 'preflop' }));
    await waitFor(() => emu.board.state !== null && !('chips' in emu.board.state), 'the plain frame', 15_000);
    expect(display.lastSent?.state).not.toHaveProperty('chips');
    expect(emu.board.screen().some((l) => l.startsWith('Pot'))).toBe(false);
  });
});
