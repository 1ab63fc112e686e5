// Shared by the rules-edge tests: temp folders, a table config file, a real runtime on SQLite, a readable log.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach } from 'vitest';
import type { Profile } from '../../src/domain/profile/profile.ts';
import { fakeClock } from '../../src/runtime/clock.ts';
import { createRuntime, type TableRuntime } from '../../src/runtime/runtime.ts';
import { openStore } from '../../src/store/store.ts';

export const root = join(import.meta.dirname, '..', '..');
const dirs: string[] = [];
export const open: TableRuntime[] = [];
afterEach(() => {
  for (const r of open.splice(0)) r.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pt-rules-'));
  dirs.push(dir);
  return dir;
}
export function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}
export function writeConfig(dir: string, table: string): string {
  const file = join(dir, 'table.yaml');
  writeFileSync(file, `table:\n  id: t1\n${table}\nstorage:\n  dir: ./state\ndevices: []\n`);
  return file;
}
export function startRuntime(dir: string, profiles: Record<string, Profile>, at = 1000) {
  const log = capture();
  const rt = createRuntime({
    table: { profiles },
    store: openStore({ dir }),
    clock: fakeClock(at),
    logger: log.logger,
    maintenanceEveryMs: 1e15,
  });
  open.push(rt);
  return { rt, lines: log.lines, logger: log.logger };
}
export function journal(rt: TableRuntime): Record<string, unknown>[] {
  return rt.recentInputs!(10_000).map((r) => r.input as Record<string, unknown>);
}
/** Four players seated and present: a shuffle starts a hand. */
export function seatFour(rt: TableRuntime): void {
  for (const seat of [1, 2, 3, 4]) {
    rt.submit({ type: 'command', name: 'seat-player', seat, player: `P${seat}` });
    rt.submit({ type: 'seat', seat, occupied: true });
  }
}
