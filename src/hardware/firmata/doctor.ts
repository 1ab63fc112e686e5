// The doctor's check of a Firmata board: the port opens the way the table opens it, and the firmware answers
// REPORT_VERSION (0xF9).
import type { SerialPort } from 'serialport';
import type { DeviceCheck } from '../kind.ts';
import { withSerialPort } from '../serial/doctor.ts';

/** The firmware's version ("2.5"), or null when nothing answered within `timeoutMs`. */
function askVersion(port: SerialPort, timeoutMs: number): Promise<string | null> {
  return new Promise<string | null>((resolve) => {
    let buffer = Buffer.alloc(0);
    const timer = setTimeout(() => resolve(null), timeoutMs);
    port.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      const i = buffer.indexOf(0xf9);
      if (i >= 0 && buffer.length >= i + 3) {
        clearTimeout(timer);
        resolve(`${buffer[i + 1]}.${buffer[i + 2]}`);
      }
    });
    const ask = () => port.write(Buffer.from([0xf9]));
    ask();
    // An Uno reboots when its port opens and misses the first question: ask again after the bootloader.
    const again = setTimeout(ask, Math.min(2500, timeoutMs / 2));
    port.once('close', () => clearTimeout(again));
  });
}

export function checkFirmata(path: string | undefined, baudRate: number, timeoutMs: number): Promise<DeviceCheck> {
  return withSerialPort(path, baudRate, async (port, at) => {
    const version = await askVersion(port, timeoutMs);
    if (version === null) {
      return {
        ok: false,
        detail: `${at} opened but no Firmata answer within ${timeoutMs} ms at ${baudRate} baud`,
        fix: 'flash StandardFirmata (Arduino IDE: File > Examples > Firmata > StandardFirmata) and check baudRate in the definition',
      };
    }
    return { ok: true, detail: `Firmata ${version} answers on ${at} at ${baudRate} baud` };
  });
}
