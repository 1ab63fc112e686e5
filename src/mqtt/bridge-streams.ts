// The bridge's publishers (bridge.ts): retained topics and one outbox reader per stream, fed from the runtime.
import type { Logger } from 'pino';
import { toPublic } from '../domain/secrecy.ts';
import type { TableEvent } from '../domain/types.ts';
import type { Runtime } from '../runtime/types.ts';
import { workerEquity, type EquityService } from '../app/equity-pool.ts';
import { HistoryFolder } from '../history/folder.ts';
import { BroadcastStream } from './broadcast.ts';
import { HistoryPublisher } from './history.ts';
import type { NetworkInputs } from './inputs.ts';
import { StreamPublisher } from './publisher.ts';
import { RetainedTopics } from './retained.ts';
import type { Topics } from './topics.ts';

/** What the bridge publishes: retained topics, and one outbox reader per stream. */
export interface BridgeStreams {
  retained: RetainedTopics;
  events: StreamPublisher;
  secure: StreamPublisher;
  broadcast: BroadcastStream | null;
  history: HistoryPublisher;
  /** The broadcast's own equity worker, when none was given: closed with the bridge. */
  ownEquity: EquityService | null;
}

/** The part of the bridge's options (bridge.ts) the streams read. */
export interface StreamsOptions {
  runtime: Runtime;
  config: {
    table: { id: string };
    mqtt: { secureDelayMs: number };
    room?: string | null;
    broadcast?: { delaySeconds: number } | null;
  };
  setTimer?: (at: number, fire: () => void) => () => void;
  sinks?: { events: string; secure: string; broadcast?: string; history?: string };
  equity?: EquityService;
}

export interface StreamLink {
  now: () => number;
  isConnected: () => boolean;
  publishQos1: (topic: string, payload: string) => Promise<unknown>;
  publishRetained: (topic: string, payload: string) => Promise<unknown>;
}

export function createStreams(options: StreamsOptions, topics: Topics, log: Logger, link: StreamLink): BridgeStreams {
  const { runtime, config } = options;
  const sinks = options.sinks ?? { events: 'mqtt', secure: 'mqtt-secure' };
  const stream = { outbox: runtime.outbox, now: link.now, publish: link.publishQos1, isConnected: link.isConnected };
  const retained = new RetainedTopics(topics, link.publishRetained, link.isConnected, log, runtime.epoch);
  const events = new StreamPublisher({
    ...stream,
    sink: sinks.events,
    topic: topics.events,
    transform: toPublic,
    delayMs: 0,
    logger: log,
  });
  const secure = new StreamPublisher({
    ...stream,
    sink: sinks.secure,
    topic: topics.secureEvents,
    transform: (e) => e,
    delayMs: config.mqtt.secureDelayMs,
    logger: log,
  });
  const broadcastConfig = config.broadcast ?? null;
  const ownEquity = broadcastConfig && !options.equity ? workerEquity() : null;
  const broadcast = broadcastConfig
    ? new BroadcastStream({
        ...stream,
        sink: sinks.broadcast ?? 'mqtt-broadcast',
        topic: topics.secureBroadcast,
        delaySeconds: broadcastConfig.delaySeconds,
        equity: options.equity ?? ownEquity!,
        gameNow: () => runtime.snapshot().game,
        ...(options.setTimer ? { setTimer: options.setTimer } : {}),
        logger: log,
      })
    : null;
  const history = new HistoryPublisher({
    sink: sinks.history ?? 'mqtt-history',
    outbox: runtime.outbox,
    folder: new HistoryFolder({
      tableId: config.table.id,
      tournament: config.room ?? null,
      epoch: runtime.epoch ?? null,
      game: runtime.snapshot().game,
    }),
    topics,
    publish: link.publishQos1,
    isConnected: link.isConnected,
    logger: log,
  });
  return { retained, events, secure, broadcast, history, ownEquity };
}

export function wakeAll(streams: BridgeStreams): void {
  streams.events.wake();
  streams.secure.wake();
  streams.broadcast?.wake();
  streams.history.wake();
}

/** Public events go out at once, in the caller's turn. The secure stream (its own cursor, often delayed anyway)
 * and the snapshot for state and clock follow once per burst, on a timer: the broker (in this process when
 * embedded) writes the event to its subscribers from a setImmediate, and this must not get in before that. */
export function followRuntime(
  runtime: Runtime,
  inputs: NetworkInputs,
  streams: BridgeStreams,
  isClosed: () => boolean,
): () => void {
  let forSecure: TableEvent[] = [];
  let laterPending = false;
  const later = () => {
    laterPending = false;
    const batch = forSecure;
    forSecure = [];
    if (isClosed()) return;
    streams.secure.wake(batch);
    streams.broadcast?.wake(batch);
    streams.retained.fromSnapshot(runtime.snapshot());
  };
  return runtime.onEvents((batch: readonly TableEvent[]) => {
    inputs.observe(batch);
    streams.events.wake(batch);
    streams.history.wake(batch); // a hand's records right after its hand.ended, in the same turn
    streams.retained.fromEvents(batch);
    forSecure.push(...batch);
    if (!laterPending) {
      laterPending = true;
      setTimeout(later, 0);
    }
  });
}
