// Damaged journals on real files (src/store/journal-file.ts): an emptied or scribbled-over table.db is refused with
// JOURNAL_DAMAGED, never silently restarted at seq 1; --new-journal keeps it aside and starts a new epoch.
import {
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
  closeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { TableEvent } from '../../src/domain/types.ts';
import { DB_FILE, openStore } from '../../src/store/store.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A closed journal with `inputs` inputs (of ~1 KB each) and one event per input. Returns the dir and its epoch. */
function journal(inputs = 400): { dir: string; epoch: string } {
  const dir = mkdtempSync(join(tmpdir(), 'pt-damage-'));
  dirs.push(dir);
  const store = openStore({ dir });
  for (let i = 1; i <= inputs; i++) {
    const id = store.appendInput(i, JSON.stringify({ type: 'tick', at: i, pad: 'x'.repeat(1000) }));
    const event: TableEvent = { type: 'hand.ended', reason: 'fold', seq: i, at: i };
    store.appendEvents(id, [event]);
  }
  const { epoch } = store;
  store.close(); // checkpoints: everything is in table.db
  return { dir, epoch };
}

/** Deterministic "random" bytes (xorshift), so the damage is the same on every run. */
function noise(length: number, seed = 0x9e3779b9): Buffer {
  const out = Buffer.alloc(length);
  let x = seed >>> 0;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    out[i] = x & 0xff;
  }
  return out;
}

function scribble(file: string, offset: number, bytes: Buffer): void {
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, bytes, 0, bytes.length, offset);
  } finally {
    closeSync(fd);
  }
}

const damagedError = (words: string) =>
  expect.objectContaining({
    code: 'JOURNAL_DAMAGED',
    message: expect.stringMatching(new RegExp(`${words}[\\s\\S]*--new-journal`)),
  });

describe('damaged journals', () => {
  it('gives a new journal an epoch, and keeps it across reopens', () => {
    const { dir, epoch } = journal(3);
    expect(epoch).toMatch(/^\d{8}T\d{6}Z-[0-9a-f]{8}$/);
    const again = openStore({ dir });
    expect(again.epoch).toBe(epoch);
    expect(again.lastSeq()).toBe(3);
    expect(again.setAside).toBeNull();
    again.close();
  });

  it('refuses a journal truncated to 0 bytes instead of starting again at seq 1', () => {
    const { dir, epoch } = journal(5);
    writeFileSync(join(dir, DB_FILE), '');
    expect(() => openStore({ dir })).toThrow(damagedError('empty \\(0 bytes\\)'));
    // Refusing left the file as it was, and the lock free.
    expect(statSync(join(dir, DB_FILE)).size).toBe(0);

    const fresh = openStore({ dir, newJournalIfDamaged: true });
    expect(fresh.lastSeq()).toBe(0);
    expect(fresh.epoch).not.toBe(epoch);
    expect(fresh.setAside).toMatch(/table\.db\.damaged-\d{8}T\d{6}Z$/);
    expect(statSync(fresh.setAside!).size).toBe(0);
    fresh.close();
    // The new journal is a sound one from now on: no flag needed.
    const next = openStore({ dir });
    expect(next.epoch).toBe(fresh.epoch);
    next.close();
  });

  it('refuses a journal with 4 KiB of random bytes in the middle (SQLite says malformed)', () => {
    const { dir, epoch } = journal(400);
    const file = join(dir, DB_FILE);
    const size = statSync(file).size;
    expect(size).toBeGreaterThan(200 * 1024);
    scribble(file, Math.floor(size / 2 / 4096) * 4096, noise(4096));
    // SQLite's own full check agrees that the file is broken.
    const check = new Database(file, { readonly: true });
    expect(check.pragma('integrity_check', { simple: true })).not.toBe('ok');
    check.close();

    expect(() => openStore({ dir })).toThrow(damagedError("SQLite's integrity check fails"));
    const fresh = openStore({ dir, newJournalIfDamaged: true });
    expect(fresh.lastSeq()).toBe(0);
    expect(fresh.epoch).not.toBe(epoch);
    // The damaged file is kept whole for whoever wants to dig in it.
    expect(statSync(fresh.setAside!).size).toBe(size);
    fresh.close();
  });

  it('refuses a journal whose header is overwritten ("not a database")', () => {
    const { dir } = journal(20);
    scribble(join(dir, DB_FILE), 0, noise(4096, 7));
    expect(() => openStore({ dir })).toThrow(damagedError('not a database'));
  });

  it('refuses a journal whose tables are gone', () => {
    const { dir } = journal(2);
    const db = new Database(join(dir, DB_FILE));
    db.exec('DROP TABLE head; DROP TABLE inputs; DROP TABLE events');
    db.close();
    expect(() => openStore({ dir })).toThrow(damagedError('holds no journal'));
  });

  it('refuses a missing table.db whose write-ahead log is still there', () => {
    const { dir } = journal(2);
    const store = openStore({ dir });
    store.appendInput(3, '{"type":"tick","at":3}'); // in the WAL, not yet checkpointed
    const wal = readdirSync(dir).find((f) => f.endsWith('-wal'))!;
    // Copy the WAL aside while it is open, as a person moving files around might leave it.
    const walBytes = statSync(join(dir, wal)).size;
    expect(walBytes).toBeGreaterThan(0);
    store.close();
    rmSync(join(dir, DB_FILE));
    writeFileSync(join(dir, `${DB_FILE}-wal`), noise(walBytes, 3));
    expect(() => openStore({ dir })).toThrow(damagedError('its write-ahead log is still there'));
  });

  it('starts cleanly after a crash part-way through creating a new journal', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pt-damage-'));
    dirs.push(dir);
    // What a kill -9 during the very first start leaves: the half-made file under its temporary name.
    writeFileSync(join(dir, `${DB_FILE}.new`), noise(100));
    const store = openStore({ dir });
    expect(store.lastSeq()).toBe(0);
    store.close();
    expect(existsSync(join(dir, `${DB_FILE}.new`))).toBe(false);
    expect(statSync(join(dir, DB_FILE)).mode & 0o777).toBe(0o600);
  });

  it('gives a journal from before epochs one, once, and keeps its data', () => {
    const { dir, epoch } = journal(4);
    const db = new Database(join(dir, DB_FILE));
    db.exec('DROP TABLE meta');
    db.close();
    const store = openStore({ dir });
    expect(store.lastSeq()).toBe(4);
    expect(store.epoch).not.toBe(epoch);
    const adopted = store.epoch;
    store.close();
    const again = openStore({ dir });
    expect(again.epoch).toBe(adopted);
    again.close();
  });
});
