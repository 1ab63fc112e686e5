// The publisher's cursor lives in the store: a controller that stops and starts again (real runtime and SQLite
// store, real engine) publishes what it had not yet delivered, from where it stopped, in order.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, expect, it } from 'vitest';
import { loadProfiles } from '../../src/config/profiles.ts';
import type { MqttConfig } from '../../src/config/types.ts';
import type { TableEvent } from '../../src/domain/types.ts';
import { startEmbeddedBroker } from '../../src/mqtt/broker.ts';
import { startMqttBridge } from '../../src/mqtt/bridge.ts';
import { fakeClock } from '../../src/runtime/clock.ts';
import { createRuntime } from '../../src/runtime/runtime.ts';
import { openStore } from '../../src/store/store.ts';
import { collect, connectClient } from '../helpers/mosquitto.ts';

const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });
const base = 'pokertable/t1';
const mqtt: MqttConfig = {
  baseTopic: 'pokertable',
  embedded: { host: '127.0.0.1', port: 0, wsPort: null, anonymousRoles: ['display'], users: [] },
  external: null,
  secureDelayMs: 0,
};
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

it('a restarted controller publishes the events it had not delivered, from its stored cursor, in order', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pt-mqtt-restart-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const broker = await startEmbeddedBroker({ embedded: mqtt.embedded, base, logger });
  cleanups.push(() => broker.close());
  const display = await connectClient(`mqtt://127.0.0.1:${broker.port}`);
  cleanups.push(() => void display.end(true));
  const seen = collect(display);
  await display.subscribeAsync(`${base}/events`, { qos: 1 });
  const seqs = () => seen.messages.map((m) => (JSON.parse(m.payload) as TableEvent).seq);
  const clock = fakeClock(1_780_000_000_000);
  const start = () => createRuntime({ table: { profiles: loadProfiles() }, store: openStore({ dir }), clock, logger });

  const first = start();
  const bridge1 = startMqttBridge({ runtime: first, logger, broker, config: { table: { id: 't1' }, mqtt } });
  await bridge1.whenConnected();
  first.submit({ type: 'command', name: 'setup', seats: 6, profile: 'tda' });
  for (const seat of [1, 2, 3]) first.submit({ type: 'command', name: 'seat-player', seat, player: `P${seat}` });
  const delivered = first.outbox.lastSeq();
  await seen.until((m) => m.length === delivered, 'the first session');
  await bridge1.close();
  first.close();

  // Down: the table is back but MQTT is not yet; these wait in the store.
  const second = start();
  clock.advance(1000);
  for (const seat of [4, 5]) second.submit({ type: 'command', name: 'seat-player', seat, player: `P${seat}` });
  second.submit({ type: 'card', card: 'As' });
  const last = second.outbox.lastSeq();
  expect(last).toBeGreaterThan(delivered);
  expect(second.outbox.cursor('mqtt')).toBe(delivered);

  const bridge2 = startMqttBridge({ runtime: second, logger, broker, config: { table: { id: 't1' }, mqtt } });
  cleanups.push(
    () => second.close(),
    () => bridge2.close(),
  ); // run in reverse: the bridge first
  await seen.until((m) => m.length === last, 'the backlog after the restart');
  expect(seqs()).toEqual(Array.from({ length: last }, (_, i) => i + 1)); // each once, in order: a clean stop confirmed all
});
