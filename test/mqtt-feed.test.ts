// The retained floor feed (`<base>/feed`): a board that connects late, or reloads, reads the recent floor events and
// the hand header from it. Real stack: embedded broker, bridge, runtime, SQLite journal.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { loadProfiles } from '../src/config/profiles.ts';
import type { MqttConfig } from '../src/config/types.ts';
import type { TableEvent } from '../src/domain/types.ts';
import { startEmbeddedBroker } from '../src/mqtt/broker.ts';
import { startMqttBridge } from '../src/mqtt/bridge.ts';
import { FEED_SIZE, FloorFeed } from '../src/mqtt/feed.ts';
import { fakeClock } from '../src/runtime/clock.ts';
import { createRuntime } from '../src/runtime/runtime.ts';
import { openStore } from '../src/store/store.ts';
import { collect, connectClient } from './helpers/mosquitto.ts';

const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });
const base = 'pokertable/t1';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const mqtt: MqttConfig = {
  baseTopic: 'pokertable',
  embedded: { host: '127.0.0.1', port: 0, wsPort: null, anonymousRoles: ['display'], users: [] },
  external: null,
  secureDelayMs: 0,
};

describe('FloorFeed', () => {
  const ev = (seq: number, body: Record<string, unknown>) => ({ seq, at: seq * 1000, ...body }) as TableEvent;

  it('keeps the newest floor events first, the hand header apart, and never a secret card', () => {
    const feed = new FloorFeed();
    expect(feed.add([ev(1, { type: 'card.dealt', to: 'seat', seat: 1, card: 'As', street: 'preflop' })])).toBe(false);
    expect(feed.add([ev(2, { type: 'hand.started', hand: 3, button: 4 })])).toBe(true);
    feed.add([ev(3, { type: 'irregularity', hand: 3, kind: 'exposed-card', remedy: 'replace it', card: 'Kd' })]);
    feed.add([ev(4, { type: 'clock.called', hand: 3, seat: 2, by: 'floor', deadline: 9, countdownAt: 8 })]);
    const p = feed.payload();
    expect(p.seq).toBe(4);
    expect(p.hand).toMatchObject({ type: 'hand.started', hand: 3, button: 4 });
    expect(p.items.map((e) => e.type)).toEqual(['clock.called', 'irregularity']);
    expect(p.items[1]).toMatchObject({ card: null });
    // R-CARD-PLACE: a misplaced card is for the floor, without the card
    const seen = { expected: { to: 'seat', seat: 1 }, seen: { place: 'seat', seat: 2 } };
    feed.add([ev(5, { type: 'card.misplaced', hand: 3, card: 'As', ...seen })]);
    expect(feed.payload().items[0]).toEqual({ ...ev(5, { type: 'card.misplaced', hand: 3, ...seen }), card: null });
    for (let i = 0; i < FEED_SIZE + 3; i++) feed.add([ev(10 + i, { type: 'penalty.started', seat: 1, hands: i })]);
    expect(feed.payload().items).toHaveLength(FEED_SIZE);
    expect(feed.payload().items[0]).toMatchObject({ seq: 10 + FEED_SIZE + 2 });
  });
});

describe('retained feed topic (embedded broker, real runtime)', () => {
  it('a display that connects after the floor acted reads the penalty and the pause from <base>/feed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pt-feed-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const clock = fakeClock(1_780_000_000_000);
    const runtime = createRuntime({ table: { profiles: loadProfiles() }, store: openStore({ dir }), clock, logger });
    cleanups.push(() => runtime.close());
    const broker = await startEmbeddedBroker({ embedded: mqtt.embedded, base, logger });
    cleanups.push(() => broker.close());
    const bridge = startMqttBridge({ runtime, logger, broker, config: { table: { id: 't1' }, mqtt } });
    cleanups.push(() => bridge.close());
    await bridge.whenConnected();

    const cmd = (name: string, body: Record<string, unknown> = {}) =>
      runtime.submit({ type: 'command', name, ...body });
    cmd('setup', { seats: 6, profile: 'tda' });
    cmd('seat-player', { seat: 4, player: 'Ann' });
    cmd('penalty', { seat: 4, hands: 2 });
    cmd('levels-start', { levels: [{ smallBlind: 100, bigBlind: 200, minutes: 20 }] });
    cmd('levels-pause');

    const late = await connectClient(`mqtt://127.0.0.1:${broker.port}`);
    cleanups.push(() => void late.end(true));
    const seen = collect(late);
    await late.subscribeAsync(`${base}/feed`, { qos: 1 });
    await seen.until(
      (m) => m.some((x) => (JSON.parse(x.payload) as { items: unknown[] }).items.length >= 3),
      'the retained feed with the penalty, the level and the pause',
    );
    const feed = JSON.parse(seen.messages.at(-1)!.payload) as { seq: number; items: TableEvent[] };
    expect(seen.messages.at(-1)!.retain).toBe(true);
    expect(feed.items.map((e) => e.type)).toEqual(['levels.paused', 'level.changed', 'penalty.started']);
    expect(feed.items[2]).toMatchObject({ seat: 4, hands: 2 });
    expect(feed.seq).toBe(feed.items[0]!.seq);
  });
});
