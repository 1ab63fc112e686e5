// The johnny-five components of one Firmata connection (connection.ts): input pins reporting readings, LEDs, the
// amount keypad and the shot-clock digits, set up once the handshake is done. It knows pins, not the table.
import type { ConnectionOptions, DigitsDriver } from './pins-wiring.ts';
import type { PinName } from './definition.ts';
import type { FirmataIo, FiveModule, J5Board, J5Digits, J5Led, J5Sensor } from './johnny.ts';

interface FirmataPins {
  MODES: { INPUT: number };
  pinMode(pin: number, mode: number): void;
  digitalWrite(pin: number, value: number): void;
  digitalRead(pin: number, callback: (value: number) => void): void;
}

/** What a connection built: filled in as it goes, so a failure half-way releases what was made. */
export interface BoardParts {
  board: J5Board | null;
  sensors: J5Sensor[];
  leds: Map<PinName, J5Led>;
  digits: DigitsDriver | null;
}

export const noParts = (): BoardParts => ({ board: null, sensors: [], leds: new Map(), digits: null });

type PinNumber = (pin: PinName) => number;

/** "A3" used as a digital pin: johnny-five leaves that to each component (and Sensor/Led get it wrong), so it is
 * resolved here from the board's own analog mapping (Uno: A0 = 14, Mega: A0 = 54). */
function pinNumbers(io: FirmataIo, path: string): PinNumber {
  const analogPins = (io as unknown as { analogPins: number[] }).analogPins;
  return (pin) => {
    if (typeof pin === 'number') return pin;
    const m = /^A(\d+)$/i.exec(pin);
    const n = m ? analogPins[Number(m[1])] : undefined;
    if (n === undefined) throw new Error(`${path}: the board has no pin ${pin}`);
    return n;
  };
}

function attachInputs(five: FiveModule, io: FirmataIo, board: J5Board, opts: ConnectionOptions, parts: BoardParts) {
  const firmataIo = io as unknown as FirmataPins;
  const digitalPin = pinNumbers(io, opts.path);
  const digitalInputs: { key: string; pin: number }[] = [];
  for (const input of opts.inputs) {
    if (input.analog) {
      // johnny-five's Sensor takes a median of the samples between two ticks: a little noise filtering for pads.
      const sensor = new five.Sensor({ pin: input.pin, type: 'analog', freq: opts.inputIntervalMs, board });
      sensor.on('data', (value: number | null) => {
        if (value !== null) opts.onReading(input.key, value);
      });
      parts.sensors.push(sensor);
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
}

function attachKeypad(five: FiveModule, board: J5Board, opts: ConnectionOptions): void {
  if (!opts.keypad) return;
  // johnny-five decodes the VKey's voltage ladder into keys; `keys` makes each press name its meaning.
  const keypad = new five.Keypad({ controller: 'VKEY', pin: opts.keypad.pin, keys: [...opts.keypad.keys], board });
  keypad.on('press', (event: { which: unknown }) => {
    const keys = Array.isArray(event.which) ? event.which : [event.which];
    for (const key of keys) opts.onKey?.(String(key));
  });
}

function attachDigits(five: FiveModule, board: J5Board, opts: ConnectionOptions, pin: PinNumber): DigitsDriver | null {
  if (!opts.digits) return null;
  const d: J5Digits = new five.Led.Digits({
    pins: { data: pin(opts.digits.data), clock: pin(opts.digits.clock), cs: pin(opts.digits.cs) },
    digits: opts.digits.digits,
    board,
  });
  d.brightness(opts.digits.brightness);
  // Scan only the digits that are wired: the chip divides its time between scanned digits, so the default (all
  // eight) would show two digits at a quarter of their brightness.
  d.scanLimit(0, opts.digits.digits - 1);
  return {
    draw: (position, character) => d.digit(0, position, character),
    light: (on) => (on ? d.on() : d.off()),
  };
}

/** Builds the johnny-five board on a ready `io` and every component the options name, into `parts`. */
export async function setUpBoard(
  five: FiveModule,
  io: FirmataIo,
  opts: ConnectionOptions,
  parts: BoardParts,
): Promise<J5Board> {
  const board = new five.Board({ io, repl: false, debug: false, sigint: false });
  parts.board = board;
  board.on('error', (err: unknown) => opts.logger.warn({ err: String(err) }, 'johnny-five error'));
  await new Promise<void>((resolve) => board.once('ready', () => resolve()));
  attachInputs(five, io, board, opts, parts);
  const pin = pinNumbers(io, opts.path);
  for (const output of opts.outputs) parts.leds.set(output, new five.Led({ pin: pin(output), board }));
  attachKeypad(five, board, opts);
  parts.digits = attachDigits(five, board, opts, pin);
  return board;
}

// johnny-five keeps every Board in a module-level list; a board that reconnects all day would grow it.
export function detachBoard(board: J5Board, cache: unknown[]): void {
  const i = cache.indexOf(board);
  if (i >= 0) cache.splice(i, 1);
}

/** Releases what `parts` holds (a failed set-up or a closing connection). */
export function releaseParts(parts: BoardParts, cache: unknown[]): void {
  for (const sensor of parts.sensors) sensor.disable();
  if (parts.board) detachBoard(parts.board, cache);
}
