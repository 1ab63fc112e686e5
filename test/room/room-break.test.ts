// R-ROOM-BREAK: the next table in the break order breaks as soon as the other open tables have a free seat for each
// of its players; its players, in seat order, each get a table drawn among those with the fewest players, then a
// seat drawn among that table's free seats (TDA 10; BFP 24: they may land on a blind or the button).
import { describe, expect, test } from 'vitest';
import { RoomHarness } from '../helpers/room.ts';

/** Tables of 9 seats; players registered until each table holds its count (the draw fills the shortest first). */
function harness(counts: Record<string, number>, breakOrder: string[], seed = 3) {
  const ids = Object.keys(counts);
  const h = new RoomHarness({ tables: ids.map((id) => ({ id, seats: 9 })), breakOrder, profile: 'tda', seed });
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  h.register(...Array.from({ length: Math.max(...Object.values(counts)) * ids.length }, (_, i) => `P${i + 1}`));
  // The floor removes the surplus at each table between hands (no hand ends, so nothing breaks yet).
  for (const id of ids) {
    const t = h.table(id);
    const surplus = h.count(id) - counts[id]!;
    if (surplus > 0) {
      const seats = t.players.flatMap((p, i) => (p ? [i + 1] : [])).slice(0, surplus);
      h.publish(t, t.remove(seats));
    }
  }
  expect(ids.reduce((n, id) => n + h.count(id), 0)).toBe(total);
  return h;
}

describe('R-ROOM-BREAK', () => {
  test('R-ROOM-BREAK TDA 10: A (4) breaks when B and C have 4 free seats between them; each player a table among the fewest, then a drawn seat', () => {
    const h = harness({ A: 4, B: 7, C: 7 }, ['A', 'B', 'C']);
    const players = h.table('A').players.flatMap((p, i) => (p ? [{ p, seat: i + 1 }] : []));
    const outs = h.hand('B');
    const moves = h.of('move', outs);
    // In A's seat order; B and C tie at 7, then take turns: 2 each, ending 9 and 9.
    expect(moves.map((m) => [m.player, m.from])).toEqual(players.map(({ p, seat }) => [p, { table: 'A', seat }]));
    expect(moves.every((m) => m.reason === 'break' && m.to.table !== 'A')).toBe(true);
    expect([h.count('A'), h.count('B'), h.count('C')]).toEqual([0, 9, 9]);
    expect(h.room.snapshot().tables.map((t) => t.id)).toEqual(['B', 'C']);
  });

  test('R-ROOM-BREAK no break while the others lack a seat for every player; it comes with the bust that frees one', () => {
    const h = harness({ A: 5, B: 7, C: 7 }, ['A', 'B', 'C']);
    h.hand('A');
    h.hand('B');
    expect(h.of('move').filter((m) => m.reason === 'break')).toEqual([]);
    const seat = h.table('C').players.findIndex((p) => p !== null) + 1;
    h.hand('C', [{ seat, stackAtStart: 500 }]);
    expect(h.of('move').filter((m) => m.reason === 'break')).toHaveLength(5);
    expect([h.count('A'), h.count('B'), h.count('C')]).toEqual([0, 9, 9]);
  });

  test('R-ROOM-BREAK the order is the one set before play: the next table in it, not the shortest', () => {
    // B is next in the order: A and C have 5 + 3 free seats for its 7, so B breaks; A, the shortest, stays.
    const h = harness({ A: 4, B: 7, C: 6 }, ['B', 'A', 'C']);
    h.hand('C');
    const breaks = h.of('move').filter((m) => m.reason === 'break');
    expect(breaks.map((m) => m.from?.table)).toEqual(Array(7).fill('B'));
  });

  test('R-ROOM-BREAK the breaking table plays its hand out: move-player waits for its end (R-ROOM-MOVE)', () => {
    const h = harness({ A: 4, B: 7, C: 7 }, ['A', 'B', 'C']);
    const a = h.table('A');
    h.publish(a, a.startHand());
    h.hand('B');
    expect(a.received.filter((c) => c.name === 'move-player')).toHaveLength(4);
    expect(h.of('move').filter((m) => m.reason === 'break')).toEqual([]);
    expect(h.room.snapshot().moving).toHaveLength(4);
    h.publish(a, a.endHand());
    expect(h.of('move').filter((m) => m.reason === 'break')).toHaveLength(4);
    expect(h.room.snapshot().moving).toEqual([]);
  });

  test('R-ROOM-BREAK the tables and the seats are drawn: over many seeds every table and seat is reached, evenly', () => {
    const firstTable: Record<string, number> = {};
    const seatsReached = new Set<string>();
    for (let seed = 0; seed < 200; seed++) {
      const h = harness({ A: 3, B: 6, C: 6 }, ['A', 'B', 'C'], seed);
      h.hand('B');
      const moves = h.of('move').filter((m) => m.reason === 'break');
      expect(moves).toHaveLength(3);
      firstTable[moves[0]!.to.table] = (firstTable[moves[0]!.to.table] ?? 0) + 1;
      for (const m of moves) seatsReached.add(`${m.to.table}${m.to.seat}`);
    }
    // B and C tie for the first player: each about half of 200 (a fair draw is outside 60..140 with p < 1e-8).
    expect(firstTable.B).toBeGreaterThan(60);
    expect(firstTable.C).toBeGreaterThan(60);
    // Every seat left free at B and C is somewhere some time, blinds and button included.
    expect(seatsReached.size).toBeGreaterThanOrEqual(6);
  });
});
