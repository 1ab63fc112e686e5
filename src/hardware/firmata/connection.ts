// One connection to a Firmata board: serialport 13 → firmata-io → johnny-five components. It knows pins, not the
// table: the adapter (board.ts) decides what a reading means and which pins to light.
import { EventEmitter } from 'node:events';
import { SerialPort } from 'serialport';
import type { Logger } from 'pino';
import { openError } from '../serial-board/transport.ts';
import type { PinName, ShotClockDigits } from './definition.ts';
import { j5, type J5Board, type J5Digits, type J5Led, type J5Sensor } from './johnny.ts';

export interface InputPin {
  key: string;
  pin: PinName;
  analog: boolean;
  pullup: boolean;
}

export interface ConnectionOptions {
  path: string;
  baudRate: number;
  samplingIntervalMs: number;
  inputIntervalMs: number;
  readyTimeoutMs: number;
  inputs: InputPin[];
  outputs: PinName[];
  digits: Required<ShotClockDigits> | null;
  /** The amount keypad, with what each of its keys means (johnny-five's Keypad, controller VKEY). */
  keypad?: { pin: string; keys: readonly string[] } | null;
  /** A keypad key pressed: its meaning from `keypad.keys`. */
  onKey?(key: string): void;
  /** A sampled reading: 0/1 for a digital input, 0–1023 for an analog one. */
  onReading(key: string, value: number): void;
  /** The board went away after it was up. */
  onLost(detail: string): void;
  logger: Logger;
  /** Gives up a handshake in progress (the table is stopping). */
  signal?: AbortSignal;
}

interface FirmataPins {
  MODES: { INPUT: number };
  pinMode(pin: number, mode: number): void;
  digitalWrite(pin: number, value: number): void;
  digitalRead(pin: number, callback: (value: number) => void): void;
}

export interface DigitsDriver {
  /** Shows `character` at `position` (0 = leftmost wired digit). */
  draw(position: number, character: string): void;
  /** Lights or darkens the whole display (the MAX7219's shutdown register: one write, good for blinking). */
  light(on: boolean): void;
}

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

async function closePort(port: SerialPort): Promise<void> {
  if (!port.isOpen) return;
  // The last writes (outputs dark on stop) must leave before the port goes.
  await new Promise<void>((resolve) => port.drain(() => resolve()));
  await new Promise<void>((resolve) => port.close(() => resolve()));
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

export async function openFirmata(opts: ConnectionOptions): Promise<FirmataConnection> {
  const { five, firmata } = j5();
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
  const ioReady = new Promise<void>((resolve, reject) => {
    io.once('ready', () => resolve());
    port.once('close', () => reject(new Error(`${opts.path} closed during the Firmata handshake`)));
    io.on('error', (err: Error) => reject(err));
    opts.signal?.addEventListener(
      'abort',
      () => reject(new Error(`${opts.path}: stopped during the Firmata handshake`)),
      { once: true },
    );
  });
  ioReady.catch(() => undefined);
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

  const sensors: J5Sensor[] = [];
  const leds = new Map<PinName, J5Led>();
  let board: J5Board | null = null;
  let digits: DigitsDriver | null = null;
  try {
    // "A3" used as a digital pin: johnny-five leaves that to each component (and Sensor/Led get it wrong), so it is
    // resolved here from the board's own analog mapping (Uno: A0 = 14, Mega: A0 = 54).
    const analogPins = (io as unknown as { analogPins: number[] }).analogPins;
    const digitalPin = (pin: PinName): number => {
      if (typeof pin === 'number') return pin;
      const m = /^A(\d+)$/i.exec(pin);
      const n = m ? analogPins[Number(m[1])] : undefined;
      if (n === undefined) throw new Error(`${opts.path}: the board has no pin ${pin}`);
      return n;
    };

    const j5board = new five.Board({ io, repl: false, debug: false, sigint: false });
    board = j5board;
    j5board.on('error', (err: unknown) => opts.logger.warn({ err: String(err) }, 'johnny-five error'));
    await new Promise<void>((resolve) => j5board.once('ready', () => resolve()));

    const firmataIo = io as unknown as FirmataPins;
    const digitalInputs: { key: string; pin: number }[] = [];
    for (const input of opts.inputs) {
      if (input.analog) {
        // johnny-five's Sensor takes a median of the samples between two ticks: a little noise filtering for pads.
        const sensor = new five.Sensor({ pin: input.pin, type: 'analog', freq: opts.inputIntervalMs, board: j5board });
        sensor.on('data', (value: number | null) => {
          if (value !== null) opts.onReading(input.key, value);
        });
        sensors.push(sensor);
        continue;
      }
      // Digital inputs go straight to firmata-io: johnny-five's Sensor and Button renumber an Uno's pins 14–19 to 0–5
      // (its pin translation), and the firmware reports digital levels on change anyway, so no sampling is needed.
      const pin = digitalPin(input.pin);
      firmataIo.pinMode(pin, firmataIo.MODES.INPUT);
      // StandardFirmata turns the pull-up on when an input pin is written HIGH (as johnny-five's Button does).
      if (input.pullup) firmataIo.digitalWrite(pin, 1);
      digitalInputs.push({ key: input.key, pin });
    }
    // Reporting starts only once every input pin is configured: the firmware reports a whole port at a time and
    // reads pins it does not yet know as inputs as 0, which would be a false first level for a pulled-up pin.
    for (const { key, pin } of digitalInputs) firmataIo.digitalRead(pin, (value) => opts.onReading(key, value));

    for (const pin of opts.outputs) leds.set(pin, new five.Led({ pin: digitalPin(pin), board: j5board }));

    if (opts.keypad) {
      // johnny-five decodes the VKey's voltage ladder into keys; `keys` makes each press name its meaning.
      const keypad = new five.Keypad({
        controller: 'VKEY',
        pin: opts.keypad.pin,
        keys: [...opts.keypad.keys],
        board: j5board,
      });
      keypad.on('press', (event: { which: unknown }) => {
        const keys = Array.isArray(event.which) ? event.which : [event.which];
        for (const key of keys) opts.onKey?.(String(key));
      });
    }

    if (opts.digits) {
      const d: J5Digits = new five.Led.Digits({
        pins: {
          data: digitalPin(opts.digits.data),
          clock: digitalPin(opts.digits.clock),
          cs: digitalPin(opts.digits.cs),
        },
        digits: opts.digits.digits,
        board: j5board,
      });
      d.brightness(opts.digits.brightness);
      // Scan only the digits that are wired: the chip divides its time between scanned digits, so the default (all
      // eight) would show two digits at a quarter of their brightness.
      d.scanLimit(0, opts.digits.digits - 1);
      digits = {
        draw: (position, character) => d.digit(0, position, character),
        light: (on) => (on ? d.on() : d.off()),
      };
    }
    // The port may have gone while the components were set up: then this connection never worked.
    if (gone !== null) throw new Error(`${gone} while setting up the board`);
  } catch (err) {
    for (const sensor of sensors) sensor.disable();
    if (board) detachBoard(board, five.Board.cache);
    io.removeAllListeners();
    await closePort(port);
    throw err;
  }
  const j5board = board;

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
      const led = leds.get(pin);
      if (!led) throw new Error(`pin ${pin} is not an output of this board`);
      if (high) led.on();
      else led.off();
    },
    digits,
    async close() {
      if (closed) return;
      closed = true;
      for (const s of sensors) s.disable();
      detachBoard(j5board, five.Board.cache);
      transport.flush();
      await closePort(port);
      io.removeAllListeners();
      j5board.removeAllListeners();
    },
  };
}

// johnny-five keeps every Board in a module-level list; a board that reconnects all day would grow it.
function detachBoard(board: J5Board, cache: unknown[]): void {
  const i = cache.indexOf(board);
  if (i >= 0) cache.splice(i, 1);
}
