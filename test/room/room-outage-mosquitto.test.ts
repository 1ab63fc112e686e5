// Issue 22, item 3 on a real mosquitto: a broker outage, after which table B is back at once and plays a hand with
// three eliminations while table A's hand of the outage (three eliminations too) reaches the room only later, as a
// table replaying its outbox after a slower reconnect would. Before, the room balanced on its picture of A from before
// the outage and sent A a move-player for a seat whose player was gone (refused: seat-empty). Now the room waits for a
// state of A at least as new as everything it has seen since the reconnect: no room command is refused, and the
// tournament plays to its end with every place and the winner right. The fake tables answer the room's commands on
// cmd/result as a table's bridge does.
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeClock } from '../../src/runtime/clock.ts';
import { connectClient, mosquittoMissing, startMosquitto } from '../helpers/mosquitto.ts';
import { MqttTable, startRoomOn, waitFor } from '../helpers/room-mqtt.ts';

const missing = mosquittoMissing();
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
type Obj = Record<string, unknown>;

describe.skipIf(missing !== null)(`the room through a broker outage (${missing ?? 'real broker'})`, () => {
  it('acts only on a fresh picture after the outage: 0 commands refused, places and winner right', async () => {
    const broker = await startMosquitto();
    cleanups.push(() => broker.dispose());
    const A = await MqttTable.start(broker.url, 'A', 6, { reconnectPeriod: 200 }, { answers: true });
    const B = await MqttTable.start(broker.url, 'B', 6, { reconnectPeriod: 200 }, { answers: true });
    cleanups.push(
      () => A.close(),
      () => B.close(),
    );
    const observer = await connectClient(broker.url, { clientId: 'outage-observer' });
    cleanups.push(() => void observer.end(true));
    const clock = fakeClock(1_000_000);
    const service = startRoomOn(broker.url, {
      clock,
      logger: pino({ level: process.env.LOG_LEVEL ?? 'silent' }),
      mqttOptions: { reconnectPeriod: 100 },
    });
    cleanups.push(() => service.close());
    await service.whenConnected();
    A.online();
    B.online();
    const players = Array.from({ length: 12 }, (_, i) => `p${i + 1}`);
    for (const player of players)
      observer.publish('room/r1/cmd/register', JSON.stringify({ player, id: player }), { qos: 1 });
    await waitFor(() => A.count() === 6 && B.count() === 6, 'six players at each table');
    const journaled = (pred: (i: Obj) => boolean) => service.journal.inputs().filter((i) => pred(i as Obj)).length;
    const ended = (t: string) => journaled((i) => i.table === t && (i.event as Obj | undefined)?.type === 'hand.ended');
    A.hand();
    B.hand();
    await waitFor(() => ended('A') === 1 && ended('B') === 1, 'the first hands ended at the room');

    // the outage: 40 s on the room's clock
    const marks = () => journaled((i) => i.stale !== undefined);
    const marksBefore = marks();
    await broker.stop();
    clock.advance(40_000);
    // A plays a hand meanwhile: the three to the left of its big blind go (the ones the room would move first)
    const bb = A.fake.bigBlind!;
    const gone = [1, 2, 3].map((k) => ((bb - 1 + k) % 6) + 1);
    const goneA = gone.map((seat) => A.fake.players[seat - 1]!);
    const lateA = [...A.fake.startHand(), ...A.fake.endHand(gone.map((seat, k) => ({ seat, stackAtStart: 1000 + k })))];
    await broker.start();
    await waitFor(() => marks() >= marksBefore + 2, 'the room back, its pictures of A and B marked stale');
    await waitFor(() => A.client.connected && B.client.connected, 'the tables back');
    // B is back first: a hand with three eliminations (A 6 in the old picture, B 3: a balance move, on a stale A)
    const bSeats = B.fake.players.flatMap((p, i) => (p === null ? [] : [i + 1]));
    const goneB = bSeats.slice(0, 3).map((seat) => B.fake.players[seat - 1]!);
    B.hand(bSeats.slice(0, 3).map((seat, k) => ({ seat, stackAtStart: 500 + k })));
    await waitFor(() => ended('B') === 2, "B's hand at the room");
    await new Promise((r) => setTimeout(r, 300)); // what the room would send, it has sent
    // A's replay arrives a little later: its events, then its state
    clock.advance(1000);
    A.publish(lateA);
    await waitFor(() => ended('A') === 2, "A's hand at the room");
    await new Promise((r) => setTimeout(r, 300));
    expect([...A.refused, ...B.refused]).toEqual([]);
    expect(A.count() + B.count()).toBe(6);

    // A's fresh picture shows 3 and 3: A breaks into B, and nobody is moved on a stale picture
    await waitFor(() => A.count() === 0 && B.count() === 6, 'A broken into B');
    expect([...A.refused, ...B.refused]).toEqual([]);
    // to the end at B, a hand at a time: two go, then three, then the last but one
    const seatsOf = (t: MqttTable) => t.fake.players.flatMap((p, i) => (p === null ? [] : [i + 1]));
    const busts: string[][] = [goneB, goneA];
    for (const n of [2, 3]) {
      clock.advance(1000);
      const seats = seatsOf(B).slice(0, n);
      busts.push(seats.map((seat) => B.fake.players[seat - 1]!));
      B.hand(seats.map((seat, k) => ({ seat, stackAtStart: 100 * n + k })));
      await waitFor(() => ended('B') === busts.length, `B's hand of ${n} at the room`);
    }
    const places = () => service.room.snapshot().places;
    // places are given on the room's timer, just after the hand's end (R-ROOM-PLACES)
    await waitFor(() => {
      clock.advance(10);
      return places().some((p) => p.place === 1);
    }, 'the winner');
    expect([...A.refused, ...B.refused]).toEqual([]);
    // each hand's players in the order the room heard of its end, the smaller stack at its start lower
    const expected = new Map<string, number>();
    let place = players.length;
    for (const group of busts) for (const player of group) expected.set(player, place--);
    const winner = B.fake.players.find((p) => p !== null)!;
    expected.set(winner, 1);
    expect(new Map(places().map((p) => [p.player, p.place]))).toEqual(expected);
  }, 60_000);
});
