// Rebuilding the engine from the journal at start: from the newest checkpoint that restores, or from the first
// input, then every input after it.
import type { Logger } from 'pino';
import type { TableOptions } from '../domain/api.ts';
import { TableError } from '../domain/errors.ts';
import type { EngineEvent, TableEvent } from '../domain/types.ts';
import type { Store, StoredInput } from '../store/store.ts';
import type { DurableTable, Engine } from './engine.ts';
import { gapEvent, gapOf, gapWidth, type GapInput } from './gap.ts';
import { numberEvents } from './numbering.ts';

const CHUNK = 1000;

/** Applies one input. The engine promises never to throw; if a bug makes it throw anyway, the input stays
 * journaled and gives no event, here and in every replay alike, so the table keeps running (and restarting). */
export function applySafely(
  table: DurableTable,
  input: unknown,
  logger: Logger,
  inputId: number,
): EngineEvent[] | null {
  try {
    return table.apply(input);
  } catch (err) {
    logger.error({ err, inputId, input }, 'the engine failed on an input: it is journaled and gave no event');
    return null;
  }
}

/** Feeds the inputs after `afterId` to `table`, in chunks so a long journal is never all in memory. `events` is
 * null for an input the engine failed on, and for the runtime's own gap input (`gap`), which the engine never sees. */
export function replayAfter(
  store: Store,
  table: DurableTable,
  afterId: number,
  logger: Logger,
  visit: (input: StoredInput, events: EngineEvent[] | null, gap: GapInput | null) => void,
): void {
  for (let next = afterId + 1; ;) {
    const chunk = store.inputsFrom(next, CHUNK);
    for (const input of chunk) {
      const parsed: unknown = JSON.parse(input.json);
      const gap = gapOf(parsed);
      visit(input, gap ? null : applySafely(table, parsed, logger, input.id), gap);
    }
    const last = chunk.at(-1);
    if (!last || chunk.length < CHUNK) return;
    next = last.id + 1;
  }
}

export interface Recovery {
  table: DurableTable;
  /** The last seq given (the outbox's): numbering goes on from here. */
  lastSeq: number;
  /** The last journaled input's `at` (null for an empty journal). */
  lastAt: number | null;
  /** The checkpoint the replay started from (0: the first input). */
  from: number;
  replayed: number;
  /** Events that were missing (the process died between an input and its events) and are now written. */
  regenerated: number;
  /** Events the engine now gives differently from the stored ones (a changed engine); the stored ones stay. */
  mismatched: number;
}

/** The engine at the newest usable checkpoint, else a fresh one when the journal is complete. */
function startingPoint(store: Store, engine: Engine, options: TableOptions, logger: Logger) {
  const complete = store.prunedThrough() === 0;
  const checkpoints = store.checkpoints();
  // A checkpoint of another state format is the last resort: only when the journal before it is gone.
  const ordered = [
    ...checkpoints.filter((c) => c.version === engine.version),
    ...(complete ? [] : checkpoints.filter((c) => c.version !== engine.version)),
  ];
  for (const cp of ordered) {
    const saved = store.checkpointState(cp.inputId);
    try {
      if (!saved) throw new Error('no state stored');
      const table = engine.create(options, saved);
      if (cp.version !== engine.version) {
        logger.warn(
          { checkpoint: cp },
          'restoring a checkpoint saved by another engine version: the journal before it is pruned',
        );
      }
      return { table, afterId: cp.inputId, seq: cp.seq };
    } catch (err) {
      logger.warn({ err, checkpoint: cp.inputId }, 'a checkpoint does not restore; trying an older one');
    }
  }
  if (!complete) {
    throw new TableError(
      'JOURNAL_FAILED',
      `${store.path}: no checkpoint restores and inputs up to ${store.prunedThrough()} are pruned, so the state cannot be rebuilt; move the file away to start an empty table`,
      { file: store.path },
    );
  }
  return { table: engine.create(options), afterId: 0, seq: 0 };
}

/** Rebuilds the state from the journal and writes the events a crash left unwritten. The stored events are the
 * published truth: if the engine now says something else for them, they are kept, numbering continues after
 * them, and a warning says so (docs/durability.md). */
export function recover(store: Store, engine: Engine, options: TableOptions, logger: Logger): Recovery {
  const start = startingPoint(store, engine, options, logger);
  const { table } = start;
  const lastApplied = store.lastApplied();
  const storedLast = store.lastSeq();
  // The last seq given to a replayed event: the checkpoint's, then one per event.
  let seq = start.seq;
  let lastAt: number | null = store.lastInput()?.at ?? null;
  let replayed = 0;
  let regenerated = 0;
  let mismatched = 0;
  let firstMismatch: { seq: number; stored: string; now: string } | undefined;
  let caughtUp = false;
  // Past the inputs whose events are stored, numbering continues right after the stored ones, whatever the
  // engine said for the stored inputs.
  const catchUp = () => {
    caughtUp = true;
    if (seq < storedLast) mismatched += storedLast - seq;
    seq = storedLast;
  };

  replayAfter(store, table, start.afterId, logger, (input, raw, gap) => {
    replayed++;
    lastAt = input.at;
    const fresh = input.id > lastApplied;
    if (fresh && !caughtUp) catchUp();
    // An input the engine failed on gives no event, here as it did live: numbering is unchanged.
    if (!gap && raw === null) return;
    // The gap event takes the seq after the skipped ones (gap.ts).
    const events = gap ? [gapEvent(gap, seq + gapWidth(gap))] : numberEvents(raw!, seq);
    seq = gap ? seq + gapWidth(gap) : seq + events.length;
    if (fresh) {
      store.appendEvents(input.id, events);
      regenerated += events.length;
      return;
    }
    compare(events);
  });
  if (!caughtUp) catchUp();

  function compare(events: TableEvent[]): void {
    const first = events[0];
    const last = events.at(-1);
    if (!first || !last) return;
    const bySeq = new Map(store.eventsBetween(first.seq, last.seq).map((s) => [s.seq, s.json]));
    for (const e of events) {
      const now = JSON.stringify(e);
      // A stored event pruned by retention cannot be compared; one beyond the stored ones is a difference.
      const was = bySeq.get(e.seq);
      if (e.seq > storedLast || (was !== undefined && was !== now)) {
        mismatched++;
        firstMismatch ??= { seq: e.seq, stored: was ?? '(none)', now };
      }
    }
  }

  if (mismatched > 0) {
    logger.warn(
      { mismatched, firstMismatch, storedLast },
      'the journal replays to events that differ from the stored ones (engine changed?): kept the stored events, numbering continues after them',
    );
  }
  logger.info(
    { from: start.afterId, replayed, regenerated, lastSeq: store.lastSeq() },
    'state rebuilt from the journal',
  );
  return { table, lastSeq: seq, lastAt, from: start.afterId, replayed, regenerated, mismatched };
}
