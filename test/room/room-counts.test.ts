// The room's counts with the moves under way tallied once per table (counts.ts, `tally`) give what the rules' plain
// definitions give, move by move (R-ROOM-BALANCE: a player on the way counts at the destination, not at the source,
// unless the source's seat already shows someone else). Checked on random rooms against the definitions written out.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { capacity, fewestTables, isOutbound, movableSeats, playerCount, tally } from '../../src/room/engine/counts.ts';
import type { PendingMove, RoomState, TableModel } from '../../src/room/engine/state.ts';

const room = fc
  .record({
    tables: fc.array(
      fc.array(fc.option(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), { nil: null }), { minLength: 2, maxLength: 6 }),
      {
        minLength: 1,
        maxLength: 5,
      },
    ),
    moves: fc.array(
      fc.record({ from: fc.nat(4), seat: fc.nat(5), player: fc.constantFrom('a', 'b', 'c', 'x'), to: fc.nat(4) }),
      {
        maxLength: 8,
      },
    ),
  })
  .map(({ tables, moves }) => {
    const models: TableModel[] = tables.map((players, i) => ({
      id: `T${i}`,
      seats: players.length,
      rank: i,
      open: true,
      broken: false,
      online: true,
      players,
      stacks: players.map(() => null),
      given: players.map(() => null),
      button: null,
      bigBlind: null,
      vacated: [],
      game: null,
      lastSeq: 0,
      staleUntil: null,
    }));
    const pending: PendingMove[] = moves.map((m) => ({
      player: m.player,
      from: { table: `T${m.from % models.length}`, seat: 1 + (m.seat % models[m.from % models.length]!.seats) },
      to: `T${m.to % models.length}`,
      reason: 'balance',
      seatPick: 'random',
    }));
    return { tables: models, byId: new Map(models.map((t) => [t.id, t])), moves: pending } as unknown as RoomState;
  });

it('tallied counts equal the definitions', () => {
  fc.assert(
    fc.property(room, (state) => {
      const tl = tally(state);
      for (const t of state.tables) {
        const seated = t.players.filter((p) => p !== null).length;
        const inbound = state.moves.filter((m) => m.to === t.id).length;
        const leaving = state.moves.filter(
          (m) => m.from.table === t.id && t.players[m.from.seat - 1] === m.player,
        ).length;
        expect(playerCount(state, t, tl)).toBe(seated - leaving + inbound);
        expect(capacity(state, t, tl)).toBe(t.seats - seated - inbound);
        const outbound = (p: string) => state.moves.some((m) => m.from.table === t.id && m.player === p);
        for (const p of ['a', 'b', 'c', 'x']) expect(isOutbound(state, t.id, p, tl)).toBe(outbound(p));
        const movable = t.players.flatMap((p, i) => (p !== null && !outbound(p) ? [i + 1] : []));
        expect(movableSeats(state, t, tl)).toEqual(movable);
      }
      expect(fewestTables(state, undefined, tl)).toEqual(fewestTables(state));
    }),
    { numRuns: 300 },
  );
});
