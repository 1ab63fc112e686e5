// The room service's memory (docs/scaling.md, "Memory"): what it holds must not grow with how far behind it reads.
// A room reading its socket late gets the broker's acknowledgements late too, and MQTT.js keeps every QoS 1 message
// until then: the whole room's snapshot, published every `stateEveryMs`, piled up (about 200 kB each at 500 tables).
// Here the broker's bytes to the room are held back (a proxy) while the room's clock runs through levels: each
// level changes the room's state, and the room may have one state unacknowledged, not one per change.
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeClock } from '../../src/runtime/clock.ts';
import { loadRoomProfiles } from '../../src/room/config/profiles.ts';
import { createRoom } from '../../src/room/engine/engine.ts';
import { roomStateFields, tableInput } from '../../src/room/service/inbound.ts';
import { openRoomJournal } from '../../src/room/service/journal.ts';
import { replayInputs } from '../../src/room/service/replay.ts';
import type { StateTimer } from '../../src/room/service/state-publisher.ts';
import { startHoldProxy } from '../helpers/hold-proxy.ts';
import { collect, connectClient, mosquittoMissing, startMosquitto } from '../helpers/mosquitto.ts';
import { startRoomOn } from '../helpers/room-mqtt.ts';

const missing = mosquittoMissing();
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

type Obj = Record<string, unknown>;
const MINUTE = 60_000;

/** The state's throttle, run by hand: `fire()` runs what is armed (nothing when nothing is). */
function manualTimer(): { timer: StateTimer; armed(): boolean; fire(): void } {
  let armed: (() => void) | null = null;
  return {
    timer: (fire) => {
      armed = fire;
      return () => void (armed = null);
    },
    armed: () => armed !== null,
    fire() {
      const f = armed;
      armed = null;
      f?.();
    },
  };
}

it('a restart replays its journal one input at a time and keeps only the outputs to publish again', () => {
  const journal = openRoomJournal(join(mkdtempSync(join(tmpdir(), 'pokertable-room-replay-')), 'room'));
  const tables = [
    { id: 'A', seats: 6 },
    { id: 'B', seats: 6 },
  ];
  const inputs: Obj[] = [
    { type: 'command', name: 'setup', tables, breakOrder: ['A', 'B'], profile: 'tda', startingStack: 1000, seed: 3 },
    ...Array.from({ length: 30 }, (_, i) => ({ type: 'command', name: 'register', player: `P${i + 1}` })),
  ].map((input, i) => ({ ...input, at: 1_000 + i }));
  journal.appendMany(inputs);
  const reference = createRoom({ profiles: loadRoomProfiles() });
  const all = inputs.flatMap((input) => reference.apply(input));
  expect(all.length).toBe(2 * 12 + 18); // 12 seats: a seat-player and a move each; 18 refused (no seat)
  const published = all[30]!.seq;

  let read = 0;
  let applied = 0;
  let ahead = 0;
  function* reading() {
    for (const input of journal.each()) {
      read += 1;
      ahead = Math.max(ahead, read - applied);
      yield input;
    }
  }
  const room = createRoom({ profiles: loadRoomProfiles() });
  const counting = { apply: (input: unknown) => ((applied += 1), room.apply(input)) };
  const replayed = replayInputs(reading(), counting, published);
  expect(ahead).toBe(1); // never more than the input being applied read and parsed
  expect(replayed).toEqual({ inputs: 31, pending: all.filter((o) => o.seq > published), lastAt: 1_030 });
  journal.close();
});

/** A 9-seat table's retained `state` between hands, every field a table publishes (as a fleet table's). */
function tableState(seq: number): Obj {
  const seatInfo = Array.from({ length: 9 }, (_, i) => ({
    seat: i + 1,
    player: i < 7 ? `P${i + 1}` : null,
    present: i < 7,
    dealtIn: false,
    dead: false,
    folded: false,
    allIn: false,
    waiting: false,
    penaltyHands: 0,
    timeBanks: 2,
    stack: i < 7 ? 1000 + i : null,
    bet: 0,
  }));
  return {
    at: 1_796_097_265_669,
    seq,
    seats: 9,
    profile: 'tda',
    game: 'holdem',
    seatInfo,
    button: 3,
    smallBlindSeat: 4,
    bigBlindSeat: 5,
    smallBlind: 50,
    bigBlind: 100,
    hand: null,
    phase: 'idle',
    street: null,
    boardSize: 0,
    board: [],
    onAction: null,
    clockCall: null,
    clock: { level: 3, smallBlind: 50, bigBlind: 100, ante: 0, endsAt: 1_796_097_400_000, paused: false },
    level: 3,
    pots: [],
    toCall: null,
    minRaiseTo: null,
    maxRaiseTo: null,
    epoch: '20261201T035245Z-e1b69461',
  };
}

it("a table's state is journaled with what the room engine reads of it, and the room does the same with it", () => {
  const source = readFileSync(new URL('../../src/room/engine/table-input.ts', import.meta.url), 'utf8');
  const body = source.slice(source.indexOf('export function tableState'), source.indexOf('export function tableEvent'));
  const read = (v: string) => new Set([...body.matchAll(new RegExp(`\\b${v}\\.(\\w+)`, 'g'))].map((m) => m[1]));
  const kept = roomStateFields(tableState(1));
  expect(new Set(Object.keys(kept))).toEqual(new Set([...read('s'), 'hand'])); // hand: the digest's
  expect(new Set(Object.keys((kept.seatInfo as Obj[])[0]!))).toEqual(read('x'));

  const full = tableState(12);
  const input = tableInput('A', 'state', Buffer.from(JSON.stringify(full)), 5_000) as Obj;
  expect(JSON.stringify(input).length).toBeLessThan(JSON.stringify(full).length / 3);
  // the same room outputs and picture from the whole state and from what is journaled of it
  const setup = {
    type: 'command',
    name: 'setup',
    tables: [
      { id: 'A', seats: 9 },
      { id: 'B', seats: 9 },
    ],
  };
  const rooms = [0, 1].map(() => createRoom({ profiles: loadRoomProfiles() }));
  for (const room of rooms) room.apply({ ...setup, breakOrder: ['B', 'A'], profile: 'tda', seed: 3, at: 1_000 });
  const journaled = JSON.parse(JSON.stringify(input)) as Obj;
  expect(rooms[0]!.apply({ type: 'table', table: 'A', state: full, at: 5_000 })).toEqual(rooms[1]!.apply(journaled));
  const ended = { type: 'table', table: 'A', event: { type: 'hand.ended', seq: 13 }, at: 6_000 };
  expect(rooms[0]!.apply(ended)).toEqual(rooms[1]!.apply(ended));
  expect(rooms[0]!.snapshot()).toEqual(rooms[1]!.snapshot());
  expect(rooms[1]!.snapshot().tables.find((t) => t.id === 'A')!.players).toHaveLength(7); // B broken, empty
});

/** mqtt-packet as MQTT.js writes with it: its switch for the table of message ids, and that table. */
const requireFromMqtt = createRequire(import.meta.resolve('mqtt'));
const packetWriter = requireFromMqtt('mqtt-packet').writeToStream as { cacheNumbers: boolean };
const idTable = requireFromMqtt('mqtt-packet/numbers.js').cache as Record<number, Buffer>;

describe.skipIf(missing !== null)(`room service memory on mosquitto (${missing ?? 'real broker'})`, () => {
  // First in this file: any MQTT.js client in the process with `writeCache: false` turns the table off for all.
  it("the room's client does not build mqtt-packet's table of 65,536 message-id Buffers (6 MB of heap)", async () => {
    expect(packetWriter.cacheNumbers).toBe(true); // nothing in this process turned it off yet
    const broker = await startMosquitto();
    cleanups.push(() => broker.dispose());
    const service = startRoomOn(broker.url);
    cleanups.push(() => service.close());
    await service.whenConnected(); // CONNECT, SUBSCRIBE and the first publishes written
    expect(Object.keys(idTable).length).toBe(0);
  });

  it('a room that reads nothing (no acknowledgements) keeps one state in flight, whatever changes', async () => {
    const broker = await startMosquitto();
    cleanups.push(() => broker.dispose());
    const proxy = await startHoldProxy(broker.port);
    cleanups.push(() => proxy.close());
    const observer = await connectClient(broker.url, { clientId: 'observer' });
    cleanups.push(() => void observer.end(true));
    const seen = collect(observer);
    await observer.subscribeAsync(['room/r1/state', 'room/r1/clock', 'room/r1/cmd/result'], { qos: 1 });
    const clock = fakeClock(1_000_000);
    const manual = manualTimer();
    const service = startRoomOn(proxy.url, { clock, stateTimer: manual.timer });
    cleanups.push(() => service.close());
    await service.whenConnected();
    const states = () =>
      seen.messages.filter((m) => m.topic === 'room/r1/state').map((m) => JSON.parse(m.payload) as Obj);
    const clocks = () =>
      seen.messages.filter((m) => m.topic === 'room/r1/clock').map((m) => JSON.parse(m.payload) as Obj);
    await seen.until(() => states().length === 1, 'the state at connection');

    const LEVELS = 8;
    const levels = Array.from({ length: LEVELS + 2 }, (_, i) => ({
      smallBlind: 50 << i,
      bigBlind: 100 << i,
      minutes: 1,
    }));
    observer.publish('room/r1/cmd/levels-start', JSON.stringify({ id: 'go', levels }), { qos: 1 });
    await seen.until((m) => m.some((x) => x.topic === 'room/r1/cmd/result'), 'levels-start answered');
    await seen.until(() => clocks().length === 1, 'level 1');
    manual.fire();
    await seen.until(() => states().length === 2, 'the state with level 1');
    // The broker acknowledged that state before it forwarded it, so before this command, which the room answers
    // (refused unread): once answered, the room has its acknowledgement and nothing in flight.
    observer.publish('room/r1/cmd/register', '{"id":"sync"}', { qos: 1 });
    await seen.until((m) => m.some((x) => x.topic === 'room/r1/cmd/result' && x.payload.includes('"sync"')), 'sync');

    proxy.hold();
    for (let level = 2; level <= LEVELS + 1; level++) {
      clock.advance(MINUTE);
      // the level's clock output is published after the tick is journaled and applied: the state changed
      await seen.until(() => clocks().length === level, `level ${level}`);
      manual.fire();
    }
    // one more level: its clock output follows on the room's connection whatever state it sent before it
    clock.advance(MINUTE);
    await seen.until(() => clocks().length === LEVELS + 2, 'the last level');
    const during = states().slice(2);
    expect(during.length).toBe(1);
    expect(during[0]!.clock).toMatchObject({ level: 2 });

    // the acknowledgement comes: the latest state follows it
    proxy.release();
    for (let i = 0; i < 1000 && !manual.armed(); i++) await new Promise((r) => setTimeout(r, 10));
    manual.fire();
    await seen.until(() => states().length === 4, 'the latest state');
    expect(states()[3]!.clock).toMatchObject({ level: LEVELS + 2 });
  });
});
