// One hand-history record per hand on `<base>/secure/history` (every card read) and `<base>/history` (public form),
// right after the hand's `hand.ended`, QoS 1, in journal order (docs/history.md). The outbox cursor of its sink
// moves past a hand only once the broker confirmed both records, so a restart or an outage loses none: the records
// are rebuilt from the journal, which is the only input (duplicates are possible: de-duplicate by `game_number`).
import type { Logger } from 'pino';
import type { TableEvent } from '../domain/types.ts';
import type { HistoryFolder } from '../history/folder.ts';
import { publicForm } from '../history/public-form.ts';
import type { Outbox } from '../runtime/types.ts';
import { isJournalRefusal } from './health.ts';

export interface HistoryPublisherOptions {
  sink: string;
  outbox: Outbox;
  folder: HistoryFolder;
  topics: { history: string; secureHistory: string };
  /** QoS 1 publish; resolves after the PUBACK. */
  publish(topic: string, payload: string): Promise<unknown>;
  isConnected(): boolean;
  logger: Logger;
}

type Ready = { seq: number; secure: string; public: string };

const READ_BATCH = 1000;

export class HistoryPublisher {
  private readonly queue: Ready[] = [];
  private acked: number;
  private folded = 0;
  private busy = false;
  private stopped = false;
  private finished = false;

  constructor(private readonly o: HistoryPublisherOptions) {
    this.acked = o.outbox.cursor(o.sink);
    // The context (names, stacks, levels) comes from every event kept; hands that ended at or before the cursor
    // were delivered already and are only folded.
    for (;;) {
      const batch = o.outbox.read(this.folded, READ_BATCH);
      if (batch.length === 0) break;
      for (const e of batch) this.fold(e);
    }
  }

  /** The hands whose records wait for the broker. */
  get waiting(): number {
    return this.queue.length;
  }

  /** New events from the runtime (any already read are skipped), or nothing: try again (after a reconnect). */
  wake(events: readonly TableEvent[] = []): void {
    for (const e of events) if (e.seq > this.folded) this.fold(e);
    this.pump();
  }

  /** Sends nothing more; confirmations of what is in flight still count until finish(). */
  stop(): void {
    this.stopped = true;
  }

  /** The outbox is not touched after this (it may be closing). */
  finish(): void {
    this.stop();
    this.finished = true;
  }

  private fold(e: TableEvent): void {
    this.folded = e.seq;
    // a hand that ended at or before the cursor was delivered: its events only feed the context
    const record = this.o.folder.add(e, e.seq > this.acked);
    if (record) {
      this.queue.push({ seq: e.seq, secure: JSON.stringify(record), public: JSON.stringify(publicForm(record)) });
    }
  }

  private pump(): void {
    if (this.busy || this.stopped || !this.o.isConnected()) return;
    const next = this.queue[0];
    if (!next) return;
    this.busy = true;
    Promise.all([
      this.o.publish(this.o.topics.secureHistory, next.secure),
      this.o.publish(this.o.topics.history, next.public),
    ]).then(
      () => {
        this.queue.shift();
        this.busy = false;
        this.confirm(next.seq);
        this.pump();
      },
      (err: Error) => {
        // the client is ending or lost its connection: the next wake (on reconnect) sends this record again
        this.busy = false;
        this.o.logger.warn({ seq: next.seq, err: err.message }, 'MQTT hand history publish failed');
      },
    );
  }

  private confirm(seq: number): void {
    this.acked = seq;
    if (this.finished) return;
    try {
      this.o.outbox.ack(this.o.sink, this.queue.length === 0 && !this.o.folder.inHand ? this.folded : seq);
    } catch (err) {
      const level = isJournalRefusal(err) ? 'warn' : 'error';
      this.o.logger[level]({ err: (err as Error).message, sink: this.o.sink }, 'outbox confirmation failed');
    }
  }
}
