// A bad serial line between two pty pairs: forwards bytes both ways, cut into small chunks with pauses between
// them, with line noise (garbage bytes) between frames. The code on each end reads through real ttys. Noise inside a
// frame would only destroy that frame (the checksum's job, tested on byte arrays); here it lands where the previous
// burst ended with ETX, i.e. between frames as far as the relay can tell.
import { SerialPort } from 'serialport';

export interface NoisyRelay {
  /** Garbage bytes injected so far, each way. */
  readonly injected: { toB: number; toA: number };
  close(): Promise<void>;
}

async function open(path: string, baudRate: number): Promise<SerialPort> {
  const port = new SerialPort({ path, baudRate, autoOpen: false });
  port.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => port.open((err) => (err ? reject(err) : resolve())));
  return port;
}

/** `garbage`: the noise bytes (no STX by default, so noise never looks like a frame start). */
export async function startNoisyRelay(
  pathA: string,
  pathB: string,
  options: { baudRate?: number; garbage?: number[]; chunk?: number } = {},
): Promise<NoisyRelay> {
  const baudRate = options.baudRate ?? 115_200;
  const garbage = Buffer.from(options.garbage ?? [0xff, 0x00, 0x03, 0x41]);
  const chunk = options.chunk ?? 3;
  const a = await open(pathA, baudRate);
  const b = await open(pathB, baudRate);
  const injected = { toB: 0, toA: 0 };
  const pipe = (from: SerialPort, to: SerialPort, side: 'toB' | 'toA'): void => {
    let queue = Promise.resolve();
    let boundary = true;
    from.on('data', (bytes: Buffer) => {
      queue = queue.then(async () => {
        if (boundary && to.isOpen) {
          to.write(garbage);
          injected[side] += garbage.length;
        }
        boundary = bytes[bytes.length - 1] === 0x03;
        for (let i = 0; i < bytes.length; i += chunk) {
          if (!to.isOpen) return;
          to.write(bytes.subarray(i, i + chunk));
          await new Promise((r) => setTimeout(r, 2));
        }
      });
    });
  };
  pipe(a, b, 'toB');
  pipe(b, a, 'toA');
  return {
    injected,
    async close() {
      for (const p of [a, b]) if (p.isOpen) await new Promise<void>((resolve) => p.close(() => resolve()));
    },
  };
}
