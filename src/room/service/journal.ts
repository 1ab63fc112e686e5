// The room's durable memory, kept by the table's store (src/store): every input, in order, on disk before the engine
// sees it; how far the outputs they caused have been handed to the broker (the `broker` sink's cursor); and
// checkpoints of the room's state. So the room has what the table has: one process per journal (the OS lock), a
// damaged or emptied journal refused until `--new-journal`, an epoch per journal, full-disk errors in words. A
// restarted room service replays the inputs after its newest checkpoint through the engine (the same inputs and
// seed give the same outputs, seq for seq) and publishes again only what was not yet published. Its outputs are
// not stored: a replay makes them again (docs/room.md, "The journal").
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { TableError } from '../../domain/errors.ts';
import { openStore, type CheckpointInfo, type Store, type StoreOptions } from '../../store/store.ts';

/** The journal's file name inside `storage.dir`. */
export const ROOM_DB_FILE = 'room.db';
/** The sink whose cursor is the highest output seq the broker acknowledged. */
const BROKER = 'broker';
const CHUNK = 1000;

export interface RoomJournalOptions {
  /** `--new-journal`: a damaged or emptied journal (or one in the earlier format) is kept aside, a new one begun. */
  newJournal?: boolean;
  /** A write failed (`STORAGE_FULL`, `JOURNAL_FAILED`), or passes again (null). */
  onWritable?: StoreOptions['onWritable'];
  /** A background fsync or a WAL checkpoint failed. */
  onDiskError?: StoreOptions['onDiskError'];
}

export interface RoomJournal {
  readonly path: string;
  /** This journal's numbering: a new journal (after `--new-journal`) numbers output seqs from 1 under a new epoch. */
  readonly epoch: string;
  /** Where a damaged journal was kept aside at open (`--new-journal`), else null. */
  readonly setAside: string | null;
  /** Every input journaled so far, oldest first (parsed). */
  inputs(): unknown[];
  /** The inputs after id `afterId` (default: all), read and parsed a chunk at a time as the caller asks for the next
   * (a restart's replay). */
  each(afterId?: number): IterableIterator<unknown>;
  /** How many inputs are journaled. */
  count(): number;
  /** The last input's id (0: none). */
  lastId(): number;
  /** Writes one input (synchronously, to disk) before it is applied. */
  append(input: unknown): void;
  /** Writes several in one transaction (one fsync), in order. */
  appendMany(inputs: readonly unknown[]): void;
  /** The highest output seq whose messages the broker acknowledged (0 when none). */
  published(): number;
  markPublished(seq: number): void;
  /** Checkpoints, newest first, and their states. */
  checkpoints(): CheckpointInfo[];
  checkpointState(inputId: number): Uint8Array | undefined;
  /** Saves one and drops those older than `keepFrom` (an input id). */
  saveCheckpoint(info: CheckpointInfo, state: Uint8Array, keepFrom: number): void;
  close(): void;
}

/** Opens (or creates) the journal in `dir`; `room` names the room in the refusal when another service holds it. */
export function openRoomJournal(dir: string, room?: string, options: RoomJournalOptions = {}): RoomJournal {
  const path = join(dir, ROOM_DB_FILE);
  if (!options.newJournal) refuseEarlierFormat(path);
  const store = openStore({
    dir,
    owner: {
      file: ROOM_DB_FILE,
      name: 'the room service',
      rival: room === undefined ? 'another room service?' : `another room service for room "${room}"`,
    },
    newJournalIfDamaged: options.newJournal ?? false,
    onWritable: options.onWritable,
    onDiskError: options.onDiskError,
  });
  return roomJournalOn(store);
}

function roomJournalOn(store: Store): RoomJournal {
  const row = (input: unknown) => {
    const at = (input as { at?: unknown } | null)?.at;
    return { at: typeof at === 'number' ? at : 0, json: JSON.stringify(input) };
  };
  return {
    path: store.path,
    epoch: store.epoch,
    setAside: store.setAside,
    inputs: () => [...inputsAfter(store, 0)],
    each: (afterId = 0) => inputsAfter(store, afterId),
    count: () => store.counts().inputs,
    lastId: () => store.lastInput()?.id ?? 0,
    append: (input) => void store.appendInputs([row(input)]),
    appendMany: (inputs) => void store.appendInputs(inputs.map(row)),
    published: () => store.cursor(BROKER),
    markPublished: (seq) => store.ack(BROKER, seq),
    checkpoints: () => store.checkpoints(),
    checkpointState: (inputId) => store.checkpointState(inputId),
    saveCheckpoint(info, state, keepFrom) {
      store.saveCheckpoint(info, state);
      store.dropCheckpointsBefore(keepFrom);
    },
    close: () => store.close(),
  };
}

function* inputsAfter(store: Store, afterId: number): IterableIterator<unknown> {
  for (let next = afterId + 1; ;) {
    const chunk = store.inputsFrom(next, CHUNK);
    for (const i of chunk) yield JSON.parse(i.json) as unknown;
    const last = chunk.at(-1);
    if (!last || chunk.length < CHUNK) return;
    next = last.id + 1;
  }
}

/** The room's journal before it moved onto the table's store: tables `inputs (n, input)` and `published`. It is not
 * read (docs/room.md says why); the refusal says what to do. Anything else is for the store to judge. */
function refuseEarlierFormat(path: string): void {
  if (!existsSync(path)) return;
  let names: string[];
  try {
    const db = new Database(path, { readonly: true, fileMustExist: true });
    try {
      names = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
    } finally {
      db.close();
    }
  } catch {
    return; // not readable as SQLite: the store's checks say how it is damaged
  }
  if (!names.includes('published') || names.includes('head')) return;
  throw new TableError(
    'JOURNAL_FAILED',
    `the room journal ${path} is in the format of an earlier version of the room service, which this one does not ` +
      'read. Finish its tournament with the version that wrote it; or, to begin a new tournament here, start once ' +
      'with --new-journal, which keeps that file aside (room.db.damaged-<time>) and begins a new journal ' +
      '(docs/room.md)',
    { file: path },
  );
}
