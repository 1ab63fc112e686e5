// Bounded storage without a serialisable engine state. Events may go once every sink has them and they are old.
// Inputs may go only once the state no longer depends on them: that is true before a `setup` command *if* a fresh
// engine fed the journal from that setup on says exactly what was said (every stored event, and the same snapshot
// now). Such a setup becomes the replay base; older inputs past retention are deleted. See docs/durability.md.
import type { Logger } from 'pino';
import type { Table, TableOptions } from '../domain/api.ts';
import type { TableSnapshot } from '../domain/snapshot.ts';
import type { ReplayBase, Store, StoredInput } from '../store/store.ts';
import { replayFrom, type Engine } from './replay.ts';

const DAY_MS = 86_400_000;

export interface PruneReport {
  /** Events deleted (acknowledged by every sink and older than retention). */
  events: number;
  /** Inputs deleted (before the replay base and older than retention). */
  inputs: number;
  /** Where a restart now begins its replay. */
  base: ReplayBase;
  /** A setup the check refused as a base (the engine carries state across it), if one was tried now. */
  refused?: number;
}

export interface PruneContext {
  store: Store;
  engine: Engine;
  options: TableOptions;
  logger: Logger;
  retentionDays: number;
  now: number;
  /** The live snapshot, seq as the outbox numbers it. */
  snapshot: () => TableSnapshot;
  /** Setup inputs already refused as a base (not checked again). */
  refused: Set<number>;
}

export function prune(ctx: PruneContext): PruneReport {
  const { store, logger } = ctx;
  const cutoff = ctx.now - ctx.retentionDays * DAY_MS;
  const sinks = store.sinks();
  // With no sink registered nobody will ever read the outbox: what is old may go.
  const delivered = sinks.length > 0 ? Math.min(...sinks.map((s) => s.cursor)) : store.lastSeq();
  const events = store.pruneEvents(delivered, cutoff);

  let refused: number | undefined;
  const candidate = store.lastSetupAfter(store.base().inputId);
  if (candidate && candidate.at < cutoff && !ctx.refused.has(candidate.id)) {
    if (replaysTheSame(ctx, candidate)) {
      store.setBase({ inputId: candidate.id, seqBefore: candidate.seqBefore });
    } else {
      ctx.refused.add(candidate.id);
      refused = candidate.id;
      logger.warn({ input: candidate.id }, 'a setup is not a clean restart of the engine: inputs before it are kept');
    }
  }
  const base = store.base();
  const inputs = store.pruneInputs(base.inputId, cutoff);
  if (events > 0 || inputs > 0) logger.info({ events, inputs, base }, 'pruned the journal');
  return { events, inputs, base, ...(refused !== undefined ? { refused } : {}) };
}

/** Replays from the candidate with a fresh engine: every stored event and the snapshot must come out the same. */
function replaysTheSame(ctx: PruneContext, candidate: StoredInput): boolean {
  const { store } = ctx;
  const fresh: Table = ctx.engine(ctx.options);
  const base = { inputId: candidate.id, seqBefore: candidate.seqBefore };
  let same = true;
  let last = base.seqBefore;
  replayFrom(store, fresh, base, (_input, events) => {
    if (!same) return;
    const first = events[0];
    const end = events.at(-1);
    if (!first || !end) return;
    const stored = new Map(store.eventsBetween(first.seq, end.seq).map((s) => [s.seq, s.json]));
    for (const e of events) {
      const was = stored.get(e.seq);
      if (was !== undefined && was !== JSON.stringify(e)) same = false;
    }
    last = end.seq;
  });
  if (!same || last !== store.lastSeq()) return false;
  const snap = fresh.snapshot();
  const shifted = { ...snap, seq: snap.seq + base.seqBefore };
  return JSON.stringify(shifted) === JSON.stringify(ctx.snapshot());
}
