// Delivers one event stream from the durable outbox to one topic, in `seq` order, and confirms to the outbox only
// what the broker acknowledged. Broker down: events wait in the outbox and go out in order when it returns.
// Duplicates are possible (a PUBACK lost with the connection, a crash before the confirmation): consumers de-dup by seq.
import type { Logger } from 'pino';
import type { TableEvent } from '../domain/types.ts';
import type { Outbox } from '../runtime/types.ts';
import { isJournalRefusal } from './health.ts';

export interface StreamPublisherOptions {
  /** The outbox sink name: its cursor survives restarts. */
  sink: string;
  topic: string;
  outbox: Outbox;
  /** What goes on the wire (the public form strips hole and burn cards); `null`: nothing (a secure-only event). */
  transform(event: TableEvent): TableEvent | null;
  /** Hold each event until `at + delayMs` (broadcast delay); 0 sends at once. */
  delayMs: number;
  now(): number;
  /** A timer on the same clock as `now` (the table's, so a fake clock in tests releases a held event when it is
   * advanced); absent: setTimeout. */
  setTimer?(at: number, fire: () => void): () => void;
  /** QoS 1 publish; resolves after the PUBACK. `event`: the event the payload is the form of (the broadcast feed
   * sends its equity after it, src/mqtt/broadcast.ts). */
  publish(topic: string, payload: string, event: TableEvent): Promise<unknown>;
  isConnected(): boolean;
  logger: Logger;
  /** Publishes in flight at most (pipelined on one connection, so order holds). */
  window?: number;
  /** Outbox confirmations are batched this long: a crash inside it only means duplicates. */
  ackDelayMs?: number;
}

type Slot = { seq: number; state: 'pending' | 'done' | 'failed' };

const MAX_CACHE = 4096;

export class StreamPublisher {
  private acked: number;
  private ackedInOutbox: number;
  private sent: number;
  /** Seqs handed to the client, oldest first. */
  private readonly inFlight: Slot[] = [];
  /** A contiguous run of events after `sent` that the runtime just handed over, so a caught-up publisher need not
   * read them back from the store. Empty means: read the outbox. */
  private cache: TableEvent[] = [];
  /** The highest seq known to be in the outbox: caught up to it, there is nothing to read. */
  private known: number;
  private failed = false;
  private stopped = false;
  private finished = false;
  private ackTimer: NodeJS.Timeout | null = null;
  private holdTimer: (() => void) | null = null;
  private readonly window: number;
  private readonly ackDelayMs: number;

  constructor(private readonly o: StreamPublisherOptions) {
    this.acked = o.outbox.cursor(o.sink);
    this.ackedInOutbox = this.acked;
    this.sent = this.acked;
    this.known = o.outbox.lastSeq();
    this.window = o.window ?? 256;
    this.ackDelayMs = o.ackDelayMs ?? 50;
  }

  /** The highest seq the broker confirmed, all before it confirmed too. */
  get confirmedSeq(): number {
    return this.acked;
  }

  /** New events (from runtime.onEvents), or nothing to just retry (after a reconnect). */
  wake(events?: readonly TableEvent[]): void {
    if (this.stopped) return;
    if (events && events.length > 0) this.remember(events);
    this.pump();
  }

  /** Sends nothing more; confirmations still count until finish(). */
  stop(): void {
    this.stopped = true;
    this.holdTimer?.();
    this.holdTimer = null;
  }

  /** Writes the last confirmation to the outbox; the outbox is not touched after this (it may be closing). */
  finish(): void {
    this.stop();
    this.flushAck();
    this.finished = true;
  }

  private remember(events: readonly TableEvent[]): void {
    const first = events[0]!;
    this.known = Math.max(this.known, events[events.length - 1]!.seq);
    const expected = (this.cache[this.cache.length - 1]?.seq ?? this.sent) + 1;
    if (first.seq === expected && this.cache.length + events.length <= MAX_CACHE) this.cache.push(...events);
    else this.cache = [];
  }

  private pump(): void {
    while (!this.stopped && !this.failed && this.o.isConnected() && this.inFlight.length < this.window) {
      const event = this.next();
      if (!event) return;
      const due = event.at + this.o.delayMs;
      if (this.o.delayMs > 0 && due > this.o.now()) {
        this.hold(due);
        return;
      }
      this.send(event);
    }
  }

  private next(): TableEvent | undefined {
    const head = this.cache[0];
    if (head && head.seq === this.sent + 1) return head;
    if (this.sent >= this.known) return undefined;
    this.cache = this.o.outbox.read(this.sent, this.window);
    if (this.cache.length === 0) this.known = this.sent;
    return this.cache[0];
  }

  private send(event: TableEvent): void {
    this.cache.shift();
    this.sent = event.seq;
    const slot: Slot = { seq: event.seq, state: 'pending' };
    this.inFlight.push(slot);
    const shown = this.o.transform(event);
    // a secure-only event is not sent here; it is confirmed in order like a published one
    const sent = shown === null ? Promise.resolve() : this.o.publish(this.o.topic, JSON.stringify(shown), event);
    sent.then(
      () => {
        slot.state = 'done';
        this.settle();
      },
      (err: Error) => {
        // Only an ending client rejects a QoS 1 publish: once all in flight settle, resend from the last confirmed.
        this.o.logger.warn({ seq: event.seq, topic: this.o.topic, err: err.message }, 'MQTT publish failed');
        slot.state = 'failed';
        this.failed = true;
        this.settle();
      },
    );
  }

  private settle(): void {
    const before = this.acked;
    while (this.inFlight[0]?.state === 'done') this.acked = this.inFlight.shift()!.seq;
    if (this.acked !== before) this.scheduleAck();
    if (this.failed && this.inFlight.every((s) => s.state !== 'pending')) {
      this.inFlight.length = 0;
      this.sent = this.acked;
      this.cache = [];
      this.failed = false;
    }
    this.pump();
  }

  private hold(due: number): void {
    if (this.holdTimer) return;
    const fire = () => {
      this.holdTimer = null;
      this.pump();
    };
    if (this.o.setTimer) {
      this.holdTimer = this.o.setTimer(due, fire);
      return;
    }
    const timer = setTimeout(fire, Math.max(0, due - this.o.now()));
    this.holdTimer = () => clearTimeout(timer);
  }

  private scheduleAck(): void {
    if (this.ackTimer || this.stopped) return;
    this.ackTimer = setTimeout(() => this.flushAck(), this.ackDelayMs);
  }

  private flushAck(): void {
    if (this.ackTimer) clearTimeout(this.ackTimer);
    this.ackTimer = null;
    if (this.finished || this.acked <= this.ackedInOutbox) return;
    try {
      this.o.outbox.ack(this.o.sink, this.acked);
      this.ackedInOutbox = this.acked;
    } catch (err) {
      // A journal that cannot be written is reported once, at error, by the table's health; retried at the next ack.
      const level = isJournalRefusal(err) ? 'warn' : 'error';
      this.o.logger[level]({ err: (err as Error).message, sink: this.o.sink }, 'outbox confirmation failed');
    }
  }
}
