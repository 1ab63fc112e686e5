// A virtual contactless card for vsmartcard-vpcd: a TCP client of vpcd's port (23675 is reader `Virtual PCD 00 00`,
// 23676 is `… 00 01`, as test/helpers/pcscd.ts configures them). Connecting places the card on the reader, closing the socket takes it away. Frames both ways
// are a 2-byte big-endian length and a payload; 1-byte payloads are control codes (0 off, 1 on, 2 reset, 4 = send
// the ATR, the only one answered); longer ones are APDUs (stack-notes.md).
import { connect, type Socket } from 'node:net';

/** An NTAG/Ultralight-like ATR (PC/SC part 3, ISO 14443 A part 3): nfc-pcsc treats it as an ISO 14443-3 tag. */
export const NTAG_ATR = Buffer.from('3B8F8001804F0CA0000003060300030000000068', 'hex');
/** The tests' vpcd ports. Not Debian's 35963/35964: those lie inside Linux's ephemeral range (32768–60999), where
 * any test's outgoing connection may hold one as its local port, and vpcd then cannot listen (CI saw it). */
export const VPCD_CHANNEL = 0x5c7b;
export const VPCD_PORTS = [VPCD_CHANNEL, VPCD_CHANNEL + 1] as const;

/** Splits a byte stream into vpcd frames; keeps a partial frame for the next chunk. */
export class VpcdFramer {
  private pending: Buffer = Buffer.alloc(0);
  push(chunk: Buffer): Buffer[] {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const frames: Buffer[] = [];
    while (this.pending.length >= 2) {
      const n = this.pending.readUInt16BE(0);
      if (this.pending.length < 2 + n) break;
      frames.push(Buffer.from(this.pending.subarray(2, 2 + n)));
      this.pending = this.pending.subarray(2 + n);
    }
    return frames;
  }
}

export function vpcdFrame(payload: Buffer): Buffer {
  const head = Buffer.alloc(2);
  head.writeUInt16BE(payload.length);
  return Buffer.concat([head, payload]);
}

const OK = Buffer.from([0x90, 0x00]);

/** The card's answer to one frame, or null when the frame needs none. Pure, so it is tested with bytes. */
export function answer(frame: Buffer, uid: Buffer, memory: Buffer, atr: Buffer = NTAG_ATR): Buffer | null {
  if (frame.length === 1) return frame[0] === 4 ? atr : null;
  const [cla, ins, p1, p2, le] = frame;
  if (cla === 0xff && ins === 0xca && p1 === 0x00) return Buffer.concat([uid, OK]); // GET DATA: UID
  if (cla === 0xff && ins === 0xb0 && p2 !== undefined) {
    // READ BINARY: `p2` is the page (4 bytes each), Le the length (0 = 16, as ACR122U does for NTAG).
    const start = p2 * 4;
    const n = le === undefined || le === 0 ? 16 : le;
    if (start >= memory.length) return Buffer.from([0x6a, 0x82]);
    const data = Buffer.alloc(n);
    memory.copy(data, 0, start, Math.min(memory.length, start + n));
    return Buffer.concat([data, OK]);
  }
  return Buffer.from([0x6a, 0x81]); // function not supported
}

/** NTAG213-like memory: the 7-byte UID with its check bytes in pages 0–2, zeros after. */
export function ntagMemory(uid: Buffer): Buffer {
  const mem = Buffer.alloc(45 * 4);
  uid.copy(mem, 0, 0, Math.min(3, uid.length));
  mem[3] = 0x88 ^ (uid[0] ?? 0) ^ (uid[1] ?? 0) ^ (uid[2] ?? 0);
  uid.copy(mem, 4, 3, Math.min(7, uid.length));
  mem[8] = (uid[3] ?? 0) ^ (uid[4] ?? 0) ^ (uid[5] ?? 0) ^ (uid[6] ?? 0);
  return mem;
}

export class VirtualCard {
  readonly uid: Buffer;
  readonly apdus: Buffer[] = [];
  private socket: Socket;
  private readResolvers: (() => void)[] = [];
  private uidReads = 0;

  /** GET UID requests answered with an error (63 00) before the card answers properly. */
  private failUidReads: number;
  /** GET UID requests seen, answered or failed. */
  uidRequests = 0;

  private constructor(uidHex: string, port: number, host: string, failUidReads: number) {
    this.failUidReads = failUidReads;
    this.uid = Buffer.from(uidHex, 'hex');
    const memory = ntagMemory(this.uid);
    const framer = new VpcdFramer();
    this.socket = connect(port, host);
    this.socket.on('data', (chunk) => {
      for (const frame of framer.push(chunk)) {
        if (frame.length > 1) this.apdus.push(frame);
        const isUid = frame.length > 1 && frame[1] === 0xca;
        if (isUid) this.uidRequests++;
        if (isUid && this.failUidReads > 0) {
          this.failUidReads--;
          this.socket.write(vpcdFrame(Buffer.from([0x63, 0x00])));
          continue;
        }
        const res = answer(frame, this.uid, memory);
        if (res) this.socket.write(vpcdFrame(res));
        if (isUid) {
          this.uidReads++;
          for (const r of this.readResolvers.splice(0)) r();
        }
      }
    });
    // vpcd closing on us (pcscd stopped) is the reader going away, not a test failure.
    this.socket.on('error', () => {});
  }

  /** Places a card with this uid on the vpcd reader at `port`. */
  static present(
    uidHex: string,
    port: number = VPCD_PORTS[0],
    options: { host?: string; failUidReads?: number } = {},
  ): VirtualCard {
    return new VirtualCard(uidHex, port, options.host ?? '127.0.0.1', options.failUidReads ?? 0);
  }

  /** Resolves once the reader asked for the UID (the shoe has read the card); rejects after timeoutMs. */
  whenRead(timeoutMs = 10_000): Promise<void> {
    if (this.uidReads > 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`card ${this.uid.toString('hex')} was not read within ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.readResolvers.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** Takes the card off the reader. */
  remove(): void {
    this.socket.destroy();
  }
}

/** What `deal` needs to know about pcscd: when it noticed a card leaving (see Pcscd.waitRemoved). */
export interface RemovalWatcher {
  removed(reader: string): number;
  waitRemoved(reader: string, count: number): Promise<void>;
}

export const vpcdReaderName = (port: number): string => `Virtual PCD 00 0${port - VPCD_PORTS[0]}`;

/** Slides cards over the reader one at a time, each taken away once the reader has read it and the next put on
 * once pcscd noticed it left: the order of reads is the order of `uids` (about 0.9 s a card: pcscd polls every
 * 400 ms). */
export async function deal(
  pcscd: RemovalWatcher,
  uids: readonly string[],
  port: number = VPCD_PORTS[0],
): Promise<void> {
  const reader = vpcdReaderName(port);
  for (const uid of uids) {
    const card = VirtualCard.present(uid, port);
    const before = pcscd.removed(reader);
    try {
      await card.whenRead();
    } finally {
      card.remove();
    }
    await pcscd.waitRemoved(reader, before);
  }
}
