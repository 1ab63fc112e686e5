// The bridge against a real mosquitto 2 (external broker), run with the security lines of the shipped example
// config/mosquitto/mosquitto.conf and the ACL config/mosquitto/pokertable.acl verbatim.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Aedes } from 'aedes';
import { createServer } from 'node:net';
import type { MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttConfig } from '../../src/config/types.ts';
import { startMqttBridge, type MqttBridge } from '../../src/mqtt/bridge.ts';
import { collect, connectClient, mosquittoMissing, startMosquitto, type Mosquitto } from '../helpers/mosquitto.ts';
import { fakeRuntime, type FakeRuntime } from '../helpers/mosquitto-fake-runtime.ts';
import { externalMqtt } from '../helpers/mqtt-config.ts';
import { cleanupsAfterEach } from '../helpers/mqtt-table.ts';

const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });
const base = 'pokertable/t1';
const missing = mosquittoMissing();
const users = {
  'pokertable-controller': 'ctl-pw',
  display: 'display-pw',
  panel: 'panel-pw',
  floor: 'floor-pw',
  surveillance: 'surv-pw',
  production: 'prod-pw',
};

/** The example config's security lines, with its /etc paths pointed at the test's temp dir. */
function exampleSecurity(): string[] {
  return readFileSync('config/mosquitto/mosquitto.conf', 'utf8')
    .split('\n')
    .filter((l) => /^(per_listener_settings|allow_anonymous|password_file|acl_file)\s/.test(l))
    .map((l) =>
      l
        .replace('/etc/mosquitto/pokertable.passwd', '{dir}/passwd')
        .replace('/etc/mosquitto/pokertable.acl', '{dir}/pokertable.acl'),
    );
}

function startExample(persistence = false): Promise<Mosquitto> {
  const config = exampleSecurity();
  expect(config).toHaveLength(4); // the example still carries its security lines
  return startMosquitto({
    config,
    persistence,
    users,
    files: { 'pokertable.acl': readFileSync('config/mosquitto/pokertable.acl', 'utf8') },
  });
}

function mqttConfig(url: string): MqttConfig {
  return externalMqtt(url, 'pokertable-controller', users['pokertable-controller']);
}

const cleanups = cleanupsAfterEach();

async function client(url: string, options: Parameters<typeof connectClient>[1] = {}): Promise<MqttClient> {
  const c = await connectClient(url, options);
  cleanups.push(() => void c.end(true));
  return c;
}

async function bridgeOn(
  url: string,
  runtime: FakeRuntime = fakeRuntime(),
): Promise<{ bridge: MqttBridge; runtime: FakeRuntime }> {
  const bridge = startMqttBridge({
    runtime,
    logger,
    reconnectPeriodMs: 50,
    config: { table: { id: 't1' }, mqtt: mqttConfig(url) },
  });
  cleanups.push(() => bridge.close());
  await bridge.whenConnected();
  return { bridge, runtime };
}

const parse = (payload: string) => JSON.parse(payload) as Record<string, unknown>;

describe.skipIf(missing !== null)(`mosquitto (${missing ?? 'real broker'})`, () => {
  let broker: Mosquitto;
  beforeAll(async () => {
    broker = await startExample();
  });
  afterAll(async () => {
    await broker?.dispose();
  });

  it('speaks MQTT 5 with mosquitto', async () => {
    const { bridge } = await bridgeOn(broker.url);
    expect(bridge.protocolVersion()).toBe(5);
  });

  it('ACL: a display reading # never receives secure/events; its commands and fake events go nowhere', async () => {
    const { runtime } = await bridgeOn(broker.url);
    for (const protocolVersion of [4, 5] as const) {
      const display = await client(broker.url, { username: 'display', password: users.display, protocolVersion });
      const prod = await client(broker.url, { username: 'surveillance', password: users.surveillance, protocolVersion });
      const seen = collect(display);
      const secure = collect(prod);
      await display.subscribeAsync(['#', `${base}/secure/events`], { qos: 1 });
      await prod.subscribeAsync(`${base}/secure/events`, { qos: 1 });
      await seen.until((m) => m.some((x) => x.topic === `${base}/status`), 'retained status');

      const before = runtime.inputs.length;
      const refused = await display
        .publishAsync(`${base}/cmd/seat-player`, JSON.stringify({ seat: 1, player: 'Eve' }), { qos: 1 })
        .then(
          () => 'accepted',
          (e: Error) => e.message,
        );
      if (protocolVersion === 5) expect(refused).toMatch(/Not authorized/);
      await display
        .publishAsync(`${base}/events`, JSON.stringify({ seq: 999, type: 'showdown' }), { qos: 1 })
        .catch(() => undefined);
      await display
        .publishAsync(`${base}/input`, JSON.stringify({ type: 'panel', button: 'fold' }), { qos: 1 })
        .catch(() => undefined);

      runtime.submit({ type: 'card', card: 'Ah' });
      await secure.until((m) => m.length === 1, 'the secure event');
      const seq = runtime.events.length;
      await seen.until(
        (m) => m.some((x) => x.topic === `${base}/events` && parse(x.payload).seq === seq),
        'the public event',
      );
      expect(secure.messages.map((x) => parse(x.payload).card)).toEqual(['Ah']);
      expect(seen.messages.filter((x) => x.topic.includes('/secure/'))).toEqual([]);
      expect(seen.messages.map((x) => x.payload).join('\n')).not.toContain('Ah');
      // The forged event by its shape: a bare '999' can sit in any timestamp.
      const forged = (x: { topic: string; payload: string }) =>
        x.topic === `${base}/events` && parse(x.payload).seq === 999 && parse(x.payload).type === 'showdown';
      expect(seen.messages.some(forged)).toBe(false);
      expect(runtime.inputs.slice(before).map((i) => i.type)).toEqual(['card']); // no command, no input from a display
      display.end(true);
      prod.end(true);
    }
  });

  it('panel and floor: inputs and commands work; a floor cannot forge command answers', async () => {
    const { runtime } = await bridgeOn(broker.url);
    const panel = await client(broker.url, { username: 'panel', password: users.panel });
    const floor = await client(broker.url, { username: 'floor', password: users.floor });
    const observer = await client(broker.url, { username: 'floor', password: users.floor, clientId: 'observer' });
    const results = collect(observer);
    await observer.subscribeAsync(`${base}/cmd/result`, { qos: 1 });
    await floor
      .publishAsync(`${base}/cmd/result`, JSON.stringify({ id: 'forged', ok: true }), { qos: 1 })
      .catch(() => undefined);
    await panel.publishAsync(`${base}/input`, JSON.stringify({ type: 'panel', button: 'check' }), { qos: 1 });
    await floor.publishAsync(`${base}/cmd/seat-player`, JSON.stringify({ id: 'p1', seat: 5, player: 'Dee' }), {
      qos: 1,
    });
    await results.until((m) => m.some((x) => parse(x.payload).id === 'p1'), 'the answer to p1');
    expect(results.messages.map((x) => parse(x.payload))).toEqual([{ id: 'p1', ok: true, command: 'seat-player' }]);
    expect(runtime.inputs.map((i) => i.type)).toEqual(['panel', 'command']);
  });

  it('MQTT 5: answers on the response topic with the correlation data; 3.1.1 clients get cmd/result', async () => {
    await bridgeOn(broker.url);
    const v5 = await client(broker.url, {
      username: 'floor',
      password: users.floor,
      protocolVersion: 5,
      clientId: 'floor-v5',
    });
    const v4 = await client(broker.url, {
      username: 'floor',
      password: users.floor,
      protocolVersion: 4,
      clientId: 'floor-v4',
    });
    const reply = `${base}/cmd/reply/floor/session-1`;
    const mine = collect(v5);
    const shared = collect(v4);
    await v5.subscribeAsync(reply, { qos: 1 });
    await v4.subscribeAsync(`${base}/cmd/result`, { qos: 1 });
    const correlationData = Buffer.from([0xca, 0xfe, 0x01]);
    await v5.publishAsync(`${base}/cmd/levels-pause`, JSON.stringify({ id: 'r1' }), {
      qos: 1,
      properties: { responseTopic: reply, correlationData },
    });
    await mine.until((m) => m.length === 1, 'the MQTT 5 answer');
    expect(parse(mine.messages[0]!.payload)).toEqual({
      id: 'r1',
      ok: false,
      command: 'levels-pause',
      error: 'no-levels',
      code: 'no-levels',
      message: 'No blind levels are running: start a structure first',
    });
    expect(Buffer.from(mine.messages[0]!.properties?.correlationData as Buffer).equals(correlationData)).toBe(true);

    // A response topic on the table's own tree is refused: the answer goes to cmd/result instead.
    await v5.publishAsync(`${base}/cmd/seat-player`, JSON.stringify({ id: 'r2', seat: 1, player: 'Al' }), {
      qos: 1,
      properties: { responseTopic: `${base}/events` },
    });
    await v4.publishAsync(`${base}/cmd/seat-player`, JSON.stringify({ id: 'r3', seat: 2, player: 'Bo' }), { qos: 1 });
    await shared.until((m) => m.length === 2, 'two answers on cmd/result');
    expect(shared.messages.map((m) => parse(m.payload).id)).toEqual(['r2', 'r3']);
    expect(mine.messages).toHaveLength(1);
  });

  it('last will: a controller killed without DISCONNECT leaves status offline, retained', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/mosquitto-child-bridge.ts'], {
      env: {
        ...process.env,
        URL: broker.url,
        MQTT_USER: 'pokertable-controller',
        MQTT_PASS: users['pokertable-controller'],
        TABLE_ID: 'kill',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    cleanups.push(() => void child.kill('SIGKILL'));
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (d: Buffer) => d.toString().includes('connected') && resolve());
      child.once('exit', (code) => reject(new Error(`child bridge exited (${code})`)));
    });
    const watcher = await client(broker.url, { username: 'display', password: users.display });
    const seen = collect(watcher);
    await watcher.subscribeAsync('pokertable/kill/status', { qos: 1 });
    await seen.until((m) => m.some((x) => x.payload === 'online'), 'online');
    child.kill('SIGKILL');
    await seen.until((m) => m.some((x) => x.payload === 'offline'), 'the last will');

    const late = await client(broker.url, { username: 'display', password: users.display });
    const lateSeen = collect(late);
    await late.subscribeAsync('pokertable/kill/status', { qos: 1 });
    await lateSeen.until((m) => m.length === 1, 'retained status');
    expect(lateSeen.messages[0]).toMatchObject({ payload: 'offline', retain: true });
  });

  it('falls back to MQTT 3.1.1 when the broker refuses MQTT 5 (aedes)', async () => {
    const aedes = await Aedes.createBroker();
    const server = createServer(aedes.handle);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    cleanups.push(() => new Promise<void>((r) => aedes.close(() => server.close(() => r()))));
    const port = (server.address() as { port: number }).port;
    const { bridge, runtime } = await bridgeOn(`mqtt://127.0.0.1:${port}`);
    expect(bridge.protocolVersion()).toBe(4);
    const sub = await client(`mqtt://127.0.0.1:${port}`);
    const seen = collect(sub);
    await sub.subscribeAsync(`${base}/events`, { qos: 1 });
    runtime.submit({ type: 'card', card: '2c' });
    await seen.until((m) => m.length === 1, 'an event over 3.1.1');
  });
});

describe.skipIf(missing !== null)('mosquitto over TLS', () => {
  function makeCerts(): { dir: string; ca: string; otherCa: string; cert: string; key: string } {
    const dir = mkdtempSync(join(tmpdir(), 'pt-tls-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const run = (...a: string[]) => {
      const r = spawnSync('openssl', a, { cwd: dir });
      if (r.status !== 0) throw new Error(`openssl ${a[0]}: ${r.stderr.toString()}`);
    };
    writeFileSync(join(dir, 'san.ext'), 'subjectAltName=IP:127.0.0.1\n');
    for (const ca of ['ca', 'other-ca']) {
      run(
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        `${ca}.key`,
        '-out',
        `${ca}.crt`,
        '-days',
        '2',
        '-subj',
        `/CN=${ca}`,
      );
    }
    run(
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'server.key',
      '-out',
      'server.csr',
      '-subj',
      '/CN=127.0.0.1',
    );
    run(
      'x509',
      '-req',
      '-in',
      'server.csr',
      '-CA',
      'ca.crt',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'server.crt',
      '-days',
      '2',
      '-extfile',
      'san.ext',
    );
    return {
      dir,
      ca: join(dir, 'ca.crt'),
      otherCa: join(dir, 'other-ca.crt'),
      cert: join(dir, 'server.crt'),
      key: join(dir, 'server.key'),
    };
  }

  it('connects with the CA from caFile, refuses a broker certificate it does not trust, names an unreadable file', async () => {
    const certs = makeCerts();
    const broker = await startMosquitto({
      config: ['allow_anonymous true', 'certfile {dir}/server.crt', 'keyfile {dir}/server.key'],
      files: { 'server.crt': readFileSync(certs.cert, 'utf8'), 'server.key': readFileSync(certs.key, 'utf8') },
    });
    cleanups.push(() => broker.dispose());
    const url = `mqtts://127.0.0.1:${broker.port}`;
    const external = (caFile: string) => ({ ...mqttConfig(url), external: { url, caFile, rejectUnauthorized: true } });

    const runtime = fakeRuntime();
    const good = startMqttBridge({ runtime, logger, config: { table: { id: 't1' }, mqtt: external(certs.ca) } });
    cleanups.push(() => good.close());
    await good.whenConnected();
    const sub = await client(url, { ca: readFileSync(certs.ca) });
    const seen = collect(sub);
    await sub.subscribeAsync(`${base}/events`, { qos: 1 });
    runtime.submit({ type: 'card', card: '9h' });
    await seen.until((m) => m.length === 1, 'an event over TLS');

    // The refusal shows in the log (the table keeps running and retrying): wait for it there.
    let signalled: () => void = () => undefined;
    const refused = new Promise<void>((resolve) => (signalled = resolve));
    const capturing = pino({ level: 'error' }, { write: (line: string) => /certificate/i.test(line) && signalled() });
    const bad = startMqttBridge({
      runtime: fakeRuntime(),
      logger: capturing,
      config: { table: { id: 't2' }, mqtt: external(certs.otherCa) },
    });
    cleanups.push(() => bad.close());
    await refused;
    expect(bad.connected()).toBe(false);

    expect(() =>
      startMqttBridge({
        runtime: fakeRuntime(),
        logger,
        config: { table: { id: 't3' }, mqtt: external(join(certs.dir, 'nope.crt')) },
      }),
    ).toThrow(expect.objectContaining({ code: 'CONFIG_INVALID', message: expect.stringContaining('nope.crt') }));
  });
});

/** How long the broker stays away (OUTAGE_MS=60000 for the probe's 60 s outages); events keep coming meanwhile. */
const OUTAGE_MS = Number(process.env.OUTAGE_MS ?? 1500);

describe.skipIf(missing !== null)('mosquitto outage', () => {
  it.each(['SIGTERM', 'SIGKILL'] as const)(
    'broker stopped with %s: events submitted while it is down arrive after it returns, in seq order, none lost',
    async (signal) => {
      const broker = await startExample(true);
      cleanups.push(() => broker.dispose());
      const runtime = fakeRuntime();
      const { bridge } = await bridgeOn(broker.url, runtime);
      // A consumer that must lose nothing keeps a persistent session (clean: false, QoS 1).
      const opts = {
        username: 'display',
        password: users.display,
        clean: false,
        clientId: 'scoreboard',
        reconnectPeriod: 50,
      };
      const sub = await client(broker.url, opts);
      const seen = collect(sub);
      await sub.subscribeAsync(`${base}/events`, { qos: 1 });
      for (let i = 0; i < 10; i++) runtime.submit({ type: 'card', card: 'As' });
      await seen.until((m) => m.length === 10, 'ten events before the outage');
      // A SIGKILLed mosquitto comes back with its last saved database only: save the subscriber's session first, as
      // a periodic autosave would have (else the consumer must resubscribe and resynchronise from `state`).
      if (signal === 'SIGKILL') await broker.save();

      await broker.stop(signal);
      for (let i = 0; i < 500 && bridge.connected(); i++) await new Promise((r) => setTimeout(r, 10));
      expect(bridge.connected()).toBe(false);
      // The table plays on through the outage: an event every 20 ms.
      const outageEnds = Date.now() + OUTAGE_MS;
      let submitted = 10;
      while (Date.now() < outageEnds) {
        runtime.submit({ type: 'card', card: 'Kd' });
        submitted++;
        await new Promise((r) => setTimeout(r, 20));
      }
      const back = performance.now();
      await broker.start();

      let confirmedMs = -1;
      const confirmedWatch = setInterval(() => {
        if (bridge.confirmed().events < submitted) return;
        confirmedMs = performance.now() - back;
        clearInterval(confirmedWatch);
      }, 5);
      cleanups.push(() => clearInterval(confirmedWatch));
      // Called on every message: look at each one once (a backlog of thousands must not cost a parse of them all).
      let looked = 0;
      let last = 0;
      const hasLast = (m: typeof seen.messages) => {
        for (; looked < m.length; looked++) last = Math.max(last, parse(m[looked]!.payload).seq as number);
        return last === submitted;
      };
      await seen.until(hasLast, 'the last event', 30_000 + OUTAGE_MS).catch((error: Error) => {
        throw new Error(`${error.message}\nmosquitto's log:\n${broker.log().slice(-2000)}`);
      });
      const backlogMs = performance.now() - back;
      const seqs = seen.messages.map((m) => parse(m.payload).seq as number);
      // De-duplicated by seq (as consumers do), every event is there once, in order.
      expect([...new Set(seqs)]).toEqual(Array.from({ length: submitted }, (_, i) => i + 1));
      await bridge.whenConnected();
      for (let i = 0; i < 500 && bridge.confirmed().events < submitted; i++)
        await new Promise((r) => setTimeout(r, 10));
      expect(bridge.confirmed().events).toBe(submitted);
      if (confirmedMs < 0) confirmedMs = performance.now() - back;
      // A figure for docs/mqtt.md, not a check: from restarting mosquitto to the subscriber holding everything.
      console.info(
        `mosquitto ${signal}, ${OUTAGE_MS} ms outage: ${submitted - 10} events of backlog confirmed by the broker ` +
          `${confirmedMs.toFixed(0)} ms and all at the subscriber ${backlogMs.toFixed(0)} ms after mosquitto was ` +
          `restarted (${seqs.length - new Set(seqs).size} duplicates)`,
      );
    },
    60_000 + 3 * OUTAGE_MS,
  );
});
