// Issue 14, items 2 and 5, on the embedded broker: a table with `room` in its config takes `move-player` and
// `level-set` from the room role only (the broker refuses the floor's), a table in no room refuses them, and a table
// cut off from the room plays on with the last level it got, then catches up when the room is back (R-ROOM-CLOCK).
import type { MqttClient } from 'mqtt';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { TableEvent } from '../../src/domain/types.ts';
import { collect } from '../helpers/mosquitto.ts';
import { cleanupsAfterEach, embeddedMqtt } from '../helpers/mqtt-table.ts';
import { startRoomTable, type RoomTable } from '../helpers/room-table.ts';

const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });
const cleanups = cleanupsAfterEach();
const users = [
  { username: 'floor', password: 'floor-secret', roles: ['floor' as const] },
  { username: 'room', password: 'room-secret', roles: ['room' as const] },
];
const MIN = 60_000;

function levelSet(level: number, bigBlind: number, extra: Record<string, unknown> = {}) {
  return {
    level,
    isBreak: false,
    smallBlind: bigBlind / 2,
    bigBlind,
    ante: 0,
    endsAt: 2_000_000_000_000,
    remainingMs: 20 * MIN,
    paused: false,
    next: null,
    ...extra,
  };
}

async function table(room: string | null): Promise<RoomTable> {
  const t = await startRoomTable(cleanups, { id: 't1', mqtt: embeddedMqtt(users), room, logger });
  t.submit({ type: 'command', name: 'setup', seats: 6, profile: 'tda' });
  for (const seat of [1, 2, 3]) {
    t.submit({ type: 'command', name: 'seat-player', seat, player: `P${seat}` });
    t.submit({ type: 'seat', seat, occupied: true });
  }
  t.clock.advanceTo(t.clock.now() + 1000);
  return t;
}

async function as(t: RoomTable, username: 'floor' | 'room'): Promise<MqttClient> {
  const password = users.find((u) => u.username === username)!.password;
  return cleanups.client(`mqtt://127.0.0.1:${t.broker!.port}`, { username, password, protocolVersion: 4 });
}

async function send(client: MqttClient, t: RoomTable, name: string, body: object): Promise<Record<string, unknown>> {
  const answers = collect(client);
  await client.subscribeAsync(`${t.base}/cmd/result`, { qos: 1 });
  const id = `${name}-${Math.random()}`;
  await client.publishAsync(`${t.base}/cmd/${name}`, JSON.stringify({ ...body, id }), { qos: 1 });
  await answers.until((m) => m.some((x) => x.payload.includes(id)), `the answer to ${name}`);
  return JSON.parse(answers.messages.find((x) => x.payload.includes(id))!.payload) as Record<string, unknown>;
}

const levelSets = (t: RoomTable) => t.of('level.set') as Extract<TableEvent, { type: 'level.set' }>[];

describe('the room role at a table on the embedded broker', () => {
  it("takes level-set and move-player from the room; the broker refuses the floor's, which is never applied", async () => {
    const t = await table('main-event');
    const floor = await as(t, 'floor');
    const closed = new Promise<void>((resolve) => floor.once('close', () => resolve()));
    floor.publish(`${t.base}/cmd/level-set`, JSON.stringify(levelSet(9, 900)), { qos: 1 });
    floor.publish(`${t.base}/cmd/move-player`, JSON.stringify({ seat: 1 }), { qos: 1 });
    await closed; // aedes cuts a client whose publish its ACL refuses
    const room = await as(t, 'room');
    expect(await send(room, t, 'level-set', levelSet(2, 200))).toMatchObject({ ok: true });
    expect(await send(room, t, 'move-player', { seat: 3 })).toMatchObject({ ok: true });
    expect(levelSets(t).map((e) => e.level)).toEqual([2]);
    expect(t.of('player.moved')).toMatchObject([{ seat: 3, player: 'P3' }]);
    expect(t.runtime.snapshot().level).toMatchObject({ level: 2, bigBlind: 200 });
  }, 60_000);

  it('a table in no room refuses both (not-in-a-room), whoever sends them', async () => {
    const t = await table(null);
    const room = await as(t, 'room');
    expect(await send(room, t, 'level-set', levelSet(2, 200))).toMatchObject({ ok: false, code: 'not-in-a-room' });
    expect(await send(room, t, 'move-player', { seat: 1 })).toMatchObject({ ok: false, code: 'not-in-a-room' });
    expect(await send(room, t, 'seat-player', { seat: 4, player: 'Anna' })).toMatchObject({ ok: true });
    expect(levelSets(t)).toEqual([]);
    expect(t.of('player.moved')).toEqual([]);
  }, 60_000);

  it('cut off from the room, the table plays on with the last level it got; the room back, it catches up', async () => {
    const t = await table('main-event');
    t.submit({
      type: 'command',
      name: 'levels-start',
      levels: [
        { smallBlind: 5, bigBlind: 10, minutes: 1 },
        { smallBlind: 10, bigBlind: 20, minutes: 1 },
      ],
    });
    let room = await as(t, 'room');
    expect(await send(room, t, 'level-set', levelSet(3, 300, { remainingMs: MIN }))).toMatchObject({ ok: true });
    await room.endAsync(true); // the room goes away
    // an hour at the table: far past the room's level end and the table's own old levels
    for (let i = 0; i < 6; i++) {
      t.clock.advanceTo(t.clock.now() + 10 * MIN);
      t.playHand();
    }
    const started = t.of('hand.started') as Extract<TableEvent, { type: 'hand.started' }>[];
    expect(started).toHaveLength(6);
    expect(started.every((e) => e.level === 3)).toBe(true);
    expect(t.of('level.changed').map((e) => (e as { level: number }).level)).toEqual([1, 3]); // its own 1, the room's 3
    expect(t.runtime.snapshot().level).toMatchObject({ level: 3, remainingMs: 0 });
    // the room is back: it sends the level in force to a table coming online
    room = await as(t, 'room');
    expect(await send(room, t, 'level-set', levelSet(5, 800))).toMatchObject({ ok: true });
    t.playHand();
    expect(t.of('hand.started').at(-1)).toMatchObject({ level: 5 });
  }, 60_000);
});
