// What every serial device here does with serialport 13 the same way: the message for a port that will not open,
// and closing a port without losing its last writes. Shared by the Firmata board, the display board and the doctor.
import type { SerialPort } from 'serialport';
import { TableError } from '../../domain/errors.ts';

/** serialport's own message already names the path ("Error: No such file or directory, cannot open /dev/x"). */
export function openError(path: string, err: Error): string {
  const message = err.message.replace(/^Error: /, '');
  return message.includes(path) ? message : `cannot open ${path}: ${message}`;
}

/** Closes an open port once its pending writes have left (outputs dark on stop must reach the board); the doctor's
 * question need not (`drain: false`). */
export async function closePort(port: SerialPort, { drain = true } = {}): Promise<void> {
  if (!port.isOpen) return;
  if (drain) await new Promise<void>((resolve) => port.drain(() => resolve()));
  await new Promise<void>((resolve) => port.close(() => resolve()));
}

/** The serial path a device entry must give (`port`); DEVICE_INVALID, naming the kind and an example, without it. */
export function requirePort(ref: { name: string; port?: string }, kind: string, example: string): string {
  if (ref.port) return ref.port;
  throw new TableError('DEVICE_INVALID', `device "${ref.name}": a ${kind} needs a \`port\` (e.g. ${example})`, {
    field: 'port',
  });
}
