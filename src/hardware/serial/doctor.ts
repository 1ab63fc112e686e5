// The doctor's part shared by serial devices: the configured path exists, may be opened, and opens at the speed.
import { accessSync, constants, existsSync } from 'node:fs';
import { SerialPort } from 'serialport';
import type { DeviceCheck } from '../kind.ts';
import { closePort } from './port.ts';

const failed = (detail: string, fix: string): DeviceCheck => ({ ok: false, detail, fix });

function pathProblem(path: string | undefined): DeviceCheck | null {
  if (!path)
    return failed(
      'no port configured',
      "set the device's port, e.g. /dev/ttyACM0 (ls /dev/serial/by-id/ names it for good)",
    );
  if (!existsSync(path))
    return failed(
      `${path} does not exist`,
      'plug the board in; `ls /dev/serial/by-id/` shows the boards this machine sees',
    );
  try {
    accessSync(path, constants.R_OK | constants.W_OK);
  } catch {
    return failed(
      `no permission to open ${path}`,
      'add the user to the dialout group (`sudo usermod -aG dialout pokertable`), then log in again / restart the service',
    );
  }
  return null;
}

async function openPort(path: string, baudRate: number): Promise<SerialPort | DeviceCheck> {
  const port = new SerialPort({ path, baudRate, autoOpen: false });
  port.on('error', () => undefined);
  try {
    await new Promise<void>((resolve, reject) => port.open((e) => (e ? reject(e) : resolve())));
    return port;
  } catch (error) {
    const message = (error as Error).message;
    return failed(
      `cannot open ${path}: ${message}`,
      /busy|lock/i.test(message)
        ? `another program holds the port (is the table already running? \`sudo fuser ${path}\`)`
        : 'check the cable and the device path',
    );
  }
}

/** Opens the configured port at `baudRate` and hands it to `probe`; the port is closed afterwards. */
export async function withSerialPort(
  path: string | undefined,
  baudRate: number,
  probe: (port: SerialPort, path: string) => Promise<DeviceCheck>,
): Promise<DeviceCheck> {
  const problem = pathProblem(path);
  if (problem || !path) return problem ?? failed('no port configured', "set the device's port");
  const port = await openPort(path, baudRate);
  if (!(port instanceof SerialPort)) return port;
  try {
    return await probe(port, path);
  } finally {
    await closePort(port, { drain: false });
  }
}
