// The broker's verdict on a browser's login, read from the bytes going back to it: the first MQTT packet a broker
// sends is its CONNACK, whose return code (3.1.1) or reason code (5) says whether the user name and password were
// taken. The bytes pass through unchanged; only the first packet's first few are looked at.
import { Transform } from 'node:stream';

/** Codes that mean the credentials were refused: 3.1.1's 4 and 5, MQTT 5's 0x86, 0x87 and 0x8c. */
const REFUSED = new Set([4, 5, 0x86, 0x87, 0x8c]);

export function connackWatch(verdict: (ok: boolean) => void): Transform {
  let seen = Buffer.alloc(0);
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, next) {
      if (!done) {
        seen = Buffer.concat([seen, chunk]).subarray(0, 8);
        const code = connackCode(seen);
        if (code !== undefined) {
          done = true;
          seen = Buffer.alloc(0);
          // anything but a CONNACK first (a broker that cut the line) judges nothing
          if (code !== null) {
            if (code === 0) verdict(true);
            else if (REFUSED.has(code)) verdict(false);
          }
        }
      }
      next(null, chunk);
    },
  });
}

/** The CONNACK's code once enough bytes are in, null when the first packet is no CONNACK, undefined: not yet. */
function connackCode(b: Buffer): number | null | undefined {
  if (b.length === 0) return undefined;
  if (b[0] !== 0x20) return null;
  // the remaining length (1 to 4 bytes, 7 bits each: long only with MQTT 5 properties), then flags, then the code
  let i = 1;
  while (i < b.length && i < 5 && b[i]! & 0x80) i++;
  if (i >= 5) return null;
  return b.length > i + 2 ? b[i + 2]! : undefined;
}
