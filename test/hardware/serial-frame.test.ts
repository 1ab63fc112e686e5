import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  crc8,
  createFrameParser,
  encodeFrame,
  ETX,
  STX,
  type Frame,
  type FrameError,
} from '../../src/hardware/serial-board/frame.ts';
import {
  decodeBoardFrame,
  decodeState,
  encodeHello,
  encodeSeqFrame,
  encodeState,
  MSG,
} from '../../src/hardware/serial-board/messages.ts';
import type { DisplayState } from '../../src/hardware/outputs/level-clock.ts';

function parseAll(chunks: Uint8Array[]): { frames: Frame[]; errors: FrameError[] } {
  const frames: Frame[] = [];
  const errors: FrameError[] = [];
  const parser = createFrameParser(
    (f) => frames.push(f),
    (e) => errors.push(e),
  );
  for (const c of chunks) parser.push(c);
  return { frames, errors };
}

const hex = (s: string): Buffer => Buffer.from(s.replace(/\s+/g, ''), 'hex');

describe('CRC-8 and framing', () => {
  it('is CRC-8 with polynomial 0x07 (the catalogue check value of "123456789" is 0xF4)', () => {
    expect(crc8(Buffer.from('123456789'))).toBe(0xf4);
    expect(crc8(Buffer.alloc(0))).toBe(0);
  });

  it('lays a frame out as STX LEN TYPE PAYLOAD CRC ETX', () => {
    // LEN 3 = TYPE + 2 payload bytes; CRC over 03 81 00 2a.
    const frame = encodeFrame(0x81, hex('002a'));
    expect([...frame.subarray(0, 6)]).toEqual([STX, 3, 0x81, 0x00, 0x2a, crc8(hex('0381002a'))]);
    expect(frame[6]).toBe(ETX);
    expect(frame).toHaveLength(7);
    expect(() => encodeFrame(1, Buffer.alloc(255))).toThrow(RangeError);
  });
});

describe('frame parser', () => {
  const a = encodeFrame(0x81, hex('0001'));
  const b = encodeFrame(0x80, Buffer.from([1, ...Buffer.from('board')]));
  // A payload holding STX and ETX bytes: the length, not a byte search, ends the frame.
  const c = encodeFrame(0x01, Buffer.from([STX, ETX, STX, 0, ETX]));

  it('parses one frame, two frames in one chunk, and payloads containing STX/ETX', () => {
    expect(parseAll([a]).frames).toEqual([{ type: 0x81, payload: hex('0001') }]);
    const two = parseAll([Buffer.concat([a, c])]);
    expect(two.frames.map((f) => f.type)).toEqual([0x81, 0x01]);
    expect([...two.frames[1]!.payload]).toEqual([STX, ETX, STX, 0, ETX]);
    expect(two.errors).toEqual([]);
  });

  it('parses a frame split at every possible point, and byte by byte', () => {
    const all = Buffer.concat([a, b, c]);
    for (let cut = 1; cut < all.length; cut++) {
      expect(parseAll([all.subarray(0, cut), all.subarray(cut)]).frames.map((f) => f.type)).toEqual([0x81, 0x80, 0x01]);
    }
    expect(parseAll([...all].map((x) => Buffer.from([x]))).frames).toHaveLength(3);
  });

  it('skips garbage before and between frames', () => {
    const { frames, errors } = parseAll([hex('ffee00'), a, hex('4142'), b]);
    expect(frames.map((f) => f.type)).toEqual([0x81, 0x80]);
    expect(errors).toEqual(['garbage', 'garbage']);
  });

  it('drops a frame with a bad checksum or a bad end byte and keeps the next one', () => {
    const badCrc = Buffer.from(a);
    badCrc[badCrc.length - 2] = (badCrc[badCrc.length - 2] ?? 0) ^ 0x01;
    const badEnd = Buffer.from(b);
    badEnd[badEnd.length - 1] = 0x00;
    const { frames, errors } = parseAll([badCrc, badEnd, c]);
    expect(frames.map((f) => f.type)).toEqual([0x01]);
    expect(errors).toContain('bad-checksum');
    expect(errors).toContain('bad-end');
  });

  it('recovers when garbage holds an STX with a long length: the good frame behind it is still found', () => {
    const trap = Buffer.from([STX, 200, 1, 2, 3]);
    const filler = Buffer.concat(Array.from({ length: 50 }, () => a));
    const { frames } = parseAll([trap, filler]);
    // The trap swallows the frames inside its 204 bytes only until it fails its end/checksum check; then every
    // byte after the false STX is scanned again.
    expect(frames).toHaveLength(50);
  });

  it('rejects a zero length and resets on demand', () => {
    expect(parseAll([hex('0200'), a]).frames).toHaveLength(1);
    const frames: Frame[] = [];
    const p = createFrameParser((f) => frames.push(f));
    p.push(a.subarray(0, 4));
    p.reset();
    p.push(a.subarray(4));
    p.push(a);
    expect(frames).toHaveLength(1);
  });

  it('finds every frame in any chunking with garbage (without STX) between frames (property)', () => {
    const frameArb = fc.record({ type: fc.integer({ min: 0, max: 255 }), payload: fc.uint8Array({ maxLength: 60 }) });
    const garbageArb = fc.uint8Array({ maxLength: 10 }).map((g) => g.map((x) => (x === STX ? 0x55 : x)));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(garbageArb, frameArb), { maxLength: 8 }),
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 20 }),
        (items, cuts) => {
          const stream = Buffer.concat(items.flatMap(([g, f]) => [Buffer.from(g), encodeFrame(f.type, f.payload)]));
          const chunks: Buffer[] = [];
          let at = 0;
          for (let i = 0; at < stream.length; i++) {
            const n = cuts[i % cuts.length]!;
            chunks.push(stream.subarray(at, at + n));
            at += n;
          }
          const { frames } = parseAll(chunks);
          expect(frames).toEqual(items.map(([, f]) => ({ type: f.type, payload: Buffer.from(f.payload) })));
        },
      ),
    );
  });
});

describe('messages', () => {
  const state: DisplayState = {
    level: { level: 12, isBreak: false, smallBlind: 1500, bigBlind: 3000, ante: null, msLeft: 754_321, paused: true },
    next: { level: 13, isBreak: true, smallBlind: null, bigBlind: null, ante: null, minutes: 15 },
    shotClock: { seat: 7, seconds: 28, countdown: true },
  };

  it('round-trips the full state', () => {
    const frame = parseAll([encodeState(0x1234, state)]).frames[0]!;
    expect(frame.type).toBe(MSG.STATE);
    expect(frame.payload).toHaveLength(38);
    expect(decodeState(frame.payload)).toEqual({ seq: 0x1234, state });
    const idle: DisplayState = { level: null, next: null, shotClock: null };
    expect(decodeState(parseAll([encodeState(7, idle)]).frames[0]!.payload)).toEqual({ seq: 7, state: idle });
  });

  it('decodes the board frames and calls anything else unknown', () => {
    const [hello, ack, hb] = parseAll([
      encodeHello('clock board v2'),
      encodeSeqFrame(MSG.ACK, 513),
      encodeSeqFrame(MSG.HEARTBEAT, 9),
    ]).frames;
    expect(decodeBoardFrame(hello!)).toEqual({ type: 'hello', version: 1, name: 'clock board v2' });
    expect(decodeBoardFrame(ack!)).toEqual({ type: 'ack', seq: 513 });
    expect(decodeBoardFrame(hb!)).toEqual({ type: 'heartbeat', seq: 9 });
    expect(decodeBoardFrame({ type: MSG.ACK, payload: Buffer.from([1]) })).toEqual({ type: 'unknown', code: MSG.ACK });
    expect(decodeBoardFrame({ type: 0x42, payload: Buffer.alloc(0) })).toEqual({ type: 'unknown', code: 0x42 });
  });
});
