// One connection to a Firmata board: serialport 13 → firmata-io → johnny-five components. It knows pins, not the
// table: the adapter (board.ts) decides what a reading means and which pins to light; components.ts builds the pins.
import { EventEmitter } from 'node:events';
import { SerialPort } from 'serialport';
import { closePort, openError } from '../serial/port.ts';
import { noParts, releaseParts, setUpBoard, type BoardParts } from './components.ts';
import type { PinName } from './definition.ts';
import { j5, type FirmataIo, type FiveModule, type J5Board } from './johnny.ts';

export type { ConnectionOptions, DigitsDriver, InputPin } from './pins-wiring.ts';
import type { ConnectionOptions, DigitsDriver } from './pins-wiring.ts';

export interface FirmataConnection {
  readonly firmware: string;
  setPin(pin: PinName, high: boolean): void;
  readonly digits: DigitsDriver | null;
  close(): Promise<void>;
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** What firmata-io sees as its transport: the port's events, and writes gathered per turn of the event loop.
 * johnny-five bit-bangs the MAX7219 with three Firmata messages per bit; written one by one that is ~150 tiny port
 * writes per digit (each a trip through the serial binding), gathered it is one. */
function coalescing(
  port: SerialPort,
): EventEmitter & { write(data: Buffer, done?: () => void): boolean; flush(): void } {
  const transport = new EventEmitter();
  for (const event of ['open', 'close', 'error', 'data']) port.on(event, (arg: unknown) => transport.emit(event, arg));
  let pending: Buffer[] = [];
  let callbacks: (() => void)[] = [];
  const flush = (): void => {
    if (pending.length === 0) return;
    const bytes = Buffer.concat(pending);
    const done = callbacks;
    pending = [];
    callbacks = [];
    if (!port.isOpen) {
      done.forEach((cb) => cb());
      return;
    }
    port.write(bytes, () => done.forEach((cb) => cb()));
  };
  return Object.assign(transport, {
    flush,
    write(data: Buffer, done?: () => void): boolean {
      if (pending.length === 0) setImmediate(flush);
      pending.push(Buffer.from(data));
      if (done) callbacks.push(done);
      return true;
    },
  });
}

/** A port with Firmata spoken on it: what the handshake leaves for the components. */
interface Handshake {
  port: SerialPort;
  transport: ReturnType<typeof coalescing>;
  io: FirmataIo;
  /** Why the port went away during the set-up, or null. */
  gone(): string | null;
}

/** Resolves once the board answered; rejects for a port that closes, an io error or the table stopping first. */
function readyPromise(io: FirmataIo, port: SerialPort, opts: ConnectionOptions): Promise<void> {
  const ready = new Promise<void>((resolve, reject) => {
    io.once('ready', () => resolve());
    port.once('close', () => reject(new Error(`${opts.path} closed during the Firmata handshake`)));
    io.on('error', (err: Error) => reject(err));
    opts.signal?.addEventListener(
      'abort',
      () => reject(new Error(`${opts.path}: stopped during the Firmata handshake`)),
      { once: true },
    );
  });
  ready.catch(() => undefined);
  return ready;
}

/** Opens the port and waits for the firmware's answer; on failure nothing is left open. */
async function handshake(firmata: ReturnType<typeof j5>['firmata'], opts: ConnectionOptions): Promise<Handshake> {
  const port = new SerialPort({ path: opts.path, baudRate: opts.baudRate, autoOpen: false });
  let gone: string | null = null;
  port.on('close', (err: { disconnected?: boolean } | null) => {
    gone ??= err?.disconnected ? `${opts.path} disconnected` : `${opts.path} closed`;
  });
  port.on('error', (err: Error) => {
    gone ??= `${opts.path}: ${err.message}`;
  });
  const transport = coalescing(port);
  // An Arduino resets when the port opens and announces its version after booting; a board that does not reset
  // (or a pty) is asked explicitly after this long.
  const io = new firmata.Firmata(transport, {
    reportVersionTimeout: Math.min(2500, opts.readyTimeoutMs / 2),
    samplingInterval: opts.samplingIntervalMs,
  });
  const ioReady = readyPromise(io, port, opts);
  try {
    await new Promise<void>((resolve, reject) =>
      port.open((err) => (err ? reject(new Error(openError(opts.path, err))) : resolve())),
    );
    await withTimeout(
      ioReady,
      opts.readyTimeoutMs,
      `no Firmata answer on ${opts.path} within ${opts.readyTimeoutMs} ms (is StandardFirmata flashed?)`,
    );
  } catch (err) {
    io.removeAllListeners();
    await closePort(port);
    throw err;
  }
  return { port, transport, io, gone: () => gone };
}

/** The connection the adapter holds: pins to set, digits to draw, and `onLost` once the port goes after set-up. */
function connectionOf(
  five: FiveModule,
  hs: Handshake,
  board: J5Board,
  parts: BoardParts,
  opts: ConnectionOptions,
): FirmataConnection {
  const { port, io, transport } = hs;
  let closed = false;
  const lost = (detail: string): void => {
    if (!closed) opts.onLost(detail);
  };
  port.on('close', (err: { disconnected?: boolean } | null) =>
    lost(err?.disconnected ? `${opts.path} disconnected` : `${opts.path} closed`),
  );
  port.on('error', (err: Error) => lost(`${opts.path}: ${err.message}`));
  const fw = io.firmware;
  return {
    firmware: `${fw.name ?? 'Firmata'} ${fw.version ? `${fw.version.major}.${fw.version.minor}` : ''}`.trim(),
    setPin(pin, high) {
      const led = parts.leds.get(pin);
      if (!led) throw new Error(`pin ${pin} is not an output of this board`);
      if (high) led.on();
      else led.off();
    },
    digits: parts.digits,
    async close() {
      if (closed) return;
      closed = true;
      releaseParts(parts, five.Board.cache);
      transport.flush();
      await closePort(port);
      io.removeAllListeners();
      board.removeAllListeners();
    },
  };
}

export async function openFirmata(opts: ConnectionOptions): Promise<FirmataConnection> {
  const { five, firmata } = j5();
  const hs = await handshake(firmata, opts);
  const parts = noParts();
  let board: J5Board;
  try {
    board = await setUpBoard(five, hs.io, opts, parts);
    // The port may have gone while the components were set up: then this connection never worked.
    const gone = hs.gone();
    if (gone !== null) throw new Error(`${gone} while setting up the board`);
  } catch (err) {
    releaseParts(parts, five.Board.cache);
    hs.io.removeAllListeners();
    await closePort(hs.port);
    throw err;
  }
  return connectionOf(five, hs, board, parts, opts);
}
