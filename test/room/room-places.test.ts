// R-ROOM-PLACES: places count down from the entries; players out in one hand at one table are ranked by their stack
// at the start of the hand (the bigger one finishes higher), at different tables by the time their hands ended; the
// same time ties and ties share the better place. The places of a time are given 1 ms later (another table may still
// report an end at that same time: docs/room.md).
import { describe, expect, test } from 'vitest';
import { RoomHarness } from '../helpers/room.ts';

function room(players: number, tables = ['A', 'B']) {
  const h = new RoomHarness({
    tables: tables.map((id) => ({ id, seats: 9 })),
    breakOrder: [],
    profile: 'tda',
    seed: 9,
  });
  h.register(...Array.from({ length: players }, (_, i) => `P${i + 1}`));
  return h;
}

const seatsOf = (h: RoomHarness, id: string) => h.table(id).players.flatMap((p, i) => (p ? [i + 1] : []));
const playerAt = (h: RoomHarness, id: string, seat: number) => h.table(id).players[seat - 1]!;
const places = (h: RoomHarness) => h.of('place').map((p) => [p.player, p.place, p.at]);

describe('R-ROOM-PLACES', () => {
  test('R-ROOM-PLACES one hand at one table: the bigger stack at the start finishes higher, given 1 ms after the end', () => {
    const h = room(10);
    const [s1, s2] = seatsOf(h, 'A') as [number, number];
    const small = playerAt(h, 'A', s1);
    const big = playerAt(h, 'A', s2);
    h.at = 1000;
    h.hand('A', [
      { seat: s1, stackAtStart: 300 },
      { seat: s2, stackAtStart: 800 },
    ]);
    expect(places(h)).toEqual([]);
    expect(h.room.nextDeadline()).toBe(1001);
    h.input({ type: 'tick', at: 5000 });
    expect(places(h)).toEqual([
      [small, 10, 1001],
      [big, 9, 1001],
    ]);
  });

  test('R-ROOM-PLACES equal stacks at the start tie and share the better place', () => {
    const h = room(10);
    const [s1, s2] = seatsOf(h, 'B') as [number, number];
    h.hand('B', [
      { seat: s1, stackAtStart: 500 },
      { seat: s2, stackAtStart: 500 },
    ]);
    h.input({ type: 'tick', at: h.at + 10 });
    expect(h.of('place').map((p) => p.place)).toEqual([9, 9]);
    // The next one out is 8th.
    h.hand('A', [{ seat: seatsOf(h, 'A')[0]!, stackAtStart: 1 }]);
    h.input({ type: 'tick', at: h.at + 10 });
    expect(h.of('place').map((p) => p.place)).toEqual([9, 9, 8]);
  });

  test('R-ROOM-PLACES different tables: the hand that ended first ranks lower, whatever the stacks', () => {
    const h = room(8);
    const a = playerAt(h, 'A', seatsOf(h, 'A')[0]!);
    const b = playerAt(h, 'B', seatsOf(h, 'B')[0]!);
    h.at = 100;
    h.hand('A', [{ seat: seatsOf(h, 'A')[0]!, stackAtStart: 9000 }]);
    h.at = 200;
    h.hand('B', [{ seat: seatsOf(h, 'B')[0]!, stackAtStart: 10 }]);
    h.input({ type: 'tick', at: 300 });
    expect(places(h)).toEqual([
      [a, 8, 101],
      [b, 7, 201],
    ]);
  });

  test('R-ROOM-PLACES different tables at the same time tie, sharing the better place', () => {
    const h = room(8);
    h.at = 100;
    h.hand('A', [{ seat: seatsOf(h, 'A')[0]!, stackAtStart: 9000 }]);
    h.hand('B', [{ seat: seatsOf(h, 'B')[0]!, stackAtStart: 10 }]);
    h.input({ type: 'tick', at: 300 });
    expect(h.of('place').map((p) => [p.place, p.at])).toEqual([
      [7, 101],
      [7, 101],
    ]);
  });

  test('R-ROOM-PLACES each player once: the player.removed after player.eliminated adds nothing; a move is no exit', () => {
    const h = room(6);
    h.hand('A', [{ seat: seatsOf(h, 'A')[0]!, stackAtStart: 10 }]);
    h.input({ type: 'tick', at: h.at + 10 });
    expect(h.of('place')).toHaveLength(1);
    const b = h.table('B');
    const seat = seatsOf(h, 'B')[0]!;
    const events = b.receive({ name: 'move-player', seat });
    expect(events[0]).toMatchObject({ type: 'player.moved' });
    h.publish(b, events);
    h.input({ type: 'tick', at: h.at + 10 });
    expect(h.of('place')).toHaveLength(1);
    expect(h.room.snapshot().playersLeft).toBe(5);
  });

  test('R-ROOM-PLACES chips off: removals rank by the time of the removal; removals at the same at tie', () => {
    const h = room(6);
    h.at = 50;
    h.publish(h.table('A'), h.table('A').remove([seatsOf(h, 'A')[0]!]));
    h.at = 60;
    h.publish(h.table('A'), h.table('A').remove([seatsOf(h, 'A')[0]!]));
    h.publish(h.table('B'), h.table('B').remove([seatsOf(h, 'B')[0]!]));
    h.input({ type: 'tick', at: 100 });
    expect(h.of('place').map((p) => [p.place, p.at])).toEqual([
      [6, 51],
      [4, 61],
      [4, 61],
    ]);
  });

  test('R-ROOM-PLACES place 1 comes right after the place of the last player out', () => {
    const h = room(3, ['A']);
    h.hand('A', [{ seat: seatsOf(h, 'A')[0]!, stackAtStart: 5 }]);
    h.input({ type: 'tick', at: h.at + 10 });
    expect(h.of('place').map((p) => p.place)).toEqual([3]);
    const [loser, winner] = seatsOf(h, 'A') as [number, number];
    const names = [playerAt(h, 'A', loser), playerAt(h, 'A', winner)];
    h.hand('A', [{ seat: loser, stackAtStart: 5 }]);
    h.input({ type: 'tick', at: h.at + 10 });
    const given = h.of('place');
    expect(given.map((p) => [p.player, p.place])).toEqual([
      [expect.any(String), 3],
      [names[0], 2],
      [names[1], 1],
    ]);
    expect(given[2]!.seq).toBe(given[1]!.seq + 1);
    expect(given[2]!.at).toBe(given[1]!.at);
    expect(h.room.snapshot().places).toHaveLength(3);
  });

  test('R-ROOM-PLACES a re-entry adds an entry: places count down from the entries when each is given', () => {
    const h = room(4);
    const seat = seatsOf(h, 'A')[0]!;
    const name = playerAt(h, 'A', seat);
    h.hand('A', [{ seat, stackAtStart: 5 }]);
    h.input({ type: 'tick', at: h.at + 10 });
    expect(h.of('place').map((p) => p.place)).toEqual([4]);
    expect(h.of('move', h.register(name))).toHaveLength(1);
    expect(h.room.snapshot().entries).toBe(5);
    const again = seatsOf(h, 'B')[0]!;
    h.hand('B', [{ seat: again, stackAtStart: 5 }]);
    h.input({ type: 'tick', at: h.at + 10 });
    expect(h.of('place').map((p) => p.place)).toEqual([4, 4]);
  });
});
