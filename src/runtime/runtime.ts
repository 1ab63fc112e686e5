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
import { recentInputs } from './recent.ts';
import { gapEvent, gapInput, gapOf, gapWidth, withoutRuntimeMark } from './gap.ts';
import { Listeners } from './listeners.ts';
import { PendingEvents } from './pending.ts';
import { withResolvedRules } from './resolve-setup.ts';
import { numberEvents } from './numbering.ts';
import { applySafely, recover } from './replay.ts';
import { checkpoint, prune, type PruneReport } from './retention.ts';
import { DEFAULT_RESERVE_STEP, SeqReserve } from './seq-reserve.ts';
import type { Clock, Outbox, RawInput, Runtime } from './types.ts';

/** A timer tick the journal refused is tried again after this long (ms, by the clock). */
const TIMER_RETRY_MS = 1000;

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
  // The last seq given: the runtime alone numbers events (numbering.ts), on from the journal's.
  let lastSeq = recovered.lastSeq;
  // The engine's own time covers a journal whose last inputs were pruned behind a checkpoint.
  let lastAt = Math.max(recovered.lastAt ?? Number.NEGATIVE_INFINITY, table.snapshot().at);
  // A wall clock behind the journal (set back while the table was down, a Pi booting without the time) must not
  // freeze time at the journal's last `at`: the clock carries on from there.
  if (Number.isFinite(lastAt)) clock.resume?.(lastAt);
  let closed = false;
  let armed: { at: number; cancel: () => void } | undefined;
  let maintenanceTimer: (() => void) | undefined;
  // Events told but not yet in the outbox: written in the next turn, before the next input, or by recovery.
  const pending = new PendingEvents(store, logger);
  const reserve = new SeqReserve(store, options.seqReserveStep ?? DEFAULT_RESERVE_STEP, logger);
  const listeners = new Listeners(logger);

  // `seq` goes right after `at`, where the engine's snapshot had it before the runtime owned numbering.
  const snapshot = (): TableSnapshot => {
    const snap = table.snapshot();
    return Object.assign({ at: snap.at, seq: lastSeq }, snap); // one copy, `at` first and `seq` second
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

  // Refused inputs are not journaled (a flood of garbage must not fill the disk): counted and logged instead.
  let refusedCount = 0;
  const refuse = (input: unknown, reason: string): TableEvent[] => {
    refusedCount++;
    const type = (input as { type?: unknown } | null)?.type;
    logger.warn({ reason, type: typeof type === 'string' ? type.slice(0, 40) : null, refusedCount }, 'input refused');
    return [];
  };

  /** The JSON the engine and every replay will see, or why the input is refused before the journal. */
  const serialise = (input: unknown): { json: string; value: unknown } | { refused: string } => {
    let json: string | undefined;
    try {
      json = JSON.stringify(input);
    } catch (err) {
      return { refused: `not JSON: ${(err as Error).message}` }; // a BigInt, a cycle
    }
    if (json === undefined) return { refused: 'not JSON' };
    const value = JSON.parse(json) as unknown;
    // The runtime's own gap input (gap.ts) is no engine input: the engine never sees it.
    if (gapOf(value)) return { json, value };
    const reason = engine.malformed?.(value) ?? null;
    if (reason !== null) return { refused: reason };
    const resolved = withResolvedRules(value, tableOptions.profiles);
    return resolved === value ? { json, value } : { json: JSON.stringify(resolved), value: resolved };
  };

  const journal = (raw: RawInput): TableEvent[] => {
    if (closed) throw new TableError('JOURNAL_FAILED', 'the runtime is closed');
    pending.tryFlush();
    const { at, input } = stamp(raw);
    const serialised = serialise(input);
    if ('refused' in serialised) return refuse(input, serialised.refused);
    const { json } = serialised;
    const inputId = store.appendInput(at, json);
    // The engine gets exactly what a replay will give it: the journaled JSON, not the caller's object.
    const gap = gapOf(serialised.value);
    let events: TableEvent[];
    if (gap) {
      // the runtime's own input: the engine never sees it (replay.ts does the same)
      events = [gapEvent(gap, lastSeq + gapWidth(gap))];
      lastSeq += gapWidth(gap);
    } else {
      // An input the engine failed on gives no event (as in recovery): numbering is unchanged.
      const answer = applySafely(table, serialised.value, logger, inputId);
      events = answer === null ? [] : numberEvents(answer, lastSeq);
      lastSeq += events.length;
    }
    if (Number.isFinite((input as RawInput).at)) lastAt = at;
    // The input is durable, so these events are too (recovery regenerates them): tell first, write after.
    if (events.length > 0) {
      reserve.cover(events[events.length - 1]!.seq);
      pending.add(inputId, events);
    }
    listeners.notify(events);
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
    if (deadline === null) clock.settle?.(); // no timer runs: a wall-clock step may be caught up with now
    if (armed && armed.at === deadline) return;
    armed?.cancel();
    armed = undefined;
    if (deadline === null) return;
    const cancel = clock.setTimer(deadline, () => {
      if (armed?.cancel !== cancel || closed) return;
      armed = undefined;
      try {
        submit({ type: 'tick', at: deadline });
        tickFailing = false;
      } catch (err) {
        // The journal refused the tick (a full disk): the deadline stands and is tried again, so timers never stop
        // for good. Logged once; the table's health says the rest (storage-watch.ts).
        if (!tickFailing) logger.error({ err, deadline }, 'a timer tick failed; retrying');
        tickFailing = true;
        retryTimer();
      }
    });
    armed = { at: deadline, cancel };
  };

  let tickFailing = false;
  const retryTimer = () => {
    const cancel = clock.setTimer(clock.now() + TIMER_RETRY_MS, () => {
      if (armed?.cancel !== cancel || closed) return;
      armed = undefined;
      schedule();
    });
    armed = { at: Number.NaN, cancel }; // no deadline: the next schedule() replaces it
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
    onEvents: (listener) => listeners.add(listener),

    snapshot,
    profile: () => table.profile?.() ?? null,
    outbox,
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
      armed?.cancel();
      armed = undefined;
      maintenanceTimer?.();
      store.close();
    },
  };
}
