// Events told to listeners but not yet committed to the outbox. The events are a pure function of the journaled
// inputs, so once the input is durable they can go out at once and be written a moment later, off the path from a
// card read to MQTT: a process that dies first loses nothing, recovery regenerates them from the journal with the
// same seqs (replay.ts). Readers of the outbox see them as if written; a sink's confirmation never gets ahead of
// what the outbox holds (ack writes them first).
import type { Logger } from 'pino';
import type { TableEvent } from '../domain/types.ts';
import type { Store } from '../store/store.ts';
import type { Outbox } from './types.ts';

type Batch = { inputId: number; events: TableEvent[] };

export class PendingEvents {
  private batches: Batch[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: Store,
    private readonly logger: Logger,
  ) {}

  get empty(): boolean {
    return this.batches.length === 0;
  }

  /** The highest seq given out: pending or written. */
  lastSeq(): number {
    return this.batches.at(-1)?.events.at(-1)?.seq ?? this.store.lastSeq();
  }

  /** Keeps one input's events and writes them in the next turn of the event loop. A timer (not setImmediate)
   * lets the broker (in this process when embedded) forward the event to its subscribers first. */
  add(inputId: number, events: TableEvent[]): void {
    this.batches.push({ inputId, events });
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.tryFlush();
    }, 0).unref();
  }

  /** flush(), but a failure is only logged: the events stay here (and in the journal) for the next try. */
  tryFlush(): boolean {
    try {
      this.flush();
      return true;
    } catch (err) {
      this.logger.error({ err }, 'cannot write events to the outbox; will retry');
      return false;
    }
  }

  /** Writes every pending batch, oldest first; throws (JOURNAL_FAILED) with the unwritten ones still kept. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.batches.length > 0) {
      const batch = this.batches[0]!;
      this.store.appendEvents(batch.inputId, batch.events);
      this.batches.shift();
    }
  }

  /** The outbox as its readers see it: the written events, then the pending ones. */
  outbox(): Outbox {
    const store = this.store;
    return {
      read: (afterSeq, limit) => {
        const written = afterSeq < store.lastSeq() ? store.readEvents(afterSeq, limit) : [];
        let after = written.at(-1)?.seq ?? afterSeq;
        for (const batch of this.batches) {
          for (const e of batch.events) {
            if (written.length >= limit) return written;
            if (e.seq > after) {
              written.push(e);
              after = e.seq;
            }
          }
        }
        return written;
      },
      cursor: (sink) => store.cursor(sink),
      ack: (sink, seq) => {
        const last = this.lastSeq();
        if (seq > last) this.logger.warn({ sink, seq, last }, 'a sink acknowledged a seq not yet given; capped');
        const capped = Math.min(seq, last);
        // A cursor must never point past what the outbox holds (a restart reads on from it).
        if (capped > store.lastSeq()) this.flush();
        store.ack(sink, capped);
      },
      lastSeq: () => this.lastSeq(),
    };
  }

  /** Forgets the timer (the runtime flushes at close). */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
