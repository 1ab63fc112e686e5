// The table's durable memory: the input journal, the event outbox and the sinks' cursors, in one SQLite file.
// Everything here is synchronous on purpose: an input must be on disk before the engine sees it, and
// better-sqlite3 gives us that without a promise in the hot path.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Database as Db, Statement } from 'better-sqlite3';
import { TableError } from '../domain/errors.ts';
import type { TableEvent } from '../domain/types.ts';
import { openJournalFile, type OpenedJournal } from './journal-file.ts';
import { lockJournal } from './lock.ts';
import { SCHEMA } from './schema.ts';
import { OpenMarker, readBootId, type UncleanStop } from './marker.ts';
import type { CheckpointInfo, Store, StoredEvent, StoredInput, StoreOptions } from './types.ts';
import { DEFAULT_WAL, WalKeeper } from './wal.ts';

/** The file name inside `storage.dir`. */
export const DB_FILE = 'table.db';
/** What a command is answered, and the error says, when the journal cannot be written for want of space. */
export const DISK_FULL = 'the table cannot write its journal: disk full';

export type { CheckpointInfo, Store, StoredEvent, StoredInput, StoreOptions } from './types.ts';

export function openStore(options: StoreOptions): Store {
  const path = join(options.dir, DB_FILE);
  let opened: OpenedJournal;
  let marker: OpenMarker;
  let unlock: () => void = () => {};
  const everyInput = options.fsync !== 'background';
  try {
    mkdirSync(options.dir, { recursive: true, mode: 0o700 });
    unlock = lockJournal(options.dir);
    opened = openJournalFile(path, SCHEMA, options.newJournalIfDamaged ?? false);
    // better-sqlite3 builds SQLite with a 16 MB page cache; the journal appends and reads back its newest pages, which
    // 2 MB holds many times over. The rest was resident memory the table never needed (docs/bench.md).
    opened.db.pragma('cache_size = -2048');
    marker = new OpenMarker(
      opened.db,
      options.bootId === undefined ? readBootId() : options.bootId,
      everyInput ? 'every-input' : 'background',
    );
  } catch (err) {
    unlock();
    if (err instanceof TableError) throw err;
    throw new TableError('JOURNAL_FAILED', `cannot open the journal ${path}: ${(err as Error).message}`, {
      file: path,
    });
  }
  const { db } = opened;
  const wal = new WalKeeper(db, `${path}-wal`, {
    ...DEFAULT_WAL,
    ...options.wal,
    background: !everyInput,
    onError: options.onDiskError ?? (() => {}),
  });
  return new SqliteStore(db, path, everyInput, wal, unlock, opened, options.onWritable, marker);
}

type HeadRow = { last_seq: number; last_applied: number; pruned_through: number };

class SqliteStore implements Store {
  closed = false;
  readonly epoch: string;
  readonly setAside: string | null;
  private failing = false;
  private readonly onWritable: StoreOptions['onWritable'];
  private readonly s: Record<
    | 'insertInput'
    | 'insertEvent'
    | 'setHead'
    | 'head'
    | 'inputsFrom'
    | 'input'
    | 'lastInput'
    | 'eventsBetween'
    | 'readEvents'
    | 'cursor'
    | 'addSink'
    | 'ack'
    | 'sinks'
    | 'pruneEvents'
    | 'pruneInputs'
    | 'setPruned'
    | 'counts'
    | 'checkpoints'
    | 'checkpointState'
    | 'saveCheckpoint'
    | 'dropCheckpoints',
    Statement
  >;
  private readonly writeEvents: (inputId: number, events: readonly TableEvent[]) => void;
  private headCache: HeadRow;

  constructor(
    private readonly db: Db,
    readonly path: string,
    private readonly syncInputs: boolean,
    private readonly wal: WalKeeper,
    private readonly unlock: () => void,
    opened: OpenedJournal,
    onWritable: StoreOptions['onWritable'],
    private readonly marker: OpenMarker,
  ) {
    this.epoch = opened.epoch;
    this.onWritable = onWritable;
    this.setAside = opened.setAside;
    const p = (sql: string) => db.prepare(sql);
    this.s = {
      insertInput: p('INSERT INTO inputs (at, json) VALUES (?, ?)'),
      insertEvent: p('INSERT INTO events (seq, at, type, json, input_id) VALUES (?, ?, ?, ?, ?)'),
      setHead: p('UPDATE head SET last_seq = ?, last_applied = ? WHERE one = 1'),
      head: p('SELECT last_seq, last_applied, pruned_through FROM head WHERE one = 1'),
      inputsFrom: p('SELECT id, at, json FROM inputs WHERE id >= ? ORDER BY id LIMIT ?'),
      input: p('SELECT id, at, json FROM inputs WHERE id = ?'),
      lastInput: p('SELECT id, at, json FROM inputs ORDER BY id DESC LIMIT 1'),
      eventsBetween: p('SELECT seq, json, input_id AS inputId FROM events WHERE seq BETWEEN ? AND ? ORDER BY seq'),
      readEvents: p('SELECT json FROM events WHERE seq > ? ORDER BY seq LIMIT ?').pluck(),
      cursor: p('SELECT cursor FROM sinks WHERE name = ?').pluck(),
      addSink: p('INSERT OR IGNORE INTO sinks (name, cursor) VALUES (?, 0)'),
      ack: p(`INSERT INTO sinks (name, cursor) VALUES (?, ?)
              ON CONFLICT (name) DO UPDATE SET cursor = max(cursor, excluded.cursor)`),
      sinks: p('SELECT name, cursor FROM sinks ORDER BY name'),
      pruneEvents: p('DELETE FROM events WHERE seq <= ? AND at < ?'),
      pruneInputs: p('DELETE FROM inputs WHERE id <= ? AND at < ? RETURNING id').pluck(),
      setPruned: p('UPDATE head SET pruned_through = max(pruned_through, ?) WHERE one = 1'),
      checkpoints: p('SELECT input_id AS inputId, seq, at, version FROM checkpoints ORDER BY input_id DESC'),
      checkpointState: p('SELECT state FROM checkpoints WHERE input_id = ?').pluck(),
      saveCheckpoint: p(
        'INSERT OR REPLACE INTO checkpoints (input_id, seq, at, version, state) VALUES (?, ?, ?, ?, ?)',
      ),
      dropCheckpoints: p('DELETE FROM checkpoints WHERE input_id < ?'),
      counts: p('SELECT (SELECT count(*) FROM inputs) AS inputs, (SELECT count(*) FROM events) AS events'),
    };
    this.headCache = this.s.head.get() as HeadRow;
    this.writeEvents = db.transaction((inputId: number, events: readonly TableEvent[]) => {
      let last = this.headCache.last_seq;
      for (const e of events) {
        // A journal.gap event comes right after the seqs it skips (runtime/gap.ts).
        const follows = e.type === 'journal.gap' ? e.from === last + 1 && e.seq === e.to + 1 : e.seq === last + 1;
        if (!follows) {
          throw new TableError('JOURNAL_FAILED', `event seq ${e.seq} does not follow ${last}`);
        }
        this.s.insertEvent.run(e.seq, e.at, e.type, JSON.stringify(e), inputId);
        last = e.seq;
      }
      this.s.setHead.run(last, inputId);
    });
  }

  appendInput(at: number, json: string): number {
    return this.write('journal an input', () => {
      // Only this commit is fsynced (WAL: it carries every earlier frame with it). A PRAGMA is never prepared
      // once and reused: SQLite applies some pragmas while compiling them.
      if (!this.syncInputs) return this.committed(Number(this.s.insertInput.run(at, json).lastInsertRowid));
      this.db.pragma('synchronous = FULL');
      try {
        return this.committed(Number(this.s.insertInput.run(at, json).lastInsertRowid));
      } finally {
        this.db.pragma('synchronous = NORMAL');
      }
    });
  }

  /** Every commit passes here: the WAL keeper fsyncs it in the background and checkpoints when quiet. */
  private committed<T>(result: T, sync = false): T {
    this.wal.afterCommit(sync);
    return result;
  }

  appendEvents(inputId: number, events: readonly TableEvent[]): void {
    // Not fsynced in line; with every-input, fsynced in the background right after, so that the next input's
    // fsync (on the card-to-MQTT path) carries only that input.
    this.write('write events', () => this.committed(this.writeEvents(inputId, events), this.syncInputs));
    const last = events.at(-1);
    this.headCache = { ...this.headCache, last_seq: last ? last.seq : this.headCache.last_seq, last_applied: inputId };
  }

  get fsync(): 'every-input' | 'background' {
    return this.syncInputs ? 'every-input' : 'background';
  }

  uncleanStop(): UncleanStop | null {
    return this.marker.unclean;
  }

  reservedSeq(): number {
    return this.marker.reserved();
  }

  reserveSeq(through: number, whenDurable?: () => void): void {
    this.write('reserve seqs', () => this.committed(this.marker.reserve(through, whenDurable === undefined)));
    if (whenDurable) this.wal.whenSynced(whenDurable);
  }

  inputsFrom(fromId: number, limit: number): StoredInput[] {
    return this.s.inputsFrom.all(fromId, limit) as StoredInput[];
  }

  input(id: number): StoredInput | undefined {
    return this.s.input.get(id) as StoredInput | undefined;
  }

  lastInput(): StoredInput | undefined {
    return this.s.lastInput.get() as StoredInput | undefined;
  }

  eventsBetween(from: number, to: number): StoredEvent[] {
    return this.s.eventsBetween.all(from, to) as StoredEvent[];
  }

  readEvents(afterSeq: number, limit: number): TableEvent[] {
    const rows = this.guard('read events', () => this.s.readEvents.all(afterSeq, limit) as string[]);
    return rows.map((j) => JSON.parse(j) as TableEvent);
  }

  lastSeq(): number {
    return this.headCache.last_seq;
  }

  lastApplied(): number {
    return this.headCache.last_applied;
  }

  cursor(sink: string): number {
    // Asking for a cursor registers the sink, so retention keeps what it has not yet delivered.
    return this.guard('read a cursor', () => {
      this.s.addSink.run(sink);
      return this.s.cursor.get(sink) as number;
    });
  }

  ack(sink: string, seq: number): void {
    this.write('acknowledge', () => this.committed(this.s.ack.run(sink, seq)));
  }

  sinks(): { name: string; cursor: number }[] {
    return this.s.sinks.all() as { name: string; cursor: number }[];
  }

  checkpoints(): CheckpointInfo[] {
    return this.s.checkpoints.all() as CheckpointInfo[];
  }

  checkpointState(inputId: number): Uint8Array | undefined {
    return this.s.checkpointState.get(inputId) as Uint8Array | undefined;
  }

  saveCheckpoint(info: CheckpointInfo, state: Uint8Array): void {
    this.write('save a checkpoint', () =>
      this.committed(this.s.saveCheckpoint.run(info.inputId, info.seq, info.at, info.version, state)),
    );
  }

  dropCheckpointsBefore(inputId: number): void {
    this.write('drop checkpoints', () => this.s.dropCheckpoints.run(inputId));
  }

  prunedThrough(): number {
    return this.headCache.pruned_through;
  }

  pruneEvents(maxSeq: number, before: number): number {
    return this.write('prune events', () => this.s.pruneEvents.run(maxSeq, before).changes);
  }

  pruneInputs(throughId: number, before: number): number {
    const ids = this.write('prune inputs', () =>
      this.db.transaction(() => {
        const gone = this.s.pruneInputs.all(throughId, before) as number[];
        if (gone.length > 0) this.s.setPruned.run(gone.reduce((m, id) => Math.max(m, id), 0));
        return gone;
      })(),
    );
    if (ids.length > 0) this.headCache = this.s.head.get() as HeadRow;
    return ids.length;
  }

  counts(): { inputs: number; events: number } {
    return this.s.counts.get() as { inputs: number; events: number };
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    try {
      this.marker.clear(); // a clean stop
    } catch {
      // left set: the next start assumes the worst, which is safe
    }
    this.wal.close();
    try {
      this.db.close();
    } finally {
      this.unlock();
    }
  }

  private guard<T>(what: string, fn: () => T): T {
    if (this.closed) throw new TableError('JOURNAL_FAILED', `cannot ${what}: the journal ${this.path} is closed`);
    try {
      return fn();
    } catch (err) {
      if (err instanceof TableError) throw err;
      throw this.storageError(what, err);
    }
  }

  /** A write: `onWritable` hears when the journal stops taking writes, and at the first one that passes again. */
  private write<T>(what: string, fn: () => T): T {
    if (this.closed) throw new TableError('JOURNAL_FAILED', `cannot ${what}: the journal ${this.path} is closed`);
    let result: T;
    try {
      result = fn();
    } catch (err) {
      // Our own refusal (a batch whose seq does not follow) is the caller's mistake, not the disk's.
      if (err instanceof TableError) throw err;
      const error = this.storageError(what, err);
      this.failing = true;
      this.onWritable?.(error);
      throw error;
    }
    if (this.failing) {
      this.failing = false;
      this.onWritable?.(null);
    }
    return result;
  }

  private storageError(what: string, err: unknown): TableError {
    const code = (err as { code?: unknown }).code;
    // SQLite says SQLITE_FULL for a full disk (ENOSPC from the file system), a full tmpfs or a size quota.
    if (code === 'SQLITE_FULL' || code === 'ENOSPC')
      return new TableError('STORAGE_FULL', DISK_FULL, { file: this.path });
    return new TableError('JOURNAL_FAILED', `cannot ${what} in ${this.path}: ${(err as Error).message}`, {
      file: this.path,
    });
  }
}
