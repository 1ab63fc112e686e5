// The room service (src/room/service) on a real mosquitto, with fake tables that answer over MQTT as a table does:
// registration draws a seat and sends `seat-player` to that table's topic; a table's `hand.ended` that leaves the
// tables unbalanced gets a `move-player` and then a `seat-player` at the destination; the level clock runs on the
// injected clock and a table coming online gets the level in force.
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeClock, type FakeClock } from '../../src/runtime/clock.ts';
import { loadRoomConfig } from '../../src/room/config/load.ts';
import { loadRoomProfiles } from '../../src/room/config/profiles.ts';
import { startRoomService, type RoomService } from '../../src/room/service/service.ts';
import { collect, connectClient, mosquittoMissing, startMosquitto, type Mosquitto } from '../helpers/mosquitto.ts';
import { MqttTable, waitFor, writeRoomConfig } from '../helpers/room-mqtt.ts';

const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });
const missing = mosquittoMissing();
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const json = (s: string) => JSON.parse(s) as Record<string, unknown>;

describe.skipIf(missing !== null)(`room service on mosquitto (${missing ?? 'real broker'})`, () => {
  /** A room r1 (tables A and B, seed 11) with its fake tables, and an observer of everything it publishes. */
  async function setup(options: { online?: string[]; clock?: FakeClock; log?: pino.Logger } = {}) {
    // A broker each: retained messages and the room's persistent session must not leak from one test to the next.
    const broker: Mosquitto = await startMosquitto();
    cleanups.push(() => broker.dispose());
    const tables = { A: await MqttTable.start(broker.url, 'A', 6), B: await MqttTable.start(broker.url, 'B', 6) };
    for (const t of Object.values(tables)) cleanups.push(() => t.close());
    const observer = await connectClient(broker.url, { clientId: 'observer' });
    cleanups.push(() => void observer.end(true));
    const seen = collect(observer);
    await observer.subscribeAsync(['room/r1/#', 'pokertable/+/cmd/+'], { qos: 1 });
    const { file } = writeRoomConfig(broker.url);
    const clock = options.clock ?? fakeClock(1_000_000);
    const service: RoomService = startRoomService({
      config: loadRoomConfig(file),
      profiles: loadRoomProfiles(),
      logger: options.log ?? logger,
      clock,
      seed: 11,
    });
    cleanups.push(() => service.close());
    await service.whenConnected();
    for (const id of options.online ?? ['A', 'B']) tables[id as 'A' | 'B'].online();
    let n = 0;
    const command = async (name: string, body: Record<string, unknown> = {}) => {
      const id = `t${++n}`;
      observer.publish(`room/r1/cmd/${name}`, JSON.stringify({ ...body, id }), { qos: 1 });
      await seen.until(
        (m) => m.some((x) => x.topic === 'room/r1/cmd/result' && json(x.payload).id === id),
        `the answer to ${name}`,
      );
      return json(seen.messages.find((x) => x.topic === 'room/r1/cmd/result' && json(x.payload).id === id)!.payload);
    };
    const on = (topic: string) => seen.messages.filter((m) => m.topic === topic).map((m) => json(m.payload));
    return { tables, seen, service, clock, command, on, file, observer };
  }

  it('register: the drawn table gets seat-player on its own topic; the move and the state follow', async () => {
    const { tables, seen, command, on } = await setup();
    expect(await command('register', { player: 'Anna' })).toEqual({ id: 't1', ok: true });
    await seen.until((m) => m.some((x) => x.topic === 'room/r1/moves'), 'the first move');
    const [move] = on('room/r1/moves');
    const first = move!.to as { table: 'A' | 'B'; seat: number };
    expect(move).toMatchObject({ player: 'Anna', from: null, reason: 'draw' });
    const other = first.table === 'A' ? 'B' : 'A';
    // The move and the command reach different subscribers: wait for the table's own copy.
    await waitFor(() => tables[first.table].commands.length > 0, `seat-player at ${first.table}`);
    expect(tables[first.table].named('seat-player')).toEqual([
      {
        name: 'seat-player',
        seat: first.seat,
        player: 'Anna',
        chips: 1000,
        id: expect.stringMatching(/^room-r1-\d+$/),
      },
    ]);
    expect(tables[first.table].fake.players[first.seat - 1]).toBe('Anna');

    // The next player goes to the table with the fewest players: the other one.
    expect(await command('register', { player: 'Ben' })).toEqual({ id: 't2', ok: true });
    await waitFor(() => tables[other].named('seat-player').length === 1, `seat-player at ${other}`);
    expect(tables[other].named('seat-player')[0]).toMatchObject({ player: 'Ben', chips: 1000 });
    expect(tables[first.table].named('seat-player')).toHaveLength(1);

    expect(await command('register', { player: 'Anna' })).toMatchObject({ ok: false, code: 'already-registered' });
    expect(await command('register', {})).toMatchObject({ ok: false, code: 'invalid' });
    await seen.until(
      (m) => m.some((x) => x.topic === 'room/r1/state' && x.payload.includes('"Ben"')),
      'a state with both players',
    );
    const status = seen.messages.find((m) => m.topic === 'room/r1/status');
    expect(status?.payload).toBe('online');
  });

  it("a table's hand.ended that leaves a gap of 3: move-player at the fullest, seat-player at the shortest", async () => {
    const clock = fakeClock(1_000_000);
    const { tables, seen, command, on } = await setup({ clock });
    for (const p of ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9', 'p10'])
      expect(await command('register', { player: p })).toMatchObject({ ok: true });
    await waitFor(() => tables.A.count() === 5 && tables.B.count() === 5, 'five players at each table');
    expect(on('room/r1/moves').filter((m) => m.reason === 'balance')).toEqual([]);
    const seats = tables.A.fake.players.flatMap((p, i) => (p === null ? [] : [i + 1]));
    tables.A.hand(seats.slice(0, 3).map((seat) => ({ seat, stackAtStart: 1000 })));
    await seen.until(
      (m) => m.some((x) => x.topic === 'room/r1/moves' && json(x.payload).reason === 'balance'),
      'a balance move',
    );
    const balance = on('room/r1/moves').filter((m) => m.reason === 'balance');
    expect(balance).toHaveLength(1);
    expect(balance[0]).toMatchObject({ from: { table: 'B' }, to: { table: 'A' } });
    expect(tables.B.named('move-player')).toHaveLength(1);
    const to = balance[0]!.to as { seat: number };
    await waitFor(() => tables.A.count() === 3, 'the moved player seated at A');
    expect(tables.A.fake.players[to.seat - 1]).toBe(balance[0]!.player);
    expect(tables.B.count()).toBe(4);
    expect(tables.A.fake.conflicts + tables.B.fake.conflicts).toBe(0);

    // The three players out get their places 1 ms after the hand's end, from the room's timer.
    expect(on('room/r1/places')).toEqual([]);
    clock.advance(1);
    await waitFor(() => on('room/r1/places').length === 3, 'three places');
    expect(on('room/r1/places').map((p) => p.place)).toEqual([8, 8, 8]); // 10 entries, 3 out at once: they share 8th;
    expect(on('room/r1/places')[0]).toMatchObject({ at: 1_000_001 });
  });

  it("a table's refusal of one of the room's commands (its cmd/result) is logged; other answers are not", async () => {
    const lines: Record<string, unknown>[] = [];
    const log = pino({ level: 'warn' }, { write: (l: string) => void lines.push(json(l)) });
    const { observer } = await setup({ log });
    const refused = (m: Record<string, unknown>) => m.msg === 'table refused';
    observer.publish('pokertable/A/cmd/result', '{"id":"floor-1","ok":false,"error":"seat-taken"}', { qos: 1 });
    observer.publish('pokertable/A/cmd/result', '{"id":"room-r1-7","ok":true}', { qos: 1 });
    observer.publish('pokertable/A/cmd/result', '{"id":"room-r1-8","ok":false,"error":"seat-taken"}', { qos: 1 });
    await waitFor(() => lines.some(refused), 'the refusal logged');
    expect(lines.filter(refused)).toMatchObject([{ table: 'A', answer: { id: 'room-r1-8', error: 'seat-taken' } }]);
  });

  it('a restart republishes, in order, the outputs the broker had not acknowledged, and only those', async () => {
    const { tables, service, command, on, file } = await setup();
    for (const player of ['p1', 'p2', 'p3']) expect(await command('register', { player })).toMatchObject({ ok: true });
    await waitFor(() => on('room/r1/moves').length === 3, 'three draws');
    await service.close();
    const seqs = on('room/r1/moves').map((m) => m.seq as number);
    // As if killed after p3's registration was journaled, before the broker acknowledged what it caused.
    const db = new Database(join(dirname(file), 'journal', 'room.db'));
    const sent = [...tables.A.commands, ...tables.B.commands].map((c) => Number(String(c.id).split('-').pop()));
    const before = Math.max(...sent) - 1; // p3's seat-player and its move are not acknowledged
    db.prepare("UPDATE sinks SET cursor = ? WHERE name = 'broker'").run(before);
    db.close();
    const restarted = startRoomService({
      config: loadRoomConfig(file),
      profiles: loadRoomProfiles(),
      logger,
      clock: fakeClock(2_000_000),
    });
    await restarted.whenConnected();
    await waitFor(
      () => on('room/r1/moves').length === 4 && tables.A.commands.length + tables.B.commands.length === 4,
      'the last draw again',
    );
    const moves = on('room/r1/moves');
    expect(moves[3]).toEqual(moves[2]);
    const seated = [...tables.A.commands, ...tables.B.commands].filter((c) => c.command.name === 'seat-player');
    expect(seated).toHaveLength(4);
    expect(new Set(seated.map((c) => c.id)).size).toBe(3); // the same command, with the same id, sent again
    expect(restarted.journal.published()).toBeGreaterThanOrEqual(Math.max(...seqs));
    await restarted.close();
  });

  it('the level clock: level-set to online tables, to a table that comes online, and at the level end', async () => {
    const clock = fakeClock(1_000_000);
    const { tables, seen, command, on } = await setup({ online: ['A'], clock });
    const levels = [
      { smallBlind: 100, bigBlind: 200, minutes: 20 },
      { smallBlind: 200, bigBlind: 400, ante: 50, minutes: 20 },
    ];
    expect(await command('levels-start', { levels })).toEqual({ id: 't1', ok: true });
    await waitFor(() => tables.A.named('level-set').length === 1, 'level-set at A');
    expect(tables.A.named('level-set')[0]).toMatchObject({ level: 1, smallBlind: 100, bigBlind: 200, paused: false });
    expect(tables.B.named('level-set')).toEqual([]);
    const clockMsg = seen.messages.find((m) => m.topic === 'room/r1/clock');
    expect(clockMsg?.retain).toBe(false); // a live message; the broker keeps it retained for later subscribers
    expect(json(clockMsg!.payload)).toMatchObject({ level: 1, bigBlind: 200, endsAt: 1_000_000 + 20 * 60_000 });

    tables.B.online();
    await waitFor(() => tables.B.named('level-set').length === 1, 'level-set at B when it comes online');
    expect(tables.B.named('level-set')[0]).toMatchObject({ level: 1, bigBlind: 200 });
    expect(tables.A.named('level-set')).toHaveLength(1);

    clock.advanceTo(1_000_000 + 20 * 60_000);
    await waitFor(
      () => tables.A.named('level-set').length === 2 && tables.B.named('level-set').length === 2,
      'level 2 at both tables',
    );
    expect(tables.B.named('level-set')[1]).toMatchObject({ level: 2, bigBlind: 400, ante: 50 });
    expect(on('room/r1/clock').at(-1)).toMatchObject({ level: 2 });
  });
});
