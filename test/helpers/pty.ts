// A socat pty pair, so the code under test opens a real tty through serialport like it would open /dev/ttyACM0.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function socatAvailable(): boolean {
  return spawnSync('socat', ['-V'], { stdio: 'ignore' }).status === 0;
}

/** Whether tests needing socat run: missing socat skips locally, but fails under CI (process.env.CI). */
export function requireSocat(): boolean {
  if (socatAvailable()) return true;
  if (process.env.CI) throw new Error('socat is required for the serial tests under CI (apt-get install socat)');
  console.warn('socat not found: skipping pty tests (apt-get install socat)');
  return false;
}

export interface PtyPair {
  /** The end the code under test opens (e.g. the table's configured port). */
  readonly a: string;
  /** The end the emulated device opens. */
  readonly b: string;
  /** Kills socat: both ends vanish, as when a USB cable is pulled. */
  unplug(): Promise<void>;
  /** Starts socat again with the same link names (the cable is back). */
  plug(): Promise<void>;
  close(): Promise<void>;
}

/** Polls `check` until it holds; fails the test with `what` after `timeoutMs` (a limit, never a measurement). */
export async function waitFor(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A pty pair whose links live in a fresh temp dir (unique per test, removed by `close`). */
export async function openPtyPair(): Promise<PtyPair> {
  const dir = mkdtempSync(join(tmpdir(), 'pokertable-pty-'));
  const a = join(dir, 'table');
  const b = join(dir, 'device');
  let child: ChildProcess | null = null;

  const plug = async (): Promise<void> => {
    if (child) return;
    const proc = spawn('socat', [`pty,raw,echo=0,link=${a}`, `pty,raw,echo=0,link=${b}`], { stdio: 'ignore' });
    child = proc;
    proc.on('exit', () => {
      if (child === proc) child = null;
    });
    await waitFor(() => existsSync(a) && existsSync(b), 'socat pty links');
  };
  const unplug = async (): Promise<void> => {
    const proc = child;
    if (!proc) return;
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.kill('SIGTERM');
    await exited;
    await waitFor(() => !existsSync(a) && !existsSync(b), 'socat links to go');
  };

  await plug();
  return {
    a,
    b,
    plug,
    unplug,
    async close() {
      await unplug();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
