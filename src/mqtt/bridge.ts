// The table on MQTT (protocol.md, MQTT): events and the secure stream from the durable outbox, retained status,
// state, clock and devices, and commands and networked-panel inputs in.
import type { Logger } from 'pino';
import type { MqttConfig } from '../config/types.ts';
import { TableError } from '../domain/errors.ts';
import { toPublic } from '../domain/secrecy.ts';
import type { TableEvent } from '../domain/types.ts';
import type { Health } from '../runtime/health.ts';
import type { Runtime } from '../runtime/types.ts';
import type { EmbeddedBroker } from './broker.ts';
import { ManagedClient, externalConnection, type MqttConnection } from './connection.ts';
import type { ControllerPresence } from './presence.ts';
import { DEFAULT_INPUT_RATE, MAX_INPUT_BYTES, NetworkInputs, type InputStats } from './inputs.ts';
import { TokenBucket, type Rate } from './rate-limit.ts';
import { isJournalRefusal, publishHealth } from './health.ts';
import { createRequests } from './requests.ts';
import { HistoryFolder } from '../history/folder.ts';
import { HistoryPublisher } from './history.ts';
import { StreamPublisher } from './publisher.ts';
import { BroadcastStream } from './broadcast.ts';
import { workerEquity, type EquityService } from '../app/equity-pool.ts';
import { RetainedTopics } from './retained.ts';
import { baseTopicOf, controllerClientId, topicsFor, type Topics } from './topics.ts';

export interface MqttBridgeOptions {
  runtime: Runtime;
  /** `room`: the room the table plays in (docs/room.md), null or absent: none. */
  config: {
    table: { id: string };
    mqtt: MqttConfig;
    room?: string | null;
    broadcast?: { delaySeconds: number } | null;
  };
  logger: Logger;
  /** The embedded broker to connect to in-process; needed unless `config.mqtt.external` or `connection` is set. */
  broker?: EmbeddedBroker | null;
  /** Overrides where to connect (tests, tools). */
  connection?: MqttConnection;
  /** Command payloads above this are refused (answered with an error). 64 KiB by default. */
  maxPayloadBytes?: number;
  /** Input payloads above this are refused (answered on input/result). 4 KiB by default. */
  maxInputBytes?: number;
  /** All inputs on `input` together; null: no limit. 50/s, burst 100 by default. */
  inputRate?: Rate | null;
  /** All commands together; null: no limit. 20/s, burst 50 by default. */
  commandRate?: Rate | null;
  reconnectPeriodMs?: number;
  now?: () => number;
  /** Timers on the clock of `now` (the table's); the delayed streams wait on it. Absent: setTimeout. */
  setTimer?: (at: number, fire: () => void) => () => void;
  /** The table's health, published retained on `<base>/health` (absent: not published). */
  health?: Health;
  /** Outbox sink names; change only to run two bridges on one outbox. */
  sinks?: { events: string; secure: string; broadcast?: string; history?: string };
  /** Where the broadcast feed's equity is computed; by default a worker thread of its own (equity-pool.ts). */
  equity?: EquityService;
  /** One controller per table: the `<base>/controller` record and the rival check (presence.ts). */
  presence?: ControllerPresence;
}

export interface MqttBridge {
  /** `<baseTopic>/<tableId>`. */
  readonly base: string;
  readonly topics: Topics;
  connected(): boolean;
  /** The protocol spoken with the broker: 5 or 4 (3.1.1). */
  protocolVersion(): 4 | 5;
  /** Resolves once connected (now, if already). */
  whenConnected(): Promise<void>;
  /** The highest seq the broker confirmed on `events`, on `secure/events` and on `secure/broadcast` (0 when off). */
  confirmed(): { events: number; secure: number; broadcast: number };
  /** Publishes `offline` on status (retained) and waits for the broker's PUBACK (up to 2 s). */
  publishOffline(): Promise<void>;
  /** Stops reading the runtime, confirms delivered events to the outbox, publishes `offline`, disconnects. */
  close(): Promise<void>;
  /** Drops the connection without a DISCONNECT, as a crash would (the broker publishes the last will). Tests. */
  dropConnection(): void;
  /** What became of networked inputs and commands since start (refusals never reach the journal). */
  stats(): { inputs: InputStats; commands: { answered: number; refused: number; journaled: number } };
}

export const DEFAULT_MAX_PAYLOAD = 64 * 1024;
export const DEFAULT_COMMAND_RATE: Rate = { perSecond: 20, burst: 50 };

export function startMqttBridge(options: MqttBridgeOptions): MqttBridge {
  const { runtime, config } = options;
  const log = options.logger.child({ module: 'mqtt' });
  const base = baseTopicOf(config.mqtt.baseTopic, config.table.id);
  const topics = topicsFor(base);
  const maxPayload = options.maxPayloadBytes ?? DEFAULT_MAX_PAYLOAD;
  const now = options.now ?? Date.now;
  const sinks = options.sinks ?? { events: 'mqtt', secure: 'mqtt-secure' };
  const connection = resolveConnection(options);
  const waiters: (() => void)[] = [];
  let closed = false;
  const inputs = new NetworkInputs({
    runtime,
    logger: log,
    now,
    rate: options.inputRate === undefined ? DEFAULT_INPUT_RATE : options.inputRate,
    maxBytes: options.maxInputBytes ?? MAX_INPUT_BYTES,
  });
  const commandRate = options.commandRate === undefined ? DEFAULT_COMMAND_RATE : options.commandRate;
  const commandBucket = commandRate ? new TokenBucket(commandRate, now()) : null;

  const client = new ManagedClient({
    connection,
    clientId: controllerClientId(config.table.id),
    presence: options.presence,
    will: { topic: topics.status, payload: 'offline' },
    reconnectPeriodMs: options.reconnectPeriodMs ?? 1000,
    logger: log,
    onConnect: () => {
      retained.set(topics.status, 'online');
      retained.republishAll();
      void client
        .subscribe([`${base}/cmd/+`, topics.input])
        .catch((err: Error) => log.error({ err: err.message }, 'MQTT subscribe failed'));
      events.wake();
      secure.wake();
      broadcast?.wake();
      history.wake();
      for (const resolve of waiters.splice(0)) resolve();
    },
    onClose: () => undefined,
    onMessage: (topic, payload, packet) => {
      try {
        requests.onMessage(topic, payload, packet);
      } catch (err) {
        // A journal that refuses inputs is reported once by the table's health, not once per message.
        if (!isJournalRefusal(err)) log.error({ topic, err: (err as Error).message }, 'MQTT message handling failed');
      }
    },
  });
  const isConnected = () => client.connected && !closed;
  const publishQos1 = (topic: string, payload: string) => client.publish(topic, payload, { qos: 1 });
  const publishRetained = (topic: string, payload: string) => client.publish(topic, payload, { qos: 1, retain: true });

  const retained = new RetainedTopics(topics, publishRetained, isConnected, log, runtime.epoch);
  const events = new StreamPublisher({
    sink: sinks.events,
    topic: topics.events,
    outbox: runtime.outbox,
    transform: toPublic,
    delayMs: 0,
    now,
    publish: publishQos1,
    isConnected,
    logger: log,
  });
  const secure = new StreamPublisher({
    sink: sinks.secure,
    topic: topics.secureEvents,
    outbox: runtime.outbox,
    transform: (e) => e,
    delayMs: config.mqtt.secureDelayMs,
    now,
    publish: publishQos1,
    isConnected,
    logger: log,
  });

  const broadcastConfig = config.broadcast ?? null;
  const ownEquity = broadcastConfig && !options.equity ? workerEquity() : null;
  const broadcast = broadcastConfig
    ? new BroadcastStream({
        sink: sinks.broadcast ?? 'mqtt-broadcast',
        topic: topics.secureBroadcast,
        outbox: runtime.outbox,
        delaySeconds: broadcastConfig.delaySeconds,
        equity: options.equity ?? ownEquity!,
        gameNow: () => runtime.snapshot().game,
        now,
        ...(options.setTimer ? { setTimer: options.setTimer } : {}),
        publish: publishQos1,
        isConnected,
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
    publish: publishQos1,
    isConnected,
    logger: log,
  });

  // Public events go out at once, in the caller's turn. The secure stream (its own cursor, often delayed anyway)
  // and the snapshot for state and clock follow once per burst, on a timer: the broker (in this process when
  // embedded) writes the event to its subscribers from a setImmediate, and this must not get in before that.
  let forSecure: TableEvent[] = [];
  let laterPending = false;
  const later = () => {
    laterPending = false;
    const batch = forSecure;
    forSecure = [];
    if (closed) return;
    secure.wake(batch);
    broadcast?.wake(batch);
    retained.fromSnapshot(runtime.snapshot());
  };
  const onEvents = (batch: readonly TableEvent[]) => {
    inputs.observe(batch);
    events.wake(batch);
    history.wake(batch); // a hand's records right after its hand.ended, in the same turn
    retained.fromEvents(batch);
    forSecure.push(...batch);
    if (!laterPending) {
      laterPending = true;
      setTimeout(later, 0);
    }
  };
  const unsubscribe = runtime.onEvents(onEvents);
  retained.set(topics.status, 'online');
  retained.fromSnapshot(runtime.snapshot());
  const stopHealth = options.health ? publishHealth(options.health, retained, topics, runtime.epoch) : () => {};
  const requests = createRequests({
    runtime,
    client,
    base,
    topics,
    inputs,
    log,
    now,
    maxPayload,
    commandBucket,
    isClosed: () => closed,
    inRoom: (options.config.room ?? null) !== null,
  });

  return {
    base,
    topics,
    connected: isConnected,
    protocolVersion: () => client.protocolVersion,
    whenConnected: () => (isConnected() ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve))),
    confirmed: () => ({
      events: events.confirmedSeq,
      secure: secure.confirmedSeq,
      broadcast: broadcast?.confirmedSeq ?? 0,
    }),
    async publishOffline() {
      retained.set(topics.status, 'offline');
      if (!client.connected) return;
      await withTimeout(client.publish(topics.status, 'offline', { qos: 1, retain: true }), 2000).catch((err: Error) =>
        log.warn({ err: err.message }, 'could not publish offline status'),
      );
    },
    async close() {
      if (closed) return;
      options.presence?.close();
      unsubscribe();
      stopHealth();
      events.stop();
      secure.stop();
      broadcast?.stop();
      history.stop();
      await this.publishOffline();
      closed = true;
      await client.end(); // waits (a little) for PUBACKs of what is in flight
      events.finish();
      secure.finish();
      broadcast?.finish();
      await ownEquity?.close();
      history.finish();
      log.info('MQTT bridge closed');
    },
    dropConnection: () => client.destroyConnection(),
    stats: () => ({ inputs: structuredClone(inputs.stats), commands: { ...requests.stats } }),
  };
}

function resolveConnection(options: MqttBridgeOptions): MqttConnection {
  if (options.connection) return options.connection;
  const external = options.config.mqtt.external;
  if (external) return externalConnection(external);
  const broker = options.broker;
  if (!broker) {
    throw new TableError('MQTT_FAILED', 'no MQTT broker: start the embedded broker or configure mqtt.external');
  }
  return { kind: 'local', link: broker.local };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
