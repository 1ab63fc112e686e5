// Opening the journal file, and telling a new table from a broken one. A new journal is built whole under another
// name and renamed into place, so a `table.db` that is empty or damaged is always news: it was there, and something
// (a power cut on a tired SD card, a person, a full disk at the wrong moment) broke it. Starting afresh on it would
// restart `seq` at 1 without a word, so it is refused (JOURNAL_DAMAGED) until someone asks for a new journal, which
// then moves the damaged files aside (kept for forensics) and starts a new one under a new epoch.
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Database as Db } from 'better-sqlite3';
import { TableError } from '../domain/errors.ts';

export interface OpenedJournal {
  db: Db;
  /** This journal's numbering: a new journal gets a new epoch, so `seq` consumers can tell it from a replay. */
  epoch: string;
  /** Where a damaged journal was moved (replaceDamaged), else null. */
  setAside: string | null;
}

const SIDE_FILES = ['-wal', '-shm'] as const;

/** Opens `path` (creating it when absent), checks it, and applies `schema` (idempotent statements). */
export function openJournalFile(
  path: string,
  schema: string,
  replaceDamaged: boolean,
  owner = 'the table',
): OpenedJournal {
  let setAside: string | null = null;
  let db: Db;
  try {
    if (existsSync(path)) db = openChecked(path, false, owner);
    else {
      if (hasBytes(`${path}-wal`)) {
        throw damaged(path, 'the file is gone but its write-ahead log is still there', owner);
      }
      createNew(path, schema);
      db = new Database(path);
    }
  } catch (err) {
    if (!(err instanceof TableError && err.code === 'JOURNAL_DAMAGED') || !replaceDamaged) throw err;
    setAside = moveAside(path);
    createNew(path, schema);
    db = new Database(path);
  }
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec(schema);
    // A journal from before epochs gets one now: consumers that knew none simply adopt it.
    db.prepare("INSERT OR IGNORE INTO meta (key, value) VALUES ('epoch', ?)").run(newEpoch());
    const epoch = db.prepare("SELECT value FROM meta WHERE key = 'epoch'").pluck().get() as string;
    return { db, epoch, setAside };
  } catch (err) {
    db.close();
    throw err;
  }
}

/** For `doctor`: is the journal at `path` sound? Read-only (a running table may be using it). Throws
 * JOURNAL_DAMAGED as a start would; null when there is no journal yet. */
export function inspectJournal(path: string): { epoch: string | null; lastSeq: number; bytes: number } | null {
  if (!existsSync(path)) {
    if (hasBytes(`${path}-wal`)) throw damaged(path, 'the file is gone but its write-ahead log is still there');
    return null;
  }
  const db = openChecked(path, true);
  try {
    const lastSeq = db.prepare('SELECT last_seq FROM head WHERE one = 1').pluck().get() as number;
    const hasMeta = db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'meta'").pluck();
    const epoch =
      hasMeta.get() === 1
        ? ((db.prepare("SELECT value FROM meta WHERE key = 'epoch'").pluck().get() as string | undefined) ?? null)
        : null;
    return { epoch, lastSeq, bytes: statSync(path).size };
  } finally {
    db.close();
  }
}

/** An existing journal: SQLite's quick integrity check passes and it holds a journal's head. */
function openChecked(path: string, readonly = false, owner = 'the table'): Db {
  if (statSync(path).size === 0 && !hasBytes(`${path}-wal`)) throw damaged(path, 'the file is empty (0 bytes)', owner);
  const db = new Database(path, { readonly, fileMustExist: true });
  try {
    // Checks every page's structure (not the index contents): O(size), 0.4–0.65 s for 112 MB here (docs/durability.md).
    const problems = db.prepare('PRAGMA quick_check(3)').pluck().all() as string[];
    if (problems.length !== 1 || problems[0] !== 'ok') {
      throw damaged(path, `SQLite's integrity check fails: ${problems.join('; ').slice(0, 300)}`, owner);
    }
    const tables = db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'head'").pluck();
    if (tables.get() !== 1) throw damaged(path, 'it holds no journal (its tables are gone)', owner);
    if (db.prepare('SELECT count(*) FROM head WHERE one = 1').pluck().get() !== 1) {
      throw damaged(path, 'its head row (the last seq) is gone', owner);
    }
    return db;
  } catch (err) {
    db.close();
    if (err instanceof TableError) throw err;
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB')) {
      throw damaged(path, `SQLite's integrity check fails: ${(err as Error).message}`, owner);
    }
    throw err;
  }
}

/** Builds the empty journal under a temporary name, then renames it into place: a crash part-way leaves no
 * `table.db`, never a half-made one that would look damaged. */
function createNew(path: string, schema: string): void {
  const tmp = `${path}.new`;
  for (const f of [tmp, ...SIDE_FILES.map((s) => tmp + s), ...SIDE_FILES.map((s) => path + s)]) {
    rmSync(f, { force: true });
  }
  // The journal holds hole cards: the file is private before SQLite writes to it (its -wal and -shm copy the mode).
  closeSync(openSync(tmp, 'wx', 0o600));
  const db = new Database(tmp);
  try {
    db.pragma('journal_mode = WAL');
    db.exec(schema);
    db.prepare("INSERT INTO meta (key, value) VALUES ('epoch', ?)").run(newEpoch());
  } finally {
    db.close(); // checkpoints the WAL into the file (fsynced) and removes it
  }
  renameSync(tmp, path);
  syncDir(dirname(path));
}

/** Moves a damaged journal and its side files to `table.db.damaged-<time>` (SQLite's names kept, so the set can
 * still be opened with the sqlite3 shell). Returns the new name. */
function moveAside(path: string): string {
  const aside = `${path}.damaged-${compactTime(new Date())}`;
  for (const suffix of ['', ...SIDE_FILES]) {
    if (existsSync(path + suffix)) renameSync(path + suffix, aside + suffix);
  }
  syncDir(dirname(path));
  return aside;
}

/** `owner` says who will not start: "the table", "the room service". */
function damaged(path: string, why: string, owner = 'the table'): TableError {
  return new TableError(
    'JOURNAL_DAMAGED',
    `the journal ${path} is damaged: ${why}. ${owner[0]!.toUpperCase()}${owner.slice(1)} will not start a new ` +
      'numbering on its own: ' +
      'start once with --new-journal to keep the damaged file aside and begin a new journal (docs/durability.md)',
    { file: path },
  );
}

/** When the journal was made, readable, plus randomness: two journals made in the same second still differ. */
export function newEpoch(): string {
  return `${compactTime(new Date())}-${randomBytes(4).toString('hex')}`;
}

function compactTime(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
}

function hasBytes(file: string): boolean {
  try {
    return statSync(file).size > 0;
  } catch {
    return false;
  }
}

/** A rename is durable once the directory is fsynced. */
function syncDir(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
