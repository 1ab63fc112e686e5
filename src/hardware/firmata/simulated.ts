// A Firmata board without hardware: tests, the simulator and dev tables set seat sensors and press buttons through
// methods, and read back what the LEDs and digits would show. Same mapping as the real board, so what a test reads
// here is what the real pins would carry.
import type { TableSnapshot } from '../../domain/snapshot/types.ts';
import type { TableEvent } from '../../domain/types.ts';
import type { Device, DeviceContext } from '../types.ts';
import { shotClockDigits, type DigitsState } from '../outputs/digits.ts';
import { seatLights, type SeatLights } from '../outputs/seat-lights.ts';
import type { PanelButtonName } from './definition.ts';
import { NO_AMOUNT, pressKey, raisePress } from './amount.ts';
import { panelInput, seatButtonInput } from './levels.ts';

export interface SimulatedBoard extends Device {
  /** A seat sensor's raw level (the engine debounces it, as with a real sensor). */
  setSeat(seat: number, occupied: boolean): void;
  press(button: PanelButtonName): void;
  /** A key of the amount keypad (`0`–`9`, `clear`, `enter`): the next `raise` press carries the amount entered. */
  key(key: string): void;
  pressSeat(seat: number, button: 'timebank' | 'clock'): void;
  lights(seat: number): SeatLights;
  /** The shot-clock digits now (text and whether lit in the blink). */
  digits(): DigitsState;
  /** Pretends the USB cable is pulled / back: reports the device offline / online. */
  unplug(): void;
  plug(): void;
  readonly online: boolean;
}

export function createSimulatedBoard(options: { name: string; digits?: number }): SimulatedBoard {
  let ctx: DeviceContext | null = null;
  let snapshot: TableSnapshot | null = null;
  let online = false;
  const width = options.digits ?? 2;
  let amount = NO_AMOUNT;
  const seatOnAction = (): number | null => snapshot?.onAction?.seat ?? null;

  const submitIfOnline = (input: Parameters<DeviceContext['submit']>[0]): void => {
    if (!ctx) throw new Error(`simulated board "${options.name}" is not started`);
    if (online) ctx.submit(input);
  };
  const status = (up: boolean, detail: string): void => {
    if (online === up) return;
    online = up;
    ctx?.submit({ type: 'device', device: options.name, online: up, detail });
  };

  return {
    name: options.name,
    async start(context) {
      ctx = context;
      status(true, 'simulated board');
    },
    render(_events: readonly TableEvent[], snap: TableSnapshot) {
      snapshot = snap;
    },
    async stop() {
      online = false;
      snapshot = null;
    },
    setSeat: (seat, occupied) => submitIfOnline({ type: 'seat', seat, occupied }),
    press: (button) => {
      if (button !== 'raise') return submitIfOnline(panelInput(button));
      const press = raisePress(amount, seatOnAction());
      amount = press.entry;
      submitIfOnline(press.input);
    },
    key: (key) => void (amount = pressKey(amount, key, seatOnAction())),
    pressSeat: (seat, button) => submitIfOnline(seatButtonInput(seat, button)),
    // An unplugged board shows nothing: its LEDs are dark until it is back and re-sent.
    lights: (seat) => seatLights(online ? snapshot : null, seat),
    digits: () => shotClockDigits(online ? snapshot : null, ctx?.now() ?? 0, width),
    unplug: () => status(false, 'simulated unplug'),
    plug: () => status(true, 'simulated board'),
    get online() {
      return online;
    },
  };
}
