// Messages of the serial display board protocol (docs/serial-board-protocol.md): what each frame type carries.
import { encodeFrame, type Frame } from './frame.ts';
import type { BoardState } from './pot.ts';

export const PROTOCOL_VERSION = 1;

export const MSG = {
  /** host → board: the full display state. */
  STATE: 0x01,
  /** board → host: the board (re)started; the host answers with the full state. */
  HELLO: 0x80,
  /** board → host: a STATE frame was applied (its seq). */
  ACK: 0x81,
  /** board → host: still here, showing the state with this seq. */
  HEARTBEAT: 0x82,
} as const;

const NONE32 = 0xffffffff;
const NONE16 = 0xffff;
export const STATE_PAYLOAD_BYTES = 38;
/** With chips tracked the STATE payload goes on with the pot (appended fields: a board that knows 38 bytes reads
 * those and ignores the rest, so a table without chips sends exactly the 38 bytes it always did). */
export const STATE_CHIPS_PAYLOAD_BYTES = 47;

const FLAG = {
  LEVEL: 0x01,
  PAUSED: 0x02,
  BREAK: 0x04,
  NEXT: 0x08,
  NEXT_BREAK: 0x10,
  SHOT: 0x20,
  COUNTDOWN: 0x40,
  CHIPS: 0x80,
};

const u32 = (n: number | null): number => (n === null ? NONE32 : Math.max(0, Math.min(NONE32 - 1, Math.round(n))));
const opt32 = (n: number): number | null => (n === NONE32 ? null : n);

export function encodeState(seq: number, s: BoardState): Buffer {
  const p = Buffer.alloc(s.chips ? STATE_CHIPS_PAYLOAD_BYTES : STATE_PAYLOAD_BYTES);
  let flags = 0;
  if (s.level) flags |= FLAG.LEVEL | (s.level.paused ? FLAG.PAUSED : 0) | (s.level.isBreak ? FLAG.BREAK : 0);
  if (s.next) flags |= FLAG.NEXT | (s.next.isBreak ? FLAG.NEXT_BREAK : 0);
  if (s.shotClock) flags |= FLAG.SHOT | (s.shotClock.countdown ? FLAG.COUNTDOWN : 0);
  if (s.chips) {
    flags |= FLAG.CHIPS;
    p.writeUInt32BE(u32(s.chips.pot), 38);
    p.writeUInt8(Math.min(255, s.chips.pots), 42);
    p.writeUInt32BE(u32(s.chips.toCall), 43);
  }
  p.writeUInt16BE(seq & 0xffff, 0);
  p.writeUInt8(flags, 2);
  p.writeUInt8(Math.min(255, s.level?.level ?? 0), 3);
  p.writeUInt32BE(u32(s.level?.smallBlind ?? null), 4);
  p.writeUInt32BE(u32(s.level?.bigBlind ?? null), 8);
  p.writeUInt32BE(u32(s.level?.ante ?? null), 12);
  p.writeUInt32BE(u32(s.level?.msLeft ?? 0), 16);
  p.writeUInt8(Math.min(255, s.next?.level ?? 0), 20);
  p.writeUInt32BE(u32(s.next?.smallBlind ?? null), 21);
  p.writeUInt32BE(u32(s.next?.bigBlind ?? null), 25);
  p.writeUInt32BE(u32(s.next?.ante ?? null), 29);
  p.writeUInt16BE(Math.min(NONE16 - 1, s.next?.minutes ?? 0), 33);
  p.writeUInt16BE(s.shotClock ? Math.min(NONE16 - 1, s.shotClock.seconds) : NONE16, 35);
  p.writeUInt8(s.shotClock?.seat ?? 0, 37);
  return encodeFrame(MSG.STATE, p);
}

export function decodeState(payload: Buffer): { seq: number; state: BoardState } {
  if (payload.length < STATE_PAYLOAD_BYTES)
    throw new RangeError(`STATE payload of ${payload.length} bytes, need ${STATE_PAYLOAD_BYTES}`);
  const flags = payload.readUInt8(2);
  const has = (f: number): boolean => (flags & f) !== 0;
  return {
    seq: payload.readUInt16BE(0),
    state: {
      level: has(FLAG.LEVEL)
        ? {
            level: payload.readUInt8(3),
            isBreak: has(FLAG.BREAK),
            smallBlind: opt32(payload.readUInt32BE(4)),
            bigBlind: opt32(payload.readUInt32BE(8)),
            ante: opt32(payload.readUInt32BE(12)),
            msLeft: payload.readUInt32BE(16),
            paused: has(FLAG.PAUSED),
          }
        : null,
      next: has(FLAG.NEXT)
        ? {
            level: payload.readUInt8(20),
            isBreak: has(FLAG.NEXT_BREAK),
            smallBlind: opt32(payload.readUInt32BE(21)),
            bigBlind: opt32(payload.readUInt32BE(25)),
            ante: opt32(payload.readUInt32BE(29)),
            minutes: payload.readUInt16BE(33),
          }
        : null,
      shotClock: has(FLAG.SHOT)
        ? { seat: payload.readUInt8(37), seconds: payload.readUInt16BE(35), countdown: has(FLAG.COUNTDOWN) }
        : null,
      ...(has(FLAG.CHIPS) && payload.length >= STATE_CHIPS_PAYLOAD_BYTES
        ? {
            chips: {
              pot: opt32(payload.readUInt32BE(38)),
              pots: payload.readUInt8(42),
              toCall: opt32(payload.readUInt32BE(43)),
            },
          }
        : {}),
    },
  };
}

export function encodeHello(name: string): Buffer {
  const text = Buffer.from(name, 'utf8').subarray(0, 200);
  return encodeFrame(MSG.HELLO, Buffer.concat([Buffer.from([PROTOCOL_VERSION]), text]));
}

export function encodeSeqFrame(type: typeof MSG.ACK | typeof MSG.HEARTBEAT, seq: number): Buffer {
  const p = Buffer.alloc(2);
  p.writeUInt16BE(seq & 0xffff, 0);
  return encodeFrame(type, p);
}

export type BoardMessage =
  | { type: 'hello'; version: number; name: string }
  | { type: 'ack'; seq: number }
  | { type: 'heartbeat'; seq: number }
  | { type: 'unknown'; code: number };

/** A frame from the board as a message; short payloads are unknown rather than a crash. */
export function decodeBoardFrame(frame: Frame): BoardMessage {
  const { type, payload } = frame;
  if (type === MSG.HELLO && payload.length >= 1) {
    return { type: 'hello', version: payload.readUInt8(0), name: payload.subarray(1).toString('utf8') };
  }
  if ((type === MSG.ACK || type === MSG.HEARTBEAT) && payload.length >= 2) {
    return { type: type === MSG.ACK ? 'ack' : 'heartbeat', seq: payload.readUInt16BE(0) };
  }
  return { type: 'unknown', code: type };
}
