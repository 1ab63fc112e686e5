// The WAL keeper (src/store/wal.ts): checkpoints wait for a quiet table (or run in line when it never is), and
// both fsync modes journal the same way.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DB_FILE, openStore, type Store, type StoreOptions } from '../src/store/store.ts';

const dirs: string[] = [];
const stores: Store[] = [];
function open(options: Omit<StoreOptions, 'dir'>): { dir: string; store: Store; dbSize: () => number } {
  const dir = mkdtempSync(join(tmpdir(), 'pt-wal-'));
  dirs.push(dir);
  const store = openStore({ dir, ...options });
  stores.push(store);
  return { dir, store, dbSize: () => statSync(join(dir, DB_FILE)).size };
}
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const bulky = (i: number) => JSON.stringify({ type: 'tick', at: i, pad: 'x'.repeat(2000) });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('WAL keeper', () => {
  it('copies the WAL into the database only once the table has been quiet, never inside a commit', async () => {
    const { store, dbSize } = open({ wal: { quietMs: 300, checkpointAfter: 20, forceAfter: 1_000_000 } });
    const before = dbSize();
    for (let i = 1; i <= 60; i++) store.appendInput(i, bulky(i));
    expect(dbSize()).toBe(before); // 60 commits, past checkpointAfter: still all in the WAL
    // Commits keep coming: the quiet period starts again with each one.
    for (let i = 61; i <= 64; i++) {
      await sleep(20);
      store.appendInput(i, bulky(i));
      expect(dbSize()).toBe(before);
    }
    await sleep(700);
    expect(dbSize()).toBeGreaterThan(before + 60 * 2000);
    expect(store.inputsFrom(1, 100)).toHaveLength(64);
  });

  it('checkpoints in line when the table is never quiet long enough', () => {
    const { store, dbSize } = open({ wal: { quietMs: 60_000, checkpointAfter: 10, forceAfter: 30 } });
    const before = dbSize();
    for (let i = 1; i <= 29; i++) store.appendInput(i, bulky(i));
    expect(dbSize()).toBe(before);
    store.appendInput(30, bulky(30));
    expect(dbSize()).toBeGreaterThan(before + 29 * 2000);
  });

  for (const fsync of ['background', 'every-input'] as const) {
    it(`journals and reopens the same with fsync: ${fsync}`, async () => {
      const errors: Error[] = [];
      const { dir, store } = open({ fsync, onDiskError: (err) => errors.push(err) });
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
