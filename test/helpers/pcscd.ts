// Runs a real pcscd with the vsmartcard-vpcd driver for integration tests (stack-notes.md). pcscd has one fixed
// socket per machine, so the tests own it while they run: a lock serialises test processes, a stray pcscd is
// stopped by its pid file, and a stale socket left by a killed pcscd is removed so the next one can start.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { VPCD_CHANNEL, VPCD_PORTS } from './vpcd.ts';

export const PCSCD_SOCKET = '/run/pcscd/pcscd.comm';
const PCSCD_PID = '/run/pcscd/pcscd.pid';
const LOCK = join(tmpdir(), 'pokertable-pcscd.lock');
const VPCD_CONF = '/etc/reader.conf.d/vpcd';
const VPCD_LIBS = ['/usr/lib/pcsc/drivers/serial/libifdvpcd.so', '/usr/lib64/pcsc/drivers/serial/libifdvpcd.so'];

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function which(bin: string): string | null {
  for (const dir of [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/sbin']) {
    if (dir && existsSync(join(dir, bin))) return join(dir, bin);
  }
  return null;
}

/** The vpcd driver library: from Debian's reader.conf.d entry when there is one. */
function vpcdLibrary(): string | null {
  if (existsSync(VPCD_CONF)) {
    const m = /^\s*LIBPATH\s+(\S+)/m.exec(readFileSync(VPCD_CONF, 'utf8'));
    if (m?.[1] && existsSync(m[1])) return m[1];
  }
  return VPCD_LIBS.find((p) => existsSync(p)) ?? null;
}

/** Why the real PC/SC stack cannot run here, or null when it can. */
export function pcscStackMissing(): string | null {
  if (!which('pcscd')) return 'pcscd is not installed (apt-get install pcscd vsmartcard-vpcd libpcsclite-dev)';
  if (!vpcdLibrary()) return 'the vpcd driver is not installed (apt-get install vsmartcard-vpcd)';
  try {
    mkdirSync('/run/pcscd', { recursive: true });
  } catch {
    return 'cannot create /run/pcscd (the pcscd tests need root)';
  }
  return null;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function pidIsPcscd(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'pcscd';
  } catch {
    return false;
  }
}

/** Takes the machine's pcscd for this process. The lock is a folder holding the owner's pid, made whole beside it
 * and renamed into place (atomic): a lock seen without its pid would be taken for a dead owner's, so two test files
 * running side by side (vitest.config.ts) could both take it. A dead owner's lock is removed. */
async function acquireLock(): Promise<void> {
  // Up to six minutes: the pcsc files together hold pcscd about three (deck.cli.test.ts alone takes two).
  for (let i = 0; i < 1800; i++) {
    const mine = mkdtempSync(`${LOCK}.new-`);
    writeFileSync(join(mine, 'pid'), String(process.pid));
    try {
      renameSync(mine, LOCK);
      return;
    } catch {
      rmSync(mine, { recursive: true, force: true });
      const owner = lockOwner();
      if (owner !== null && !alive(owner) && lockOwner() === owner) rmSync(LOCK, { recursive: true, force: true });
      else await sleep(200);
    }
  }
  throw new Error(`${LOCK} is held by another test process for too long`);
}

function lockOwner(): number | null {
  try {
    const pid = Number(readFileSync(join(LOCK, 'pid'), 'utf8'));
    return Number.isInteger(pid) ? pid : null;
  } catch {
    return null; // no lock, or one being released
  }
}

/** Is vpcd's TCP port listening? Read from /proc: connecting to it would place a card. */
function listening(port: number): boolean {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  for (const f of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(f)) continue;
    for (const line of readFileSync(f, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols[1]?.endsWith(hex) && cols[3] === '0A') return true;
    }
  }
  return false;
}

function socketAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(PCSCD_SOCKET);
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}

async function waitExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return true;
  return Promise.race([new Promise<boolean>((r) => child.once('exit', () => r(true))), sleep(ms).then(() => false)]);
}

export class Pcscd {
  private child: ChildProcess | null = null;
  private output = '';
  private partial = '';
  private portBusy = false;
  /** Card removals pcscd logged, per reader name (pcscd -i logs "Card Removed From <reader>"). */
  private removals = new Map<string, number>();
  private constructor(private readonly confDir: string) {}

  /** Takes the machine's pcscd for this test file and starts one with only the vpcd reader configured. */
  static async acquire(): Promise<Pcscd> {
    const lib = vpcdLibrary();
    if (!lib) throw new Error('vpcd driver missing');
    await acquireLock();
    await Pcscd.stopStray();
    const confDir = mkdtempSync(join(tmpdir(), 'pokertable-pcscd-'));
    writeFileSync(
      join(confDir, 'vpcd'),
      `FRIENDLYNAME "Virtual PCD"\nDEVICENAME /dev/null:0x${VPCD_CHANNEL.toString(16).toUpperCase()}\nLIBPATH ${lib}\nCHANNELID 0x${VPCD_CHANNEL.toString(16).toUpperCase()}\n`,
    );
    const pcscd = new Pcscd(confDir);
    await pcscd.start();
    return pcscd;
  }

  /** A pcscd this helper did not start (systemd's, or a crashed test's) is stopped by the pid in its pid file. */
  private static async stopStray(): Promise<void> {
    const pid = existsSync(PCSCD_PID) ? Number(readFileSync(PCSCD_PID, 'utf8').replace(/\0/g, '').trim()) : NaN;
    if (Number.isInteger(pid) && pid > 0 && alive(pid) && pidIsPcscd(pid)) {
      process.kill(pid, 'SIGTERM');
      for (let i = 0; i < 50 && alive(pid); i++) await sleep(100);
      if (alive(pid)) process.kill(pid, 'SIGKILL');
      for (let i = 0; i < 50 && alive(pid); i++) await sleep(100);
    }
    Pcscd.removeStale();
  }

  private static removeStale(): void {
    rmSync(PCSCD_SOCKET, { force: true });
    rmSync(PCSCD_PID, { force: true });
  }

  get running(): boolean {
    return this.child !== null;
  }

  /** pcscd's own log (-f -i), for failure messages. */
  log(): string {
    return this.output;
  }

  /** Starts pcscd. A vpcd port still held (a TIME_WAIT left by the last pcscd, another process's socket) makes
   * its reader fail to open; pcscd then runs without readers, so that start is thrown away and tried again. */
  async start(): Promise<void> {
    if (this.child) return;
    for (let attempt = 1; ; attempt++) {
      this.portBusy = false;
      if (await this.startOnce()) return;
      if (!this.portBusy || attempt === 5)
        throw new Error(`pcscd did not become ready (attempt ${attempt}):\n${this.output}`);
      await sleep(1000 * attempt);
    }
  }

  private async startOnce(): Promise<boolean> {
    Pcscd.removeStale();
    const child = spawn(
      which('pcscd') ?? 'pcscd',
      ['-f', ...(process.env.PCSCD_DEBUG ? ['-d', '-a'] : ['-i']), '-c', this.confDir],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const keep = (chunk: Buffer): void => {
      const text = chunk.toString();
      if (text.includes('Address already in use')) this.portBusy = true;
      this.output = (this.output + text).slice(-20_000);
      const lines = (this.partial + text).split('\n');
      this.partial = lines.pop() ?? '';
      for (const line of lines) {
        const m = /Card Removed From (.+?)\s*$/.exec(line);
        if (m?.[1]) this.removals.set(m[1], (this.removals.get(m[1]) ?? 0) + 1);
      }
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.child = child;
    for (let i = 0; i < 200; i++) {
      if (child.exitCode !== null || this.portBusy) break;
      if (VPCD_PORTS.every(listening) && existsSync(PCSCD_SOCKET) && (await socketAnswers())) return true;
      await sleep(50);
    }
    this.child = null;
    child.kill('SIGKILL');
    await waitExit(child, 5000);
    return false;
  }

  removed(reader: string): number {
    return this.removals.get(reader) ?? 0;
  }

  /** Resolves once pcscd has logged more than `count` removals from `reader`: only then does vpcd take the next
   * card cleanly (a card put on before pcscd noticed the last one left is not seen). */
  async waitRemoved(reader: string, count: number, timeoutMs = 10_000): Promise<void> {
    for (let waited = 0; this.removed(reader) <= count; waited += 20) {
      if (waited > timeoutMs || !this.child) throw new Error(`pcscd did not notice a card leaving ${reader}`);
      await sleep(20);
    }
  }

  /** A clean stop (SIGTERM): pcscd removes its socket. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = null;
    child.kill('SIGTERM');
    if (!(await waitExit(child, 5000))) {
      child.kill('SIGKILL');
      await waitExit(child, 5000);
    }
  }

  /** A crash (SIGKILL): the socket file stays behind, stale, as after a real pcscd crash. */
  async crash(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = null;
    child.kill('SIGKILL');
    await waitExit(child, 5000);
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  /** Stops pcscd and gives the machine back. */
  async release(): Promise<void> {
    await this.stop();
    Pcscd.removeStale();
    rmSync(this.confDir, { recursive: true, force: true });
    rmSync(LOCK, { recursive: true, force: true });
  }
}
