// R-ROOM-MOVE: a move step by step (protocol.md, "The room"): `move-player` to the source, which answers
// `player.moved` at the end of its hand; then `seat-player` at the destination, its seat picked from that table's
// latest `state` at that moment, with the stack that came along; then the move on room/<id>/moves.
import { describe, expect, test } from 'vitest';
import type { RoomOutput } from '../../src/room/engine/types.ts';
import { newRoom } from '../helpers/room.ts';

const strip = (outs: RoomOutput[]) => outs.map(({ seq: _s, at: _a, ...rest }) => rest);

function seats(table: string, n: number, occupied: number[], bigBlind: number, seq: number, stack?: number) {
  return {
    seq,
    seats: n,
    button: null,
    bigBlindSeat: bigBlind,
    seatInfo: Array.from({ length: n }, (_, i) => ({
      seat: i + 1,
      player: occupied.includes(i + 1) ? `${table}${i + 1}` : null,
      ...(occupied.includes(i + 1) && stack !== undefined ? { stack } : {}),
    })),
  };
}

function room() {
  const r = newRoom();
  r.apply({
    at: 0,
    type: 'command',
    name: 'setup',
    tables: [
      { id: 'A', seats: 6 },
      { id: 'B', seats: 6 },
    ],
    breakOrder: [],
    profile: 'tda',
    startingStack: 1000,
  });
  r.apply({ at: 1, type: 'table', table: 'A', state: seats('A', 6, [1, 2, 3, 4, 5, 6], 2, 10, 1500) });
  r.apply({ at: 1, type: 'table', table: 'B', state: seats('B', 6, [1, 2, 3], 1, 10, 800) });
  return r;
}

describe('R-ROOM-MOVE', () => {
  test('R-ROOM-MOVE step by step, with the stack going along (player.moved.chips → seat-player.chips)', () => {
    const r = room();
    expect(strip(r.apply({ at: 2, type: 'table', table: 'B', event: { type: 'hand.ended', seq: 11 } }))).toEqual([
      { type: 'send', table: 'A', command: { name: 'move-player', seat: 3 } },
    ]);
    expect(r.snapshot().moving).toEqual([{ player: 'A3', from: { table: 'A', seat: 3 }, to: 'B', reason: 'balance' }]);
    // Meanwhile B's state changes (other players on 1, 3, 5, big blind on 5): the seat is picked from this latest
    // state, so 6, not 4 as the first state would have said.
    r.apply({ at: 3, type: 'table', table: 'B', state: seats('B', 6, [1, 3, 5], 5, 12, 800) });
    const outs = r.apply({
      at: 4,
      type: 'table',
      table: 'A',
      event: { type: 'player.moved', seat: 3, player: 'A3', chips: 1720, seq: 11 },
    });
    expect(strip(outs)).toEqual([
      { type: 'send', table: 'B', command: { name: 'seat-player', seat: 6, player: 'A3', chips: 1720 } },
      { type: 'move', player: 'A3', from: { table: 'A', seat: 3 }, to: { table: 'B', seat: 6 }, reason: 'balance' },
    ]);
    const snap = r.snapshot();
    expect(snap.moving).toEqual([]);
    expect(snap.tables.find((t) => t.id === 'B')!.players).toContainEqual({ seat: 6, player: 'A3', stack: 1720 });
    expect(snap.tables.find((t) => t.id === 'A')!.players.map((p) => p.seat)).toEqual([1, 2, 4, 5, 6]);
  });

  test('R-ROOM-MOVE a state older than the seat the room gave does not free it', () => {
    const r = room();
    r.apply({ at: 2, type: 'table', table: 'B', event: { type: 'hand.ended', seq: 11 } });
    r.apply({
      at: 4,
      type: 'table',
      table: 'A',
      event: { type: 'player.moved', seat: 3, player: 'A3', chips: 1720, seq: 11 },
    });
    // B's state, published before it handled seat-player: seat 4 still empty there.
    r.apply({ at: 5, type: 'table', table: 'B', state: seats('B', 6, [1, 2, 3], 1, 11, 800) });
    expect(
      r
        .snapshot()
        .tables.find((t) => t.id === 'B')!
        .players.map((p) => p.seat),
    ).toEqual([1, 2, 3, 4]);
  });

  test('R-ROOM-MOVE a player eliminated before leaving: the move is dropped, nobody is seated for it', () => {
    const r = room();
    r.apply({ at: 2, type: 'table', table: 'B', event: { type: 'hand.ended', seq: 11 } });
    const outs = r.apply({
      at: 3,
      type: 'table',
      table: 'A',
      event: { type: 'player.removed', seat: 3, player: 'A3', seq: 11 },
    });
    expect(outs).toEqual([]);
    expect(r.snapshot().moving).toEqual([]);
  });

  test('R-ROOM-MOVE the destination filled meanwhile: the player gets a seat drawn at a table with the fewest', () => {
    const r = room();
    r.apply({ at: 2, type: 'table', table: 'B', event: { type: 'hand.ended', seq: 11 } });
    r.apply({ at: 3, type: 'table', table: 'B', state: seats('B', 6, [1, 2, 3, 4, 5, 6], 1, 20) });
    const outs = r.apply({
      at: 4,
      type: 'table',
      table: 'A',
      event: { type: 'player.moved', seat: 3, player: 'A3', seq: 11 },
    });
    expect(strip(outs)).toEqual([
      { type: 'send', table: 'A', command: { name: 'seat-player', seat: 3, player: 'A3' } },
      { type: 'move', player: 'A3', from: { table: 'A', seat: 3 }, to: { table: 'A', seat: 3 }, reason: 'balance' },
    ]);
  });
});
