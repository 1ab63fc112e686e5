// Bounded storage. The engine's whole state is saved now and then (a checkpoint); a restart restores the newest
// one and replays only the inputs after it, so inputs before the older of the two kept checkpoints are no longer
// needed once they are past retention. Events go once every sink has them and they are past retention.
import type { Logger } from 'pino';
import type { TableOptions } from '../domain/api.ts';
import type { Store } from '../store/store.ts';
import type { DurableTable, Engine } from './engine.ts';

const DAY_MS = 86_400_000;
/** Two, so that a checkpoint that no longer restores (a damaged row) still leaves a way back. */
export const KEEP_CHECKPOINTS = 2;

export interface CheckpointContext {
  store: Store;
  engine: Engine;
  options: TableOptions;
  table: DurableTable;
  /** The outbox seq the engine's state corresponds to. */
  seq: number;
  logger: Logger;
}

/** Saves the live state as of the last journaled input, if it changed since the last checkpoint and the engine
 * can save. Returns the input id it stands for, or null. The saved bytes are restored once before they are kept,
 * and must give the same snapshot and deadline: a checkpoint that would not restore is worse than none. */
export function checkpoint(ctx: CheckpointContext): number | null {
  const { store, table, logger } = ctx;
  if (!table.save) return null;
  const last = store.lastInput();
  if (!last || store.checkpoints()[0]?.inputId === last.id) return null;
  const saved = table.save();
  const again = ctx.engine.create(ctx.options, saved);
  if (
    JSON.stringify(again.snapshot()) !== JSON.stringify(table.snapshot()) ||
    again.nextDeadline() !== table.nextDeadline()
  ) {
    logger.error({ input: last.id }, 'the engine state does not survive save and restore: no checkpoint taken');
    return null;
  }
  store.saveCheckpoint({ inputId: last.id, seq: ctx.seq, at: last.at, version: ctx.engine.version }, saved);
  const kept = store.checkpoints().slice(0, KEEP_CHECKPOINTS);
  const oldest = kept.at(-1);
  if (oldest) store.dropCheckpointsBefore(oldest.inputId);
  return last.id;
}

export interface PruneReport {
  /** Events deleted (acknowledged by every sink and older than retention). */
  events: number;
  /** Inputs deleted (covered by a kept checkpoint and older than retention). */
  inputs: number;
  /** The input id the oldest kept checkpoint stands for (0: none). */
  checkpoint: number;
}

export function prune(store: Store, retentionDays: number, now: number, logger: Logger): PruneReport {
  const cutoff = now - retentionDays * DAY_MS;
  const sinks = store.sinks();
  // With no sink registered nobody will ever read the outbox: what is old may go.
  const delivered = sinks.length > 0 ? Math.min(...sinks.map((s) => s.cursor)) : store.lastSeq();
  const events = store.pruneEvents(delivered, cutoff);
  const oldest = store.checkpoints().at(-1)?.inputId ?? 0;
  const inputs = oldest > 0 ? store.pruneInputs(oldest, cutoff) : 0;
  if (events > 0 || inputs > 0) logger.info({ events, inputs, checkpoint: oldest }, 'pruned the journal');
  return { events, inputs, checkpoint: oldest };
}
