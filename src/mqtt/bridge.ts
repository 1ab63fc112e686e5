// The table on MQTT (protocol.md, MQTT): events and the secure stream from the durable outbox, retained status,
// state, clock and devices, and commands and networked-panel inputs in.
import type { Logger } from 'pino';
import type { MqttConfig } from '../config/types.ts';
import { TableError } from '../domain/errors.ts';
import type { Health } from '../runtime/health.ts';
import type { Runtime } from '../runtime/types.ts';
import type { EmbeddedBroker } from './broker.ts';
import { ManagedClient, externalConnection, type ManagedClientOptions, type MqttConnection } from './connection.ts';
import type { ControllerPresence } from './presence.ts';
import { DEFAULT_INPUT_RATE, MAX_INPUT_BYTES, NetworkInputs, type InputStats } from './inputs.ts';
import { TokenBucket, type Rate } from './rate-limit.ts';
import { isJournalRefusal, publishHealth } from './health.ts';
import { createRequests } from './requests.ts';
import type { EquityService } from '../app/equity-pool.ts';
import { createStreams, followRuntime, wakeAll, type BridgeStreams } from './bridge-streams.ts';
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
  const now = options.now ?? Date.now;
  const connection = resolveConnection(options);
  const state: BridgeState = { closed: false, waiters: [] };
  const inputs = new NetworkInputs({
    runtime,
    logger: log,
    now,
    rate: options.inputRate === undefined ? DEFAULT_INPUT_RATE : options.inputRate,
    maxBytes: options.maxInputBytes ?? MAX_INPUT_BYTES,
  });
  const commandRate = options.commandRate === undefined ? DEFAULT_COMMAND_RATE : options.commandRate;
  const commandBucket = commandRate ? new TokenBucket(commandRate, now()) : null;

  // The client's callbacks run once connected, after the streams and the requests below exist.
  const client = bridgeClient(options, connection, topics, log, {
    onConnect: () => {
      streams.retained.set(topics.status, 'online');
      streams.retained.republishAll();
      void client
        .subscribe([`${base}/cmd/+`, topics.input])
        .catch((err: Error) => log.error({ err: err.message }, 'MQTT subscribe failed'));
      wakeAll(streams);
      for (const resolve of state.waiters.splice(0)) resolve();
    },
    onMessage: (topic, payload, packet) => {
      try {
        requests.onMessage(topic, payload, packet);
      } catch (err) {
        // A journal that refuses inputs is reported once by the table's health, not once per message.
        if (!isJournalRefusal(err)) log.error({ topic, err: (err as Error).message }, 'MQTT message handling failed');
      }
    },
  });
  const isConnected = () => client.connected && !state.closed;
  const streams = createStreams(options, topics, log, {
    now,
    isConnected,
    publishQos1: (topic, payload) => client.publish(topic, payload, { qos: 1 }),
    publishRetained: (topic, payload) => client.publish(topic, payload, { qos: 1, retain: true }),
  });
  const unsubscribe = followRuntime(runtime, inputs, streams, () => state.closed);
  streams.retained.set(topics.status, 'online');
  streams.retained.fromSnapshot(runtime.snapshot());
  const stopHealth = options.health ? publishHealth(options.health, streams.retained, topics, runtime.epoch) : () => {};
  const requests = createRequests({
    runtime,
    client,
    base,
    topics,
    inputs,
    log,
    now,
    maxPayload: options.maxPayloadBytes ?? DEFAULT_MAX_PAYLOAD,
    commandBucket,
    isClosed: () => state.closed,
    inRoom: (config.room ?? null) !== null,
  });
  const stop = () => {
    options.presence?.close();
    unsubscribe();
    stopHealth();
  };
  return bridgeHandle({ base, topics, client, streams, state, log, isConnected, stop, inputs, requests });
}

interface BridgeState {
  closed: boolean;
  /** whenConnected()'s callers, resolved on the next connect. */
  waiters: (() => void)[];
}

function bridgeClient(
  options: MqttBridgeOptions,
  connection: MqttConnection,
  topics: Topics,
  log: Logger,
  hooks: { onConnect: () => void; onMessage: ManagedClientOptions['onMessage'] },
): ManagedClient {
  return new ManagedClient({
    connection,
    clientId: controllerClientId(options.config.table.id),
    presence: options.presence,
    will: { topic: topics.status, payload: 'offline' },
    reconnectPeriodMs: options.reconnectPeriodMs ?? 1000,
    logger: log,
    onConnect: hooks.onConnect,
    onClose: () => undefined,
    onMessage: hooks.onMessage,
  });
}

interface HandleParts {
  base: string;
  topics: Topics;
  client: ManagedClient;
  streams: BridgeStreams;
  state: BridgeState;
  log: Logger;
  isConnected: () => boolean;
  /** Stops reading the runtime and publishing health. */
  stop: () => void;
  inputs: NetworkInputs;
  requests: { stats: ReturnType<MqttBridge['stats']>['commands'] };
}

function bridgeHandle(parts: HandleParts): MqttBridge {
  const { base, topics, client, streams, state, log, isConnected } = parts;
  const { retained, events, secure, broadcast, history } = streams;
  return {
    base,
    topics,
    connected: isConnected,
    protocolVersion: () => client.protocolVersion,
    whenConnected: () => (isConnected() ? Promise.resolve() : new Promise((resolve) => state.waiters.push(resolve))),
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
      if (state.closed) return;
      parts.stop();
      events.stop();
      secure.stop();
      broadcast?.stop();
      history.stop();
      await this.publishOffline();
      state.closed = true;
      await client.end(); // waits (a little) for PUBACKs of what is in flight
      events.finish();
      secure.finish();
      broadcast?.finish();
      await streams.ownEquity?.close();
      history.finish();
      log.info('MQTT bridge closed');
    },
    dropConnection: () => client.destroyConnection(),
    stats: () => ({ inputs: structuredClone(parts.inputs.stats), commands: { ...parts.requests.stats } }),
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
