// Issue 9, item 1 on a real mosquitto run with the shipped example config and ACL (test/helpers/mosquitto-example.ts):
// nobody in the room can take the controller's session over by presenting its client id. On the room's listener
// mosquitto replaces every client id by the account's username; the controllers' listener wants a client
// certificate, which the room does not have.
import type { MqttClient } from 'mqtt';
import mqtt from 'mqtt';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MqttConfig } from '../../src/config/types.ts';
import { startMqttBridge } from '../../src/mqtt/bridge.ts';
import { controllerClientId } from '../../src/mqtt/topics.ts';
import { collect, connectClient, mosquittoMissing } from '../helpers/mosquitto.ts';
import { exampleListeners, exampleUsers, startExampleBroker, type ExampleBroker } from '../helpers/mosquitto-example.ts';
import { fakeRuntime } from '../helpers/mosquitto-fake-runtime.ts';
import { floorRounds, tryConnect } from '../helpers/mqtt-identity.ts';

const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });
const base = 'pokertable/t1';
const missing = mosquittoMissing();

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function controllerConfig(example: ExampleBroker): MqttConfig {
  return {
    baseTopic: 'pokertable',
    embedded: { host: '127.0.0.1', port: 0, wsPort: null, anonymousRoles: [], users: [] },
    external: {
      url: example.controllerUrl,
      username: 'pokertable-controller',
      password: exampleUsers['pokertable-controller'],
      rejectUnauthorized: true,
    },
    secureDelayMs: 0,
  };
}

it('the example config: every room listener replaces client ids; the controllers listener wants a certificate', () => {
  const blocks = exampleListeners();
  const room = blocks.filter((b) => !b.options.includes('require_certificate true'));
  expect(room.map((b) => b.listener)).toEqual(['listener 1883', 'listener 8083']);
  for (const b of room) expect(b.options).toContain('use_username_as_clientid true');
  const controllers = blocks.filter((b) => b.options.includes('require_certificate true'));
  expect(controllers.map((b) => b.listener)).toEqual(['listener 8883']);
});

describe.skipIf(missing !== null)(`mosquitto, example config (${missing ?? 'real broker'})`, () => {
  let example: ExampleBroker;
  beforeAll(async () => {
    example = await startExampleBroker();
  });
  afterAll(async () => {
    await example?.dispose();
  });

  it('a display presenting the controller id never takes its session; the controller keeps answering', async () => {
    const { tls } = example;
    const mqttConfig = controllerConfig(example);
    const bridge = startMqttBridge({
      runtime: fakeRuntime(),
      config: { table: { id: 't1' }, mqtt: mqttConfig },
      logger,
      connection: { kind: 'url', url: example.controllerUrl, ...creds(), ca: tls.ca, cert: tls.cert, key: tls.key },
    });
    cleanups.push(() => bridge.close());
    await bridge.whenConnected();

    const watcher = await connectClient(example.roomUrl, {
      username: 'lobby-board',
      password: exampleUsers['lobby-board'],
    });
    cleanups.push(() => void watcher.end(true));
    const statuses = collect(watcher);
    await watcher.subscribeAsync(`${base}/status`, { qos: 1 });
    await statuses.until((m) => m.some((x) => x.payload === 'online'), 'status online');

    const clientId = controllerClientId('t1');
    const display = { username: 'display', password: exampleUsers.display };
    // In the room: anonymous is refused (5 = not authorized); a display is let in under its own name instead.
    expect(await tryConnect(example.roomUrl, { clientId, protocolVersion: 4 })).toBe(5);
    // On the controllers' listener: no client certificate, no way in (the TLS handshake fails).
    expect(await tryConnect(example.controllerUrl, { clientId, ...display, ca: tls.ca })).not.toBe('connected');

    // A display that keeps connecting with the controller's id, as in the attack (reconnecting every 100 ms).
    const attackers: MqttClient[] = [];
    for (const protocolVersion of [4, 5] as const) {
      const a = mqtt.connect(example.roomUrl, { clientId, ...display, protocolVersion, reconnectPeriod: 100 });
      a.on('error', () => undefined);
      attackers.push(a);
      cleanups.push(() => void a.end(true));
    }
    await Promise.all(attackers.map((a) => new Promise((r) => (a.connected ? r(null) : a.once('connect', r)))));

    const floor = await connectClient(example.roomUrl, { username: 'floor', password: exampleUsers.floor });
    cleanups.push(() => void floor.end(true));
    expect(await floorRounds(floor, base, 20)).toBe(20);
    expect(statuses.messages.map((m) => m.payload)).toEqual(['online']); // the controller was never kicked off
    expect(bridge.connected()).toBe(true);
  });
});

function creds() {
  return { username: 'pokertable-controller', password: exampleUsers['pokertable-controller'] };
}
