// Rebuilding the engine from the journal at start: from the newest checkpoint that restores, or from the first
// input, then every input after it.
import type { Logger } from 'pino';
import type { TableOptions } from '../domain/api.ts';
import { TableError } from '../domain/errors.ts';
import type { TableEvent } from '../domain/types.ts';
import type { Store, StoredInput } from '../store/store.ts';
import type { DurableTable, Engine } from './engine.ts';
import { gapEvent, gapOf, gapWidth, type GapInput } from './gap.ts';

const CHUNK = 1000;

/** Events as the outbox numbers them (the offset is 0 unless a changed engine numbers differently, see recover). */
export function renumber(events: readonly TableEvent[], offset: number): TableEvent[] {
  return offset === 0 ? [...events] : events.map((e) => ({ ...e, seq: e.seq + offset }));
}

/** Applies one input. The engine promises never to throw; if a bug makes it throw anyway, the input stays
 * journaled and gives no event, here and in every replay alike, so the table keeps running (and restarting). */
export function applySafely(table: DurableTable, input: unknown, logger: Logger, inputId: number): TableEvent[] | null {
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
  visit: (input: StoredInput, events: TableEvent[] | null, gap: GapInput | null) => void,
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
  /** Added to the engine's seq to get the outbox's. */
  offset: number;
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
  let offset = start.seq - table.snapshot().seq;
  let generatedLast = start.seq;
  let lastAt: number | null = store.lastInput()?.at ?? null;
  let replayed = 0;
  let regenerated = 0;
  let mismatched = 0;
  let firstMismatch: { seq: number; stored: string; now: string } | undefined;
  let caughtUp = false;

  replayAfter(store, table, start.afterId, logger, (input, raw, gap) => {
    replayed++;
    lastAt = input.at;
    // The gap event keeps its skipped seqs right before it, however it is renumbered below.
    const numbered = (events: TableEvent[]) => (gap ? events.map((e) => gapEvent(gap, e.seq)) : events);
    if (gap) {
      offset += gapWidth(gap);
      raw = [gapEvent(gap, table.snapshot().seq)];
    } else if (raw === null) {
      // Whatever the failed input did to the engine's count, numbering goes on from the outbox (as it did live).
      offset = (input.id <= lastApplied ? generatedLast : store.lastSeq()) - table.snapshot().seq;
      return;
    }
    let events = numbered(renumber(raw, offset));
    if (input.id <= lastApplied) {
      const first = events[0];
      const last = events.at(-1);
      const stored = first && last ? store.eventsBetween(first.seq, last.seq) : [];
      const bySeq = new Map(stored.map((s) => [s.seq, s.json]));
      for (const e of events) {
        const now = JSON.stringify(e);
        // A stored event pruned by retention cannot be compared; one beyond the stored ones is a difference.
        const was = bySeq.get(e.seq);
        if (e.seq > storedLast || (was !== undefined && was !== now)) {
          mismatched++;
          firstMismatch ??= { seq: e.seq, stored: was ?? '(none)', now };
        }
      }
      generatedLast = last?.seq ?? generatedLast;
      return;
    }
    if (!caughtUp) {
      caughtUp = true;
      // Continue right after what was stored, whatever the engine said for the stored inputs.
      if (generatedLast < storedLast) mismatched += storedLast - generatedLast;
      events = numbered(renumber(events, storedLast - generatedLast));
      offset += storedLast - generatedLast;
    }
    store.appendEvents(input.id, events);
    regenerated += events.length;
  });
  if (!caughtUp) {
    if (generatedLast < storedLast) mismatched += storedLast - generatedLast;
    offset += storedLast - generatedLast;
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
  return { table, offset, lastAt, from: start.afterId, replayed, regenerated, mismatched };
}
