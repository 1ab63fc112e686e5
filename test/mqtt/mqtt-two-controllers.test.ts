// Issue 9, item 10: two controllers with the same table id on one broker. The newcomer finds the holder before it
// connects as the controller (preflight.ts) and refuses to start; should two get past that at once, the one that
// started later gives up (presence.ts) instead of both kicking each other off for ever. Real brokers: the embedded
// aedes and a mosquitto run with the example config. Whole processes: mqtt-two-controllers-app.test.ts.
import { MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedBroker } from '../../src/mqtt/broker.ts';
import { startMqttBridge, type MqttBridge } from '../../src/mqtt/bridge.ts';
import type { MqttConnection } from '../../src/mqtt/connection.ts';
import { checkNoOtherController } from '../../src/mqtt/preflight.ts';
import { ControllerPresence, type ControllerConflict, type ControllerRecord } from '../../src/mqtt/presence.ts';
import { collect, connectClient, mosquittoMissing } from '../helpers/mosquitto.ts';
import { exampleUsers, startExampleBroker, type ExampleBroker } from '../helpers/mosquitto-example.ts';
import { fakeRuntime } from '../helpers/mosquitto-fake-runtime.ts';
import { cleanupsAfterEach, embeddedMqtt } from '../helpers/mqtt-table.ts';
import { floorRounds } from '../helpers/mqtt-identity.ts';

const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });
const base = 'pokertable/t1';
const missing = mosquittoMissing();
const mqttConfig = embeddedMqtt([{ username: 'floor', password: 'floor-pw', roles: ['floor'] }]);

const cleanups = cleanupsAfterEach();

const record = (name: string, startedAt: number): ControllerRecord => ({
  instance: name,
  host: `host-${name}`,
  pid: 1000 + startedAt,
  startedAt,
});

interface Controller {
  bridge: MqttBridge;
  presence: ControllerPresence;
  conflicts: ControllerConflict[];
}

function controller(connection: MqttConnection, self: ControllerRecord, holdBackMs?: number): Controller {
  const conflicts: ControllerConflict[] = [];
  const presence = new ControllerPresence({
    base,
    logger,
    record: self,
    onConflict: (c) => conflicts.push(c),
    ...(holdBackMs !== undefined ? { holdBackMs } : {}),
  });
  const bridge = startMqttBridge({
    runtime: fakeRuntime(),
    config: { table: { id: 't1' }, mqtt: mqttConfig },
    logger,
    connection,
    presence,
    reconnectPeriodMs: 50,
  });
  cleanups.push(() => bridge.close());
  return { bridge, presence, conflicts };
}

async function waitFor(cond: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1000 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!cond()) throw new Error(`timed out waiting for ${what}`);
}

/** Both connect with the same client id, the second while the first holds the table (no preflight: a race). */
async function race(connection: MqttConnection, watcher: MqttClient, floor: MqttClient): Promise<void> {
  const records = collect(watcher);
  await watcher.subscribeAsync(`${base}/controller`, { qos: 1 });
  const first = controller(connection, record('aaaa', 1000));
  await first.bridge.whenConnected();
  await records.until((m) => m.some((x) => x.payload.includes('aaaa')), "the first controller's record");

  const second = controller(connection, record('bbbb', 2000));
  await waitFor(() => second.conflicts.length === 1, 'the second controller to give up');
  expect(second.conflicts[0]!.other?.instance).toBe('aaaa');
  expect(second.conflicts[0]!.message).toMatch(
    /another controller holds table pokertable\/t1 \(instance aaaa on host host-aaaa, pid 2000, started 1970-01-01T00:00:01\.000Z\)/,
  );
  expect(first.conflicts).toEqual([]);
  expect(second.bridge.connected()).toBe(false);

  // The first one is back for good and answers the floor; its record is the retained one.
  await waitFor(() => first.bridge.connected(), 'the first controller connected again');
  expect(await floorRounds(floor, base, 10)).toBe(10);
  expect(first.bridge.connected()).toBe(true);
  const late = await connectClient(urlOfWatcher(watcher), watcherOptions(watcher));
  cleanups.push(() => void late.end(true));
  const retained = collect(late);
  await late.subscribeAsync([`${base}/controller`, `${base}/status`], { qos: 1 });
  await retained.until((m) => m.length === 2, 'the retained record and status');
  expect(retained.messages.find((m) => m.topic.endsWith('/controller'))?.payload).toContain('"instance":"aaaa"');
  expect(retained.messages.find((m) => m.topic.endsWith('/status'))?.payload).toBe('online');
}

const watcherUrls = new WeakMap<MqttClient, { url: string; options: Parameters<typeof connectClient>[1] }>();
const urlOfWatcher = (c: MqttClient) => watcherUrls.get(c)!.url;
const watcherOptions = (c: MqttClient) => watcherUrls.get(c)!.options;
async function watcherOn(url: string, options: Parameters<typeof connectClient>[1] = {}): Promise<MqttClient> {
  const c = await connectClient(url, options);
  watcherUrls.set(c, { url, options });
  cleanups.push(() => void c.end(true));
  return c;
}

describe('embedded broker', () => {
  it('two controllers in one process on the same broker: the later one gives up, the first stays', async () => {
    const broker = await startEmbeddedBroker({ embedded: mqttConfig.embedded, base, logger });
    cleanups.push(() => broker.close());
    const url = `mqtt://127.0.0.1:${broker.port}`;
    const watcher = await watcherOn(url);
    const floor = await connectClient(url, { username: 'floor', password: 'floor-pw' });
    cleanups.push(() => void floor.end(true));
    await race({ kind: 'stream', open: () => broker.connect() }, watcher, floor);
  });

  it('an older record found over ours that nobody backs (a broker restored an old snapshot) is not a rival', async () => {
    const broker = await startEmbeddedBroker({ embedded: mqttConfig.embedded, base, logger });
    cleanups.push(() => broker.close());
    const connection: MqttConnection = { kind: 'stream', open: () => broker.connect() };
    const self = controller(connection, record('bbbb', 2000), 200);
    await self.bridge.whenConnected();
    const watcher = await watcherOn(`mqtt://127.0.0.1:${broker.port}`);
    const records = collect(watcher);
    await watcher.subscribeAsync(`${base}/controller`, { qos: 1 });
    await records.until((m) => m.some((x) => x.payload.includes('bbbb')), 'our record');

    // The stale copy: an older instance's record, retained over ours (written here by an in-process client).
    const ghost = new MqttClient(() => broker.connect(), { clientId: 'ghost' });
    cleanups.push(() => void ghost.end(true));
    await new Promise((r) => ghost.once('connect', r));
    await ghost.publishAsync(`${base}/controller`, JSON.stringify(record('aaaa', 1000)), { qos: 1, retain: true });
    self.bridge.dropConnection(); // reconnects, and finds it
    await records.until((m) => m.at(-1)?.payload.includes('bbbb') === true && m.length >= 3, 'our record again');
    expect(self.conflicts).toEqual([]);
    expect(self.bridge.connected()).toBe(true);
  });
});

describe.skipIf(missing !== null)(`mosquitto, example config (${missing ?? 'real broker'})`, () => {
  let example: ExampleBroker;
  let connection: MqttConnection;
  beforeAll(async () => {
    example = await startExampleBroker();
    const { ca, cert, key } = example.tls;
    connection = {
      kind: 'url',
      url: example.controllerUrl,
      username: 'pokertable-controller',
      password: exampleUsers['pokertable-controller'],
      ca,
      cert,
      key,
    };
  });
  afterAll(async () => {
    await example?.dispose();
  });

  it('two controllers that both got past the start check: the later one gives up, the first stays', async () => {
    const watcher = await watcherOn(example.roomUrl, { username: 'display', password: exampleUsers.display });
    const floor = await connectClient(example.roomUrl, { username: 'floor', password: exampleUsers.floor });
    cleanups.push(() => void floor.end(true));
    await race(connection, watcher, floor);
  });

  it('start check: a live holder answers (taken), without being disturbed; a stale record does not stop a start', async () => {
    const holder = controller(connection, record('aaaa', 1000));
    await holder.bridge.whenConnected();
    const watcher = await watcherOn(example.roomUrl, { username: 'display', password: exampleUsers.display });
    const statuses = collect(watcher);
    await watcher.subscribeAsync(`${base}/status`, { qos: 1 });
    await statuses.until((m) => m.length === 1, 'status');

    const check = (self: ControllerRecord) =>
      checkNoOtherController({ connection, base, tableId: 't1', self, logger, answerWaitMs: 300 });
    // The holder publishes its record a moment after connecting: ask until it does.
    let result = await check(record('bbbb', 2000));
    for (let i = 0; i < 50 && result.kind !== 'taken'; i++) result = await check(record('bbbb', 2000));
    expect(result).toEqual({ kind: 'taken', other: record('aaaa', 1000) });
    expect(statuses.messages.map((m) => m.payload)).toEqual(['online']); // asking kicked nobody
    expect(holder.bridge.connected()).toBe(true);

    // The holder dies without its last will reaching anyone yet (a power cut): status still says online.
    await holder.bridge.close();
    // What the broker still holds of it, played by a client with a controller's credentials.
    const { ca, cert, key } = example.tls;
    const ghost = await connectClient(example.controllerUrl, {
      username: 'pokertable-controller',
      password: exampleUsers['pokertable-controller'],
      ca,
      cert,
      key,
    });
    cleanups.push(() => void ghost.end(true));
    await ghost.publishAsync(`${base}/status`, 'online', { qos: 1, retain: true });
    const stale = await check(record('cccc', 3000));
    expect(stale).toEqual({ kind: 'clear', previous: record('aaaa', 1000) });

    // Stopped cleanly (status offline): no question asked at all.
    await ghost.publishAsync(`${base}/status`, 'offline', { qos: 1, retain: true });
    expect(await check(record('dddd', 4000))).toEqual({ kind: 'clear', previous: record('aaaa', 1000) });
  });
});
