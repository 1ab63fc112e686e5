// The shape of a `firmata-board` device file (devices/schema/firmata-board.schema.json). The config loader validates
// the file against the schema; these types are what the adapter receives, finer than the type generated from the
// schema (src/protocol/generated/devices.ts: `npm run contract`), which must stay assignable to them: the composition
// root hands the generated type in (config/device-specs.ts), so a schema change that breaks them does not compile.
import type { Seat } from '../../domain/types.ts';
import type { SeatLightRole } from '../outputs/seat-lights.ts';

/** A board pin as johnny-five names it: a digital pin number, or "A0"…"A15" for an analog input. */
export type PinName = number | string;

export interface DigitalInput {
  pin: PinName;
  /** Turn on the board's pull-up resistor (a switch to ground). Default false. */
  pullup?: boolean;
  /** The input is active (pressed, occupied) when the pin reads LOW. Default: same as `pullup`. */
  activeLow?: boolean;
}

export type SeatSensor =
  | ({ seat: Seat; type: 'digital' } & DigitalInput)
  | {
      seat: Seat;
      type: 'analog';
      pin: PinName;
      /** Raw reading (0–1023) where occupied and vacant meet. */
      threshold: number;
      /** Dead band around the threshold: the level changes only beyond threshold ± hysteresis/2. Default 20. */
      hysteresis?: number;
      /** `above` (default): occupied when the reading is above the threshold (e.g. a pressure pad). */
      occupiedWhen?: 'above' | 'below';
    };

export type PanelButtonName =
  'shuffle' | 'check' | 'call' | 'raise' | 'fold' | 'allin' | 'exposed' | 'burn' | 'misdeal' | 'clock';

export interface SeatButton extends DigitalInput {
  seat: Seat;
  button: 'timebank' | 'clock';
}

export interface SeatLed {
  seat: Seat;
  role: SeatLightRole;
  pin: PinName;
  /** The LED lights when the pin is LOW (sinking). Default false. */
  activeLow?: boolean;
}

export interface ShotClockDigits {
  /** MAX7219 wiring: DIN, CLK and LOAD/CS pins. */
  data: PinName;
  clock: PinName;
  cs: PinName;
  /** Number of digits wired (1–8). Default 2. */
  digits?: number;
  /** 0–100 %. Default 60. */
  brightness?: number;
}

/** A resistor keypad on one analog input (johnny-five's Keypad, controller `VKEY`: SparkFun's VKey, 12 keys), for
 * the amount of a bet or raise: digits, then enter, then the panel's raise button (docs/devices-firmata.md). */
export interface KeypadWiring {
  /** The analog input the keypad's output is wired to. */
  pin: string;
  /** What each of the 12 keys means, in the keypad's order (key 1 first): a digit, `clear` or `enter`. Default the
   * VKey's face: 1–9, clear (*), 0, enter (#). */
  keys?: string[];
}

export interface FirmataBoardDefinition {
  $schema?: string;
  kind: 'firmata-board';
  description?: string;
  /** Informational: the board model (uno, mega, nano…). */
  board?: string;
  /** Serial speed of the firmware. Default 57600 (StandardFirmata). */
  baudRate?: number;
  /** How often the firmware reports analog inputs, ms. Default 19. */
  samplingIntervalMs?: number;
  /** How often analog inputs are sampled on this side, ms. Default 25. */
  inputIntervalMs?: number;
  /** How long the Firmata handshake may take after the port opens, ms. Default 10000. */
  readyTimeoutMs?: number;
  seatSensors?: SeatSensor[];
  panel?: Partial<Record<PanelButtonName, DigitalInput>>;
  seatButtons?: SeatButton[];
  seatLeds?: SeatLed[];
  shotClock?: ShotClockDigits;
  keypad?: KeypadWiring;
}
