// Issue 22, item 3: the room reads the tables' answers to its own commands (cmd/result) on a real mosquitto, with
// fake tables that answer as a table's bridge does. A move-player for a seat the table says is empty: the room mends
// its picture and moves the right player instead; a seat-player for a seat someone else took: the player goes to
// another seat. Each refusal is told in words in the room's state (`notices`).
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { connectClient, mosquittoMissing, startMosquitto } from '../helpers/mosquitto.ts';
import { MqttTable, startRoomOn, waitFor } from '../helpers/room-mqtt.ts';

const missing = mosquittoMissing();
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe.skipIf(missing !== null)(`the tables' refusals of the room's commands (${missing ?? 'real broker'})`, () => {
  async function setup() {
    const broker = await startMosquitto();
    cleanups.push(() => broker.dispose());
    const A = await MqttTable.start(broker.url, 'A', 6, {}, { answers: true });
    const B = await MqttTable.start(broker.url, 'B', 6, {}, { answers: true });
    cleanups.push(
      () => A.close(),
      () => B.close(),
    );
    const service = startRoomOn(broker.url, { logger: pino({ level: process.env.LOG_LEVEL ?? 'silent' }) });
    cleanups.push(() => service.close());
    await service.whenConnected();
    A.online();
    B.online();
    const floor = await connectClient(broker.url, { clientId: 'answers-floor' });
    cleanups.push(() => void floor.end(true));
    const command = (name: string, body: object) =>
      floor.publishAsync(`room/r1/cmd/${name}`, JSON.stringify(body), { qos: 1 });
    /** The floor seats players at a table directly: the room hears of them by the table's events. */
    const seatDirectly = (t: MqttTable, seats: number[]) => {
      for (const seat of seats) t.publish(t.fake.receive({ name: 'seat-player', seat, player: `${t.id}${seat}` }));
    };
    const notices = () => service.room.snapshot().notices.map((n) => n.text);
    return { A, B, service, command, seatDirectly, notices };
  }

  it('move-player refused seat-empty: the room mends its picture and moves the right player', async () => {
    // A 6 and B 3 in the room's picture, balancing at 2: a move from A's seat 1, whose player is gone unannounced
    const { A, B, service, command, seatDirectly, notices } = await setup();
    seatDirectly(A, [1, 2, 3, 4, 5, 6]);
    seatDirectly(B, [1, 2, 3]);
    await waitFor(
      () => service.room.snapshot().tables.every((t) => t.players.length === (t.id === 'A' ? 6 : 3)),
      'seen',
    );
    // seat 1 at A empties without a word reaching the room (an event lost): the room still counts A1 there
    A.fake.players[0] = null;
    await command('balance-at', { players: 2 });
    await waitFor(() => A.count() === 4 && B.count() === 4, 'balanced, four and four');
    await new Promise((r) => setTimeout(r, 200)); // and nothing more is sent
    expect(A.refused.map((r) => r.code)).toEqual(['seat-empty']);
    expect(A.named('move-player').map((c) => (c as { seat: number }).seat)).toEqual([1, 2]);
    expect(B.fake.players.filter((p) => p !== null).sort()).toEqual(['A2', 'B1', 'B2', 'B3']);
    expect(notices()).toEqual(['Table A says nobody sits at seat 1: the room moves someone else.']);
  });

  it('seat-player refused seat-taken: the player goes to another seat, and the floor is told', async () => {
    const { A, B, command, notices } = await setup();
    // every seat but one at each table taken by the floor without the room hearing of it
    for (const t of [A, B]) for (let s = 1; s <= 5; s++) t.fake.players[s - 1] = `${t.id}${s}`;
    await command('register', { player: 'Zoe', id: 'z' });
    await waitFor(() => [...A.fake.players, ...B.fake.players].includes('Zoe'), 'Zoe seated somewhere');
    const refusals = [...A.refused, ...B.refused];
    expect(refusals.every((r) => r.code === 'seat-taken')).toBe(true);
    expect(notices()).toHaveLength(Math.min(10, refusals.length));
    expect(refusals.length).toBeGreaterThan(0); // the seeded draw picks a taken seat first
    expect(notices()[0]).toMatch(/^Table [AB] seat \d was taken: Zoe goes to table [AB] seat \d\.$/);
    // where she sits now is one of the two free seats
    const at = A.fake.players.includes('Zoe') ? A : B;
    expect(at.fake.players.indexOf('Zoe')).toBe(5);
  });
});
