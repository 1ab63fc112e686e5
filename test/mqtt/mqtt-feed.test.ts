// The retained floor feed (`<base>/feed`): a board that connects late, or reloads, reads the recent floor events and
// the hand header from it. Real stack: embedded broker, bridge, runtime, SQLite journal.
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { TableEvent } from '../../src/domain/types.ts';
import { FEED_SIZE, FloorFeed } from '../../src/mqtt/feed.ts';
import { collect } from '../helpers/mosquitto.ts';
import { BASE as base, cleanupsAfterEach, embeddedMqtt, startRealTable } from '../helpers/mqtt-table.ts';

const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });
const cleanups = cleanupsAfterEach();
const mqtt = embeddedMqtt();

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
    const { runtime, url } = await startRealTable(cleanups, { logger, mqtt, dirPrefix: 'pt-feed-' });

    const cmd = (name: string, body: Record<string, unknown> = {}) =>
      runtime.submit({ type: 'command', name, ...body });
    cmd('setup', { seats: 6, profile: 'tda' });
    cmd('seat-player', { seat: 4, player: 'Ann' });
    cmd('penalty', { seat: 4, hands: 2 });
    cmd('levels-start', { levels: [{ smallBlind: 100, bigBlind: 200, minutes: 20 }] });
    cmd('levels-pause');

    const late = await cleanups.client(url);
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
