// The Firmata board as a table device: seat sensors, dealer-panel and seat buttons in; seat LEDs and shot-clock
// digits out. Readings become protocol inputs through ctx.submit; the engine debounces seat levels (R-SEAT-DEBOUNCE).
import type { TableSnapshot } from '../../domain/snapshot/types.ts';
import { TableError } from '../../domain/errors.ts';
import type { TableEvent } from '../../domain/types.ts';
import type { RawInput } from '../../runtime/types.ts';
import type { Logger } from 'pino';
import { requirePort } from '../serial/port.ts';
import { deviceLogger, type Device, type DeviceContext } from '../types.ts';
import { shotClockDigits } from '../outputs/digits.ts';
import { seatLights } from '../outputs/seat-lights.ts';
import { openFirmata, type ConnectionOptions, type FirmataConnection, type InputPin } from './connection.ts';
import type { FirmataBoardDefinition, PanelButtonName, PinName, SeatSensor } from './definition.ts';
import { pinProblems } from './pins.ts';
import { analogOccupied, digitalActive, panelInput, seatButtonInput } from './levels.ts';
import { NO_AMOUNT, pressKey, raisePress, VKEY_KEYS, type AmountEntry } from './amount.ts';
import { createLink, DEFAULT_BACKOFF, type Backoff, type Link } from '../serial/reconnect.ts';

export interface FirmataBoardOptions {
  backoff?: Backoff;
  /** How often the digits are refreshed while a clock runs (countdown, blink), ms. Default 250. */
  refreshMs?: number;
  /** Opens the board; the default is the real one (serialport → firmata-io → johnny-five). */
  connect?: (opts: ConnectionOptions) => Promise<FirmataConnection>;
}

type InputRole =
  | { kind: 'seat'; sensor: SeatSensor }
  | { kind: 'panel'; button: PanelButtonName; pullup?: boolean; activeLow?: boolean }
  | { kind: 'seat-button'; seat: number; button: 'timebank' | 'clock'; pullup?: boolean; activeLow?: boolean };

/** Every pin may serve one purpose only, and only pins the board has: a wiring mistake is worth stopping for. */
function checkPins(def: FirmataBoardDefinition, file: string): void {
  const problems = pinProblems(def);
  if (problems.length === 0) return;
  throw new TableError('DEVICE_INVALID', problems.map((p) => `${file}: ${p.field}: ${p.message}`).join('\n'), {
    file,
    field: problems[0]!.field,
  });
}

/** What the definition wires: each input pin with its role, the LEDs, the digits and the keypad. */
interface Wiring {
  roles: Map<string, InputRole>;
  inputs: InputPin[];
  leds: NonNullable<FirmataBoardDefinition['seatLeds']>;
  digits: ConnectionOptions['digits'];
  keypad: { pin: string; keys: readonly string[] } | null;
}

function wiringOf(def: FirmataBoardDefinition): Wiring {
  const roles = new Map<string, InputRole>();
  const inputs: InputPin[] = [];
  const addInput = (key: string, pin: PinName, analog: boolean, pullup: boolean, role: InputRole): void => {
    roles.set(key, role);
    inputs.push({ key, pin, analog, pullup });
  };
  for (const s of def.seatSensors ?? []) {
    const pullup = s.type === 'digital' && (s.pullup ?? false);
    addInput(`seat:${s.seat}`, s.pin, s.type === 'analog', pullup, { kind: 'seat', sensor: s });
  }
  type PanelInput = { pin: PinName; pullup?: boolean; activeLow?: boolean };
  for (const [button, input] of Object.entries(def.panel ?? {}) as [PanelButtonName, PanelInput][]) {
    const role: InputRole = { kind: 'panel', button, pullup: input.pullup, activeLow: input.activeLow };
    addInput(`panel:${button}`, input.pin, false, input.pullup ?? false, role);
  }
  for (const b of def.seatButtons ?? []) {
    addInput(`seat-button:${b.seat}:${b.button}`, b.pin, false, b.pullup ?? false, { kind: 'seat-button', ...b });
  }
  return {
    roles,
    inputs,
    leds: def.seatLeds ?? [],
    digits: def.shotClock ? { digits: 2, brightness: 60, ...def.shotClock } : null,
    keypad: def.keypad ? { pin: def.keypad.pin, keys: def.keypad.keys ?? VKEY_KEYS } : null,
  };
}

/** What the pins were last told on one connection, so only changes are written. */
class SentOutputs {
  pins = new Map<PinName, boolean>();
  text: string | null = null;
  lit: boolean | null = null;
}

/** Writes the LEDs and digits `snapshot` calls for, skipping what the board already shows. */
function writeOutputs(
  conn: FirmataConnection,
  wiring: Wiring,
  sent: SentOutputs,
  snapshot: TableSnapshot | null,
  now: number,
): void {
  for (const led of wiring.leds) {
    const lit = seatLights(snapshot, led.seat)[led.role];
    const high = lit !== (led.activeLow ?? false);
    if (sent.pins.get(led.pin) === high) continue;
    conn.setPin(led.pin, high);
    sent.pins.set(led.pin, high);
  }
  if (!wiring.digits || !conn.digits) return;
  const { text, lit } = shotClockDigits(snapshot, now, wiring.digits.digits);
  for (let i = 0; i < text.length; i++) {
    if (sent.text?.[i] === text[i]) continue;
    conn.digits.draw(i, text[i] ?? ' ');
  }
  sent.text = text;
  if (sent.lit !== lit) conn.digits.light(lit);
  sent.lit = lit;
}

class FirmataBoard implements Device {
  readonly name: string;
  private ctx: DeviceContext | null = null;
  private link: Link<FirmataConnection> | null = null;
  private snapshot: TableSnapshot | null = null;
  private refresh: NodeJS.Timeout | null = null;
  // Per connection: the last level of each input, and what the pins were last told.
  private levels = new Map<string, boolean>();
  private sent = new SentOutputs();
  // The keypad's amount outlives a reconnect: the dealer typed it, the cable did not.
  private amount: AmountEntry = NO_AMOUNT;
  private log: Logger | null = null;

  constructor(
    private readonly ref: { name: string; port?: string; file?: string },
    private readonly def: FirmataBoardDefinition,
    private readonly wiring: Wiring,
    private readonly options: FirmataBoardOptions,
  ) {
    this.name = ref.name;
  }

  private submit(input: RawInput): void {
    this.ctx?.submit(input);
  }

  private seatOnAction(): number | null {
    return this.snapshot?.onAction?.seat ?? null;
  }

  private onKey(key: string): void {
    this.amount = pressKey(this.amount, key, this.seatOnAction());
    this.log?.debug({ key }, 'keypad key');
    if (key === 'enter' && this.amount.armed)
      this.log?.info({ to: this.amount.armed.to, seat: this.amount.armed.seat }, 'keypad amount entered');
  }

  private onReading(key: string, value: number): void {
    const role = this.wiring.roles.get(key);
    if (!role) return;
    const previous = this.levels.get(key) ?? null;
    if (role.kind === 'seat') {
      const s = role.sensor;
      const occupied = s.type === 'analog' ? analogOccupied(s, value, previous) : digitalActive(s, value);
      if (occupied === previous) return;
      this.levels.set(key, occupied);
      this.submit({ type: 'seat', seat: s.seat, occupied });
      return;
    }
    const active = digitalActive(role, value);
    this.levels.set(key, active);
    // A press is an edge: the first reading after connecting only tells where the button rests.
    if (!active || previous !== false) return;
    if (role.kind === 'panel' && role.button === 'raise' && this.wiring.keypad) {
      const press = raisePress(this.amount, this.seatOnAction());
      this.amount = press.entry;
      if (press.dropped !== null) this.log?.warn({ to: press.dropped }, 'keypad amount dropped: the turn moved on');
      this.submit(press.input);
      return;
    }
    this.submit(role.kind === 'panel' ? panelInput(role.button) : seatButtonInput(role.seat, role.button));
  }

  private apply(): void {
    const conn = this.link?.current();
    if (!conn || !this.ctx) return;
    try {
      writeOutputs(conn, this.wiring, this.sent, this.snapshot, this.ctx.now());
    } catch (err) {
      // The port can go away between two writes; the link notices and everything is re-sent on reconnect.
      this.ctx.logger.warn({ err: (err as Error).message }, 'output write failed');
    }
  }

  private connectOptions(path: string, signal: AbortSignal, logger: Logger): ConnectionOptions {
    const { def, wiring } = this;
    return {
      signal,
      path,
      baudRate: def.baudRate ?? 57600,
      samplingIntervalMs: def.samplingIntervalMs ?? 19,
      inputIntervalMs: def.inputIntervalMs ?? 25,
      readyTimeoutMs: def.readyTimeoutMs ?? 10_000,
      inputs: wiring.inputs,
      outputs: wiring.leds.map((l) => l.pin),
      digits: wiring.digits,
      keypad: wiring.keypad,
      onKey: (key) => this.onKey(key),
      onReading: (key, value) => this.onReading(key, value),
      onLost: (detail) => {
        const conn = this.link?.current();
        if (conn) this.link?.lost(conn, detail);
      },
      logger,
    };
  }

  private connected(conn: FirmataConnection, path: string): void {
    this.levels = new Map();
    this.sent = new SentOutputs();
    this.submit({ type: 'device', device: this.name, online: true, detail: `${conn.firmware} on ${path}` });
    this.apply();
  }

  async start(context: DeviceContext): Promise<void> {
    const path = requirePort(this.ref, 'firmata-board', '/dev/ttyACM0');
    this.ctx = context;
    const logger = deviceLogger(context.logger, this.name);
    this.log = logger;
    const connect = this.options.connect ?? openFirmata;
    this.link = createLink<FirmataConnection>({
      backoff: this.options.backoff ?? DEFAULT_BACKOFF,
      logger,
      open: (signal) => connect(this.connectOptions(path, signal, logger)),
      close: (conn) => conn.close().catch(() => undefined),
      up: (conn) => this.connected(conn, path),
      down: (detail) => this.submit({ type: 'device', device: this.name, online: false, detail }),
    });
    this.refresh = setInterval(() => this.apply(), this.options.refreshMs ?? 250);
    this.refresh.unref();
    await this.link.start();
  }

  render(_events: readonly TableEvent[], snap: TableSnapshot): void {
    this.snapshot = snap;
    this.apply();
  }

  async stop(): Promise<void> {
    if (this.refresh) clearInterval(this.refresh);
    this.refresh = null;
    if (this.link?.current()) {
      // Dark on the way out: no LED should claim a seat is on action once the controller is gone.
      this.snapshot = null;
      this.apply();
    }
    await this.link?.stop();
    this.link = null;
  }
}

export function createFirmataBoard(
  ref: { name: string; port?: string; file?: string },
  def: FirmataBoardDefinition,
  options: FirmataBoardOptions = {},
): Device {
  checkPins(def, ref.file ?? `device "${ref.name}"`);
  return new FirmataBoard(ref, def, wiringOf(def), options);
}
