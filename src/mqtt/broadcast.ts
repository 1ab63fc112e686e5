// `<base>/secure/broadcast` (docs/broadcast.md): the events in their broadcast form (hole cards, never a burn or the
// stub's order) and, after each event that changes it, an `equity` message, all held back until the event's
// `at + delaySeconds`. The stream reads the durable outbox through its own cursor (StreamPublisher), so a killed table
// neither releases anything early (the delay counts from the journaled `at`, not from the restart) nor loses anything
// (what the broker did not confirm goes out again). Equity is computed as events enter, in the equity worker, so it
// is ready long before a delayed event is due; after a restart the hand is followed again from its journaled start.
import type { Logger } from 'pino';
import { BroadcastTracker, broadcastForm, type EquityAsk } from '../domain/broadcast.ts';
import type { EquityResult } from '../domain/equity/equity.ts';
import type { GameName } from '../domain/games/index.ts';
import type { TableEvent } from '../domain/types.ts';
import type { EquityService } from '../app/equity-pool.ts';
import type { Outbox } from '../runtime/types.ts';
import { StreamPublisher } from './publisher.ts';

export interface BroadcastOptions {
  sink: string;
  topic: string;
  outbox: Outbox;
  delaySeconds: number;
  equity: EquityService;
  gameNow(): GameName;
  now(): number;
  setTimer?(at: number, fire: () => void): () => void;
  publish(topic: string, payload: string): Promise<unknown>;
  isConnected(): boolean;
  logger: Logger;
}

/** The equity message that follows event `seq` (docs/broadcast.md). */
export interface EquityMessage {
  type: 'equity';
  /** The event it follows; with `type` it identifies the message (de-duplicate by both). */
  seq: number;
  at: number;
  hand: number;
  street: string;
  board: string[];
  boards: number;
  seats: { seat: number; cards: string[]; win: number; tie: number; share: number; outs: string[] }[];
}

/** Events read back per step when looking for the start of the hand a restart left off in. */
const LOOK_BACK = 256;

export class BroadcastStream {
  private readonly tracker: BroadcastTracker;
  private readonly pending = new Map<number, Promise<EquityMessage | null>>();
  private readonly publisher: StreamPublisher;
  /** The last seq the tracker followed: events arrive once live, but the outbox is read again after a restart. */
  private followed: number;
  /** Publishes go out in this order: an event, then its equity once computed, then the next event. */
  private tail: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(private readonly o: BroadcastOptions) {
    this.tracker = new BroadcastTracker(o.gameNow);
    this.publisher = new StreamPublisher({
      sink: o.sink,
      topic: o.topic,
      outbox: o.outbox,
      transform: broadcastForm,
      delayMs: o.delaySeconds * 1000,
      now: o.now,
      ...(o.setTimer ? { setTimer: o.setTimer } : {}),
      publish: (topic, payload, event) => this.send(topic, payload, event),
      isConnected: o.isConnected,
      logger: o.logger,
    });
    this.followed = this.catchUp(o.outbox.cursor(o.sink));
  }

  get confirmedSeq(): number {
    return this.publisher.confirmedSeq;
  }

  /** New events (runtime.onEvents), or none after a reconnect. */
  wake(events?: readonly TableEvent[]): void {
    if (events) for (const e of events) this.follow(e);
    this.publisher.wake(events);
  }

  stop(): void {
    this.stopped = true;
    this.publisher.stop();
  }

  finish(): void {
    this.publisher.finish();
  }

  /** Follows the journal from the start of the hand the cursor is in, asking equity only for what is not yet out. */
  private catchUp(cursor: number): number {
    const last = this.o.outbox.lastSeq();
    let from = cursor;
    // back to the hand.started at or before the cursor (a hand is some 100 events)
    for (let back = cursor; back > 0; back -= LOOK_BACK) {
      const events = this.o.outbox.read(Math.max(0, back - LOOK_BACK), Math.min(back, LOOK_BACK));
      const start = events.findLast((e) => e.type === 'hand.started' && e.seq <= cursor + 1);
      if (start) {
        from = start.seq - 1;
        break;
      }
      if (events.some((e) => e.type === 'hand.ended')) break;
    }
    this.followed = from;
    for (let seq = from; seq < last;) {
      const events = this.o.outbox.read(seq, LOOK_BACK);
      if (events.length === 0) break;
      for (const e of events) this.follow(e, e.seq <= cursor);
      seq = events[events.length - 1]!.seq;
    }
    return this.followed;
  }

  private follow(event: TableEvent, alreadyOut = false): void {
    if (event.seq <= this.followed) return;
    this.followed = event.seq;
    const ask = this.tracker.follow(event);
    if (!ask || alreadyOut) return;
    this.pending.set(event.seq, this.compute(event, ask));
  }

  private compute(event: TableEvent, ask: EquityAsk): Promise<EquityMessage | null> {
    return this.o.equity.compute(ask.spot).then(
      (result) => messageOf(event, ask, result),
      (err: Error) => {
        this.o.logger.error(
          { seq: event.seq, err: err.message },
          'broadcast equity failed; the feed goes on without it',
        );
        return null;
      },
    );
  }

  private send(topic: string, payload: string, event: TableEvent): Promise<unknown> {
    const equity = this.pending.get(event.seq);
    let handedOver: () => void = () => {};
    const next = new Promise<void>((resolve) => (handedOver = resolve));
    const done = this.tail.then(async () => {
      // stopping (the bridge closes): what waited for an equity is neither sent nor confirmed, so it goes out after
      // the next start, from the outbox; it never settles rather than fail once per event in the log
      if (this.stopped) {
        handedOver();
        return new Promise<never>(() => {});
      }
      let sent: Promise<unknown>[] = [];
      try {
        sent = [this.o.publish(topic, payload)];
        const message = equity ? await equity : null;
        if (message) sent.push(this.o.publish(topic, JSON.stringify(message)));
      } finally {
        handedOver();
      }
      await Promise.all(sent);
      this.pending.delete(event.seq);
    });
    // the next publish waits until this one and its equity are handed to the client (which keeps their order on the
    // connection), not for their PUBACKs
    this.tail = next;
    return done;
  }
}

function messageOf(event: TableEvent, ask: EquityAsk, result: EquityResult): EquityMessage {
  return {
    type: 'equity',
    seq: event.seq,
    at: event.at,
    hand: ask.hand,
    street: ask.street,
    board: [...ask.spot.board],
    boards: result.boards,
    seats: ask.seats.map((seat, i) => {
      const h = result.hands[i]!;
      return { seat, cards: [...ask.spot.holes[i]!], win: h.win, tie: h.tie, share: h.share, outs: h.outs };
    }),
  };
}
