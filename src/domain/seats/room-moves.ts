// R-ROOM-MOVE: a player leaves for another table (`move-player`) only between hands: at once between hands, at the
// end of the hand under way otherwise. With chips tracked the stack goes along (`player.moved.chips`) and leaves the
// table. The empty seat counts as an elimination for the blinds (R-BB-ELIMINATED).
import type { Ctx } from '../context.ts';
import { chipsTracked } from '../profile/profile.ts';
import { planHand, playerRemoved } from '../positions/positions.ts';
import type { State } from '../state.ts';
import type { Seat } from '../types.ts';

/** The seat whose player would post the next big blind, or null with fewer than two players. */
export function nextBigBlind(state: State): Seat | null {
  const players = new Map<Seat, string>();
  for (const s of state.seats) if (s.player !== null) players.set(s.seat, s.player);
  return planHand(state.positions, players, state.setup!.seats, state.setup!.profile)?.plan.bigBlind ?? null;
}

export function movePlayer(ctx: Ctx, seat: Seat | undefined): void {
  const state = ctx.state;
  const player = seat === undefined ? null : state.seats[seat - 1]!.player;
  if (seat !== undefined && player === null) return ctx.reject('move-player', 'seat-empty', seat);
  if (state.hand) {
    // asked again (a room that restarted): one move
    if (seat === undefined || !state.moves.some((m) => m.seat === seat && m.player === player))
      state.moves.push({ seat: seat ?? null, player });
    return;
  }
  if (seat !== undefined) return leave(ctx, seat);
  const next = nextBigBlind(state);
  if (next === null) return ctx.reject('move-player', 'not-enough-players');
  leave(ctx, next);
}

/** At the end of a hand (after `hand.ended`): the moves asked during it, in order. A player eliminated or removed in
 * the meantime does not move. */
export function movesAtHandEnd(ctx: Ctx): void {
  const state = ctx.state;
  if (state.moves.length === 0) return;
  const moves = state.moves;
  state.moves = [];
  for (const m of moves) {
    if (m.seat !== null) {
      if (state.seats[m.seat - 1]?.player === m.player) leave(ctx, m.seat);
      continue;
    }
    const next = nextBigBlind(state);
    if (next === null) ctx.reject('move-player', 'not-enough-players');
    else leave(ctx, next);
  }
}

function leave(ctx: Ctx, seatNumber: Seat): void {
  const state = ctx.state;
  const seat = state.seats[seatNumber - 1]!;
  const player = seat.player!;
  const chips = chipsTracked(state.setup!.profile) && seat.stack !== null ? seat.stack : null;
  seat.player = null;
  seat.penaltyHands = 0;
  seat.stack = null;
  state.positions = playerRemoved(state.positions, seatNumber);
  ctx.emit(
    chips === null
      ? { type: 'player.moved', seat: seatNumber, player }
      : { type: 'player.moved', seat: seatNumber, player, chips },
  );
}
