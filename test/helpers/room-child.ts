// `npm run room`'s entry point as a real child process (src/cli/room.ts), its stdout and stderr kept together.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { TEST_DIR } from './paths.ts';

const ROOT = `${TEST_DIR}/..`;
const ENTRY = ['--import', 'tsx', 'src/cli/room.ts', '--config'];

export interface RoomChild {
  child: ChildProcess;
  output(): string;
  /** SIGKILL, resolved once it exited. */
  kill(): Promise<void>;
  /** SIGTERM: the exit code once it stopped. */
  stop(): Promise<number | null>;
}

/** Starts the room service on `file` with `extra` flags; `cleanups` gets a SIGKILL for a child still running. */
export function spawnRoom(file: string, cleanups: (() => unknown)[], ...extra: string[]): RoomChild {
  const child = spawn(process.execPath, [...ENTRY, file, ...extra], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const running = () => child.exitCode === null && child.signalCode === null;
  cleanups.push(() => {
    if (running()) child.kill('SIGKILL');
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return {
    child,
    output: () => output,
    async kill() {
      if (running()) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (running()) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** A start expected to fail before it runs (a refused journal): its exit status and stderr. */
export function roomRefused(file: string, ...extra: string[]): { status: number | null; stderr: string } {
  const r = spawnSync(process.execPath, [...ENTRY, file, ...extra], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stderr: r.stderr };
}
