// The runtime around the pure engine: stamps time, journals every input before the engine sees it, tells the
// listeners at once and writes the events to the outbox right after (pending.ts), arms the engine's next timer,
// and rebuilds itself from the journal.
import type { Logger } from 'pino';
import type { TableOptions } from '../domain/api.ts';
import { TableError } from '../domain/errors.ts';
import type { TableSnapshot } from '../domain/snapshot.ts';
import type { TableEvent } from '../domain/types.ts';
import type { Store } from '../store/store.ts';
import { domainEngine, type DurableTable, type Engine } from './engine.ts';
import { gapEvent, gapInput, gapOf, gapWidth, withoutRuntimeMark } from './gap.ts';
import { PendingEvents } from './pending.ts';
import { applySafely, recover, renumber } from './replay.ts';
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
  let recovered;
  try {
    recovered = recover(store, engine, tableOptions, logger);
  } catch (err) {
    store.close(); // releases the journal's lock: the caller may try again
    throw err;
  }
  const table: DurableTable = recovered.table;
  let offset = recovered.offset;
  // The engine's own time covers a journal whose last inputs were pruned behind a checkpoint.
  let lastAt = Math.max(recovered.lastAt ?? Number.NEGATIVE_INFINITY, table.snapshot().at);
  let closed = false;
  let armed: { at: number; cancel: () => void } | undefined;
  let maintenanceTimer: (() => void) | undefined;
  // Events told but not yet in the outbox: written in the next turn, before the next input, or by recovery.
  const pending = new PendingEvents(store, logger);
  const reserve = new SeqReserve(store, options.seqReserveStep ?? DEFAULT_RESERVE_STEP, logger);
  const listeners = new Set<(events: readonly TableEvent[]) => void>();
  // Batches wait here so that a listener that submits cannot make others see batches out of order.
  const queue: TableEvent[][] = [];
  let draining = false;

  const snapshot = (): TableSnapshot => {
    const snap = table.snapshot();
    return { ...snap, seq: snap.seq + offset };
  };

  const notify = (events: TableEvent[]) => {
    if (events.length === 0) return;
    queue.push(events);
    if (draining) return;
    draining = true;
    try {
      for (let batch = queue.shift(); batch; batch = queue.shift()) {
        for (const listener of [...listeners]) {
          try {
            listener(batch);
          } catch (err) {
            logger.error({ err }, 'an event listener failed');
          }
        }
      }
    } finally {
      draining = false;
    }
  };

  const stamp = (raw: RawInput): { at: number; input: unknown } => {
    const given = raw.at;
    // A bad `at` stays in the input for the engine to reject; the journal row gets the last good time.
    if (given !== undefined && (typeof given !== 'number' || !Number.isFinite(given))) {
      return { at: Math.max(lastAt, 0), input: raw };
    }
    // Never let time go backwards: a timer must not see an input from before the one that armed it.
    const at = Math.max(given ?? clock.now(), lastAt);
    return { at, input: { ...raw, at } };
  };

  const serialise = (input: unknown, at: number): string => {
    try {
      return JSON.stringify(input);
    } catch (err) {
      // Not JSON (a BigInt, a cycle): journal something the engine will reject, so the table answers it.
      return JSON.stringify({ type: 'unserialisable', at, error: (err as Error).message });
    }
  };

  const journal = (raw: RawInput): TableEvent[] => {
    if (closed) throw new TableError('JOURNAL_FAILED', 'the runtime is closed');
    pending.tryFlush();
    const { at, input } = stamp(raw);
    const json = serialise(input, at);
    const inputId = store.appendInput(at, json);
    // The engine gets exactly what a replay will give it: the journaled JSON, not the caller's object.
    const parsed: unknown = JSON.parse(json);
    const gap = gapOf(parsed);
    let events: TableEvent[];
    if (gap) {
      offset += gapWidth(gap); // the runtime's own input: the engine never sees it (replay.ts does the same)
      events = [gapEvent(gap, table.snapshot().seq + offset)];
    } else {
      const answer = applySafely(table, parsed, logger, inputId);
      if (answer === null) offset = pending.lastSeq() - table.snapshot().seq; // as recovery does
      events = answer === null ? [] : renumber(answer, offset);
    }
    if (Number.isFinite((input as RawInput).at)) lastAt = at;
    // The input is durable, so these events are too (recovery regenerates them): tell first, write after.
    if (events.length > 0) {
      reserve.cover(events[events.length - 1]!.seq);
      pending.add(inputId, events);
    }
    notify(events);
    schedule();
    return events;
  };
  const submit = (raw: RawInput): TableEvent[] => journal(withoutRuntimeMark(raw));

  // After a power cut with fsync `background`, the journal may end before events that were published: skip every
  // seq that may have been told (up to the reserve), and say so (docs/durability.md).
  const afterUncleanStop = () => {
    const stop = store.uncleanStop();
    if (!stop) return;
    const last = pending.lastSeq();
    const to = Math.max(store.reservedSeq(), last);
    if (stop.kind === 'power-cut' && stop.fsync === 'background' && to > last) {
      logger.warn(
        { from: last + 1, to },
        'power cut with fsync background: seqs that may have been published are skipped',
      );
      journal(gapInput(last + 1, to, clock.now()));
    } else logger.info({ stop }, 'the previous run did not close cleanly; the journal has everything it published');
  };

  const schedule = () => {
    if (closed) return;
    const deadline = table.nextDeadline();
    if (armed && armed.at === deadline) return;
    armed?.cancel();
    armed = undefined;
    if (deadline === null) return;
    const cancel = clock.setTimer(deadline, () => {
      if (armed?.cancel !== cancel || closed) return;
      armed = undefined;
      try {
        submit({ type: 'tick', at: deadline });
      } catch (err) {
        logger.error({ err, deadline }, 'a timer tick failed');
      }
    });
    armed = { at: deadline, cancel };
  };

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

  const armMaintenance = () => {
    if (closed) return;
    maintenanceTimer = clock.setTimer(clock.now() + (options.maintenanceEveryMs ?? 3_600_000), () => {
      if (closed) return;
      try {
        maintain();
      } catch (err) {
        logger.error({ err }, 'checkpoint or retention failed');
      }
      armMaintenance();
    });
  };

  const view = pending.outbox();
  const outbox: Outbox = {
    ...view,
    ack(sink, seq) {
      if (!Number.isInteger(seq) || seq < 0) throw new TableError('INPUT_INVALID', `bad ack seq ${String(seq)}`);
      view.ack(sink, seq);
    },
  };

  try {
    afterUncleanStop();
    reserve.start(pending.lastSeq());
  } catch (err) {
    pending.stop();
    store.close(); // as for a failed recovery: the caller may try again
    throw err;
  }
  schedule();
  try {
    maintain();
  } catch (err) {
    logger.error({ err }, 'checkpoint or retention failed at start; the table runs on');
  }
  armMaintenance();

  return {
    submit,
    onEvents(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    snapshot,
    outbox,
    maintain,
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
      armed?.cancel();
      armed = undefined;
      maintenanceTimer?.();
      store.close();
    },
  };
}
