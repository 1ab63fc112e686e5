// The embedded broker (aedes) with the bridge, over real TCP and WebSocket connections. The runtime here is a small
// fake (test/helpers/mosquitto-fake-runtime.ts); mqtt-secrecy.test.ts runs the real runtime and engine.
import type { MqttClient } from 'mqtt';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { MqttConfig } from '../../src/config/types.ts';
import { startEmbeddedBroker, type EmbeddedBroker } from '../../src/mqtt/broker.ts';
import { startMqttBridge, type MqttBridge } from '../../src/mqtt/bridge.ts';
import { collect, connectClient } from '../helpers/mosquitto.ts';
import { fakeRuntime, type FakeRuntime } from '../helpers/mosquitto-fake-runtime.ts';
import { cleanupsAfterEach, embeddedMqtt } from '../helpers/mqtt-table.ts';

const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });
const base = 'pokertable/t1';

function mqttConfig(overrides: Partial<MqttConfig['embedded']> = {}): MqttConfig {
  return embeddedMqtt(
    [
      { username: 'panel', password: 'panel-pw', roles: ['panel'] },
      { username: 'floor', password: 'floor-pw', roles: ['floor'] },
      { username: 'prod', password: 'prod-pw', roles: ['secure'] },
    ],
    { wsPort: 0, ...overrides },
  );
}

const cleanups = cleanupsAfterEach();

async function table(
  config = mqttConfig(),
): Promise<{ broker: EmbeddedBroker; bridge: MqttBridge; runtime: FakeRuntime; url: string }> {
  const broker = await startEmbeddedBroker({ embedded: config.embedded, base, logger });
  cleanups.push(() => broker.close());
  const runtime = fakeRuntime();
  const bridge = startMqttBridge({
    runtime,
    config: { table: { id: 't1' }, mqtt: config },
    logger,
    broker,
    reconnectPeriodMs: 50,
  });
  cleanups.push(() => bridge.close());
  await bridge.whenConnected();
  return { broker, bridge, runtime, url: `mqtt://127.0.0.1:${broker.port}` };
}

async function client(url: string, options: Parameters<typeof connectClient>[1] = {}): Promise<MqttClient> {
  const c = await connectClient(url, options);
  cleanups.push(() => void c.end(true));
  return c;
}

async function waitFor(cond: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!cond()) throw new Error(`timed out waiting for ${what}`);
}

const parse = (payload: string) => JSON.parse(payload) as Record<string, unknown>;

describe('embedded broker + bridge', () => {
  it('publishes status, events in seq order (public form) and the secure stream only to the secure role', async () => {
    const { runtime, url } = await table();
    const display = await client(url);
    const prod = await client(url, { username: 'prod', password: 'prod-pw' });
    const seen = collect(display);
    const secure = collect(prod);
    await display.subscribeAsync('#', { qos: 1 });
    await prod.subscribeAsync(`${base}/secure/events`, { qos: 1 });
    await seen.until(
      (m) => m.some((x) => x.topic === `${base}/status` && x.payload === 'online' && x.retain),
      'status online',
    );

    for (const card of ['As', 'Kd', 'Qh']) runtime.submit({ type: 'card', card });
    await secure.until((m) => m.length === 3, 'three secure events');
    await seen.until((m) => m.filter((x) => x.topic === `${base}/events`).length === 3, 'three public events');

    const pub = seen.messages.filter((x) => x.topic === `${base}/events`).map((x) => parse(x.payload));
    expect(pub.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(pub.every((e) => e.type === 'card.dealt' && e.card === null)).toBe(true);
    expect(secure.messages.map((x) => parse(x.payload).card)).toEqual(['As', 'Kd', 'Qh']);
    expect(seen.messages.some((x) => x.topic.includes('secure'))).toBe(false);
    expect(seen.messages.map((x) => x.payload).join()).not.toMatch(/As|Kd|Qh/);
  });

  it('holds the secure stream back by secureDelayMs; the public stream is not delayed', async () => {
    const config = { ...mqttConfig(), secureDelayMs: 300 };
    const { runtime, url } = await table(config);
    const display = await client(url);
    const prod = await client(url, { username: 'prod', password: 'prod-pw' });
    const arrivals: { topic: string; seq: number; lateBy: number }[] = [];
    for (const c of [display, prod]) {
      c.on('message', (topic, payload) => {
        const e = JSON.parse(payload.toString()) as { seq: number; at: number };
        arrivals.push({ topic, seq: e.seq, lateBy: Date.now() - e.at });
      });
    }
    await display.subscribeAsync(`${base}/events`, { qos: 1 });
    await prod.subscribeAsync(`${base}/secure/events`, { qos: 1 });
    for (const card of ['5s', '6s']) runtime.submit({ type: 'card', card });
    await waitFor(
      () => arrivals.filter((a) => a.topic.endsWith('secure/events')).length === 2,
      'the delayed secure events',
    );
    const firstSecure = arrivals.findIndex((a) => a.topic.endsWith('secure/events'));
    // Both public events were out before the first secure one, which never came before at + delay.
    expect(arrivals.slice(0, firstSecure).map((a) => a.seq)).toEqual([1, 2]);
    for (const a of arrivals.filter((x) => x.topic.endsWith('secure/events')))
      expect(a.lateBy).toBeGreaterThanOrEqual(300);
  });

  it('a display cannot subscribe to secure/events, publish a command, or publish events', async () => {
    const { runtime, url } = await table();
    const display = await client(url);
    const refusal = await display
      .subscribeAsync(`${base}/secure/events`, { qos: 1 })
      .catch((e: { packet?: { granted?: number[] } }) => e);
    expect(refusal).toMatchObject({ packet: { granted: [128] } });

    const closed = new Promise<void>((resolve) => display.once('close', () => resolve()));
    display.publish(`${base}/cmd/seat-player`, JSON.stringify({ seat: 1, player: 'Eve' }), { qos: 1 });
    await closed; // aedes drops a client whose publish is refused
    const spoof = await client(url, { username: 'floor', password: 'floor-pw' });
    const spoofClosed = new Promise<void>((resolve) => spoof.once('close', () => resolve()));
    spoof.publish(`${base}/events`, JSON.stringify({ seq: 99, type: 'showdown' }), { qos: 1 });
    await spoofClosed;

    // A command that does reach the table proves the refused ones were not merely slow.
    const floor = await client(url, { username: 'floor', password: 'floor-pw' });
    const results = collect(floor);
    await floor.subscribeAsync(`${base}/cmd/result`, { qos: 1 });
    floor.publish(`${base}/cmd/seat-player`, JSON.stringify({ id: 'ok-1', seat: 2, player: 'Bob' }), { qos: 1 });
    await results.until((m) => m.length === 1, 'command result');
    expect(runtime.inputs.map((i) => i.player)).toEqual(['Bob']);
  });

  it('refuses bad passwords and, with no anonymous roles, anonymous clients', async () => {
    const { url } = await table(mqttConfig({ anonymousRoles: [] }));
    await expect(connectClient(url)).rejects.toThrow(/Not authorized/i);
    await expect(connectClient(url, { username: 'floor', password: 'wrong' })).rejects.toThrow(/username or password/i);
  });

  it('answers commands on cmd/result: ok, unknown, invalid JSON, wrong fields, engine refusal, oversized', async () => {
    const { runtime, url } = await table();
    const floor = await client(url, { username: 'floor', password: 'floor-pw' });
    const results = collect(floor);
    await floor.subscribeAsync(`${base}/cmd/result`, { qos: 1 });
    const send = (name: string, body: string | Buffer) => floor.publish(`${base}/cmd/${name}`, body, { qos: 1 });
    send('seat-player', JSON.stringify({ id: 'a', seat: 3, player: 'Ann' }));
    send('fly', JSON.stringify({ id: 'b' }));
    send('setup', '{"id": "c", seats');
    send('seat-player', JSON.stringify({ id: 'd', seat: 'three', player: 'Ann' }));
    send('levels-pause', JSON.stringify({ id: 'e' }));
    send('setup', Buffer.from(JSON.stringify({ id: 'f', rules: { pad: 'x'.repeat(70 * 1024) } })));
    await results.until((m) => m.length === 6, 'six answers');
    const answers = results.messages.map((m) => parse(m.payload));
    expect(answers[0]).toEqual({ id: 'a', ok: true, command: 'seat-player' });
    expect(answers[1]).toMatchObject({ id: 'b', ok: false, error: expect.stringMatching(/unknown command "fly"/) });
    expect(answers[2]).toMatchObject({ id: null, ok: false, error: 'payload is not valid JSON' });
    expect(answers[3]).toMatchObject({
      id: 'd',
      ok: false,
      error: expect.stringMatching(/seat must be a seat number/),
    });
    expect(answers[4]).toMatchObject({ id: 'e', ok: false, error: 'no-levels' });
    expect(answers[5]).toMatchObject({ id: null, ok: false, error: expect.stringMatching(/too large/) });
    // Only the two well-formed commands reached the table; it is still answering.
    expect(runtime.inputs.map((i) => i.name)).toEqual(['seat-player', 'levels-pause']);
    send('seat-player', JSON.stringify({ id: 'g', seat: 4, player: 'Cy' }));
    await results.until((m) => m.length === 7, 'a seventh answer');
    expect(parse(results.messages[6]!.payload)).toMatchObject({ id: 'g', ok: true });
  });

  it('takes networked panel inputs from the panel role with `at` set on receipt', async () => {
    const { runtime, url } = await table();
    const panel = await client(url, { username: 'panel', password: 'panel-pw' });
    const display = await client(url);
    const seen = collect(display);
    await display.subscribeAsync(`${base}/events`, { qos: 1 });
    await panel.publishAsync(`${base}/input`, JSON.stringify({ type: 'panel', button: 'check', at: 1 }), { qos: 1 });
    await panel.publishAsync(`${base}/input`, JSON.stringify({ type: 'card', card: 'As' }), { qos: 1 });
    await panel.publishAsync(`${base}/input`, 'garbage', { qos: 1 });
    await seen.until((m) => m.length === 1, 'the action event');
    expect(runtime.inputs).toHaveLength(1);
    expect(runtime.inputs[0]).toMatchObject({ type: 'panel', button: 'check' });
    expect(runtime.inputs[0]!.at).not.toBe(1);
  });

  it('cuts a connection that sends a packet over the broker limit; the table keeps answering', async () => {
    const { runtime, url } = await table();
    const floor = await client(url, { username: 'floor', password: 'floor-pw' });
    const closed = new Promise<void>((resolve) => floor.once('close', () => resolve()));
    floor.publish(`${base}/cmd/setup`, Buffer.alloc(3 * 1024 * 1024, 0x20), { qos: 1 });
    await closed;
    const again = await client(url, { username: 'floor', password: 'floor-pw' });
    const results = collect(again);
    await again.subscribeAsync(`${base}/cmd/result`, { qos: 1 });
    again.publish(`${base}/cmd/seat-player`, JSON.stringify({ id: 'after', seat: 1, player: 'Al' }), { qos: 1 });
    await results.until((m) => m.length === 1, 'an answer after the refused packet');
    expect(runtime.inputs.map((i) => i.name)).toEqual(['seat-player']);
  });

  it('keeps state, clock and devices retained and republishes them on change', async () => {
    const { runtime, url } = await table();
    runtime.submit({ type: 'device', device: 'shoe', online: true, detail: 'reader ACR122U' });
    runtime.state.level = {
      level: 2,
      isBreak: false,
      smallBlind: 100,
      bigBlind: 200,
      ante: 25,
      endsAt: 5_000_000,
      remainingMs: 600_000,
      paused: false,
      next: { level: 3, isBreak: false, smallBlind: 150, bigBlind: 300, ante: 50, minutes: 20 },
    };
    runtime.submit({ type: 'device', device: 'board', online: false, detail: 'serial port gone' });
    const late = await client(url); // subscribes after the fact: retained values only
    const seen = collect(late);
    await late.subscribeAsync([`${base}/state`, `${base}/clock`, `${base}/devices/+`, `${base}/status`], { qos: 1 });
    await seen.until((m) => m.length >= 5, 'retained state, clock, two devices, status');
    const byTopic = new Map(seen.messages.map((m) => [m.topic, m]));
    expect(byTopic.get(`${base}/status`)?.payload).toBe('online');
    expect(parse(byTopic.get(`${base}/devices/shoe`)!.payload)).toMatchObject({
      online: true,
      detail: 'reader ACR122U',
    });
    expect(parse(byTopic.get(`${base}/devices/board`)!.payload)).toMatchObject({ online: false });
    expect(parse(byTopic.get(`${base}/clock`)!.payload)).toMatchObject({
      level: 2,
      endsAt: 5_000_000,
      next: { level: 3 },
    });
    expect(parse(byTopic.get(`${base}/state`)!.payload)).toMatchObject({ seq: 2, level: { level: 2 } });
    expect([...byTopic.values()].every((m) => m.retain)).toBe(true);
  });

  it('serves browsers over WebSocket', async () => {
    const { broker, runtime } = await table();
    const ws = await client(`ws://127.0.0.1:${broker.wsPort}`);
    const seen = collect(ws);
    await ws.subscribeAsync(`${base}/events`, { qos: 1 });
    runtime.submit({ type: 'card', card: '7c' });
    await seen.until((m) => m.length === 1, 'an event over WebSocket');
    expect(parse(seen.messages[0]!.payload)).toMatchObject({ seq: 1, type: 'card.dealt', card: null });
  });

  it('last will: a dropped controller connection shows offline, then online and every retained topic again', async () => {
    const { bridge, runtime, url } = await table();
    runtime.submit({ type: 'device', device: 'shoe', online: true, detail: 'ok' });
    const display = await client(url);
    const seen = collect(display);
    await display.subscribeAsync([`${base}/status`, `${base}/devices/+`], { qos: 1 });
    await seen.until((m) => m.length === 2, 'retained status and device');
    bridge.dropConnection();
    await seen.until((m) => m.some((x) => x.payload === 'offline'), 'the last will');
    await seen.until(
      (m) => m.slice(m.findIndex((x) => x.payload === 'offline')).some((x) => x.payload === 'online'),
      'online again',
    );
    await seen.until((m) => m.filter((x) => x.topic.endsWith('/devices/shoe')).length === 2, 'device republished');
  });

  it('broker restart: events submitted while it is down arrive after it returns, in seq order, none lost', async () => {
    const config = mqttConfig();
    const initial = await startEmbeddedBroker({ embedded: config.embedded, base, logger });
    let current: EmbeddedBroker | null = initial;
    const port = initial.port;
    cleanups.push(() => current?.close());
    const runtime = fakeRuntime();
    // The bridge reaches whichever broker is current; none while the test sets up the subscriber on a new one. (A
    // broker in the table's own process does not restart without it: this is the in-process stream a tool uses.)
    const bridge = startMqttBridge({
      runtime,
      logger,
      reconnectPeriodMs: 50,
      config: { table: { id: 't1' }, mqtt: config },
      connection: { kind: 'stream', open: () => (current ?? initial).connect() },
    });
    cleanups.push(() => bridge.close());
    await bridge.whenConnected();
    const first = await client(`mqtt://127.0.0.1:${port}`);
    const before = collect(first);
    await first.subscribeAsync(`${base}/events`, { qos: 1 });
    for (let i = 0; i < 5; i++) runtime.submit({ type: 'card', card: 'As' });
    await before.until((m) => m.length === 5, 'five events before the restart');

    current = null;
    await initial.close();
    await waitFor(() => !bridge.connected(), 'the bridge to notice');
    for (let i = 0; i < 20; i++) runtime.submit({ type: 'card', card: 'Kd' });

    const restarted = await startEmbeddedBroker({ embedded: { ...config.embedded, port }, base, logger });
    const second = await client(`mqtt://127.0.0.1:${port}`);
    const after = collect(second);
    await second.subscribeAsync(`${base}/events`, { qos: 1 });
    current = restarted;
    await after.until((m) => m.length >= 20 && (parse(m.at(-1)!.payload).seq as number) === 25, 'the backlog');
    const seqs = after.messages.map((m) => parse(m.payload).seq as number);
    const distinct = [...new Set(seqs)];
    expect(distinct).toEqual(Array.from({ length: distinct.length }, (_, i) => distinct[0]! + i)); // in order
    expect(distinct.at(-1)).toBe(25);
    expect(distinct[0]).toBeLessThanOrEqual(6); // nothing after the last confirmed one was skipped
    expect(bridge.confirmed().events).toBe(25);
  });

  it('publishes offline on close (a clean shutdown sends no last will) and confirms what was delivered', async () => {
    const { bridge, runtime, url } = await table();
    const prod = await client(url, { username: 'prod', password: 'prod-pw' });
    const secure = collect(prod);
    await prod.subscribeAsync(`${base}/secure/events`, { qos: 1 });
    for (const card of ['2c', '3c', '4c']) runtime.submit({ type: 'card', card });
    await secure.until((m) => m.length === 3, 'three secure events');
    await bridge.close();
    expect(runtime.outbox.cursor('mqtt')).toBe(3);
    expect(runtime.outbox.cursor('mqtt-secure')).toBe(3);
    const late = await client(url);
    const seen = collect(late);
    await late.subscribeAsync(`${base}/status`, { qos: 1 });
    await seen.until((m) => m.length === 1, 'retained status');
    expect(seen.messages[0]).toMatchObject({ payload: 'offline', retain: true });
  });
});
