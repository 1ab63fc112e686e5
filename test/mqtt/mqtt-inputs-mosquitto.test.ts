// Networked inputs through a real mosquitto 2 with the shipped ACL (config/mosquitto/pokertable.acl) and the real
// runtime: a panel reads its answers on input/result (3.1.1) or on its MQTT 5 response topic, and a press sent
// while the controller is away is not queued for it (clean session): it never acts late and is never answered, so
// the panel shows it as not taken (docs/mqtt.md).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProfiles } from '../../src/config/profiles.ts';
import { startMqttBridge, type MqttBridge } from '../../src/mqtt/bridge.ts';
import { fakeClock } from '../../src/runtime/clock.ts';
import { createRuntime, type TableRuntime } from '../../src/runtime/runtime.ts';
import { openStore } from '../../src/store/store.ts';
import { journalInputs } from '../helpers/input-table.ts';
import { collect, connectClient, mosquittoMissing, startMosquitto, type Mosquitto } from '../helpers/mosquitto.ts';
import { externalMqtt } from '../helpers/mqtt-config.ts';
import { cleanupsAfterEach } from '../helpers/mqtt-table.ts';

const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });
const base = 'pokertable/t1';
const missing = mosquittoMissing();
const users = { 'pokertable-controller': 'ctl-pw', panel: 'panel-pw', floor: 'floor-pw' };
const cleanups = cleanupsAfterEach();

function startExample(): Promise<Mosquitto> {
  const config = readFileSync('config/mosquitto/mosquitto.conf', 'utf8')
    .split('\n')
    .filter((l) => /^(per_listener_settings|allow_anonymous|password_file|acl_file)\s/.test(l))
    .map((l) =>
      l
        .replace('/etc/mosquitto/pokertable.passwd', '{dir}/passwd')
        .replace('/etc/mosquitto/pokertable.acl', '{dir}/pokertable.acl'),
    );
  return startMosquitto({
    config,
    users,
    files: { 'pokertable.acl': readFileSync('config/mosquitto/pokertable.acl', 'utf8') },
  });
}

function runtimeIn(): { runtime: TableRuntime; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'pt-inputs-mq-'));
  const runtime = createRuntime({
    table: { profiles: loadProfiles() },
    store: openStore({ dir, fsync: 'background' }),
    clock: fakeClock(1_780_000_000_000),
    logger,
  });
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cleanups.push(() => runtime.close());
  return { runtime, dir };
}

async function bridgeOn(url: string, runtime: TableRuntime): Promise<MqttBridge> {
  const mqtt = externalMqtt(url, 'pokertable-controller', users['pokertable-controller']);
  const bridge = startMqttBridge({ runtime, logger, reconnectPeriodMs: 50, config: { table: { id: 't1' }, mqtt } });
  cleanups.push(() => bridge.close());
  await bridge.whenConnected();
  return bridge;
}

describe.skipIf(missing !== null)(`networked inputs on mosquitto (${missing ?? 'real broker'})`, () => {
  let broker: Mosquitto;
  beforeAll(async () => {
    broker = await startExample();
  });
  afterAll(async () => {
    await broker?.dispose();
  });

  it('answers a panel on input/result (3.1.1) and on its MQTT 5 response topic, with the correlation data', async () => {
    const { runtime } = runtimeIn();
    await bridgeOn(broker.url, runtime);
    const v4 = await connectClient(broker.url, { username: 'panel', password: users.panel, protocolVersion: 4 });
    cleanups.push(() => void v4.end(true));
    const v5 = await connectClient(broker.url, { username: 'panel', password: users.panel, protocolVersion: 5 });
    cleanups.push(() => void v5.end(true));
    const got4 = collect(v4);
    const got5 = collect(v5);
    await v4.subscribeAsync(`${base}/input/result`, { qos: 1 });
    const reply = `${base}/cmd/reply/panel/42`;
    await v5.subscribeAsync(reply, { qos: 1 });
    await v4.publishAsync(`${base}/input`, JSON.stringify({ type: 'panel', button: 'fold', id: 'a' }), { qos: 1 });
    await got4.until((m) => m.length === 1, 'the answer on input/result');
    expect(JSON.parse(got4.messages[0]!.payload)).toMatchObject({ id: 'a', ok: false, error: { code: 'rejected' } });
    await v5.publishAsync(`${base}/input`, JSON.stringify({ type: 'timebank', seat: 'x', id: 'b' }), {
      qos: 1,
      properties: { responseTopic: reply, correlationData: Buffer.from('c-9') },
    });
    await got5.until((m) => m.length === 1, 'the answer on the response topic');
    expect(JSON.parse(got5.messages[0]!.payload)).toMatchObject({ id: 'b', ok: false, error: { code: 'invalid' } });
    expect(Buffer.from(got5.messages[0]!.properties!.correlationData as Buffer).toString()).toBe('c-9');
  });

  it('a press sent while the controller is away is not queued: never applied late, never answered', async () => {
    const { runtime, dir } = runtimeIn();
    const first = await bridgeOn(broker.url, runtime);
    runtime.submit({ type: 'command', name: 'setup', seats: 6, profile: 'tda' });
    const panel = await connectClient(broker.url, { username: 'panel', password: users.panel, protocolVersion: 4 });
    cleanups.push(() => void panel.end(true));
    const answers = collect(panel);
    await panel.subscribeAsync(`${base}/input/result`, { qos: 1 });
    await first.close();
    // mosquitto acknowledges the press; nobody takes it.
    await panel.publishAsync(`${base}/input`, JSON.stringify({ type: 'seat', seat: 2, occupied: true, id: 'late' }), {
      qos: 1,
    });
    await bridgeOn(broker.url, runtime);
    // The controller subscribes right after connecting: press until a press is answered.
    for (let i = 0; answers.messages.length === 0 && i < 200; i++) {
      const press = { type: 'seat', seat: 3, occupied: i % 2 === 0, id: `now-${i}` };
      await panel.publishAsync(`${base}/input`, JSON.stringify(press), { qos: 1 });
      await new Promise((r) => setTimeout(r, 20));
    }
    await answers.until((m) => m.length > 0, 'an answer to a fresh press');
    expect(answers.messages.map((m) => (JSON.parse(m.payload) as { id: string }).id)).not.toContain('late');
    expect(journalInputs(dir).filter((j) => j.includes('"late"'))).toEqual([]);
  });
});
