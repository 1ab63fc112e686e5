// What the journal and outbox promise (docs/durability.md); src/store/store.ts keeps them in SQLite.
import type { TableError } from '../domain/errors.ts';
import type { TableEvent } from '../domain/types.ts';
import type { UncleanStop } from './marker.ts';
import type { DEFAULT_WAL } from './wal.ts';

export interface StoredInput {
  id: number;
  at: number;
  /** The input exactly as the engine received it. */
  json: string;
}

export interface StoredEvent {
  seq: number;
  json: string;
  inputId: number;
}

/** The engine's state saved after input `inputId`, when the outbox's last seq was `seq`. A replay starts from
 * the newest one that restores and applies only the inputs after it; older inputs can then be pruned. */
export interface CheckpointInfo {
  inputId: number;
  seq: number;
  at: number;
  /** The engine's state format (a checkpoint of another format is not trusted blindly). */
  version: string;
}

export interface StoreOptions {
  dir: string;
  /** Whose journal it is, for the file's name and the refusals' words (default: the table's, `table.db`). */
  owner?: JournalOwner;
  /** Every commit survives a killed process at once. What survives a power cut (docs/durability.md):
   * - `every-input` (the default): each journaled input is fsynced before the engine sees it (a few ms at the
   *   90th percentile on a slow disk). Event batches and acks ride on the next input's fsync.
   * - `background`: the WAL is fsynced right after each commit, off the event loop, so nothing waits for the disk
   *   between a card read and its event, and a power cut loses at most the last few milliseconds. */
  fsync?: 'background' | 'every-input';
  /** A background fsync or checkpoint failed: the disk is failing, tell someone (default: ignored). */
  onDiskError?: (err: Error) => void;
  /** A journal found empty or damaged at open (JOURNAL_DAMAGED) is moved aside to `table.db.damaged-<time>` and a
   * new one, with a new epoch, is started (`--new-journal`). A sound journal is opened as always. */
  newJournalIfDamaged?: boolean;
  /** A write to the journal failed (`STORAGE_FULL` for a full disk, else `JOURNAL_FAILED`): called at every failed
   * write, then once with null at the first write that passes again. The table's health follows it. */
  onWritable?: (problem: TableError | null) => void;
  /** This boot's id, to tell a killed process from a power cut (docs/durability.md). Default: the kernel's
   * /proc/sys/kernel/random/boot_id; null: unknown (every unclean stop then counts as a power cut). Tests fake it. */
  bootId?: string | null;
  /** Checkpoint timing (tests shorten it). */
  wal?: Partial<typeof DEFAULT_WAL>;
}

/** The table's journal and the room service's share this store; each names its file and says who it is. */
export interface JournalOwner {
  /** The file name inside `dir`. */
  file: string;
  /** Who refuses to start, in the damaged journal's sentence: "the table", "the room service". */
  name: string;
  /** Who else may hold the lock, in its refusal: "another table controller?". */
  rival: string;
}

export interface Store {
  readonly path: string;
  /** This journal's numbering: made when the journal was, so `seq` 1 of a new journal is not taken for a replay. */
  readonly epoch: string;
  /** Where a damaged journal was moved at open (`newJournalIfDamaged`), else null. */
  readonly setAside: string | null;
  readonly fsync: 'every-input' | 'background';
  /** How the previous process stopped if not cleanly (its "open" marker was still set), else null. */
  uncleanStop(): UncleanStop | null;
  /** The highest seq that may have been told to anyone, as recorded (0: none). */
  reservedSeq(): number;
  /** Records a new reserve. Without `whenDurable` it is fsynced before this returns; with it, it is committed
   * now and `whenDurable` is called once a background fsync has carried it to disk. */
  reserveSeq(through: number, whenDurable?: () => void): void;
  /** Commits one input (autocommit: durable when this returns). Returns its id. */
  appendInput(at: number, json: string): number;
  /** Commits several inputs in one transaction (one fsync with `every-input`), in order. Returns their ids. */
  appendInputs(inputs: readonly { at: number; json: string }[]): number[];
  /** Commits the events of one input in one transaction and moves `lastSeq` and `lastApplied`. */
  appendEvents(inputId: number, events: readonly TableEvent[]): void;
  /** Inputs with id ≥ fromId, in order, at most `limit`. */
  inputsFrom(fromId: number, limit: number): StoredInput[];
  input(id: number): StoredInput | undefined;
  /** Stored events with from ≤ seq ≤ to, in order (pruned ones are simply absent). */
  eventsBetween(from: number, to: number): StoredEvent[];
  readEvents(afterSeq: number, limit: number): TableEvent[];
  lastSeq(): number;
  /** The last input whose events are committed (inputs after it may have events still to regenerate). */
  lastApplied(): number;
  lastInput(): StoredInput | undefined;
  cursor(sink: string): number;
  ack(sink: string, seq: number): void;
  sinks(): { name: string; cursor: number }[];
  /** Checkpoints, newest first. */
  checkpoints(): CheckpointInfo[];
  checkpointState(inputId: number): Uint8Array | undefined;
  saveCheckpoint(info: CheckpointInfo, state: Uint8Array): void;
  /** Deletes every checkpoint older than `inputId`. */
  dropCheckpointsBefore(inputId: number): void;
  /** The highest input id ever pruned (0: the journal is complete from the first input). */
  prunedThrough(): number;
  /** Deletes events with seq ≤ maxSeq and at < before. Returns how many. */
  pruneEvents(maxSeq: number, before: number): number;
  /** Deletes inputs with id ≤ throughId and at < before. Returns how many. */
  pruneInputs(throughId: number, before: number): number;
  counts(): { inputs: number; events: number };
  close(): void;
  readonly closed: boolean;
}
