// A power cut with `storage.fsync: background`: the disk loses the last commits, although their events were
// published. Simulated by copying the journal's files (what the disk held at the cut), going on publishing, and
// starting again from the copy under another boot id. The seqs published after the copy must never be given again.
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { TableEvent } from '../../src/domain/types.ts';
import { fakeClock } from '../../src/runtime/clock.ts';
import { createRuntime, type TableRuntime } from '../../src/runtime/runtime.ts';
import { DB_FILE, openStore } from '../../src/store/store.ts';
import { fakeEngine } from '../helpers/crash-fake-engine.ts';

const logger = pino({ level: 'silent' });
const dirs: string[] = [];
const open: TableRuntime[] = [];
afterEach(() => {
  for (const r of open.splice(0)) r.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pt-power-'));
  dirs.push(dir);
  return dir;
}
type Mode = 'background' | 'every-input';
function start(dir: string, bootId: string | null, fsync: Mode = 'background', version?: string, log = logger) {
  const rt = createRuntime({
    table: { profiles: {} },
    store: openStore({ dir, fsync, bootId }),
    clock: fakeClock(1000),
    logger: log,
    engine: fakeEngine(version ? { version } : {}),
    maintenanceEveryMs: 1e15,
    seqReserveStep: 20,
  });
  open.push(rt);
  const told: TableEvent[] = [];
  rt.onEvents((b) => told.push(...b));
  return { rt, told };
}
function stop(rt: TableRuntime) {
  open.splice(open.indexOf(rt), 1);
  rt.close();
}
/** Lets the deferred outbox write, the background fsync and the reserve's step run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
/** The files as the disk held them at this moment (a copy taken between two commits). */
function diskImage(from: string): string {
  const to = tempDir();
  for (const f of [DB_FILE, `${DB_FILE}-wal`]) if (existsSync(join(from, f))) copyFileSync(join(from, f), join(to, f));
  return to;
}
function play(rt: TableRuntime, n: number) {
  for (let i = 0; i < n; i++) rt.submit({ type: 'shuffle' });
}

describe('power cut with fsync background', () => {
  it('skips every seq that may have been published, with a journal.gap event, and replays to the same', async () => {
    const dir = tempDir();
    const a = start(dir, 'boot-1');
    play(a.rt, 5);
    await settle();
    // The cut: the disk has everything fsynced so far; the inputs that follow are published in the same turn, before
    // any background fsync could finish, so they are lost.
    const cut = diskImage(dir);
    play(a.rt, 15);
    const published = Math.max(...a.told.map((e) => e.seq));
    expect(published).toBe(20);

    const b = start(cut, 'boot-2');
    const after = b.rt.outbox.read(5, 10);
    const gap = after[0]!;
    expect(gap).toMatchObject({ type: 'journal.gap', from: 6, reason: 'power-cut' });
    const to = (gap as { to: number }).to;
    expect(to).toBeGreaterThanOrEqual(published); // every seq that went out is skipped
    expect(gap.seq).toBe(to + 1);
    expect(after).toHaveLength(1);
    const next = b.rt.submit({ type: 'shuffle' });
    expect(next[0]!.seq).toBe(to + 2);
    expect(b.rt.snapshot().seq).toBe(to + 2);
    const outbox = b.rt.outbox.read(0, 1000);
    stop(b.rt);

    // A clean restart (same boot) skips nothing more; a full replay (another state version) gives the same events
    // without a mismatch.
    const warnings: string[] = [];
    const watching = pino({ level: 'warn' }, { write: (l: string) => void warnings.push(l) });
    const c = start(cut, 'boot-2', 'background', 'fake-2', watching);
    expect(c.rt.outbox.read(0, 1000)).toEqual(outbox);
    expect(c.rt.submit({ type: 'shuffle' })[0]!.seq).toBe(to + 3);
    expect(warnings).toEqual([]);
  });

  it('keeps the durable reserve at or above every seq told, in bursts and at a steady pace', async () => {
    const dir = tempDir();
    const { rt } = start(dir, 'boot-1');
    const reader = new Database(join(dir, DB_FILE), { readonly: true });
    const reserved = () =>
      Number(reader.prepare("SELECT value FROM meta WHERE key = 'seq_reserve'").pluck().get() ?? 0);
    const below: number[] = [];
    rt.onEvents((b) => {
      if (b.at(-1)!.seq > reserved()) below.push(b.at(-1)!.seq);
    });
    play(rt, 100); // a burst: the reserve moves in line
    for (let i = 0; i < 10; i++) {
      play(rt, 5); // a steady pace: it moves in the background
      await settle();
    }
    reader.close();
    expect(below).toEqual([]);
    expect(rt.outbox.lastSeq()).toBe(150);
  });

  it('skips nothing after a killed process (same boot: the OS kept every write)', async () => {
    const dir = tempDir();
    const a = start(dir, 'boot-1');
    play(a.rt, 5);
    await settle();
    const b = start(diskImage(dir), 'boot-1');
    expect(b.rt.outbox.read(0, 100).map((e) => e.type)).not.toContain('journal.gap');
    expect(b.rt.submit({ type: 'shuffle' })[0]!.seq).toBe(6);
  });

  it('skips nothing after a power cut with every-input (nothing told was unsynced), nor after a clean stop', async () => {
    const dir = tempDir();
    const a = start(dir, 'boot-1', 'every-input');
    play(a.rt, 5);
    await settle();
    const b = start(diskImage(dir), 'boot-2', 'background');
    expect(b.rt.submit({ type: 'shuffle' })[0]!.seq).toBe(6);

    const clean = tempDir();
    const c = start(clean, 'boot-1');
    play(c.rt, 5);
    stop(c.rt);
    const d = start(clean, 'boot-2');
    expect(d.rt.submit({ type: 'shuffle' })[0]!.seq).toBe(6);
  });

  it('counts a stop without a readable boot id as a power cut', async () => {
    const dir = tempDir();
    const a = start(dir, null);
    play(a.rt, 5);
    await settle();
    const b = start(diskImage(dir), null);
    expect(b.rt.outbox.read(5, 1)[0]?.type).toBe('journal.gap');
  });

  it("never lets an adapter's input skip seqs", () => {
    const dir = tempDir();
    const { rt } = start(dir, 'boot-1');
    play(rt, 2);
    const out = rt.submit({ type: 'journal.gap', from: 3, to: 100, reason: 'power-cut', runtime: true });
    expect(out.map((e) => [e.type, e.seq])).toEqual([['action', 3]]);
    const db = new Database(join(dir, DB_FILE), { readonly: true });
    const last = db.prepare('SELECT json FROM inputs ORDER BY id DESC LIMIT 1').pluck().get() as string;
    db.close();
    expect(JSON.parse(last)).not.toHaveProperty('runtime');
  });
});
