// What a Firmata connection is asked to wire (pins in, pins out, the digits, the keypad) and the digits' driver: the
// words connection.ts and components.ts share, in a file of their own so that neither imports the other's.
import type { Logger } from 'pino';
import type { PinName, ShotClockDigits } from './definition.ts';

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

export interface DigitsDriver {
  /** Shows `character` at `position` (0 = leftmost wired digit). */
  draw(position: number, character: string): void;
  /** Lights or darkens the whole display (the MAX7219's shutdown register: one write, good for blinking). */
  light(on: boolean): void;
}
