// The room service at scale (docs/scaling.md): the table events the room engine does not read, and table states that
// say nothing new to it, are not journaled; the room's retained state is published at most every `stateEveryMs`,
// and its last change always goes out (at the latest when the service closes).
import { afterEach, describe, expect, it } from 'vitest';
import { MONEY_EVENT_TYPES, ROOM_EVENT_TYPES } from '../../src/room/service/inbound.ts';
import { readFileSync } from 'node:fs';
import { collect, connectClient, mosquittoMissing, startMosquitto } from '../helpers/mosquitto.ts';
import { startRoomOn, waitFor } from '../helpers/room-mqtt.ts';

const missing = mosquittoMissing();
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

type Obj = Record<string, unknown>;

it('the events the service journals are exactly those the room engine reads (table-input.ts)', () => {
  const source = readFileSync(new URL('../../src/room/engine/table-input.ts', import.meta.url), 'utf8');
  const body = source.slice(source.indexOf('export function tableEvent'));
  const cases = [...body.matchAll(/case '([a-z.]+)':/g)].map((m) => m[1]);
  // a room that keeps money reads pot.awarded too (the bounties); one without journals it not
  expect(new Set(cases)).toEqual(MONEY_EVENT_TYPES);
  expect(new Set([...ROOM_EVENT_TYPES, 'pot.awarded'])).toEqual(MONEY_EVENT_TYPES);
  expect(ROOM_EVENT_TYPES.has('pot.awarded')).toBe(false);
});

describe.skipIf(missing !== null)(`room service at scale on mosquitto (${missing ?? 'real broker'})`, () => {
  it('card and action events and repeated states are not journaled; what the engine reads is', async () => {
    const broker = await startMosquitto();
    cleanups.push(() => broker.dispose());
    const service = startRoomOn(broker.url);
    cleanups.push(() => service.close());
    await service.whenConnected();
    const table = await connectClient(broker.url, { clientId: 'table-A' });
    cleanups.push(() => void table.end(true));
    const seatInfo = (player: string | null) => [{ seat: 1, player, stack: 1000 }];
    const state = (seq: number, player: string | null, hand: number | null) =>
      JSON.stringify({ seq, seats: 6, button: 1, bigBlindSeat: 1, hand, seatInfo: seatInfo(player) });
    let seq = 0;
    const event = (e: Obj) => table.publish('pokertable/A/events', JSON.stringify({ seq: ++seq, at: 1, ...e }));
    event({ type: 'player.seated', seat: 1, player: 'Anna', chips: 1000 });
    table.publish('pokertable/A/state', state(seq, 'Anna', null), { retain: true, qos: 1 });
    event({ type: 'hand.started', hand: 1, button: 1, bigBlind: 1 });
    for (let i = 0; i < 30; i++) {
      event({ type: 'card.dealt', seat: 1, card: null });
      event({ type: 'action', seat: 1, action: 'check' });
      // the same players, button and blind, mid-hand: nothing new for the room
      table.publish('pokertable/A/state', state(seq, 'Anna', 1), { qos: 1 });
    }
    event({ type: 'hand.ended', reason: 'showdown' });
    table.publish('pokertable/A/state', state(seq, null, null), { retain: true, qos: 1 });
    await waitFor(
      () => service.journal.inputs().some((i) => JSON.stringify(i).includes('"player":null')),
      'the last state journaled',
    );
    // (the connect's stale marks, one a table, are not the table's messages)
    const journaled = service.journal
      .inputs()
      .filter((i) => (i as Obj).type === 'table' && (i as Obj).stale === undefined) as Obj[];
    const types = journaled.map((i) => ((i.event as Obj | undefined)?.type as string) ?? 'state');
    expect(types).toEqual(['player.seated', 'state', 'hand.started', 'state', 'hand.ended', 'state']);
  });

  it('the room state goes out at most every stateEveryMs, its last change at the latest on close', async () => {
    const broker = await startMosquitto();
    cleanups.push(() => broker.dispose());
    const observer = await connectClient(broker.url, { clientId: 'observer' });
    cleanups.push(() => void observer.end(true));
    const seen = collect(observer);
    await observer.subscribeAsync(['room/r1/state', 'room/r1/cmd/result'], { qos: 1 });
    const service = startRoomOn(broker.url, { stateEveryMs: 600_000 });
    await service.whenConnected();
    const table = await connectClient(broker.url, { clientId: 'table-A' });
    cleanups.push(() => void table.end(true));
    table.publish('pokertable/A/status', 'online', { retain: true, qos: 1 });
    for (let i = 1; i <= 5; i++)
      observer.publish('room/r1/cmd/register', JSON.stringify({ id: `r${i}`, player: `P${i}` }), { qos: 1 });
    await seen.until((m) => m.filter((x) => x.topic === 'room/r1/cmd/result').length === 5, 'five answers');
    const states = () =>
      seen.messages.filter((x) => x.topic === 'room/r1/state').map((x) => JSON.parse(x.payload) as Obj);
    // the one published at connection; five registrations changed it, and none of them was sent yet
    expect(states().map((s) => s.entries)).toEqual([0]);
    await service.close();
    await seen.until((m) => m.filter((x) => x.topic === 'room/r1/state').length === 2, 'the last state');
    expect(states()[1]).toMatchObject({ entries: 5, playersLeft: 5 });
  });
});
