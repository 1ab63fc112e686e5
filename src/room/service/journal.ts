// The room's durable memory: every input, in order, on disk before the engine sees it, and how far the outputs they
// caused have been handed to the broker. A restarted room service replays the inputs through a fresh engine (the same
// inputs and the same seed give the same outputs, seq for seq) and publishes again only what was not yet published.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { TableError } from '../../domain/errors.ts';
import { lockJournal } from '../../store/lock.ts';
import { storageError } from '../../store/write-errors.ts';

/** The journal's file name inside `storage.dir`. */
export const ROOM_DB_FILE = 'room.db';

export interface RoomJournal {
  readonly path: string;
  /** Every input journaled so far, oldest first (parsed). */
  inputs(): unknown[];
  /** The same, read and parsed one at a time as the caller asks for the next (a restart's replay): the journal
   * cannot be written meanwhile. */
  each(): IterableIterator<unknown>;
  /** How many inputs are journaled. */
  count(): number;
  /** Writes one input (synchronously, to disk) before it is applied. */
  append(input: unknown): void;
  /** Writes several in one transaction (one fsync), in order. */
  appendMany(inputs: readonly unknown[]): void;
  /** The highest output seq whose messages the broker acknowledged (0 when none). */
  published(): number;
  markPublished(seq: number): void;
  close(): void;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS inputs (n INTEGER PRIMARY KEY, input TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS published (id INTEGER PRIMARY KEY CHECK (id = 1), seq INTEGER NOT NULL);
INSERT OR IGNORE INTO published (id, seq) VALUES (1, 0);
`;

/** Opens (or creates) the journal in `dir`; `room` names the room in the refusal when another service holds it. */
export function openRoomJournal(dir: string, room?: string): RoomJournal {
  const path = join(dir, ROOM_DB_FILE);
  let unlock: () => void = () => {};
  let db: Database.Database;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // One room service per journal: the same OS lock the table's journal takes (released with the process).
    unlock = lockJournal(dir, room === undefined ? 'another room service?' : `another room service for room "${room}"`);
    db = new Database(path);
    db.pragma('journal_mode = WAL');
    // An input is on disk when append returns: a killed service must not forget an input the engine acted on.
    db.pragma('synchronous = FULL');
    db.exec(SCHEMA);
  } catch (err) {
    unlock();
    if (err instanceof TableError) throw err;
    throw new TableError('JOURNAL_FAILED', `cannot open the room journal ${path}: ${(err as Error).message}`, {
      file: path,
    });
  }
  const insert = db.prepare('INSERT INTO inputs (input) VALUES (?)');
  const appendAll = db.transaction((inputs: readonly unknown[]) => {
    for (const input of inputs) insert.run(JSON.stringify(input));
  });
  const all = db.prepare('SELECT input FROM inputs ORDER BY n').pluck();
  const countInputs = db.prepare('SELECT count(*) FROM inputs').pluck();
  const getPublished = db.prepare('SELECT seq FROM published WHERE id = 1').pluck();
  const setPublished = db.prepare('UPDATE published SET seq = ? WHERE id = 1 AND seq < ?');
  return {
    path,
    inputs: () => (all.all() as string[]).map((s) => JSON.parse(s) as unknown),
    *each() {
      for (const s of all.iterate() as IterableIterator<string>) yield JSON.parse(s) as unknown;
    },
    count: () => countInputs.get() as number,
    append: (input) => written(path, () => insert.run(JSON.stringify(input))),
    appendMany: (inputs) => written(path, () => appendAll(inputs)),
    published: () => getPublished.get() as number,
    markPublished: (seq) => void setPublished.run(seq, seq),
    close() {
      if (db.open) db.close();
      unlock();
    },
  };
}

/** A write, its SQLite error said as the table's journal says it (store/write-errors.ts): `STORAGE_FULL` for a full
 * disk, else `JOURNAL_FAILED`. */
function written(path: string, write: () => unknown): void {
  try {
    write();
  } catch (err) {
    throw storageError(path, 'write an input', err);
  }
}
