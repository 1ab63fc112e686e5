// The runtime around the pure engine: stamps time, journals every input before the engine sees it, tells the
// listeners at once and writes the events to the outbox right after (pending.ts), arms the engine's next timer,
// and rebuilds itself from the journal.
import type { Logger } from 'pino';
import type { TableOptions } from '../domain/api.ts';
import { TableError } from '../domain/errors.ts';
import type { TableSnapshot } from '../domain/snapshot/types.ts';
import type { TableEvent } from '../domain/types.ts';
import type { Store } from '../store/store.ts';
import { domainEngine, type DurableTable, type Engine } from './engine.ts';
import { recentInputs } from './recent.ts';
import { DeadlineTimer } from './deadline.ts';
import { gapEvent, gapInput, gapOf, gapWidth, withoutRuntimeMark } from './gap.ts';
import { serialiseInput, stampInput } from './intake.ts';
import { Listeners } from './listeners.ts';
import { PendingEvents } from './pending.ts';
import { numberEvents } from './numbering.ts';
import { applySafely, recover } from './replay.ts';
import { checkpoint, prune, type PruneReport } from './retention.ts';
import { DEFAULT_RESERVE_STEP, SeqReserve } from './seq-reserve.ts';
import type { Clock, Outbox, RawInput, Runtime } from './types.ts';

export interface RuntimeOptions {
  /** What the engine needs (profiles, deck). */
  table: TableOptions;
  /** The journal and outbox (openStore). The runtime owns it from now on: close() closes it. */
  store: Store;
  clock: Clock;
  logger: Logger;
  /** config.storage.retentionDays. Absent: nothing is ever pruned (checkpoints are still taken). */
  retentionDays?: number;
  /** How often a checkpoint is taken and retention runs (ms, by the clock); 1 hour by default. Both also run
   * once at start, and a checkpoint at close. */
  maintenanceEveryMs?: number;
  /** The engine. The real one (src/domain) is the default; tests inject fakes. */
  engine?: Engine;
  /** With `storage.fsync: background`, how far ahead of the last seq the durable seq reserve is kept (seq-reserve.ts). */
  seqReserveStep?: number;
}

export interface TableRuntime extends Runtime {
  /** Takes a checkpoint (if the state changed) and applies retention now; returns what retention did, or null
   * without `retentionDays`. Runs by itself every `maintenanceEveryMs`. */
  maintain(): PruneReport | null;
}

export function createRuntime(options: RuntimeOptions): TableRuntime {
  const { store, clock, table: tableOptions } = options;
  const logger = options.logger.child({ module: 'runtime' });
  const engine = options.engine ?? domainEngine;
  const { table, lastAt: startAt, lastSeq: startSeq } = recoverOrClose(store, engine, tableOptions, clock, logger);
  // The last seq given: the runtime alone numbers events (numbering.ts), on from the journal's.
  let lastSeq = startSeq;
  let lastAt = startAt;
  let closed = false;
  // Events told but not yet in the outbox: written in the next turn, before the next input, or by recovery.
  const pending = new PendingEvents(store, logger);
  const reserve = new SeqReserve(store, options.seqReserveStep ?? DEFAULT_RESERVE_STEP, logger);
  const listeners = new Listeners(logger);

  const refuse = refusalLog(logger);

  const journal = (raw: RawInput): TableEvent[] => {
    if (closed) throw new TableError('JOURNAL_FAILED', 'the runtime is closed');
    pending.tryFlush();
    const { at, input } = stampInput(raw, lastAt, () => clock.now());
    const serialised = serialiseInput(input, engine, tableOptions);
    if ('refused' in serialised) return refuse(input, serialised.refused);
    const inputId = store.appendInput(at, serialised.json);
    // The engine gets exactly what a replay will give it: the journaled JSON, not the caller's object.
    const { events, seq } = eventsOf(table, serialised.value, lastSeq, logger, inputId);
    lastSeq = seq;
    if (Number.isFinite((input as RawInput).at)) lastAt = at;
    // The input is durable, so these events are too (recovery regenerates them): tell first, write after.
    if (events.length > 0) {
      reserve.cover(events[events.length - 1]!.seq);
      pending.add(inputId, events);
    }
    listeners.notify(events);
    timer.schedule();
    return events;
  };
  const submit = (raw: RawInput): TableEvent[] => journal(withoutRuntimeMark(raw));

  const timer = new DeadlineTimer({
    clock,
    logger,
    nextDeadline: () => table.nextDeadline(),
    tick: (deadline) => submit({ type: 'tick', at: deadline }),
    isClosed: () => closed,
  });

  const takeCheckpoint = () => {
    // The checkpoint must match the outbox: pending events first (if they cannot be written, no checkpoint).
    if (!pending.tryFlush()) return;
    checkpoint({ store, engine, options: tableOptions, table, seq: store.lastSeq(), logger });
  };

  const maintain = (): PruneReport | null => {
    if (closed) throw new TableError('JOURNAL_FAILED', 'the runtime is closed');
    takeCheckpoint();
    if (options.retentionDays === undefined) return null;
    return prune(store, options.retentionDays, clock.now(), logger);
  };

  try {
    const skip = skipAfterUncleanStop(store, pending.lastSeq(), logger);
    if (skip) journal(gapInput(skip.from, skip.to, clock.now()));
    reserve.start(pending.lastSeq());
  } catch (err) {
    pending.stop();
    store.close(); // as for a failed recovery: the caller may try again
    throw err;
  }
  timer.schedule();
  const stopMaintenance = maintenanceLoop(clock, options.maintenanceEveryMs, maintain, logger, () => closed);
  return {
    submit,
    onEvents: (listener) => listeners.add(listener),
    snapshot: () => withSeq(table.snapshot(), lastSeq),
    profile: () => table.profile?.() ?? null,
    outbox: checkedOutbox(pending.outbox()),
    epoch: store.epoch,
    maintain,
    recentInputs: (limit) => recentInputs(store, limit),
    close() {
      if (closed) return;
      try {
        pending.flush();
        takeCheckpoint();
      } catch (err) {
        logger.error({ err }, 'events or checkpoint left unwritten at close; the next start replays the journal');
      }
      closed = true;
      pending.stop();
      timer.cancel();
      stopMaintenance();
      store.close();
    },
  };
}

/** After a power cut with fsync `background`, the journal may end before events that were published: every seq
 * that may have been told (up to the reserve) is skipped, and said (docs/durability.md). The seqs to skip, or null. */
function skipAfterUncleanStop(store: Store, last: number, logger: Logger): { from: number; to: number } | null {
  const stop = store.uncleanStop();
  if (!stop) return null;
  const to = Math.max(store.reservedSeq(), last);
  if (stop.kind === 'power-cut' && stop.fsync === 'background' && to > last) {
    logger.warn(
      { from: last + 1, to },
      'power cut with fsync background: seqs that may have been published are skipped',
    );
    return { from: last + 1, to };
  }
  logger.info({ stop }, 'the previous run did not close cleanly; the journal has everything it published');
  return null;
}

/** Checkpoint and retention now and then every `everyMs` (1 hour by default) by the clock; returns the stop. */
function maintenanceLoop(
  clock: Clock,
  everyMs = 3_600_000,
  maintain: () => unknown,
  logger: Logger,
  isClosed: () => boolean,
): () => void {
  try {
    maintain();
  } catch (err) {
    logger.error({ err }, 'checkpoint or retention failed at start; the table runs on');
  }
  let cancel: (() => void) | undefined;
  const arm = () => {
    if (isClosed()) return;
    cancel = clock.setTimer(clock.now() + everyMs, () => {
      if (isClosed()) return;
      try {
        maintain();
      } catch (err) {
        logger.error({ err }, 'checkpoint or retention failed');
      }
      arm();
    });
  };
  arm();
  return () => cancel?.();
}

/** The outbox as sinks see it: an ack with a bad seq is refused. */
function checkedOutbox(view: Outbox): Outbox {
  return {
    ...view,
    ack(sink, seq) {
      if (!Number.isInteger(seq) || seq < 0) throw new TableError('INPUT_INVALID', `bad ack seq ${String(seq)}`);
      view.ack(sink, seq);
    },
  };
}

/** The table rebuilt from the store, with the last seq and time; a failed recovery closes the store (its lock goes:
 * the caller may try again). */
function recoverOrClose(store: Store, engine: Engine, options: TableOptions, clock: Clock, logger: Logger) {
  let recovered;
  try {
    recovered = recover(store, engine, options, logger);
  } catch (err) {
    store.close();
    throw err;
  }
  const table: DurableTable = recovered.table;
  // The engine's own time covers a journal whose last inputs were pruned behind a checkpoint.
  const lastAt = Math.max(recovered.lastAt ?? Number.NEGATIVE_INFINITY, table.snapshot().at);
  // A wall clock behind the journal (set back while the table was down, a Pi booting without the time) must not
  // freeze time at the journal's last `at`: the clock carries on from there.
  if (Number.isFinite(lastAt)) clock.resume?.(lastAt);
  return { table, lastAt, lastSeq: recovered.lastSeq };
}

/** Refused inputs are not journaled (a flood of garbage must not fill the disk): counted and logged instead. */
function refusalLog(logger: Logger): (input: unknown, reason: string) => TableEvent[] {
  let refusedCount = 0;
  return (input, reason) => {
    refusedCount++;
    const type = (input as { type?: unknown } | null)?.type;
    logger.warn({ reason, type: typeof type === 'string' ? type.slice(0, 40) : null, refusedCount }, 'input refused');
    return [];
  };
}

/** A journaled input's events, numbered after `lastSeq`, and the new last seq. */
function eventsOf(table: DurableTable, value: unknown, lastSeq: number, logger: Logger, inputId: number) {
  const gap = gapOf(value);
  // the runtime's own input: the engine never sees it (replay.ts does the same)
  if (gap) return { events: [gapEvent(gap, lastSeq + gapWidth(gap))], seq: lastSeq + gapWidth(gap) };
  // An input the engine failed on gives no event (as in recovery): numbering is unchanged.
  const answer = applySafely(table, value, logger, inputId);
  const events: TableEvent[] = answer === null ? [] : numberEvents(answer, lastSeq);
  return { events, seq: lastSeq + events.length };
}

/** `seq` goes right after `at`, where the engine's snapshot had it before the runtime owned numbering. */
function withSeq(snap: Omit<TableSnapshot, 'seq'>, seq: number): TableSnapshot {
  return Object.assign({ at: snap.at, seq }, snap); // one copy, `at` first and `seq` second
}
