// Issue 9, item 1: nobody but the controller may use the controller's client id. On the embedded broker a display
// (anonymous or a user) that connects as `pokertable-<table>-controller` is refused at CONNACK, and the controller
// stays connected and keeps answering floor commands. The mosquitto side is in mqtt-identity-mosquitto.test.ts.
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { startEmbeddedBroker } from '../../src/mqtt/broker.ts';
import { startMqttBridge } from '../../src/mqtt/bridge.ts';
import { canPublish, canRead, controllerClientId, isReservedClientId, type Principal } from '../../src/mqtt/topics.ts';
import { collect, connectClient } from '../helpers/mosquitto.ts';
import { fakeRuntime } from '../helpers/mosquitto-fake-runtime.ts';
import { floorRounds, tryConnect } from '../helpers/mqtt-identity.ts';
import { cleanupsAfterEach, embeddedMqtt } from '../helpers/mqtt-table.ts';

const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });
const base = 'pokertable/t1';
const mqttConfig = embeddedMqtt(
  [
    { username: 'display', password: 'display-pw', roles: ['display'] },
    { username: 'floor', password: 'floor-pw', roles: ['floor'] },
  ],
  { wsPort: 0 },
);

const cleanups = cleanupsAfterEach();

describe('reserved client ids', () => {
  it('names: the controller id is reserved, for every table; other ids are not', () => {
    expect(controllerClientId('t1')).toBe('pokertable-t1-controller');
    expect(isReservedClientId('pokertable-t1-controller')).toBe(true);
    expect(isReservedClientId('pokertable-other-table-controller')).toBe(true);
    expect(isReservedClientId('pokertable-t1-probe-abc')).toBe(false);
    expect(isReservedClientId('pokertable-doctor-42')).toBe(false);
    expect(isReservedClientId('scoreboard')).toBe(false);
  });

  it('ACL: every role reads the controller record; only the controller publishes it or pings', () => {
    const floor: Principal = { kind: 'user', username: 'f', roles: new Set(['floor']) };
    const display: Principal = { kind: 'user', username: null, roles: new Set(['display']) };
    for (const who of [floor, display]) {
      expect(canRead(base, who, `${base}/controller`)).toBe(true);
      expect(canRead(base, who, `${base}/controller/ping`)).toBe(false);
      expect(canRead(base, who, `${base}/controller/alive`)).toBe(false);
      for (const topic of ['controller', 'controller/ping', 'controller/alive']) {
        expect(canPublish(base, who, `${base}/${topic}`, false)).toBe(false);
      }
    }
    expect(canPublish(base, { kind: 'controller' }, `${base}/controller`, true)).toBe(true);
  });

  it('embedded: a display with the controller id is refused at CONNACK; the controller stays on and answers', async () => {
    const broker = await startEmbeddedBroker({ embedded: mqttConfig.embedded, base, logger });
    cleanups.push(() => broker.close());
    const runtime = fakeRuntime();
    const bridge = startMqttBridge({ runtime, config: { table: { id: 't1' }, mqtt: mqttConfig }, logger, broker });
    cleanups.push(() => bridge.close());
    await bridge.whenConnected();
    const url = `mqtt://127.0.0.1:${broker.port}`;

    const watcher = await connectClient(url);
    cleanups.push(() => void watcher.end(true));
    const statuses = collect(watcher);
    await watcher.subscribeAsync(`${base}/status`, { qos: 1 });
    await statuses.until((m) => m.some((x) => x.payload === 'online'), 'status online');

    const clientId = controllerClientId('t1');
    for (let round = 0; round < 5; round++) {
      // 2 = "identifier rejected" (MQTT 3.1.1 CONNACK).
      expect(await tryConnect(url, { clientId })).toBe(2);
      expect(await tryConnect(url, { clientId, username: 'display', password: 'display-pw' })).toBe(2);
      expect(await tryConnect(url, { clientId, username: 'floor', password: 'floor-pw' })).toBe(2);
      // Another table's controller id too: on a shared broker no display claims a neighbour's.
      expect(await tryConnect(url, { clientId: 'pokertable-t2-controller' })).toBe(2);
      // And over WebSocket, as a browser board would.
      expect(await tryConnect(`ws://127.0.0.1:${broker.wsPort}`, { clientId })).toBe(2);
    }
    expect(bridge.connected()).toBe(true);

    const floor = await connectClient(url, { username: 'floor', password: 'floor-pw' });
    cleanups.push(() => void floor.end(true));
    expect(await floorRounds(floor, base, 20)).toBe(20);
    expect(statuses.messages.map((m) => m.payload)).toEqual(['online']); // never kicked off: no last will
    expect(bridge.connected()).toBe(true);
  });
});
