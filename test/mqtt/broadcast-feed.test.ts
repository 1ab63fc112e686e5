// The broadcast feed <base>/secure/broadcast (docs/broadcast.md) on the real stack: the real runtime and engine on a
// SQLite journal, the bridge, the embedded broker (and a mosquitto with the shipped ACL), a production account.
// What it carries (hole cards, never a burn nor a flop that may still lose a card to it; equity after the deal, each
// street and a fold, equal to equityOf), who may read it, and the delay on a fake clock.
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { BroadcastTracker, broadcastForm } from '../../src/domain/broadcast.ts';
import { equityOf } from '../../src/domain/equity/equity.ts';
import type { TableEvent } from '../../src/domain/types.ts';
import type { EquityMessage } from '../../src/mqtt/broadcast.ts';
import type { MqttConnection } from '../../src/mqtt/connection.ts';
import { BROADCAST_BURNS, BROADCAST_HAND } from '../helpers/broadcast-hand.ts';
import { playHand, setUpTable } from '../helpers/broadcast-play.ts';
import { IRREGULARITIES, playIrregularHands } from '../helpers/secrecy-play.ts';
import { collect, mosquittoMissing, startMosquitto, type Received } from '../helpers/mosquitto.ts';
import { BASE as base, cleanupsAfterEach, embeddedMqtt, startRealTable } from '../helpers/mqtt-table.ts';

const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });
const cleanups = cleanupsAfterEach();
const accounts = {
  display: ['display'],
  panel: ['panel'],
  floor: ['floor'],
  surveillance: ['secure'],
  production: ['production'],
} as const;
const mqtt = embeddedMqtt(
  Object.entries(accounts).map(([username, roles]) => ({ username, password: `${username}-pw`, roles: [...roles] })),
);
const topic = `${base}/secure/broadcast`;
const ajv = new Ajv({ allErrors: true, strict: false });
const schema = (name: string) => JSON.parse(readFileSync(`schemas/${name}.schema.json`, 'utf8')) as object;
ajv.addSchema(schema('event'));
const validateBroadcast = ajv.compile(schema('broadcast'));

const hand = BROADCAST_HAND;
const BURNS = BROADCAST_BURNS;

type Message = (TableEvent | EquityMessage) & { seq: number; type: string };
const parse = (m: Received[]) => m.filter((x) => x.topic === topic).map((x) => JSON.parse(x.payload) as Message);

describe('the broadcast feed', () => {
  it('carries each event in broadcast form and, after each change, the equity equityOf gives; production only', async () => {
    const { runtime, clock, url } = await startRealTable(cleanups, { logger, mqtt, broadcast: { delaySeconds: 0 } });
    const others = await Promise.all(
      (['display', 'panel', 'floor'] as const).map((u) => cleanups.client(url, { username: u, password: `${u}-pw` })),
    );
    const snooped = others.map(collect);
    for (const c of others) {
      // refused outright (SUBACK 0x80), and `#` delivers the public topics only
      await expect(c.subscribeAsync(topic, { qos: 1 })).rejects.toMatchObject({ packet: { granted: [128] } });
    }
    for (const c of others) await c.subscribeAsync('#', { qos: 1 });
    // production reads it, but never the live secure/events
    const prodClient = await cleanups.client(url, { username: 'production', password: 'production-pw' });
    await expect(prodClient.subscribeAsync(`${base}/secure/events`, { qos: 1 })).rejects.toMatchObject({
      packet: { granted: [128] },
    });
    const prod = await cleanups.client(url, { username: 'production', password: 'production-pw' });
    const feed = collect(prod);
    await prod.subscribeAsync(topic, { qos: 1 });

    await setUpTable(runtime, clock, hand);
    await playHand(runtime, clock, hand);
    const full = runtime.outbox.read(0, 10_000);
    const last = full[full.length - 1]!.seq;
    await feed.until((m) => parse(m).some((e) => e.seq === last && e.type !== 'equity'), 'the whole hand');

    const got = parse(feed.messages);
    // every message as schemas/broadcast.schema.json says
    const bad = got.filter((m) => !validateBroadcast(m));
    expect(bad.map((m) => [m, validateBroadcast.errors])).toEqual([]);
    const first = got.find((m) => m.type === 'equity') as EquityMessage;
    expect(validateBroadcast({ ...first, seats: [{ ...first.seats[0], win: 1.5 }, first.seats[1]] })).toBe(false);
    const events = got.filter((e) => e.type !== 'equity') as TableEvent[];
    // every event once, in order, in its broadcast form
    expect(events).toEqual(full.map(broadcastForm).filter((e) => e !== null));
    const holes = events
      .filter((e) => e.type === 'card.dealt' && e.to === 'seat')
      .map((e) => e.type === 'card.dealt' && e.card);
    expect(holes).toEqual(hand.deck.slice(0, 6));
    const text = JSON.stringify(got);
    for (const burn of BURNS) expect(text).not.toContain(`"${burn}"`);

    // equity after the deal, the fold, the flop, the turn and the river: each right after its event
    const equities = got.filter((e): e is EquityMessage & Message => e.type === 'equity');
    expect(equities.map((e) => e.street)).toEqual(['preflop', 'preflop', 'flop', 'turn', 'river']);
    for (const eq of equities) {
      const at = got.indexOf(eq);
      expect(got[at - 1]!.seq).toBe(eq.seq);
    }
    const tracker = new BroadcastTracker(() => 'holdem');
    const asks = full.map((e) => tracker.follow(e)).filter((a) => a !== null);
    expect(asks).toHaveLength(5);
    asks.forEach((ask, i) => {
      const r = equityOf(ask.spot);
      expect(equities[i]!.seats.map((s) => [s.seat, s.win, s.tie, s.share, s.outs])).toEqual(
        ask.seats.map((seat, j) => [seat, r.hands[j]!.win, r.hands[j]!.tie, r.hands[j]!.share, r.hands[j]!.outs]),
      );
    });
    // after the fold seat 3's queens are dead cards: two seats left, the board known on the flop
    expect(equities[1]!.seats.map((s) => s.seat)).toEqual([1, 2]);
    expect(equities[2]!.board).toEqual(['2s', '7s', '9d']);
    // on the river the sevens (seat 1) beat ace-king: certain, no outs left to draw
    expect(equities[4]!.seats.find((s) => s.seat === 1)).toMatchObject({ win: 1, share: 1, outs: [] });
    expect(equities[4]!.seats.find((s) => s.seat === 2)).toMatchObject({ win: 0, share: 0, outs: [] });
    // on the turn ace-king, behind the sevens, has outs for the river
    expect(equities[3]!.seats.find((s) => s.seat === 2)!.outs.length).toBeGreaterThan(0);

    // the display, the panel and the floor saw the public stream, never the broadcast
    for (const s of snooped) {
      expect(s.messages.some((m) => m.topic === `${base}/events`)).toBe(true);
      expect(s.messages.filter((m) => m.topic.includes('secure'))).toEqual([]);
    }
  });

  it('Omaha: four hole cards a seat, the equity as equityOf gives it for Omaha', async () => {
    const { runtime, clock, url } = await startRealTable(cleanups, { logger, mqtt, broadcast: { delaySeconds: 0 } });
    const prod = await cleanups.client(url, { username: 'production', password: 'production-pw' });
    const feed = collect(prod);
    await prod.subscribeAsync(topic, { qos: 1 });
    const omaha = {
      game: 'omaha' as const,
      // 12 hole cards one a round (seats 2, 3, 1), then burn, flop, burn, turn, burn, river
      deck: ['As', 'Qh', '7c', 'Ks', 'Qd', '8d', 'Ad', 'Js', '6h', 'Kd', 'Jc', '5c'].concat([
        '2h',
        '2s',
        '7s',
        '9d',
        '3h',
        'Tc',
        '4h',
        'Qc',
      ]),
    };
    await setUpTable(runtime, clock, omaha);
    await playHand(runtime, clock, omaha);
    const last = runtime.outbox.lastSeq();
    await feed.until((m) => parse(m).some((e) => e.seq === last && e.type !== 'equity'), 'the whole hand');
    const equities = parse(feed.messages).filter((e): e is EquityMessage & Message => e.type === 'equity');
    expect(equities.map((e) => e.street)).toEqual(['preflop', 'flop', 'turn', 'river']);
    expect(equities[0]!.seats.map((s) => s.cards)).toEqual([
      ['7c', '8d', '6h', '5c'],
      ['As', 'Ks', 'Ad', 'Kd'],
      ['Qh', 'Qd', 'Js', 'Jc'],
    ]);
    const tracker = new BroadcastTracker(() => 'omaha');
    const asks = runtime.outbox.read(0, 10_000).flatMap((e) => tracker.follow(e) ?? []);
    asks.forEach((ask, i) => {
      expect(ask.spot.game).toBe('omaha');
      const r = equityOf(ask.spot);
      expect(equities[i]!.seats.map((s) => s.share)).toEqual(r.hands.map((h) => h.share));
      expect(equities[i]!.boards).toBe(r.boards);
    });
    // pre-flop: every five of the 40 cards no hand holds
    expect(equities[0]!.boards).toBe(658_008);
  });

  it("never a burn nor a card from the stub: every read that is or becomes a burn, hold'em and Omaha", async () => {
    const { runtime, clock, url } = await startRealTable(cleanups, { logger, mqtt, broadcast: { delaySeconds: 0 } });
    const prod = await cleanups.client(url, { username: 'production', password: 'production-pw' });
    const feed = collect(prod);
    await prod.subscribeAsync(topic, { qos: 1 });
    await playIrregularHands(runtime, clock, IRREGULARITIES, 'holdem');
    await playIrregularHands(runtime, clock, IRREGULARITIES, 'omaha');
    const full = runtime.outbox.read(0, 100_000);
    const last = full[full.length - 1]!.seq;
    await feed.until((m) => parse(m).some((e) => e.seq === last && e.type !== 'equity'), 'both sessions', 30_000);
    // what a broadcast may show of a hand: its seats' cards and the board cards read (a premature one was face up on
    // the table, as on the public stream), nothing else; outs are cards still to come and name nothing read
    const shown = new Map<number, Set<string>>();
    const burns = new Map<number, Set<string>>();
    const add = (m: Map<number, Set<string>>, hand: number, cards: string[]) =>
      cards.forEach((c) => (m.get(hand) ?? m.set(hand, new Set()).get(hand)!).add(c));
    for (const e of full) {
      if (e.type === 'card.dealt' && e.to === 'seat' && e.card && !e.premature) add(shown, e.hand!, [e.card]);
      if (e.type === 'card.dealt' && e.to === 'board' && e.card && !e.provisional) add(shown, e.hand!, [e.card]);
      if (e.type === 'board' && !e.provisional) add(shown, e.hand!, e.cards);
      if (e.type === 'card.dealt' && e.to === 'burn' && e.card) add(burns, e.hand!, [e.card]);
    }
    const got = parse(feed.messages);
    const leaks: string[] = [];
    for (const m of got) {
      const hand = (m as { hand?: number }).hand;
      const text = JSON.stringify(m, (key, value: unknown) => (key === 'outs' ? undefined : value));
      const cards = text.match(/"[AKQJT98765432][shdc]"/g) ?? [];
      for (const c of cards.map((x) => x.slice(1, 3)))
        if (hand === undefined || !shown.get(hand)?.has(c)) leaks.push(`${c} in ${JSON.stringify(m).slice(0, 160)}`);
    }
    expect(leaks).toEqual([]);
    // burns were read, and never shown
    expect([...burns.values()].reduce((n, b) => n + b.size, 0)).toBeGreaterThan(20);
    for (const m of got) {
      if (m.type !== 'equity') continue;
      const eq = m as EquityMessage;
      const size = eq.seats[0]!.cards.length;
      expect([2, 4]).toContain(size);
      for (const s of eq.seats) expect(s.cards).toHaveLength(size);
      expect(eq.seats.reduce((a, s) => a + s.share, 0)).toBeCloseTo(1, 9);
    }
    expect(got.filter((m) => m.type === 'equity').length).toBeGreaterThan(30);
  }, 60_000);

  it('with a delay, nothing of the hand reaches the feed before at + delaySeconds (fake clock)', async () => {
    const { runtime, clock, url } = await startRealTable(cleanups, { logger, mqtt, broadcast: { delaySeconds: 30 } });
    const prod = await cleanups.client(url, { username: 'production', password: 'production-pw' });
    const feed = collect(prod);
    // each message with the table's time when it arrived
    const arrivals: { e: Message; now: number }[] = [];
    prod.on('message', (t, payload) => {
      if (t === topic) arrivals.push({ e: JSON.parse(payload.toString()) as Message, now: clock.now() });
    });
    await prod.subscribeAsync(topic, { qos: 1 });
    await setUpTable(runtime, clock, hand);
    await playHand(runtime, clock, hand);
    const full = runtime.outbox.read(0, 10_000);
    const due = (e: { at: number }) => e.at + 30_000;
    // a few hops of the broker later, still nothing: the whole hand took less than 30 s of table time
    await new Promise((r) => setTimeout(r, 200));
    expect(full[full.length - 1]!.at - full[0]!.at).toBeLessThan(30_000);
    expect(arrivals).toEqual([]);
    // then 2.5 s of table time at a time: what is due arrives, nothing that is not
    for (let step = 0; step < 20; step++) {
      clock.advance(2500);
      const dueNow = full.filter((e) => broadcastForm(e) !== null && due(e) <= clock.now()).length;
      await feed.until((m) => parse(m).filter((e) => e.type !== 'equity').length >= dueNow, `${dueNow} events due`);
    }
    expect(arrivals.length).toBeGreaterThan(full.length);
    for (const { e, now } of arrivals) expect(due(e)).toBeLessThanOrEqual(now);
    expect(arrivals.filter((a) => a.e.type === 'equity')).toHaveLength(5);
  });

  const missing = mosquittoMissing();
  it.skipIf(missing !== null)(
    `mosquitto with the shipped ACL: only production reads it (${missing ?? 'real broker'})`,
    async () => {
      const users = {
        'pokertable-controller': 'c',
        ...Object.fromEntries(Object.keys(accounts).map((u) => [u, `${u}-pw`])),
      };
      const broker = await startMosquitto({
        users,
        files: { 'pokertable.acl': readFileSync('config/mosquitto/pokertable.acl', 'utf8') },
        config: ['allow_anonymous false', 'password_file {dir}/passwd', 'acl_file {dir}/pokertable.acl'],
      });
      cleanups.push(() => broker.dispose());
      const connection: MqttConnection = {
        kind: 'url',
        url: broker.url,
        username: 'pokertable-controller',
        password: 'c',
      };
      const { runtime, clock } = await startRealTable(cleanups, {
        logger,
        mqtt,
        connection,
        broadcast: { delaySeconds: 0 },
      });
      const clients = await Promise.all(
        Object.keys(accounts).map((u) =>
          cleanups.client(broker.url, { username: u, password: `${u}-pw`, protocolVersion: 5 }),
        ),
      );
      const seen = clients.map(collect);
      // mosquitto grants the filters and delivers only what the ACL lets each account read
      for (const c of clients) await c.subscribeAsync(['#', topic], { qos: 1 });
      await setUpTable(runtime, clock, hand);
      await playHand(runtime, clock, hand);
      const last = runtime.outbox.lastSeq();
      const prod = seen[Object.keys(accounts).indexOf('production')]!;
      await prod.until((m) => parse(m).some((e) => e.seq === last && e.type !== 'equity'), 'the hand on the feed');
      // two matching subscriptions (# and the topic): mosquitto may deliver a message once for each
      const equities = new Set(parse(prod.messages).flatMap((e) => (e.type === 'equity' ? [e.seq] : [])));
      expect(equities.size).toBe(5);
      // and never the live secure/events
      expect(prod.messages.filter((m) => m.topic === `${base}/secure/events`)).toEqual([]);
      Object.keys(accounts).forEach((u, i) => {
        if (u === 'production') return;
        expect(seen[i]!.messages.some((m) => m.topic === `${base}/events`)).toBe(true);
        expect(seen[i]!.messages.filter((m) => m.topic === topic)).toEqual([]);
      });
    },
  );
});
