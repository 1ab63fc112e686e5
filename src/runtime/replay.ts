// Rebuilding the engine from the journal: at start (recovery) and when retention checks a new replay base.
import type { Logger } from 'pino';
import type { Table, TableOptions } from '../domain/api.ts';
import type { TableEvent } from '../domain/types.ts';
import type { ReplayBase, Store, StoredInput } from '../store/store.ts';

export type Engine = (options: TableOptions) => Table;

const CHUNK = 1000;

/** Events as the outbox numbers them: the engine counts from 1 for each fresh table, the outbox never restarts. */
export function renumber(events: readonly TableEvent[], offset: number): TableEvent[] {
  return offset === 0 ? [...events] : events.map((e) => ({ ...e, seq: e.seq + offset }));
}

/** Feeds the journal from `base` on to a fresh engine, handing each input and its (renumbered) events to `visit`. */
export function replayFrom(
  store: Store,
  table: Table,
  base: ReplayBase,
  visit: (input: StoredInput, events: TableEvent[]) => void,
  offset: () => number = () => base.seqBefore,
): void {
  for (let next = base.inputId; ; ) {
    const chunk = store.inputsFrom(next, CHUNK);
    for (const input of chunk) {
      visit(input, renumber(table.apply(JSON.parse(input.json)), offset()));
    }
    const last = chunk.at(-1);
    if (!last || chunk.length < CHUNK) return;
    next = last.id + 1;
  }
}

export interface Recovery {
  table: Table;
  /** Added to the engine's seq to get the outbox's. */
  offset: number;
  /** The last journaled input's `at` (null for an empty journal). */
  lastAt: number | null;
  replayed: number;
  /** Events that were missing (the process died between an input and its events) and are now written. */
  regenerated: number;
  /** Events the engine now gives differently from the stored ones (a changed engine); the stored ones stay. */
  mismatched: number;
}

/** Rebuilds the state from the journal and writes the events a crash left unwritten. The stored events are the
 * published truth: if the engine now says something else for them, they are kept, numbering continues after
 * them, and a warning says so (docs/durability.md). */
export function recover(store: Store, engine: Engine, options: TableOptions, logger: Logger): Recovery {
  const base = store.base();
  const table = engine(options);
  const lastApplied = store.lastApplied();
  const storedLast = store.lastSeq();
  let offset = base.seqBefore;
  let generatedLast = base.seqBefore;
  let lastAt: number | null = null;
  let replayed = 0;
  let regenerated = 0;
  let mismatched = 0;
  let firstMismatch: { seq: number; stored: string; now: string } | undefined;
  let caughtUp = false;

  replayFrom(
    store,
    table,
    base,
    (input, events) => {
      replayed++;
      lastAt = input.at;
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
        generatedLast = events.at(-1)?.seq ?? generatedLast;
        return;
      }
      if (!caughtUp) {
        caughtUp = true;
        // Continue right after what was stored, whatever the engine said for the stored inputs.
        offset += storedLast - generatedLast;
        if (generatedLast < storedLast) mismatched += storedLast - generatedLast;
        events = renumber(events, storedLast - generatedLast);
      }
      store.appendEvents(input.id, events);
      regenerated += events.length;
    },
    () => offset,
  );
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
  logger.info({ replayed, regenerated, lastSeq: store.lastSeq(), base }, 'state rebuilt from the journal');
  return { table, offset, lastAt, replayed, regenerated, mismatched };
}
