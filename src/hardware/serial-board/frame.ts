// Framing of the serial display board protocol (docs/serial-board-protocol.md):
//   STX(0x02) LEN TYPE PAYLOAD… CRC ETX(0x03)
// LEN counts TYPE and PAYLOAD (1–255); CRC is CRC-8 (polynomial 0x07, init 0, no reflection) over LEN, TYPE and
// PAYLOAD. The length, not a byte search, finds the end, so payloads may hold 0x02 and 0x03.

export const STX = 0x02;
export const ETX = 0x03;
export const MAX_BODY = 255;

export function crc8(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let crc = 0;
  for (let i = start; i < end; i++) {
    crc ^= bytes[i] ?? 0;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

export function encodeFrame(type: number, payload: Uint8Array = new Uint8Array(0)): Buffer {
  const len = payload.length + 1;
  if (len > MAX_BODY)
    throw new RangeError(`payload of ${payload.length} bytes does not fit a frame (max ${MAX_BODY - 1})`);
  const frame = Buffer.alloc(len + 4);
  frame[0] = STX;
  frame[1] = len;
  frame[2] = type & 0xff;
  frame.set(payload, 3);
  frame[len + 2] = crc8(frame, 1, len + 2);
  frame[len + 3] = ETX;
  return frame;
}

export interface Frame {
  type: number;
  payload: Buffer;
}

export type FrameError = 'garbage' | 'bad-checksum' | 'bad-end';

export interface FrameParser {
  /** Feeds bytes as they arrive, in any chunking; complete frames go to `onFrame` in order. */
  push(chunk: Uint8Array): void;
  /** Drops a partial frame (after a reconnect, the rest of it is never coming). */
  reset(): void;
}

/** A byte-stream parser that resynchronises after garbage or a damaged frame: it skips to the next STX and tries
 * again from there, so one bad byte costs at most the frame it hit. */
export function createFrameParser(
  onFrame: (frame: Frame) => void,
  onError: (error: FrameError, skipped: number) => void = () => {},
): FrameParser {
  let buf = Buffer.alloc(0);
  return {
    push(chunk) {
      buf = buf.length === 0 ? Buffer.from(chunk) : Buffer.concat([buf, chunk]);
      for (;;) {
        const start = buf.indexOf(STX);
        if (start < 0) {
          if (buf.length > 0) onError('garbage', buf.length);
          buf = Buffer.alloc(0);
          return;
        }
        if (start > 0) {
          onError('garbage', start);
          buf = buf.subarray(start);
        }
        if (buf.length < 2) return;
        const len = buf[1] ?? 0;
        if (len === 0) {
          onError('garbage', 1);
          buf = buf.subarray(1);
          continue;
        }
        if (buf.length < len + 4) return;
        if (buf[len + 3] !== ETX) {
          onError('bad-end', 1);
          buf = buf.subarray(1);
          continue;
        }
        if (crc8(buf, 1, len + 2) !== buf[len + 2]) {
          onError('bad-checksum', 1);
          buf = buf.subarray(1);
          continue;
        }
        const frame = { type: buf[2] ?? 0, payload: Buffer.from(buf.subarray(3, len + 2)) };
        buf = buf.subarray(len + 4);
        onFrame(frame);
      }
    },
    reset() {
      buf = Buffer.alloc(0);
    },
  };
}
