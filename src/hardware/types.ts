// What every device adapter looks like to the composition root. johnny-five, nfc-pcsc and serialport types stay
// inside their adapters; only these shapes cross.
import type { Logger } from 'pino';
import type { TableSnapshot } from '../domain/snapshot/types.ts';
import type { TableEvent } from '../domain/types.ts';
import type { RawInput } from '../runtime/types.ts';

export interface DeviceContext {
  /** Hands an input to the runtime (card reads, sensor levels, buttons). Device status goes the same way:
   * `{type: 'device', device, online, detail}`. */
  submit(input: RawInput): void;
  logger: Logger;
  /** Current time in ms (injected so simulated time works). */
  now(): number;
}

export interface Device {
  readonly name: string;
  /** Opens the device; resolves once it is usable or has reported itself offline (never rejects for a device that
   * is merely absent: it keeps retrying and reports `device.offline`). Rejects for a config error. */
  start(ctx: DeviceContext): Promise<void>;
  /** Outputs: called after each batch of events with the snapshot after them (LEDs, digits, display boards). */
  render?(events: readonly TableEvent[], snapshot: TableSnapshot): void;
  /** Turns outputs off and releases the device. */
  stop(): Promise<void>;
}

/** The device's logger, naming it once: the table already binds `device` to each device's context logger, and pino
 * repeats a key bound twice (`"device":"shoe","device":"shoe"`), which some JSON readers refuse. */
export function deviceLogger(logger: Logger, name: string, extra: Record<string, unknown> = {}): Logger {
  const bound = logger.bindings() as Record<string, unknown>;
  const fields = bound.device === name ? extra : { device: name, ...extra };
  return Object.keys(fields).length === 0 ? logger : logger.child(fields);
}
