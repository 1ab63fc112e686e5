// The Firmata board as a table device: seat sensors, dealer-panel and seat buttons in; seat LEDs and shot-clock
// digits out. Readings become protocol inputs through ctx.submit; the engine debounces seat levels (R-SEAT-DEBOUNCE).
import type { TableSnapshot } from '../../domain/snapshot.ts';
import { TableError } from '../../domain/errors.ts';
import type { TableEvent } from '../../domain/types.ts';
import type { RawInput } from '../../runtime/types.ts';
import type { Logger } from 'pino';
import { deviceLogger, type Device, type DeviceContext } from '../types.ts';
import { shotClockDigits } from '../outputs/digits.ts';
import { seatLights } from '../outputs/seat-lights.ts';
import { openFirmata, type ConnectionOptions, type FirmataConnection, type InputPin } from './connection.ts';
import type { FirmataBoardDefinition, PanelButtonName, PinName, SeatSensor } from './definition.ts';
import { pinProblems } from './pins.ts';
import { analogOccupied, digitalActive, panelInput, seatButtonInput } from './levels.ts';
import { NO_AMOUNT, pressKey, raisePress, VKEY_KEYS, type AmountEntry } from './amount.ts';
import { createLink, DEFAULT_BACKOFF, type Backoff, type Link } from './reconnect.ts';

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

export function createFirmataBoard(
  ref: { name: string; port?: string; file?: string },
  def: FirmataBoardDefinition,
  options: FirmataBoardOptions = {},
): Device {
  const file = ref.file ?? `device "${ref.name}"`;
  checkPins(def, file);
  const roles = new Map<string, InputRole>();
  const inputs: InputPin[] = [];
  const addInput = (key: string, pin: PinName, analog: boolean, pullup: boolean, role: InputRole): void => {
    roles.set(key, role);
    inputs.push({ key, pin, analog, pullup });
  };
  for (const s of def.seatSensors ?? []) {
    addInput(`seat:${s.seat}`, s.pin, s.type === 'analog', s.type === 'digital' && (s.pullup ?? false), {
      kind: 'seat',
      sensor: s,
    });
  }
  for (const [button, input] of Object.entries(def.panel ?? {}) as [
    PanelButtonName,
    { pin: PinName; pullup?: boolean; activeLow?: boolean },
  ][]) {
    addInput(`panel:${button}`, input.pin, false, input.pullup ?? false, {
      kind: 'panel',
      button,
      pullup: input.pullup,
      activeLow: input.activeLow,
    });
  }
  for (const b of def.seatButtons ?? []) {
    addInput(`seat-button:${b.seat}:${b.button}`, b.pin, false, b.pullup ?? false, { kind: 'seat-button', ...b });
  }
  const leds = def.seatLeds ?? [];
  const digitsSpec = def.shotClock ? { digits: 2, brightness: 60, ...def.shotClock } : null;
  const keypad = def.keypad ? { pin: def.keypad.pin, keys: def.keypad.keys ?? VKEY_KEYS } : null;

  let ctx: DeviceContext | null = null;
  let link: Link<FirmataConnection> | null = null;
  let snapshot: TableSnapshot | null = null;
  let refresh: NodeJS.Timeout | null = null;
  // Per connection: the last level of each input, and what the pins were last told.
  let levels = new Map<string, boolean>();
  let sentPins = new Map<PinName, boolean>();
  let sentText: string | null = null;
  let sentLit: boolean | null = null;
  // The keypad's amount outlives a reconnect: the dealer typed it, the cable did not.
  let amount: AmountEntry = NO_AMOUNT;

  let deviceLog: Logger | null = null;
  const submit = (input: RawInput): void => ctx?.submit(input);
  const seatOnAction = (): number | null => snapshot?.onAction?.seat ?? null;

  const onKey = (key: string): void => {
    amount = pressKey(amount, key, seatOnAction());
    deviceLog?.debug({ key }, 'keypad key');
    if (key === 'enter' && amount.armed)
      deviceLog?.info({ to: amount.armed.to, seat: amount.armed.seat }, 'keypad amount entered');
  };

  const onReading = (key: string, value: number): void => {
    const role = roles.get(key);
    if (!role) return;
    const previous = levels.get(key) ?? null;
    if (role.kind === 'seat') {
      const s = role.sensor;
      const occupied = s.type === 'analog' ? analogOccupied(s, value, previous) : digitalActive(s, value);
      if (occupied === previous) return;
      levels.set(key, occupied);
      submit({ type: 'seat', seat: s.seat, occupied });
      return;
    }
    const active = digitalActive(role, value);
    levels.set(key, active);
    // A press is an edge: the first reading after connecting only tells where the button rests.
    if (!active || previous !== false) return;
    if (role.kind === 'panel' && role.button === 'raise' && keypad) {
      const press = raisePress(amount, seatOnAction());
      amount = press.entry;
      if (press.dropped !== null) deviceLog?.warn({ to: press.dropped }, 'keypad amount dropped: the turn moved on');
      submit(press.input);
      return;
    }
    submit(role.kind === 'panel' ? panelInput(role.button) : seatButtonInput(role.seat, role.button));
  };

  const apply = (): void => {
    const conn = link?.current();
    if (!conn || !ctx) return;
    const now = ctx.now();
    try {
      for (const led of leds) {
        const lit = seatLights(snapshot, led.seat)[led.role];
        const high = lit !== (led.activeLow ?? false);
        if (sentPins.get(led.pin) === high) continue;
        conn.setPin(led.pin, high);
        sentPins.set(led.pin, high);
      }
      if (digitsSpec && conn.digits) {
        const { text, lit } = shotClockDigits(snapshot, now, digitsSpec.digits);
        for (let i = 0; i < text.length; i++) {
          if (sentText?.[i] === text[i]) continue;
          conn.digits.draw(i, text[i] ?? ' ');
        }
        sentText = text;
        if (sentLit !== lit) conn.digits.light(lit);
        sentLit = lit;
      }
    } catch (err) {
      // The port can go away between two writes; the link notices and everything is re-sent on reconnect.
      ctx.logger.warn({ err: (err as Error).message }, 'output write failed');
    }
  };

  return {
    name: ref.name,
    async start(context) {
      if (!ref.port) {
        throw new TableError(
          'DEVICE_INVALID',
          `device "${ref.name}": a firmata-board needs a \`port\` (e.g. /dev/ttyACM0)`,
          { field: 'port' },
        );
      }
      const path = ref.port;
      ctx = context;
      const logger = deviceLogger(context.logger, ref.name);
      deviceLog = logger;
      const connect = options.connect ?? openFirmata;
      link = createLink<FirmataConnection>({
        backoff: options.backoff ?? DEFAULT_BACKOFF,
        logger,
        open: (signal) =>
          connect({
            signal,
            path,
            baudRate: def.baudRate ?? 57600,
            samplingIntervalMs: def.samplingIntervalMs ?? 19,
            inputIntervalMs: def.inputIntervalMs ?? 25,
            readyTimeoutMs: def.readyTimeoutMs ?? 10_000,
            inputs,
            outputs: leds.map((l) => l.pin),
            digits: digitsSpec,
            keypad,
            onKey,
            onReading,
            onLost: (detail) => {
              const conn = link?.current();
              if (conn) link?.lost(conn, detail);
            },
            logger,
          }),
        close: (conn) => conn.close().catch(() => undefined),
        up: (conn) => {
          levels = new Map();
          sentPins = new Map();
          sentText = null;
          sentLit = null;
          submit({ type: 'device', device: ref.name, online: true, detail: `${conn.firmware} on ${path}` });
          apply();
        },
        down: (detail) => submit({ type: 'device', device: ref.name, online: false, detail }),
      });
      refresh = setInterval(apply, options.refreshMs ?? 250);
      refresh.unref();
      await link.start();
    },
    render(_events: readonly TableEvent[], snap: TableSnapshot) {
      snapshot = snap;
      apply();
    },
    async stop() {
      if (refresh) clearInterval(refresh);
      refresh = null;
      const conn = link?.current();
      if (conn) {
        // Dark on the way out: no LED should claim a seat is on action once the controller is gone.
        snapshot = null;
        apply();
      }
      await link?.stop();
      link = null;
    },
  };
}
