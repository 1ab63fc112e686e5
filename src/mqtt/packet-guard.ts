// aedes reads a whole packet into memory before any hook sees it, and MQTT allows 256 MB per packet: a client on the
// room's network could exhaust the controller's memory. This guard reads only the fixed headers of the byte stream
// going into the broker and cuts a connection that announces a packet above the limit.
import { Duplex } from 'node:stream';

export class PacketTooLarge extends Error {}

/** Follows MQTT packet boundaries through a byte stream, chunk by chunk, reading only fixed headers. */
export class PacketSizeScanner {
  private phase: 'type' | 'length' | 'body' = 'type';
  private remaining = 0;
  private multiplier = 1;
  private lengthBytes = 0;

  constructor(private readonly maxPacketBytes: number) {}

  /** The problem with this chunk's packets, or null. */
  scan(chunk: Buffer): PacketTooLarge | null {
    let i = 0;
    while (i < chunk.length) {
      if (this.phase === 'type') {
        i++;
        this.phase = 'length';
        this.remaining = 0;
        this.multiplier = 1;
        this.lengthBytes = 0;
      } else if (this.phase === 'length') {
        const byte = chunk[i++]!;
        this.remaining += (byte & 0x7f) * this.multiplier;
        this.multiplier *= 128;
        this.lengthBytes++;
        if (byte & 0x80) {
          if (this.lengthBytes === 4) return new PacketTooLarge('malformed MQTT remaining length');
          continue;
        }
        if (this.remaining > this.maxPacketBytes) {
          return new PacketTooLarge(`MQTT packet of ${this.remaining} bytes (limit ${this.maxPacketBytes})`);
        }
        this.phase = this.remaining === 0 ? 'type' : 'body';
      } else {
        const take = Math.min(this.remaining, chunk.length - i);
        i += take;
        this.remaining -= take;
        if (this.remaining === 0) this.phase = 'type';
      }
    }
    return null;
  }
}

/** The connection as the broker sees it: reads pass the scanner; writes go straight through, corked together when
 * the writer corks (mqtt-packet writes a packet in pieces: uncorked, each piece would be its own TCP segment). */
class GuardedConnection extends Duplex {
  private readonly scanner: PacketSizeScanner;

  constructor(
    private readonly conn: Duplex,
    maxPacketBytes: number,
    onRefused: (err: Error) => void,
  ) {
    super({ allowHalfOpen: false });
    this.scanner = new PacketSizeScanner(maxPacketBytes);
    conn.on('data', (chunk: Buffer) => {
      const problem = this.scanner.scan(chunk);
      if (problem) {
        onRefused(problem);
        this.destroy();
        return;
      }
      if (!this.push(chunk)) conn.pause();
    });
    conn.once('end', () => this.push(null));
    conn.once('close', () => this.destroy());
    conn.on('error', (err) => this.destroy(err));
  }

  override _read(): void {
    this.conn.resume();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.conn.write(chunk, callback);
  }

  override _writev(chunks: { chunk: Buffer }[], callback: (error?: Error | null) => void): void {
    this.conn.cork();
    chunks.forEach(({ chunk }, i) => this.conn.write(chunk, i === chunks.length - 1 ? callback : undefined));
    this.conn.uncork();
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.conn.end(callback);
  }

  override _destroy(err: Error | null, callback: (error?: Error | null) => void): void {
    this.conn.destroy();
    callback(err);
  }
}

export function guarded(conn: Duplex, maxPacketBytes: number, onRefused: (err: Error) => void): Duplex {
  return new GuardedConnection(conn, maxPacketBytes, onRefused);
}
