// R-ROOM-DRAW and R-ROOM-DETAILS: a registered player gets a seat drawn uniformly among the free seats of the open
// tables with the fewest players; no free seat refuses the registration until the floor opens a table.
import { describe, expect, test } from 'vitest';
import type { RoomOutput } from '../../src/room/engine/types.ts';
import { newRoom, RoomHarness } from '../helpers/room.ts';

const strip = (outs: RoomOutput[]) => outs.map(({ seq: _s, at: _a, ...rest }) => rest);

describe('R-ROOM-DRAW', () => {
  test('R-ROOM-DRAW a registration gives a seat-player to the table and publishes the move (from null, reason draw)', () => {
    const room = newRoom();
    room.apply({
      at: 0,
      type: 'command',
      name: 'setup',
      tables: [{ id: 'T1', seats: 2 }],
      breakOrder: [],
      profile: 'tda',
    });
    const outs = room.apply({ at: 5, type: 'command', name: 'register', player: 'Anna' });
    const seat = (outs[0] as { command: { seat: number } }).command.seat;
    expect(strip(outs)).toEqual([
      { type: 'send', table: 'T1', command: { name: 'seat-player', seat, player: 'Anna' } },
      { type: 'move', player: 'Anna', from: null, to: { table: 'T1', seat }, reason: 'draw' },
    ]);
    expect(outs.map((o) => [o.seq, o.at])).toEqual([
      [1, 5],
      [2, 5],
    ]);
  });

  test('R-ROOM-DRAW the tables fill evenly: each registration goes to a table with the fewest players', () => {
    const h = new RoomHarness({
      tables: [
        { id: 'T1', seats: 9 },
        { id: 'T2', seats: 6 },
        { id: 'T3', seats: 9 },
      ],
      breakOrder: [],
      profile: 'tda',
      seed: 5,
    });
    for (let i = 1; i <= 24; i++) {
      const before = ['T1', 'T2', 'T3'].map((id) => h.count(id));
      const free = ['T1', 'T2', 'T3'].filter((id, k) => before[k]! < h.table(id).seats);
      const fewest = Math.min(...free.map((id) => h.count(id)));
      const [move] = h.of('move', h.register(`P${i}`));
      expect(h.count(move!.to.table) - 1).toBe(fewest);
    }
    expect(['T1', 'T2', 'T3'].map((id) => h.count(id))).toEqual([9, 6, 9]);
    expect(h.of('request.rejected', h.register('P25'))).toMatchObject([{ request: 'register', reason: 'no-seat' }]);
  });

  test('R-ROOM-DRAW uniform among the free seats of the tables tied for fewest: every seat about as often over seeds', () => {
    const counts = new Map<string, number>();
    for (let seed = 0; seed < 1800; seed++) {
      const room = newRoom();
      room.apply({
        at: 0,
        type: 'command',
        name: 'setup',
        tables: [
          { id: 'A', seats: 3 },
          { id: 'B', seats: 6 },
        ],
        breakOrder: [],
        profile: 'tda',
        seed,
      });
      const [, move] = room.apply({ at: 1, type: 'command', name: 'register', player: 'X' }) as [
        unknown,
        { to: { table: string; seat: number } },
      ];
      const key = `${move.to.table}${move.to.seat}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    // 9 seats, 200 expected each; a fair draw stays within 130..270 (±5 standard deviations).
    expect(counts.size).toBe(9);
    for (const n of counts.values()) {
      expect(n).toBeGreaterThan(130);
      expect(n).toBeLessThan(270);
    }
  });

  test('R-ROOM-DRAW with chips tracked the player brings the starting stack', () => {
    const room = newRoom();
    room.apply({
      at: 0,
      type: 'command',
      name: 'setup',
      tables: [{ id: 'T1', seats: 9 }],
      breakOrder: [],
      profile: 'tda',
      startingStack: 20000,
    });
    const [send] = room.apply({ at: 1, type: 'command', name: 'register', player: 'Anna' });
    expect(send).toMatchObject({ command: { name: 'seat-player', player: 'Anna', chips: 20000 } });
  });

  test('R-ROOM-DRAW refusals: already-registered while in, no-seat until open-table (R-ROOM-DETAILS: open: false)', () => {
    const h = new RoomHarness({
      tables: [
        { id: 'T1', seats: 2 },
        { id: 'T2', seats: 2, open: false },
      ],
      breakOrder: [],
      profile: 'tda',
    });
    h.register('A', 'B');
    expect(strip(h.register('A'))).toEqual([
      { type: 'request.rejected', request: 'register', reason: 'already-registered' },
    ]);
    expect(strip(h.register('C'))).toEqual([{ type: 'request.rejected', request: 'register', reason: 'no-seat' }]);
    expect(strip(h.input({ type: 'command', name: 'open-table', table: 'T2' }))).toEqual([]);
    expect(h.of('move', h.register('C'))[0]!.to.table).toBe('T2');
    expect(strip(h.input({ type: 'command', name: 'open-table', table: 'T2' }))).toEqual([
      { type: 'request.rejected', request: 'open-table', reason: 'already-open' },
    ]);
    expect(strip(h.input({ type: 'command', name: 'open-table', table: 'T9' }))).toEqual([
      { type: 'request.rejected', request: 'open-table', reason: 'unknown-table' },
    ]);
  });

  test('R-ROOM-DETAILS commands before setup are refused; a second setup too; a bad line is input.rejected', () => {
    const room = newRoom();
    expect(strip(room.apply({ at: 0, type: 'command', name: 'register', player: 'A' }))).toEqual([
      { type: 'request.rejected', request: 'register', reason: 'not-set-up' },
    ]);
    const setup = {
      at: 0,
      type: 'command',
      name: 'setup',
      tables: [{ id: 'T', seats: 9 }],
      breakOrder: [],
      profile: 'tda',
    };
    expect(room.apply(setup)).toEqual([]);
    expect(strip(room.apply(setup))).toEqual([
      { type: 'request.rejected', request: 'setup', reason: 'already-set-up' },
    ]);
    expect(strip(room.apply({ at: 1, type: 'table', table: 'nope', status: 'online' }, 7))).toEqual([
      { type: 'input.rejected', reason: '"nope" is not one of the room\'s tables', line: 7 },
    ]);
    const unknown = newRoom().apply({ ...setup, profile: 'poker-club-x' });
    expect(unknown[0]).toMatchObject({ type: 'request.rejected', request: 'setup', reason: 'unknown-profile' });
  });
});
