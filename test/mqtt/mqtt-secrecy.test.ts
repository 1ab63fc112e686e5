// Secrecy end to end: the real engine and runtime (SQLite store on a temp dir) play hands with card reads that are
// hole and burn cards; a display subscribed to `#` must never receive a hole or burn card's identity, nor anything
// to deduce one from, on the embedded broker and on a real mosquitto with the shipped ACL. Besides random hands, a
// scripted session plays every read that is or becomes a burn: four-card flops (the burn drawn from the four),
// an extra card, premature flop, turn and river cards, too many cards on the turn, an exposed hole card; and the
// virtual dealer plays H.O.R.S.E. (every game: stud down cards secret, up cards and the common card public).
import { readFileSync } from 'node:fs';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { TableEvent } from '../../src/domain/types.ts';
import { startEmbeddedBroker } from '../../src/mqtt/broker.ts';
import type { MqttConnection } from '../../src/mqtt/connection.ts';
import type { FakeClock } from '../../src/runtime/clock.ts';
import type { TableRuntime } from '../../src/runtime/runtime.ts';
import { collect, mosquittoMissing, startMosquitto, type Received } from '../helpers/mosquitto.ts';
import { BASE as base, cleanupsAfterEach, embeddedMqtt, startRealTable } from '../helpers/mqtt-table.ts';
import { play } from '../helpers/random-play.ts';
import { IRREGULARITIES, playIrregularHands } from '../helpers/secrecy-play.ts';
import { playWithSightings } from '../helpers/sighting-play.ts';
import { playSimulated } from '../helpers/sim-play.ts';
import { MIXED_GAMES } from '../../src/sim/index.ts';

const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });
const cleanups = cleanupsAfterEach();
const mqtt = embeddedMqtt([{ username: 'prod', password: 'p', roles: ['secure'] }]);

const CARD = /^[2-9TJQKA][shdc]$/;
function cardStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string' && CARD.test(value)) out.push(value);
  else if (Array.isArray(value)) for (const v of value) cardStrings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) cardStrings(v, out);
  return out;
}

/** Every card identity a display saw must be a board card of the hand it belongs to (in stud, an up card or the
 * common card: R-STUD-DEAL), and never a card drawn as the
 * burn from a four-card flop (R-FLOP-TOO-MANY scramble: the four less the three that stay, from the full stream).
 * A hand's record on `<base>/history` may also carry the hole cards of the hands shown at its showdown: exposed
 * all-in, the first to show (R-SHOWDOWN-ORDER) and the winners; never a mucked hand's. */
function leaks(received: Received[], full: TableEvent[]): string[] {
  const board = new Map<number, Set<string>>();
  const secret = new Map<number, Set<string>>();
  const shown = shownAtShowdown(full);
  const handAtSeq: number[] = [];
  let hand = 0;
  let flop: string[] = [];
  let four: string[] | null = null;
  for (const e of full) {
    if (e.hand !== undefined) hand = e.hand;
    handAtSeq[e.seq] = hand;
    const into = (m: Map<number, Set<string>>, card: string) =>
      (m.get(hand) ?? m.set(hand, new Set()).get(hand)!).add(card);
    if (e.type === 'card.dealt' && e.card)
      into(e.to === 'board' || e.to === 'common' || e.up === true ? board : secret, e.card);
    if (e.type === 'irregularity' && e.card) into(secret, e.card);
    if (e.type === 'irregularity' && e.kind === 'flop-too-many' && e.card) four = [...flop, e.card];
    if (e.type === 'board' && e.street === 'flop') {
      if (four && e.cards.length === 3)
        for (const burn of four.filter((c) => !e.cards.includes(c))) {
          board.get(hand)?.delete(burn);
          into(secret, burn);
        }
      if (four) four = null;
      else flop = [...e.cards];
    }
    if (e.type === 'hand.ended') four = null;
  }
  const found: string[] = [];
  for (const m of received) {
    let json: unknown;
    try {
      json = JSON.parse(m.payload);
    } catch {
      if (/\b[2-9TJQKA][shdc]\b/.test(m.payload)) found.push(`${m.topic}: ${m.payload}`);
      continue;
    }
    const obj = (json ?? {}) as { hand?: number | null; seq?: number; ohh?: { pokertable: { hand: number } } };
    const record = m.topic === `${base}/history` ? obj.ohh?.pokertable.hand : undefined;
    const h =
      record ?? (typeof obj.hand === 'number' ? obj.hand : typeof obj.seq === 'number' ? (handAtSeq[obj.seq] ?? 0) : 0);
    for (const card of cardStrings(json)) {
      if (!board.get(h)?.has(card) && !(record !== undefined && shown.get(h)?.has(card)))
        found.push(
          `${m.topic} (hand ${h}) carries ${card}${secret.get(h)?.has(card) ? ' (SECRET)' : ''}: ${m.payload.slice(0, 200)}`,
        );
    }
  }
  return found;
}

/** Per hand, the hole cards of the seats its showdown shows (the rule, read from the full stream): the hands exposed
 * all-in, the first to show, the winners of either half (R-HILO), with every card they were dealt by the hand's end
 * (a stud hand exposed all-in still gets its later cards). */
function shownAtShowdown(full: readonly TableEvent[]): Map<number, Set<string>> {
  const out = new Map<number, Set<string>>();
  const dealt = new Map<number, string[]>();
  const seats = new Set<number>();
  for (const e of full) {
    if (e.type === 'hand.started') {
      dealt.clear();
      seats.clear();
    }
    if (e.type === 'card.dealt' && e.to === 'seat' && e.card)
      dealt.set(e.seat!, [...(dealt.get(e.seat!) ?? []), e.card]);
    if (e.type === 'hands.exposed') for (const seat of e.seats) seats.add(seat);
    if (e.type === 'showdown') for (const seat of [e.order[0]!, ...e.winners, ...(e.lowWinners ?? [])]) seats.add(seat);
    if (e.type === 'hand.ended') out.set(e.hand!, new Set([...seats].flatMap((seat) => dealt.get(seat) ?? [])));
  }
  return out;
}

/** The records on `<base>/history`, one per hand in hand order, after the hand's `hand.ended` on `<base>/events`. */
function historyInOrder(received: Received[], full: readonly TableEvent[]): void {
  const hands = full.filter((e) => e.type === 'hand.ended').map((e) => e.hand);
  const records: number[] = [];
  const endedSeen = new Set<number>();
  for (const m of received) {
    if (m.topic === `${base}/events`) {
      const e = JSON.parse(m.payload) as TableEvent;
      if (e.type === 'hand.ended') endedSeen.add(e.hand!);
    }
    if (m.topic !== `${base}/history`) continue;
    const hand = (JSON.parse(m.payload) as { ohh: { pokertable: { hand: number; form: string } } }).ohh.pokertable;
    expect(hand.form).toBe('public');
    expect(endedSeen.has(hand.hand)).toBe(true);
    records.push(hand.hand);
  }
  expect(records).toEqual(hands);
}

type Player = (runtime: TableRuntime, clock: FakeClock) => Promise<void>;
const randomHands: Player = (runtime, clock) => play(runtime, clock, 12, 7);

async function scenario(
  connection: { bridge: MqttConnection; display: [string, object]; secure: [string, object] },
  player: Player = randomHands,
  minSecret = 100,
) {
  const { runtime, clock } = await startRealTable(cleanups, {
    logger,
    mqtt,
    dirPrefix: 'pt-mqtt-secrecy-',
    connection: connection.bridge,
  });
  const display = await cleanups.client(...connection.display);
  const prod = await cleanups.client(...connection.secure);
  const seen = collect(display);
  const secure = collect(prod);
  await display.subscribeAsync('#', { qos: 1 });
  await prod.subscribeAsync(`${base}/secure/events`, { qos: 1 });

  await player(runtime, clock);
  const last = runtime.outbox.lastSeq();
  const isLast = (m: Received[]) =>
    m.some((x) => x.topic.endsWith('/events') && (JSON.parse(x.payload) as TableEvent).seq === last);
  await secure.until(isLast, 'the whole secure stream', 20_000);
  await seen.until(isLast, 'the whole public stream', 20_000);

  const full = runtime.outbox.read(0, 1_000_000);
  // the secret reads: hole (down) cards and burns; a stud up card and the common card are public (R-STUD-DEAL)
  const holeReads = full.filter(
    (e) => e.type === 'card.dealt' && e.to !== 'board' && e.to !== 'common' && e.up !== true,
  ).length;
  expect(holeReads).toBeGreaterThan(minSecret); // hands were really dealt: the secret was there to leak
  expect(secure.messages.map((m) => JSON.parse(m.payload) as TableEvent)).toEqual(full); // cards included
  expect(seen.messages.filter((m) => m.topic.includes('secure'))).toEqual([]);
  expect(seen.messages.filter((m) => m.topic === `${base}/state`).length).toBeGreaterThan(10);
  expect(leaks(seen.messages, full)).toEqual([]);
  historyInOrder(seen.messages, full);
  // And the check itself can fail: the secure stream, read as if by a display, is full of leaks.
  expect(leaks(secure.messages, full).length).toBeGreaterThanOrEqual(holeReads);
  return full;
}

/** `scenario` on the table's embedded broker: the bridge in process, a display and a secure account over TCP. */
async function onEmbeddedBroker(player?: Player, minSecret?: number) {
  const broker = await startEmbeddedBroker({ embedded: mqtt.embedded, base, logger });
  cleanups.push(() => broker.close());
  const url = `mqtt://127.0.0.1:${broker.port}`;
  const connection = {
    bridge: { kind: 'stream', open: () => broker.connect() } as const,
    display: [url, {}] as [string, object],
    secure: [url, { username: 'prod', password: 'p' }] as [string, object],
  };
  return scenario(connection, player, minSecret);
}

describe('secrecy: a display on # never sees a hole or burn card', () => {
  it('embedded broker', async () => {
    await onEmbeddedBroker();
  });

  it('embedded broker: every read that is or becomes a burn (four-card flops, extra, premature, turn too many)', async () => {
    const full = await onEmbeddedBroker(playIrregularHands, 60);
    // the irregularities really happened, and the four-card flops ended with a burn drawn from the four
    const kinds = full.flatMap((e) => (e.type === 'irregularity' ? [e.kind] : []));
    for (const kind of ['extra-card', 'premature-flop', 'premature-turn', 'premature-river', 'exposed-card'])
      expect(kinds).toContain(kind);
    expect(kinds.filter((k) => k === 'flop-too-many')).toHaveLength(3);
    expect(
      full.filter((e) => e.type === 'card.dealt' && e.to === 'burn' && e.street === 'river').length,
    ).toBeGreaterThan(0);
    expect(full.filter((e) => e.type === 'hand.ended' && e.reason !== 'misdeal')).toHaveLength(9);
  });

  it('embedded broker: Omaha hands (four hole cards each), random and with every burn-making read', async () => {
    const full = await onEmbeddedBroker(async (runtime, clock) => {
      await play(runtime, clock, 8, 11, 'omaha');
      await playIrregularHands(runtime, clock, IRREGULARITIES, 'omaha');
    }, 200);
    // Omaha was really played: some hand dealt five players four hole cards each
    const perHand = new Map<number, number>();
    for (const e of full)
      if (e.type === 'card.dealt' && e.to === 'seat') perHand.set(e.hand!, (perHand.get(e.hand!) ?? 0) + 1);
    expect(Math.max(...perHand.values())).toBeGreaterThanOrEqual(20);
    const kinds = full.flatMap((e) => (e.type === 'irregularity' ? [e.kind] : []));
    for (const kind of ['extra-card', 'premature-flop', 'premature-turn', 'premature-river', 'exposed-card'])
      expect(kinds).toContain(kind);
  });

  it('embedded broker: chips tracked (stacks, bets and pots are public, the cards never are)', async () => {
    const full = await onEmbeddedBroker((runtime, clock) => play(runtime, clock, 12, 13, 'holdem', true));
    const types = new Set(full.map((e) => e.type));
    for (const type of ['bet.placed', 'pots', 'pot.awarded']) expect(types).toContain(type);
    expect(full.filter((e) => e.type === 'bet.placed' && e.action === 'raise').length).toBeGreaterThan(0);
  });

  it('embedded broker: cards seen by seat, board and muck antennas (card.misplaced names no card in public)', async () => {
    const full = await onEmbeddedBroker(playWithSightings, 60);
    // R-CARD-PLACE: hole and burn cards were really seen where the deal did not put them, on the secure stream
    const misplaced = full.filter((e) => e.type === 'card.misplaced');
    const where = new Set(misplaced.map((e) => (e.expected === null ? 'null' : e.expected.to)));
    expect([...where].sort()).toEqual(['board', 'burn', 'null', 'seat']);
    expect(misplaced.every((e) => e.card !== null)).toBe(true);
  });

  it('embedded broker: H.O.R.S.E. with chips (stud up cards and the common card public, down cards never)', async () => {
    const full = await onEmbeddedBroker(
      (runtime, clock) => playSimulated(runtime, clock, { seed: 21, hands: 40, mixed: MIXED_GAMES.horse, chips: true }),
      200,
    );
    // every game of the rotation was dealt, and the stud hands did deal down and up cards
    const games = new Set(full.flatMap((e) => (e.type === 'hand.started' ? [e.game] : [])));
    expect([...games].sort()).toEqual(['holdem', 'omaha-hilo', 'razz', 'stud', 'stud-hilo']);
    const stud = full.filter((e) => e.type === 'card.dealt' && e.to === 'seat' && e.street === 'seventh');
    expect(stud.length).toBeGreaterThan(20);
    expect(full.filter((e) => e.type === 'card.dealt' && e.up === true).length).toBeGreaterThan(100);
  });

  const missing = mosquittoMissing();
  it.skipIf(missing !== null)(`mosquitto with the example ACL (${missing ?? 'real broker'})`, async () => {
    const users = { 'pokertable-controller': 'c', display: 'd', surveillance: 'p' };
    const broker = await startMosquitto({
      users,
      files: { 'pokertable.acl': readFileSync('config/mosquitto/pokertable.acl', 'utf8') },
      config: ['allow_anonymous false', 'password_file {dir}/passwd', 'acl_file {dir}/pokertable.acl'],
    });
    cleanups.push(() => broker.dispose());
    await scenario({
      bridge: { kind: 'url', url: broker.url, username: 'pokertable-controller', password: 'c' },
      display: [broker.url, { username: 'display', password: 'd', protocolVersion: 5 }],
      secure: [broker.url, { username: 'surveillance', password: 'p' }],
    });
  });
});
