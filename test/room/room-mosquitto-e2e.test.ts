// Issue 14 end to end on one real mosquitto with the shipped example ACL (config/mosquitto/pokertable.acl): two real
// tables (runtime, engine, SQLite journal, bridge; a virtual dealer and floor driving them) with `room: main-event`,
// and the real room service (src/room/service) under the room's account. The floor's level-set never reaches a table
// (items 2 and 5); the room's clock reaches both tables, registrations seat players at both, and a balance move
// really moves a player: player.moved at the source with the stack, seat-player at the destination with it, the move
// on room/<id>/moves (item 3); a table cut off from the room plays on with the last level it got and catches up when
// it is back online (R-ROOM-CLOCK).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableEvent } from '../../src/domain/types.ts';
import { startMqttBridge } from '../../src/mqtt/bridge.ts';
import { loadRoomConfig } from '../../src/room/config/load.ts';
import { loadRoomProfiles } from '../../src/room/config/profiles.ts';
import { startRoomService } from '../../src/room/service/service.ts';
import { collect, mosquittoMissing, startMosquitto, type Mosquitto } from '../helpers/mosquitto.ts';
import { externalMqtt } from '../helpers/mqtt-config.ts';
import { cleanupsAfterEach } from '../helpers/mqtt-table.ts';
import { startRoomTable, type RoomTable } from '../helpers/room-table.ts';
import { exampleSecurityLines } from '../helpers/mosquitto-example.ts';

const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });
const missing = mosquittoMissing();
const users = {
  'pokertable-controller': 'ctl-pw',
  floor: 'floor-pw',
  'room-main-event': 'room-password',
};
type User = keyof typeof users;
const cleanups = cleanupsAfterEach();
const TRACKED = { chips: { mode: 'tracked' } };
const LEVELS = [
  { smallBlind: 10, bigBlind: 20, minutes: 20 },
  { smallBlind: 20, bigBlind: 40, minutes: 20 },
];

/** Polls a condition on what the tables got (they are not MQTT clients of the test). */
async function waitFor(pred: () => boolean, what: string, ms = 60_000): Promise<void> {
  for (let waited = 0; !pred(); waited += 20) {
    if (waited > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(missing !== null)(`tables and the room on mosquitto (${missing ?? 'real broker'})`, () => {
  let broker: Mosquitto;
  beforeAll(async () => {
    const security = exampleSecurityLines();
    expect(security).toHaveLength(4);
    // Two tables share the controllers' account here, so client ids stay the controllers' own (no
    // use_username_as_clientid).
    broker = await startMosquitto({
      users,
      files: { 'pokertable.acl': readFileSync('config/mosquitto/pokertable.acl', 'utf8') },
      config: security,
    });
  }, 60_000);
  afterAll(async () => {
    await broker?.dispose();
  });

  const as = (user: User): Promise<MqttClient> =>
    cleanups.client(broker.url, { username: user, password: users[user], protocolVersion: 4 });

  async function table(id: string): Promise<RoomTable> {
    const mqtt = externalMqtt(broker.url, 'pokertable-controller', users['pokertable-controller']);
    const t = await startRoomTable(cleanups, { id, mqtt, room: 'main-event', logger });
    t.submit({ type: 'command', name: 'setup', seats: 6, profile: 'tda', rules: TRACKED });
    // the virtual floor: a player the room seats sits down at once
    t.runtime.onEvents((batch) => {
      for (const e of batch)
        if (e.type === 'player.seated') queueMicrotask(() => t.submit({ type: 'seat', seat: e.seat, occupied: true }));
    });
    return t;
  }

  it("a floor account's level-set is refused by the broker and never applied; the room account's is", async () => {
    const t = await table('t1');
    const floor = await as('floor');
    const answers = collect(floor);
    await floor.subscribeAsync(`${t.base}/cmd/result`, { qos: 1 });
    const body = (level: number, id: string) =>
      JSON.stringify({
        id,
        level,
        isBreak: false,
        smallBlind: level * 50,
        bigBlind: level * 100,
        ante: 0,
        endsAt: null,
        remainingMs: 60_000,
        paused: true,
        next: null,
      });
    // From one client, in order: had the refused ones got through, they would be answered before the allowed one.
    await floor.publishAsync(`${t.base}/cmd/level-set`, body(9, 'floor-level'), { qos: 1 });
    await floor.publishAsync(`${t.base}/cmd/move-player`, '{"id":"floor-move"}', { qos: 1 });
    await floor.publishAsync(`${t.base}/cmd/levels-pause`, '{"id":"floor-pause"}', { qos: 1 });
    await answers.until((m) => m.some((x) => x.payload.includes('floor-pause')), "the floor's allowed command");
    expect(answers.messages.map((m) => (JSON.parse(m.payload) as { id: string }).id)).toEqual(['floor-pause']);
    const room = await as('room-main-event');
    const roomAnswers = collect(room);
    await room.subscribeAsync(`${t.base}/cmd/result`, { qos: 1 });
    await room.publishAsync(`${t.base}/cmd/level-set`, body(2, 'room-level'), { qos: 1 });
    await roomAnswers.until((m) => m.some((x) => x.payload.includes('room-level')), "the room's answer");
    expect(JSON.parse(roomAnswers.messages.find((m) => m.payload.includes('room-level'))!.payload)).toMatchObject({
      ok: true,
    });
    expect(t.of('level.set').map((e) => (e as { level: number }).level)).toEqual([2]);
    expect(t.runtime.snapshot().level).toMatchObject({ level: 2, bigBlind: 200, paused: true });
  }, 120_000);

  it('two real tables and the room service: the clock reaches both, registrations seat at both, a balance move moves a player with the stack', async () => {
    const a = await table('A');
    const b = await table('B');
    const dir = mkdtempSync(join(tmpdir(), 'pokertable-room-e2e-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'room.yaml');
    writeFileSync(
      file,
      [
        'room: { id: main-event, profile: tda, startingStack: 1000 }',
        'tables: [{ id: A, seats: 6 }, { id: B, seats: 6 }]',
        'breakOrder: []',
        `mqtt: { url: "${broker.url}", baseTopic: room, tableBaseTopic: pokertable, username: room-main-event, password: ${users['room-main-event']} }`,
        'storage: { dir: journal }',
        'log: { level: warn }',
        '',
      ].join('\n'),
    );
    const service = startRoomService({ config: loadRoomConfig(file), profiles: loadRoomProfiles(), logger, seed: 7 });
    cleanups.push(() => service.close());
    await service.whenConnected();
    const floor = await as('floor');
    // one client, two collectors: each sees every message, so each filters by topic
    const moves = collect(floor);
    const drawn = (m: { topic: string; payload: string }[]) =>
      m.filter((x) => x.topic === 'room/main-event/moves' && x.payload.includes('"draw"'));
    await floor.subscribeAsync('room/main-event/moves', { qos: 1 });
    const answers = collect(floor);
    await floor.subscribeAsync('room/main-event/cmd/result', { qos: 1 });
    const command = async (name: string, body: object) => {
      const id = `${name}-${answers.messages.length}-${Math.random()}`;
      await floor.publishAsync(`room/main-event/cmd/${name}`, JSON.stringify({ ...body, id }), { qos: 1 });
      const answered = (m: { topic: string; payload: string }[]) =>
        m.some((x) => x.topic.endsWith('/cmd/result') && x.payload.includes(id));
      await answers.until(answered, `the room's answer to ${name}`, 60_000);
      const answer = answers.messages.find((x) => x.topic.endsWith('/cmd/result') && x.payload.includes(id))!;
      return JSON.parse(answer.payload) as { ok: boolean };
    };

    // R-ROOM-CLOCK: the room's clock reaches both tables (online: their retained status)
    expect(await command('levels-start', { levels: LEVELS })).toMatchObject({ ok: true });
    await waitFor(() => a.of('level.set').length > 0 && b.of('level.set').length > 0, 'level-set at both tables');
    for (const t of [a, b]) {
      expect(t.of('level.set')[0]).toMatchObject({ level: 1, smallBlind: 10, bigBlind: 20, paused: false });
      expect(t.runtime.snapshot().level).toMatchObject({ level: 1, bigBlind: 20 });
    }

    // R-ROOM-DRAW: eight registrations, four at each table, each with the starting stack
    for (let i = 1; i <= 8; i++) expect(await command('register', { player: `P${i}` })).toMatchObject({ ok: true });
    const seated = (t: RoomTable) => t.runtime.snapshot().seatInfo.filter((s) => s.player !== null);
    await waitFor(() => seated(a).length + seated(b).length === 8, 'eight players seated');
    expect([seated(a).length, seated(b).length]).toEqual([4, 4]);
    for (const s of [...seated(a), ...seated(b)]) expect(s.stack).toBe(1000);
    await moves.until((m) => drawn(m).length === 8, 'eight draws on room/main-event/moves', 60_000);

    // three players leave table A (the floor removes them): 1 against 4, a gap of 3 (tda balanceAt 3)
    for (const s of seated(a).slice(0, 3)) a.submit({ type: 'command', name: 'remove-player', seat: s.seat });
    a.clock.advanceTo(a.clock.now() + 1000);
    b.clock.advanceTo(b.clock.now() + 1000);
    // a hand at B ends: the room balances, B's next big blind moves to A with the stack
    const hand = b.playHand();
    expect(hand.map((e) => e.type)).toContain('hand.ended');
    await waitFor(() => b.of('player.moved').length === 1, 'player.moved at B');
    const moved = b.of('player.moved')[0] as Extract<TableEvent, { type: 'player.moved' }>;
    expect(moved.chips).toBeGreaterThan(0); // chips tracked: the stack goes along
    await waitFor(
      () => a.of('player.seated').some((e) => (e as { player: string }).player === moved.player),
      'the moved player seated at A',
    );
    const arrived = a.of('player.seated').find((e) => (e as { player: string }).player === moved.player)!;
    expect(arrived).toMatchObject({ player: moved.player, chips: moved.chips });
    const isBalance = (x: { topic: string; payload: string }) =>
      x.topic === 'room/main-event/moves' && x.payload.includes('"balance"');
    await moves.until((m) => m.some(isBalance), 'the balance move on room/<id>/moves', 60_000);
    const move = JSON.parse(moves.messages.find(isBalance)!.payload) as Record<string, unknown>;
    expect(move).toMatchObject({
      player: moved.player,
      from: { table: 'B', seat: moved.seat },
      to: { table: 'A', seat: (arrived as { seat: number }).seat },
      reason: 'balance',
    });
    // the stacks add up: what B lost to the move, A gained
    const total = (t: RoomTable) => seated(t).reduce((sum, s) => sum + (s.stack ?? 0), 0);
    expect(total(a) + total(b)).toBe(5 * 1000);
    expect(seated(a)).toHaveLength(2);
    expect(seated(b)).toHaveLength(3);

    // Cut off (R-ROOM-CLOCK): A's controller leaves the broker (offline); the room pauses its clock meanwhile.
    const watch = await as('floor');
    const statuses = collect(watch);
    await watch.subscribeAsync('pokertable/A/status', { qos: 1 });
    await statuses.until((m) => m.some((x) => x.payload === 'online'), "A's retained status");
    await a.bridge.close();
    await statuses.until((m) => m.some((x) => x.payload === 'offline'), 'A offline');
    expect(await command('levels-pause', {})).toMatchObject({ ok: true });
    const paused = (t: RoomTable) => t.of('level.set').filter((e) => (e as { paused: boolean }).paused);
    await waitFor(() => paused(b).length === 1, 'the pause at B');
    expect(paused(a)).toEqual([]);
    // A plays on with the last level it got: level 1, running, no timer of its own
    a.clock.advanceTo(a.clock.now() + 60 * 60_000);
    const offHand = a.playHand();
    expect(offHand.find((e) => e.type === 'hand.started')).toMatchObject({ level: 1 });
    expect(a.runtime.snapshot().level).toMatchObject({ level: 1, paused: false });
    // A is back: online again, the room sends it the clock alone and it catches up
    const again = startMqttBridge({
      runtime: a.runtime,
      logger,
      now: () => a.clock.now(),
      config: {
        table: { id: 'A' },
        mqtt: externalMqtt(broker.url, 'pokertable-controller', users['pokertable-controller']),
        room: 'main-event',
      },
    });
    cleanups.push(() => again.close());
    await waitFor(() => paused(a).length === 1, 'the paused clock at A, back online');
    expect(a.runtime.snapshot().level).toMatchObject({ level: 1, paused: true });
    expect(paused(b)).toHaveLength(1); // B, online all along, got nothing more
  }, 240_000);
});
