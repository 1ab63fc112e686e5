// R-ROOM-CLOCK: one level clock for the tournament. At each change, pause and resume the room publishes its clock and
// sends `level-set` to every open table that is online; a table that comes online gets one alone.
import { describe, expect, test } from 'vitest';
import type { RoomOutput } from '../../src/room/engine/types.ts';
import { newRoom } from '../helpers/room.ts';

const LEVELS = [
  { smallBlind: 100, bigBlind: 200, minutes: 20 },
  { smallBlind: 200, bigBlind: 400, ante: 50, minutes: 20 },
  { break: true, minutes: 10 },
  { smallBlind: 300, bigBlind: 600, ante: 75, minutes: 20 },
];
const MIN = 60_000;

function setupRoom() {
  const room = newRoom();
  room.apply({
    at: 0,
    type: 'command',
    name: 'setup',
    tables: [
      { id: 'T1', seats: 9 },
      { id: 'T2', seats: 9 },
      { id: 'T3', seats: 9 },
      { id: 'T4', seats: 9, open: false },
    ],
    breakOrder: [],
    profile: 'tda',
  });
  for (const id of ['T1', 'T2', 'T4']) room.apply({ at: 0, type: 'table', table: id, status: 'online' });
  return room;
}

const sends = (outs: RoomOutput[]) =>
  outs.flatMap((o) => (o.type === 'send' ? [[o.table, o.command.name, (o.command as { level?: number }).level]] : []));

describe('R-ROOM-CLOCK', () => {
  test('R-ROOM-CLOCK levels-start: the clock, then level-set to every open table online (not the offline T3, not the closed T4)', () => {
    const room = setupRoom();
    const outs = room.apply({ at: 1000, type: 'command', name: 'levels-start', levels: LEVELS });
    expect(outs[0]).toMatchObject({
      type: 'clock',
      level: 1,
      smallBlind: 100,
      bigBlind: 200,
      ante: 0,
      endsAt: 1000 + 20 * MIN,
      paused: false,
    });
    expect(sends(outs)).toEqual([
      ['T1', 'level-set', 1],
      ['T2', 'level-set', 1],
    ]);
    const set = outs[1] as Extract<RoomOutput, { type: 'send' }>;
    expect(Object.keys(set.command)).toEqual([
      'name',
      'level',
      'isBreak',
      'smallBlind',
      'bigBlind',
      'ante',
      'endsAt',
      'remainingMs',
      'paused',
      'next',
    ]);
    expect(room.nextDeadline()).toBe(1000 + 20 * MIN);
  });

  test('R-ROOM-CLOCK each level change at its deadline (outputs carry the deadline as at); a break has null blinds', () => {
    const room = setupRoom();
    room.apply({ at: 1000, type: 'command', name: 'levels-start', levels: LEVELS });
    const outs = room.apply({ at: 1000 + 45 * MIN, type: 'tick' });
    expect(
      outs
        .filter((o) => o.type === 'clock')
        .map((o) => [o.at, (o as { level: number }).level, (o as { isBreak: boolean }).isBreak]),
    ).toEqual([
      [1000 + 20 * MIN, 2, false],
      [1000 + 40 * MIN, 2, true],
    ]);
    const breakSet = outs.find((o) => o.type === 'send' && o.at === 1000 + 40 * MIN) as Extract<
      RoomOutput,
      { type: 'send' }
    >;
    expect(breakSet.command).toMatchObject({
      name: 'level-set',
      isBreak: true,
      smallBlind: null,
      bigBlind: null,
      ante: null,
    });
    expect(sends(outs)).toHaveLength(4);
  });

  test('R-ROOM-CLOCK pause and resume: each sends level-set; the time left carries over', () => {
    const room = setupRoom();
    room.apply({ at: 0, type: 'command', name: 'levels-start', levels: LEVELS });
    const paused = room.apply({ at: 5 * MIN, type: 'command', name: 'levels-pause' });
    expect(paused[0]).toMatchObject({ type: 'clock', paused: true, endsAt: null, remainingMs: 15 * MIN });
    expect(sends(paused)).toHaveLength(2);
    expect(room.nextDeadline()).toBeNull();
    const resumed = room.apply({ at: 60 * MIN, type: 'command', name: 'levels-resume' });
    expect(resumed[0]).toMatchObject({ type: 'clock', paused: false, endsAt: 75 * MIN });
    expect(sends(resumed)).toHaveLength(2);
    expect(room.apply({ at: 61 * MIN, type: 'command', name: 'levels-resume' })[0]).toMatchObject({
      type: 'request.rejected',
      reason: 'not-paused',
    });
  });

  test('R-ROOM-CLOCK a table that comes online gets the level in force, alone; opening an online table does too', () => {
    const room = setupRoom();
    expect(room.apply({ at: 1, type: 'table', table: 'T3', status: 'offline' })).toEqual([]);
    room.apply({ at: 2, type: 'command', name: 'levels-start', levels: LEVELS });
    expect(sends(room.apply({ at: 3, type: 'table', table: 'T3', status: 'online' }))).toEqual([
      ['T3', 'level-set', 1],
    ]);
    expect(room.apply({ at: 4, type: 'table', table: 'T3', status: 'online' })).toEqual([]);
    expect(sends(room.apply({ at: 5, type: 'command', name: 'open-table', table: 'T4' }))).toEqual([
      ['T4', 'level-set', 1],
    ]);
    const next = room.apply({ at: 20 * MIN + 2, type: 'tick' });
    expect(sends(next)).toEqual([
      ['T1', 'level-set', 2],
      ['T2', 'level-set', 2],
      ['T3', 'level-set', 2],
      ['T4', 'level-set', 2],
    ]);
  });

  test('R-ROOM-CLOCK no levels yet: pause and resume are refused, coming online sends nothing', () => {
    const room = setupRoom();
    expect(room.apply({ at: 1, type: 'command', name: 'levels-pause' })[0]).toMatchObject({
      type: 'request.rejected',
      request: 'levels-pause',
      reason: 'no-levels',
    });
    expect(room.apply({ at: 1, type: 'table', table: 'T3', status: 'online' })).toEqual([]);
    expect(room.apply({ at: 1, type: 'command', name: 'levels-start', levels: [] })[0]).toMatchObject({
      type: 'input.rejected',
    });
  });
});
