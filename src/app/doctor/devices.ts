// The doctor's device checks: each configured device answered the way the table will use it.
import { accessSync, constants, existsSync } from 'node:fs';
import { SerialPort } from 'serialport';
import type { ResolvedDevice } from '../../config/devices.ts';
import { loadNfcPcsc, pcscdAdvice, probePcscd } from '../../hardware/shoe/backend.ts';
import { SHOE_KIND } from '../../hardware/shoe/index.ts';
import { ANTENNA_KIND, CHIP_READER_KIND } from '../../config/places.ts';
import { pcscWord } from '../../hardware/shoe/pcsc-shoe.ts';
import { shoeSettings } from '../../hardware/shoe/spec.ts';
import { fail, ok, type CheckResult } from './report.ts';

export interface DeviceCheckOptions {
  /** How long to wait for readers to show up / for a Firmata answer (an Uno resets when its port opens: ~2 s). */
  pcscWaitMs?: number;
  firmataTimeoutMs?: number;
}

export async function checkDevice(device: ResolvedDevice, options: DeviceCheckOptions = {}): Promise<CheckResult> {
  const subject = `device ${device.ref.name}`;
  if (device.simulated) return ok(subject, `simulated ${device.kind} (nothing to check)`);
  // a chip reader is the shoe's driver too: the same reader check
  if (device.kind === SHOE_KIND || device.kind === ANTENNA_KIND || device.kind === CHIP_READER_KIND)
    return checkShoe(device, subject, options.pcscWaitMs ?? 3000);
  if (device.kind === 'firmata-board') {
    const spec = device.definition.spec as { baudRate?: number };
    return checkFirmata(subject, device.ref.port, spec.baudRate ?? 57600, options.firmataTimeoutMs ?? 6000);
  }
  if (device.kind === 'serial-display') {
    const spec = device.definition.spec as { baudRate?: number };
    return checkSerialOpens(subject, device.ref.port, spec.baudRate ?? 115_200);
  }
  return fail(subject, `kind "${device.kind}" has no check in this version`, 'see docs/install.md');
}

async function checkShoe(
  device: Extract<ResolvedDevice, { simulated: false }>,
  subject: string,
  waitMs: number,
): Promise<CheckResult> {
  const kind = device.kind as 'pcsc-shoe' | 'pcsc-antenna' | 'pcsc-chip-reader';
  const settings = shoeSettings(device.definition, device.ref, {}, kind);
  const down = await probePcscd(settings.socket);
  if (down !== null) {
    return fail(subject, down, pcscdAdvice(down));
  }
  let backend;
  try {
    backend = await loadNfcPcsc();
  } catch (error) {
    return fail(
      subject,
      (error as Error).message,
      'apt-get install libpcsclite-dev, then npm ci (nfc-pcsc builds against it)',
    );
  }
  const matching: string[] = [];
  const others: string[] = [];
  const errors: string[] = [];
  const context = backend.open(
    {
      readerAdded: (r) => matching.push(r),
      readerIgnored: (r) => others.push(r),
      readerRemoved: () => undefined,
      card: () => undefined,
      readerError: (r, e) => errors.push(`${r}: ${e.message}`),
      contextError: (e) => errors.push(e.message),
    },
    (name) => settings.readerPattern.test(name),
  );
  // Readers arrive as pcscd reports them; there is no "that was all" signal, so wait a little.
  const deadline = Date.now() + waitMs;
  while (matching.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  await context.close();
  if (matching.length > 0)
    return ok(subject, `pcscd is up; reader "${matching[0]}" matches /${settings.readerPattern.source}/`);
  if (others.length > 0) {
    return fail(
      subject,
      `pcscd is up but no reader matches /${settings.readerPattern.source}/ (seen: ${others.join(', ')})`,
      "set the device's port (a reader-name pattern) in the table config to one of the names seen",
    );
  }
  return fail(
    subject,
    `pcscd is up but lists no reader${errors.length ? ` (${errors.join('; ')})` : ''}`,
    `plug the ${pcscWord(kind)} in; \`pcsc_scan\` (package pcsc-tools) shows what pcscd sees`,
  );
}

function serialPathProblem(subject: string, path: string | undefined): CheckResult | null {
  if (!path)
    return fail(
      subject,
      'no port configured',
      "set the device's port, e.g. /dev/ttyACM0 (ls /dev/serial/by-id/ names it for good)",
    );
  if (!existsSync(path)) {
    return fail(
      subject,
      `${path} does not exist`,
      'plug the board in; `ls /dev/serial/by-id/` shows the boards this machine sees',
    );
  }
  try {
    accessSync(path, constants.R_OK | constants.W_OK);
  } catch {
    return fail(
      subject,
      `no permission to open ${path}`,
      'add the user to the dialout group (`sudo usermod -aG dialout pokertable`), then log in again / restart the service',
    );
  }
  return null;
}

async function openPort(subject: string, path: string, baudRate: number): Promise<SerialPort | CheckResult> {
  const port = new SerialPort({ path, baudRate, autoOpen: false });
  port.on('error', () => undefined);
  try {
    await new Promise<void>((resolve, reject) => port.open((e) => (e ? reject(e) : resolve())));
    return port;
  } catch (error) {
    const message = (error as Error).message;
    return fail(
      subject,
      `cannot open ${path}: ${message}`,
      /busy|lock/i.test(message)
        ? `another program holds the port (is the table already running? \`sudo fuser ${path}\`)`
        : 'check the cable and the device path',
    );
  }
}

const closePort = (port: SerialPort) =>
  new Promise<void>((resolve) => (port.isOpen ? port.close(() => resolve()) : resolve()));

/** A serial display: the port opens at its speed (the board's own protocol is checked by the table's heartbeat). */
async function checkSerialOpens(subject: string, path: string | undefined, baudRate: number): Promise<CheckResult> {
  const problem = serialPathProblem(subject, path);
  if (problem || !path) return problem ?? fail(subject, 'no port configured', "set the device's port");
  const port = await openPort(subject, path, baudRate);
  if (!(port instanceof SerialPort)) return port;
  await closePort(port);
  return ok(subject, `${path} opens at ${baudRate} baud`);
}

/** Opens the port the way the table will and asks for the Firmata protocol version (REPORT_VERSION, 0xF9). */
export async function checkFirmata(
  subject: string,
  path: string | undefined,
  baudRate: number,
  timeoutMs: number,
): Promise<CheckResult> {
  const problem = serialPathProblem(subject, path);
  if (problem || !path) return problem ?? fail(subject, 'no port configured', "set the device's port");
  const port = await openPort(subject, path, baudRate);
  if (!(port instanceof SerialPort)) return port;
  try {
    const version = await new Promise<string | null>((resolve) => {
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
    if (version === null) {
      return fail(
        subject,
        `${path} opened but no Firmata answer within ${timeoutMs} ms at ${baudRate} baud`,
        'flash StandardFirmata (Arduino IDE: File > Examples > Firmata > StandardFirmata) and check baudRate in the definition',
      );
    }
    return ok(subject, `Firmata ${version} answers on ${path} at ${baudRate} baud`);
  } finally {
    await closePort(port);
  }
}
