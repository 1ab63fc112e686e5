// The table's client of its own embedded broker (src/mqtt/local-client.ts): no connection to the broker, yet what
// a subscriber sees and what the controller is told are those of a connected client (retained on subscribe, a
// retained command ignored, the will when the link drops, reconnects).
import pino from 'pino';
import { expect, it } from 'vitest';
import { startEmbeddedBroker } from '../../src/mqtt/broker.ts';
import { startMqttBridge } from '../../src/mqtt/bridge.ts';
import { LocalClient } from '../../src/mqtt/local-client.ts';
import { collect, connectClient } from '../helpers/mosquitto.ts';
import { fakeRuntime } from '../helpers/mosquitto-fake-runtime.ts';
import { cleanupsAfterEach, embeddedMqtt } from '../helpers/mqtt-table.ts';

const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });
const base = 'pokertable/t1';
const cleanups = cleanupsAfterEach();

async function waitFor(cond: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!cond()) throw new Error(`timed out waiting for ${what}`);
}

it('the bridge on the embedded broker holds no connection to it, and its events reach a TCP subscriber', async () => {
  const config = embeddedMqtt([], { wsPort: null });
  const broker = await startEmbeddedBroker({ embedded: config.embedded, base, logger });
  cleanups.push(() => broker.close());
  const runtime = fakeRuntime();
  const bridge = startMqttBridge({ runtime, config: { table: { id: 't1' }, mqtt: config }, logger, broker });
  cleanups.push(() => bridge.close());
  await bridge.whenConnected();
  expect(broker.aedes.connectedClients).toBe(0);

  const display = await connectClient(`mqtt://127.0.0.1:${broker.port}`);
  cleanups.push(() => void display.end(true));
  const seen = collect(display);
  await display.subscribeAsync([`${base}/status`, `${base}/events`], { qos: 1 });
  for (const card of ['As', 'Kd']) runtime.submit({ type: 'card', card });
  await seen.until((m) => m.filter((x) => x.topic.endsWith('/events')).length === 2, 'two events');
  expect(seen.messages[0]).toMatchObject({ topic: `${base}/status`, payload: 'online', retain: true });
  await waitFor(() => bridge.confirmed().events === 2, 'both events confirmed');
});

it('a LocalClient gets what the broker retained on subscribe (retain 1), live messages with retain 0, and its will on a drop', async () => {
  const config = embeddedMqtt([], { wsPort: null });
  const broker = await startEmbeddedBroker({ embedded: config.embedded, base, logger });
  cleanups.push(() => broker.close());
  await broker.local.publish(`${base}/x`, Buffer.from('held'), 1, true);
  const will = { topic: `${base}/status`, payload: Buffer.from('offline'), qos: 1 as const, retain: true };
  const client = new LocalClient(broker.local, { will, reconnectPeriod: 20 });
  cleanups.push(() => client.endAsync(true));
  const got: { topic: string; payload: string; retain: boolean }[] = [];
  client.on('message', (topic: string, payload: Buffer, packet: { retain: boolean }) =>
    got.push({ topic, payload: payload.toString(), retain: packet.retain }),
  );
  let connects = 0;
  client.on('connect', () => connects++);
  await waitFor(() => client.connected, 'connect');
  await client.subscribeAsync([`${base}/x`]);
  await client.publishAsync(`${base}/x`, 'live', { qos: 1, retain: true });
  await waitFor(() => got.length === 2, 'two messages');
  expect(got).toEqual([
    { topic: `${base}/x`, payload: 'held', retain: true },
    { topic: `${base}/x`, payload: 'live', retain: false },
  ]);

  const display = await connectClient(`mqtt://127.0.0.1:${broker.port}`);
  cleanups.push(() => void display.end(true));
  const status = collect(display);
  await display.subscribeAsync(`${base}/status`, { qos: 1 });
  client.stream.destroy();
  expect(client.connected).toBe(false);
  await status.until((m) => m.length === 1, 'the will');
  expect(status.messages[0]).toMatchObject({ payload: 'offline' });
  await waitFor(() => connects === 2, 'the reconnect');
  await expect(client.publishAsync(`${base}/x`, 'again', { qos: 1 })).resolves.toBeUndefined();
});
