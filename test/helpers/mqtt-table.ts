// What the MQTT tests on the real stack share: a list of cleanups run after each test (newest first), temp dirs and
// MQTT clients that clean up after themselves, the embedded broker's config with the test's accounts, and a real
// table: the runtime and engine on a SQLite journal in a temp dir, on a fake clock, with the bridge connected to an
// embedded broker (or to the connection given, e.g. a mosquitto).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IClientOptions, MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import { afterEach } from 'vitest';
import { inlineEquity, type EquityService } from '../../src/app/equity-pool.ts';
import { loadProfiles } from '../../src/config/profiles.ts';
import type { MqttConfig } from '../../src/config/types.ts';
import { startEmbeddedBroker, type EmbeddedBroker } from '../../src/mqtt/broker.ts';
import { startMqttBridge, type MqttBridge } from '../../src/mqtt/bridge.ts';
import type { MqttConnection } from '../../src/mqtt/connection.ts';
import { fakeClock, type FakeClock } from '../../src/runtime/clock.ts';
import { createRuntime, type TableRuntime } from '../../src/runtime/runtime.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { connectClient } from './mosquitto.ts';

export { embeddedMqtt } from './mqtt-config.ts';

export const BASE = 'pokertable/t1';
export const TABLE_START = 1_780_000_000_000;
const profiles = loadProfiles();

export interface Cleanups {
  push(...cleanups: (() => Promise<void> | void)[]): void;
  /** A fresh temp dir, removed after the test. */
  tempDir(prefix: string): string;
  /** An MQTT client connected to `url`, ended after the test. */
  client(url: string, options?: IClientOptions): Promise<MqttClient>;
}

/** Call once at the top of a test file: what is pushed during a test is undone after it, newest first. */
export function cleanupsAfterEach(): Cleanups {
  const list: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of list.splice(0).reverse()) await c();
  });
  return {
    push: (...cleanups) => void list.push(...cleanups),
    tempDir(prefix) {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      list.push(() => rmSync(dir, { recursive: true, force: true }));
      return dir;
    },
    async client(url, options = {}) {
      const client = await connectClient(url, options);
      list.push(() => void client.end(true));
      return client;
    },
  };
}

export interface RealTable {
  dir: string;
  clock: FakeClock;
  store: Store;
  runtime: TableRuntime;
  bridge: MqttBridge;
  /** The embedded broker the table started (none when a `connection` was given). */
  broker: EmbeddedBroker | null;
  /** `mqtt://` URL of that broker. */
  url: string;
}

/** A real table whose bridge is connected; everything is closed after the test. */
export async function startRealTable(
  cleanups: Cleanups,
  options: {
    logger: Logger;
    mqtt: MqttConfig;
    dirPrefix?: string;
    connection?: MqttConnection;
    /** The broadcast feed (docs/broadcast.md), with its equity computed here unless a service is given. */
    broadcast?: { delaySeconds: number };
    equity?: EquityService;
  },
): Promise<RealTable> {
  const { logger, mqtt } = options;
  const dir = cleanups.tempDir(options.dirPrefix ?? 'pt-mqtt-table-');
  const clock = fakeClock(TABLE_START);
  const store = openStore({ dir });
  const runtime = createRuntime({ table: { profiles }, store, clock, logger });
  cleanups.push(() => runtime.close());
  let broker: EmbeddedBroker | null = null;
  if (!options.connection) {
    const started = await startEmbeddedBroker({ embedded: mqtt.embedded, base: BASE, logger });
    cleanups.push(() => started.close());
    broker = started;
  }
  const bridge = startMqttBridge({
    runtime,
    logger,
    ...(broker ? { broker } : { connection: options.connection }),
    now: () => clock.now(),
    setTimer: (at, fire) => clock.setTimer(at, fire),
    config: { table: { id: 't1' }, mqtt, broadcast: options.broadcast ?? null },
    equity: options.equity ?? inlineEquity(),
  });
  cleanups.push(() => bridge.close());
  await bridge.whenConnected();
  return { dir, clock, store, runtime, bridge, broker, url: broker ? `mqtt://127.0.0.1:${broker.port}` : '' };
}
