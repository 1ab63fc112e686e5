// The table's durable memory: the input journal, the event outbox and the sinks' cursors, in one SQLite file.
// Everything here is synchronous on purpose: an input must be on disk before the engine sees it, and
// better-sqlite3 gives us that without a promise in the hot path.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Database as Db } from 'better-sqlite3';
import { TableError } from '../domain/errors.ts';
import type { TableEvent } from '../domain/types.ts';
import { openJournalFile, type OpenedJournal } from './journal-file.ts';
import { lockJournal } from './lock.ts';
import { SCHEMA } from './schema.ts';
import { prepareStatements, type Statements } from './statements.ts';
import { OpenMarker, readBootId, type UncleanStop } from './marker.ts';
import type { CheckpointInfo, JournalOwner, Store, StoredEvent, StoredInput, StoreOptions } from './types.ts';
import { DEFAULT_WAL, WalKeeper } from './wal.ts';
import { DISK_FULL, JournalAccess } from './write-errors.ts';

/** The file name inside `storage.dir`. */
export const DB_FILE = 'table.db';
const TABLE: JournalOwner = { file: DB_FILE, name: 'the table', rival: 'another table controller?' };
export { DISK_FULL };

export type { CheckpointInfo, JournalOwner, Store, StoredEvent, StoredInput, StoreOptions } from './types.ts';

export function openStore(options: StoreOptions): Store {
  const owner = options.owner ?? TABLE;
  const path = join(options.dir, owner.file);
  let opened: OpenedJournal;
  let marker: OpenMarker;
  let unlock: () => void = () => {};
  const everyInput = options.fsync !== 'background';
  try {
    mkdirSync(options.dir, { recursive: true, mode: 0o700 });
    unlock = lockJournal(options.dir, owner.rival);
    opened = openJournalFile(path, SCHEMA, options.newJournalIfDamaged ?? false, owner.name);
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
  readonly epoch: string;
  readonly setAside: string | null;
  private readonly access: JournalAccess;
  private readonly s: Statements;
  private readonly writeEvents: (inputId: number, events: readonly TableEvent[]) => void;
  private readonly writeInputs: (inputs: readonly { at: number; json: string }[]) => number[];
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
    this.setAside = opened.setAside;
    this.access = new JournalAccess(path, onWritable);
    this.s = prepareStatements(db);
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
    this.writeInputs = db.transaction((inputs: readonly { at: number; json: string }[]) =>
      inputs.map((i) => Number(this.s.insertInput.run(i.at, i.json).lastInsertRowid)),
    );
  }

  appendInput(at: number, json: string): number {
    return this.write('journal an input', () =>
      this.inputCommit(() => Number(this.s.insertInput.run(at, json).lastInsertRowid)),
    );
  }

  appendInputs(inputs: readonly { at: number; json: string }[]): number[] {
    return this.write('journal inputs', () => this.inputCommit(() => this.writeInputs(inputs)));
  }

  /** An input's commit: with `every-input`, only this commit is fsynced in line (WAL: it carries every earlier frame
   * with it). A PRAGMA is never prepared once and reused: SQLite applies some pragmas while compiling them. */
  private inputCommit<T>(commit: () => T): T {
    if (!this.syncInputs) return this.committed(commit());
    this.db.pragma('synchronous = FULL');
    try {
      return this.committed(commit());
    } finally {
      this.db.pragma('synchronous = NORMAL');
    }
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

  get closed(): boolean {
    return this.access.closed;
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
    this.access.closed = true;
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
    return this.access.read(what, fn);
  }

  private write<T>(what: string, fn: () => T): T {
    return this.access.write(what, fn);
  }
}
