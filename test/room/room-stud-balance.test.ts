// R-STUD-BALANCE: in a room whose level is a stud game (no button, no blinds), a balancing move goes by position (BFP
// 25): the short table's most recently vacated seat number decides; the long table's player in that seat number
// (or the next occupied seat clockwise from it) moves and takes that vacated seat. Flop games keep R-ROOM-BALANCE.
// Tables are built seat by seat from their published `state`; the short table's seats are vacated by its events.
import { describe, expect, test } from 'vitest';
import type { RoomOutput } from '../../src/room/engine/types.ts';
import { newRoom } from '../helpers/room.ts';

interface TableRow {
  id: string;
  seats: number;
  occupied: number[];
  bigBlind: number | null;
}

function state(t: TableRow, game: string) {
  return {
    seq: 10,
    seats: t.seats,
    game,
    button: null,
    bigBlindSeat: t.bigBlind,
    seatInfo: Array.from({ length: t.seats }, (_, i) => ({
      seat: i + 1,
      player: t.occupied.includes(i + 1) ? `${t.id}${i + 1}` : null,
    })),
  };
}

/** A room of `tables` playing `game` (what their states say), and, with `levels`, the room's clock started. */
function roomWith(tables: TableRow[], game: string, levels?: Record<string, unknown>[]) {
  const room = newRoom();
  const ids = tables.map((t) => t.id);
  const inputs: Record<string, unknown>[] = [
    {
      type: 'command',
      name: 'setup',
      tables: tables.map(({ id, seats }) => ({ id, seats })),
      breakOrder: ids,
      profile: 'bfp',
    },
    ...(levels ? [{ type: 'command', name: 'levels-start', levels }] : []),
    ...tables.map((t) => ({ type: 'table', table: t.id, state: state(t, game) })),
  ];
  let at = 0;
  const apply = (input: Record<string, unknown>): RoomOutput[] => room.apply({ at: ++at, ...input });
  inputs.forEach(apply);
  const seqs = new Map<string, number>();
  const event = (table: string, e: Record<string, unknown>) => {
    const seq = (seqs.get(table) ?? 10) + 1;
    seqs.set(table, seq);
    return apply({ type: 'table', table, event: { ...e, seq } });
  };
  /** A hand ends at `table` with the players of `busts` out, in that order (each eliminated, then removed). */
  const handEnded = (table: string, busts: number[] = []) => {
    for (const seat of busts) {
      const player = `${table}${seat}`;
      event(table, { type: 'player.eliminated', seat, player, stackAtStart: 100 });
      event(table, { type: 'player.removed', seat, player });
    }
    return event(table, { type: 'hand.ended', reason: 'showdown' });
  };
  const moved = (table: string, seat: number) =>
    event(table, { type: 'player.moved', seat, player: `${table}${seat}` });
  return { apply, handEnded, moved };
}

const strip = (outs: RoomOutput[]) => outs.map(({ seq: _s, at: _a, ...rest }) => rest);
const moveOrders = (outs: RoomOutput[]) =>
  strip(outs).filter((o) => o.type === 'send' && (o as { command: { name: string } }).command.name === 'move-player');

describe('R-STUD-BALANCE', () => {
  test.each([
    // [what the row shows, long table, short table before its hand, busts at the short table in order, who moves, seat]
    [
      'the player in the seat number of the most recently vacated seat',
      9,
      [1, 2, 3, 4, 5, 6, 7, 8, 9],
      [1, 2, 3, 4, 5, 6, 7, 8],
      [3, 6],
      6,
    ],
    [
      'the order of the busts, not the seat numbers, says which seat is the most recent',
      9,
      [1, 2, 3, 4, 5, 6, 7, 8, 9],
      [1, 2, 3, 4, 5, 6, 7, 8],
      [6, 3],
      3,
    ],
    [
      'that seat empty at the long table: the next occupied seat clockwise from it',
      10,
      [1, 2, 3, 4, 5, 7, 8, 9, 10],
      [1, 2, 3, 4, 5, 6, 7, 8],
      [3, 6],
      7,
    ],
    ['clockwise wraps round past the last seat', 10, [1, 2, 3, 4, 5, 6, 7, 8], [1, 2, 3, 4, 9], [9], 1],
  ] as const)('R-STUD-BALANCE BFP 25: %s', (_what, longSeats, longOccupied, shortOccupied, busts, mover) => {
    const vacated = busts[busts.length - 1]!;
    const { handEnded, moved } = roomWith(
      [
        { id: 'A', seats: longSeats, occupied: [...longOccupied], bigBlind: 4 },
        { id: 'B', seats: 9, occupied: [...shortOccupied], bigBlind: 2 },
      ],
      'stud',
    );
    const outs = handEnded('B', [...busts]);
    expect(moveOrders(outs)).toEqual([{ type: 'send', table: 'A', command: { name: 'move-player', seat: mover } }]);
    expect(strip(moved('A', mover))).toEqual([
      { type: 'send', table: 'B', command: { name: 'seat-player', seat: vacated, player: `A${mover}` } },
      {
        type: 'move',
        player: `A${mover}`,
        from: { table: 'A', seat: mover },
        to: { table: 'B', seat: vacated },
        reason: 'balance',
      },
    ]);
  });

  test('R-STUD-BALANCE two moves in one balance take the two most recently vacated seats, the latest first', () => {
    const { handEnded, moved } = roomWith(
      [
        { id: 'A', seats: 9, occupied: [1, 2, 3, 4, 5, 6, 7, 8, 9], bigBlind: 4 },
        { id: 'B', seats: 9, occupied: [1, 2, 3, 4, 5, 6, 7, 8], bigBlind: 2 },
      ],
      'razz',
    );
    // B loses 2, 4, 6, 8 in that order: 9 against 4; A gives seat 8's player, then (8 against 5) seat 6's.
    expect(moveOrders(handEnded('B', [2, 4, 6, 8]))).toEqual([
      { type: 'send', table: 'A', command: { name: 'move-player', seat: 8 } },
      { type: 'send', table: 'A', command: { name: 'move-player', seat: 6 } },
    ]);
    // the answers come in the other order: each player still takes the seat chosen for them
    expect(moved('A', 6)[0]).toMatchObject({ table: 'B', command: { name: 'seat-player', seat: 6, player: 'A6' } });
    expect(moved('A', 8)[0]).toMatchObject({ table: 'B', command: { name: 'seat-player', seat: 8, player: 'A8' } });
  });

  test("R-STUD-BALANCE the room's level decides: a stud level balances by position where the tables last dealt hold'em", () => {
    const tables = [
      { id: 'A', seats: 9, occupied: [1, 2, 3, 4, 5, 6, 7, 8, 9], bigBlind: 4 },
      { id: 'B', seats: 9, occupied: [1, 2, 3, 4, 5, 6, 7, 8], bigBlind: 2 },
    ];
    const stud = { smallBlind: 50, bigBlind: 100, ante: 25, bringIn: 50, smallBet: 100, bigBet: 200, minutes: 20 };
    const { handEnded } = roomWith(tables, 'holdem', [{ ...stud, game: 'stud-hilo' }]);
    expect(moveOrders(handEnded('B', [3, 6]))).toEqual([
      { type: 'send', table: 'A', command: { name: 'move-player', seat: 6 } },
    ]);
  });

  test('R-STUD-BALANCE flop games keep R-ROOM-BALANCE: the next big blind moves, not the player in the vacated seat number', () => {
    const { handEnded, moved } = roomWith(
      [
        { id: 'A', seats: 9, occupied: [1, 2, 3, 4, 5, 6, 7, 8, 9], bigBlind: 4 },
        { id: 'B', seats: 9, occupied: [1, 2, 3, 4, 5, 6, 7, 8], bigBlind: 2 },
      ],
      'omaha-hilo',
    );
    expect(moveOrders(handEnded('B', [3, 6]))).toEqual([
      { type: 'send', table: 'A', command: { name: 'move-player', seat: 5 } },
    ]);
    // the free seat nearest to the left of B's big blind (seat 2) is seat 3
    expect(moved('A', 5)[0]).toMatchObject({ table: 'B', command: { name: 'seat-player', seat: 3, player: 'A5' } });
  });
});
