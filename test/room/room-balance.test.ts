// R-ROOM-BALANCE: after every hand that ends, the fullest open table gives one player to the shortest while the gap
// is `room.balanceAt` or more; who and where by `room.balancePick`. The rulebook examples are built seat by seat from
// the tables' published `state`, so the expected move is exact.
import { describe, expect, test } from 'vitest';
import type { RoomOutput } from '../../src/room/engine/types.ts';
import { newRoom, RoomHarness } from '../helpers/room.ts';

/** A table's `state` with players on the given seats (named by table and seat) and its last big blind. */
function state(table: string, seats: number, occupied: number[], bigBlind: number | null, seq = 10) {
  return {
    seq,
    seats,
    button: null,
    bigBlindSeat: bigBlind,
    seatInfo: Array.from({ length: seats }, (_, i) => ({
      seat: i + 1,
      player: occupied.includes(i + 1) ? `${table}${i + 1}` : null,
    })),
  };
}

function roomWith(
  profile: string,
  tables: { id: string; seats: number; occupied: number[]; bigBlind: number | null }[],
) {
  const room = newRoom();
  let at = 0;
  const apply = (input: Record<string, unknown>): RoomOutput[] => room.apply({ at: ++at, ...input });
  apply({
    type: 'command',
    name: 'setup',
    tables: tables.map((t) => ({ id: t.id, seats: t.seats })),
    breakOrder: tables.map((t) => t.id),
    profile,
    seed: 1,
  });
  for (const t of tables) apply({ type: 'table', table: t.id, state: state(t.id, t.seats, t.occupied, t.bigBlind) });
  const handEnded = (table: string, seq = 11) =>
    apply({ type: 'table', table, event: { type: 'hand.ended', reason: 'fold', seq } });
  return { room, apply, handEnded };
}

const strip = (outs: RoomOutput[]) => outs.map(({ seq: _s, at: _a, ...rest }) => rest);

describe('R-ROOM-BALANCE', () => {
  test('R-ROOM-BALANCE BFP 25: at a difference of 3 the future big blind moves to the seat nearest to the left of the short table big blind', () => {
    // Table A: 9 of 9, big blind on seat 4, so seat 5 posts the next big blind. Table B: 6 of 9 (seats 4, 6, 9 free),
    // big blind on seat 3: seat 4 is the free seat nearest to its left, where the newcomer posts the next big blind.
    const { apply, handEnded } = roomWith('bfp', [
      { id: 'A', seats: 9, occupied: [1, 2, 3, 4, 5, 6, 7, 8, 9], bigBlind: 4 },
      { id: 'B', seats: 9, occupied: [1, 2, 3, 5, 7, 8], bigBlind: 3 },
    ]);
    expect(strip(handEnded('B'))).toEqual([{ type: 'send', table: 'A', command: { name: 'move-player', seat: 5 } }]);
    const moved = apply({ type: 'table', table: 'A', event: { type: 'player.moved', seat: 5, player: 'A5', seq: 12 } });
    expect(strip(moved)).toEqual([
      { type: 'send', table: 'B', command: { name: 'seat-player', seat: 4, player: 'A5' } },
      { type: 'move', player: 'A5', from: { table: 'A', seat: 5 }, to: { table: 'B', seat: 4 }, reason: 'balance' },
    ]);
  });

  test('R-ROOM-BALANCE the next big blind wraps round the table, and the seat left of the big blind wraps too', () => {
    const { apply, handEnded } = roomWith('tda', [
      { id: 'A', seats: 6, occupied: [1, 2, 4, 5, 6], bigBlind: 6 },
      { id: 'B', seats: 6, occupied: [3, 5], bigBlind: 5 },
    ]);
    expect(strip(handEnded('A'))).toEqual([{ type: 'send', table: 'A', command: { name: 'move-player', seat: 1 } }]);
    const moved = apply({ type: 'table', table: 'A', event: { type: 'player.moved', seat: 1, player: 'A1', seq: 12 } });
    expect(moved[0]).toMatchObject({ command: { name: 'seat-player', seat: 6, player: 'A1' } });
  });

  test('R-ROOM-BALANCE TDA 11: a difference of 2 is left alone (balanceAt 3), club balances it (balanceAt 2, "dès un écart de 2")', () => {
    const tables = [
      { id: 'A', seats: 9, occupied: [1, 2, 3, 4, 5, 6, 7, 8], bigBlind: 2 },
      { id: 'B', seats: 9, occupied: [1, 2, 3, 4, 5, 6], bigBlind: 2 },
    ];
    expect(roomWith('tda', tables).handEnded('A')).toEqual([]);
    const club = roomWith('club', tables).handEnded('A');
    expect(club).toHaveLength(1);
    expect(club[0]).toMatchObject({ type: 'send', table: 'A', command: { name: 'move-player' } });
  });

  test('R-ROOM-BALANCE club: the player and the seat are drawn, the same with the same seed', () => {
    const run = () => {
      const { apply, handEnded } = roomWith('club', [
        { id: 'A', seats: 9, occupied: [1, 2, 3, 4, 5, 6, 7, 8, 9], bigBlind: 4 },
        { id: 'B', seats: 9, occupied: [1, 2, 3, 5, 7, 8, 9], bigBlind: 3 },
      ]);
      const [send] = handEnded('B') as [Extract<RoomOutput, { type: 'send' }>];
      const seat = (send.command as { seat: number }).seat;
      return apply({ type: 'table', table: 'A', event: { type: 'player.moved', seat, player: `A${seat}`, seq: 12 } });
    };
    const first = run();
    expect(first).toEqual(run());
    expect([4, 6]).toContain((first[0] as { command: { seat: number } }).command.seat);
  });

  test('R-ROOM-BALANCE ties: the fullest first in the break order gives, the shortest last in the break order gets', () => {
    const { handEnded, apply } = roomWith('tda', [
      { id: 'A', seats: 9, occupied: [1, 2, 3, 4, 5, 6, 7, 8, 9], bigBlind: 1 },
      { id: 'B', seats: 9, occupied: [1, 2, 3, 4, 5, 6], bigBlind: 1 },
      { id: 'C', seats: 9, occupied: [1, 2, 3, 4, 5, 6, 7, 8, 9], bigBlind: 1 },
      { id: 'D', seats: 9, occupied: [1, 2, 3, 4, 5, 6], bigBlind: 1 },
    ]);
    // 9, 6, 9, 6 (too many for A to break): A gives to D, then C (9) still has 3 more than B (6): C gives to B.
    const sends = handEnded('A');
    expect(strip(sends)).toEqual([
      { type: 'send', table: 'A', command: { name: 'move-player', seat: 2 } },
      { type: 'send', table: 'C', command: { name: 'move-player', seat: 2 } },
    ]);
    const toD = apply({ type: 'table', table: 'A', event: { type: 'player.moved', seat: 2, player: 'A2', seq: 12 } });
    expect(toD[0]).toMatchObject({ table: 'D', command: { name: 'seat-player', seat: 7 } });
    const toB = apply({ type: 'table', table: 'C', event: { type: 'player.moved', seat: 2, player: 'C2', seq: 12 } });
    expect(toB[0]).toMatchObject({ table: 'B', command: { name: 'seat-player', seat: 7 } });
  });

  test('R-ROOM-BALANCE a player on the way counts at the destination: another hand end before player.moved moves nobody else', () => {
    const { handEnded } = roomWith('tda', [
      { id: 'A', seats: 9, occupied: [1, 2, 3, 4, 5, 6, 7, 8, 9], bigBlind: 4 },
      { id: 'B', seats: 9, occupied: [1, 2, 3, 5, 7, 8], bigBlind: 3 },
    ]);
    expect(handEnded('B')).toHaveLength(1);
    // A's answer has not come: A counts 8, B 7.
    expect(handEnded('B', 12)).toEqual([]);
    expect(handEnded('A', 11)).toEqual([]);
  });

  test('R-ROOM-BALANCE balance-at takes effect at once (R-ROOM-DETAILS); 2 keeps the tables within one player', () => {
    const { apply } = roomWith('tda', [
      { id: 'A', seats: 9, occupied: [1, 2, 3, 4, 5, 6, 7, 8], bigBlind: 8 },
      { id: 'B', seats: 9, occupied: [1, 2, 3, 4, 5, 6], bigBlind: 2 },
    ]);
    expect(strip(apply({ type: 'command', name: 'balance-at', players: 2 }))).toEqual([
      { type: 'send', table: 'A', command: { name: 'move-player', seat: 1 } },
    ]);
    expect(apply({ type: 'command', name: 'balance-at', players: 1 })[0]).toMatchObject({ type: 'input.rejected' });
  });

  test('R-ROOM-BALANCE a whole tournament on fake tables keeps every gap under balanceAt after the moves land', () => {
    const h = new RoomHarness({
      tables: [
        { id: 'T1', seats: 9 },
        { id: 'T2', seats: 9 },
        { id: 'T3', seats: 9 },
      ],
      breakOrder: ['T3', 'T2', 'T1'],
      profile: 'tda',
      seed: 42,
    });
    h.register(...Array.from({ length: 24 }, (_, i) => `P${i + 1}`));
    expect(['T1', 'T2', 'T3'].map((id) => h.count(id))).toEqual([8, 8, 8]);
    // T1 loses three players in one hand: 5 against 8 and 8 (too many for T3 to break) → T3, first in the break
    // order, gives one; then 6, 8, 7 is within balanceAt.
    const t1 = h.table('T1');
    const seats = t1.players.flatMap((p, i) => (p ? [i + 1] : [])).slice(0, 3);
    h.hand(
      'T1',
      seats.map((seat) => ({ seat, stackAtStart: 100 * seat })),
    );
    const balance = h.of('move').filter((m) => m.reason === 'balance');
    expect(balance.map((m) => [m.from?.table, m.to.table])).toEqual([['T3', 'T1']]);
    const counts = ['T1', 'T2', 'T3'].map((id) => h.count(id));
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThan(3);
  });
});
