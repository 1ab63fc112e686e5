import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { TableError } from '../../src/domain/errors.ts';
import type { TableEvent } from '../../src/domain/types.ts';
import { DB_FILE, openStore, type Store, type StoreOptions } from '../../src/store/store.ts';

const dirs: string[] = [];
const stores: Store[] = [];
function fresh(options: Omit<StoreOptions, 'dir'> = {}): { dir: string; store: Store } {
  const dir = mkdtempSync(join(tmpdir(), 'pt-store-'));
  dirs.push(dir);
  const store = openStore({ dir, ...options });
  stores.push(store);
  return { dir, store };
}
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const ev = (seq: number, at = seq * 10): TableEvent => ({ type: 'hand.ended', reason: 'fold', seq, at });

describe('store', () => {
  it('uses WAL and creates a private file', () => {
    const { dir } = fresh();
    const db = new Database(join(dir, DB_FILE), { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
    expect(statSync(join(dir, DB_FILE)).mode & 0o777).toBe(0o600);
  });

  it('journals inputs and events, and remembers them after a reopen', () => {
    const { dir, store } = fresh();
    const a = store.appendInput(100, '{"type":"shuffle","at":100}');
    store.appendEvents(a, [ev(1), ev(2)]);
    const b = store.appendInput(200, '{"type":"tick","at":200}');
    expect(b).toBeGreaterThan(a);
    expect(store.lastSeq()).toBe(2);
    expect(store.lastApplied()).toBe(a);
    store.close();
    const again = openStore({ dir });
    stores.push(again);
    expect(again.lastSeq()).toBe(2);
    expect(again.lastApplied()).toBe(a);
    expect(again.inputsFrom(0, 10).map((i) => [i.id, i.at])).toEqual([
      [a, 100],
      [b, 200],
    ]);
    expect(again.inputsFrom(b, 10).map((i) => i.id)).toEqual([b]);
    expect(again.inputsFrom(0, 1).map((i) => i.id)).toEqual([a]);
    expect(again.readEvents(0, 10)).toEqual([ev(1), ev(2)]);
    expect(again.readEvents(1, 10)).toEqual([ev(2)]);
    expect(again.lastInput()?.id).toBe(b);
  });

  it('refuses an event batch that does not continue seq, and writes none of it', () => {
    const { store } = fresh();
    const a = store.appendInput(1, '{}');
    store.appendEvents(a, [ev(1)]);
    const b = store.appendInput(2, '{}');
    expect(() => store.appendEvents(b, [ev(2), ev(4)])).toThrow(TableError);
    expect(store.lastSeq()).toBe(1);
    expect(store.readEvents(0, 10)).toEqual([ev(1)]);
    expect(store.lastApplied()).toBe(a);
  });

  it('keeps one cursor per sink, registers on first ask, never moves back', () => {
    const { store } = fresh();
    expect(store.cursor('mqtt')).toBe(0);
    expect(store.sinks()).toEqual([{ name: 'mqtt', cursor: 0 }]);
    store.ack('mqtt', 5);
    store.ack('mqtt', 3);
    store.ack('secure', 2);
    expect(store.cursor('mqtt')).toBe(5);
    expect(store.sinks()).toEqual([
      { name: 'mqtt', cursor: 5 },
      { name: 'secure', cursor: 2 },
    ]);
  });

  it('prunes events by seq and age, inputs by id and age, and remembers how far inputs went', () => {
    const { store } = fresh();
    const a = store.appendInput(10, '{}');
    store.appendEvents(a, [ev(1, 10), ev(2, 10)]);
    const b = store.appendInput(20, '{}');
    store.appendEvents(b, [ev(3, 20)]);
    const c = store.appendInput(30, '{}');
    expect(store.pruneEvents(3, 15)).toBe(2);
    expect(store.readEvents(0, 10).map((e) => e.seq)).toEqual([3]);
    expect(store.prunedThrough()).toBe(0);
    expect(store.pruneInputs(c, 25)).toBe(2);
    expect(store.prunedThrough()).toBe(b);
    expect(store.counts()).toEqual({ inputs: 1, events: 1 });
    expect(store.lastSeq()).toBe(3);
  });

  it('keeps checkpoints newest first, with their state bytes', () => {
    const { store } = fresh();
    store.saveCheckpoint({ inputId: 3, seq: 7, at: 30, version: 'v1' }, Buffer.from('three'));
    store.saveCheckpoint({ inputId: 9, seq: 20, at: 90, version: 'v1' }, Buffer.from('nine'));
    expect(store.checkpoints()).toEqual([
      { inputId: 9, seq: 20, at: 90, version: 'v1' },
      { inputId: 3, seq: 7, at: 30, version: 'v1' },
    ]);
    expect(Buffer.from(store.checkpointState(3)!).toString()).toBe('three');
    store.dropCheckpointsBefore(9);
    expect(store.checkpoints().map((c) => c.inputId)).toEqual([9]);
    expect(store.checkpointState(3)).toBeUndefined();
  });

  it('fails with JOURNAL_FAILED once closed, and close is idempotent', () => {
    const { store } = fresh();
    store.close();
    store.close();
    expect(() => store.appendInput(1, '{}')).toThrow(expect.objectContaining({ code: 'JOURNAL_FAILED' }));
  });

  it('names the path when the directory cannot be used', () => {
    const { dir } = fresh();
    const file = join(dir, 'not-a-dir');
    openStore({ dir: join(dir, 'x') }).close();
    rmSync(join(dir, 'x'), { recursive: true });
    // A file where the directory should be.
    Database(file).close();
    expect(() => openStore({ dir: file })).toThrow(expect.objectContaining({ code: 'JOURNAL_FAILED' }));
  });

  it('refuses a second open of a journal in the same process', () => {
    const { dir } = fresh();
    expect(() => openStore({ dir })).toThrow(
      expect.objectContaining({ code: 'JOURNAL_FAILED', message: expect.stringContaining('already open') }),
    );
    expect(() => openStore({ dir: join(dir, 'other') }).close()).not.toThrow();
  });
});

const dbSize = (dir: string) => statSync(join(dir, DB_FILE)).size;
const bulky = (i: number) => JSON.stringify({ type: 'tick', at: i, pad: 'x'.repeat(2000) });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// The WAL keeper (src/store/wal.ts): checkpoints wait for a quiet table (or run in the next turn when it never is), and
// both fsync modes journal the same way.
describe('WAL keeper', () => {
  it('copies the WAL into the database only once the table has been quiet, never inside a commit', async () => {
    const { dir, store } = fresh({ wal: { quietMs: 300, checkpointAfter: 20, forceAfter: 1_000_000 } });
    const before = dbSize(dir);
    for (let i = 1; i <= 60; i++) store.appendInput(i, bulky(i));
    expect(dbSize(dir)).toBe(before); // 60 commits, past checkpointAfter: still all in the WAL
    // Commits keep coming: the quiet period starts again with each one.
    for (let i = 61; i <= 64; i++) {
      await sleep(20);
      store.appendInput(i, bulky(i));
      expect(dbSize(dir)).toBe(before);
    }
    await sleep(700);
    expect(dbSize(dir)).toBeGreaterThan(before + 60 * 2000);
    expect(store.inputsFrom(1, 100)).toHaveLength(64);
  });

  it('checkpoints in the next turn when the table is never quiet long enough, in line only in a burst', async () => {
    const { dir, store } = fresh({ wal: { quietMs: 60_000, checkpointAfter: 10, forceAfter: 30 } });
    const before = dbSize(dir);
    for (let i = 1; i <= 30; i++) store.appendInput(i, bulky(i));
    // The 30th commit may be a card read's on its way to MQTT: the checkpoint does not run inside it.
    expect(dbSize(dir)).toBe(before);
    await sleep(20);
    expect(dbSize(dir)).toBeGreaterThan(before + 29 * 2000);
    // A burst that never yields (a recovery) is bounded all the same: in line at twice as many.
    const after = dbSize(dir);
    for (let i = 31; i <= 89; i++) store.appendInput(i, bulky(i));
    expect(dbSize(dir)).toBe(after);
    store.appendInput(90, bulky(90));
    expect(dbSize(dir)).toBeGreaterThan(after + 59 * 2000);
  });

  for (const fsync of ['background', 'every-input'] as const) {
    it(`journals and reopens the same with fsync: ${fsync}`, async () => {
      const errors: Error[] = [];
      const { dir, store } = fresh({ fsync, onDiskError: (err) => errors.push(err) });
      for (let i = 1; i <= 50; i++) {
        const id = store.appendInput(i, JSON.stringify({ type: 'tick', at: i }));
        store.appendEvents(id, [{ type: 'hand.ended', reason: 'fold', seq: i, at: i }]);
      }
      await sleep(50); // let the background fsyncs finish
      store.close();
      const again = openStore({ dir, fsync });
      stores.push(again);
      expect(again.lastSeq()).toBe(50);
      expect(again.inputsFrom(1, 100).map((r) => r.at)).toEqual(Array.from({ length: 50 }, (_, k) => k + 1));
      expect(errors).toEqual([]);
    });
  }
});
