// A real table for the networked-input tests and the fuzz bench: the real runtime and engine on a SQLite journal in
// a temp dir, the embedded broker on a loopback port, the bridge; plus a raw MQTT connection that can send a QoS 1
// retransmission (DUP flag, same packet id) as a panel's stack does after a lost PUBACK.
import { connect as tcpConnect, type Socket } from 'node:net';
import Database from 'better-sqlite3';
import mqttPacket from 'mqtt-packet';
import type { Logger } from 'pino';
import { loadProfiles } from '../../src/config/profiles.ts';
import type { MqttConfig } from '../../src/config/types.ts';
import { startEmbeddedBroker, type EmbeddedBroker, type EmbeddedBrokerOptions } from '../../src/mqtt/broker.ts';
import { startMqttBridge, type MqttBridge, type MqttBridgeOptions } from '../../src/mqtt/bridge.ts';
import { fakeClock, type FakeClock } from '../../src/runtime/clock.ts';
import { createRuntime, type TableRuntime } from '../../src/runtime/runtime.ts';
import { DB_FILE, openStore } from '../../src/store/store.ts';
import { embeddedMqtt } from './mqtt-config.ts';

export const BASE = 'pokertable/t1';
const profiles = loadProfiles();

export function embeddedConfig(): MqttConfig {
  return embeddedMqtt([
    { username: 'panel', password: 'panel-pw', roles: ['panel'] },
    { username: 'floor', password: 'floor-pw', roles: ['floor'] },
  ]);
}

export interface InputTable {
  runtime: TableRuntime;
  clock: FakeClock;
  broker: EmbeddedBroker;
  bridge: MqttBridge;
  url: string;
  close(): Promise<void>;
}

export async function startInputTable(
  dir: string,
  logger: Logger,
  options: {
    bridge?: Partial<MqttBridgeOptions>;
    broker?: Partial<EmbeddedBrokerOptions>;
    clock?: FakeClock;
    fsync?: 'background' | 'every-input';
  } = {},
): Promise<InputTable> {
  const clock = options.clock ?? fakeClock(1_780_000_000_000);
  const store = openStore({ dir, fsync: options.fsync });
  const runtime = createRuntime({ table: { profiles }, store, clock, logger });
  const config = embeddedConfig();
  const broker = await startEmbeddedBroker({ embedded: config.embedded, base: BASE, logger, ...options.broker });
  const bridge = startMqttBridge({
    runtime,
    config: { table: { id: 't1' }, mqtt: config },
    logger,
    broker,
    reconnectPeriodMs: 50,
    now: clock.now,
    ...options.bridge,
  });
  await bridge.whenConnected();
  return {
    runtime,
    clock,
    broker,
    bridge,
    url: `mqtt://127.0.0.1:${broker.port}`,
    async close() {
      await bridge.close();
      runtime.close();
      await broker.close();
    },
  };
}

/** Sets up six seats, four players present, and deals a hand up to the first action (seat 4 on action). */
export function dealToFirstAction(runtime: TableRuntime, clock: FakeClock): void {
  const submit = (input: Record<string, unknown>, gap = 500) => {
    clock.advance(gap);
    return runtime.submit(input as { type: string });
  };
  submit({ type: 'command', name: 'setup', seats: 6, profile: 'tda' });
  for (const seat of [1, 2, 3, 4]) {
    submit({ type: 'command', name: 'seat-player', seat, player: `P${seat}` });
    submit({ type: 'seat', seat, occupied: true });
  }
  submit({ type: 'command', name: 'set-button', seat: 1 }, 10_000);
  submit({ type: 'shuffle' }, 3000);
  const deck = [...'AKQJT98765432'].flatMap((r) => [...'shdc'].map((s) => r + s));
  while (!runtime.snapshot().onAction) submit({ type: 'card', card: deck.pop() }, 200);
}

/** What the journal holds: input rows, their bytes, rows SQLite cannot read as JSON, and the events' seq range. */
export function journalFigures(dir: string) {
  const db = new Database(`${dir}/${DB_FILE}`, { readonly: true });
  try {
    const inputs = db
      .prepare(
        `SELECT count(*) AS rows, coalesce(sum(length(json)), 0) AS bytes, coalesce(max(length(json)), 0) AS largest,
                coalesce(sum(json_valid(json) = 0), 0) AS notJson,
                coalesce(sum(json LIKE '%unserialisable%'), 0) AS unserialisable,
                coalesce(sum(json_valid(json) AND json_extract(json, '$.type') = 'tick'), 0) AS ticks,
                coalesce(max(CASE WHEN json LIKE '{"type":"command"%' THEN 0 ELSE length(json) END), 0) AS largestInput
         FROM inputs`,
      )
      .get() as {
      rows: number;
      bytes: number;
      largest: number;
      largestInput: number;
      notJson: number;
      unserialisable: number;
      ticks: number;
    };
    const events = db
      .prepare('SELECT count(*) AS count, coalesce(min(seq), 0) AS first, coalesce(max(seq), 0) AS last FROM events')
      .get() as { count: number; first: number; last: number };
    return { inputs, events };
  } finally {
    db.close();
  }
}

/** Input rows in the journal, as stored. */
export function journalInputs(dir: string): string[] {
  const db = new Database(`${dir}/${DB_FILE}`, { readonly: true });
  try {
    return db.prepare('SELECT json FROM inputs ORDER BY id').pluck().all() as string[];
  } finally {
    db.close();
  }
}

/** A bare MQTT 3.1.1 connection: publishes with a packet id and DUP flag of the caller's choosing, counts PUBACKs. */
export interface RawClient {
  publish(topic: string, payload: string, messageId: number, dup: boolean): void;
  pubacks(): number[];
  closed(): boolean;
  end(): void;
}

export async function rawClient(port: number, clientId: string, username: string, password: string) {
  const socket: Socket = tcpConnect(port, '127.0.0.1');
  const parser = mqttPacket.parser({ protocolVersion: 4 });
  const acks: number[] = [];
  let connack: (ok: boolean) => void = () => undefined;
  let isClosed = false;
  parser.on('packet', (packet) => {
    if (packet.cmd === 'connack') connack(packet.returnCode === 0);
    if (packet.cmd === 'puback' && packet.messageId !== undefined) acks.push(packet.messageId);
  });
  socket.on('data', (chunk) => parser.parse(chunk));
  socket.on('close', () => (isClosed = true));
  socket.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    connack = (ok) => (ok ? resolve() : reject(new Error('CONNACK refused')));
    socket.once('connect', () =>
      socket.write(
        mqttPacket.generate({
          cmd: 'connect',
          protocolId: 'MQTT',
          protocolVersion: 4,
          clean: true,
          clientId,
          keepalive: 60,
          username,
          password: Buffer.from(password),
        }),
      ),
    );
  });
  const client: RawClient = {
    publish(topic, payload, messageId, dup) {
      socket.write(mqttPacket.generate({ cmd: 'publish', topic, payload, qos: 1, messageId, dup, retain: false }));
    },
    pubacks: () => acks,
    closed: () => isClosed,
    end: () => socket.destroy(),
  };
  return client;
}
