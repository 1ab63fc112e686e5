// R-CHIPS-ADD: chips added to a seated player's stack, for a rebuy or an add-on (BFP 18: "sans louper aucune main …
// les jetons correspondant sont considérés être immédiatement devant lui"). Between hands they are added at once;
// during a hand they wait for its end and are added right after the pots are awarded, before the hand's busts are
// counted, so a player who rebought during a hand is not knocked out by it and no hand is missed.
import type { Ctx } from '../context.ts';
import { chipsTracked } from '../profile/profile.ts';
import type { Seat } from '../types.ts';

export function addChips(ctx: Ctx, seatNumber: Seat, chips: number, player?: string): void {
  const state = ctx.state;
  if (!chipsTracked(state.setup!.profile)) return ctx.reject('add-chips', 'no-chips', seatNumber);
  const seat = state.seats[seatNumber - 1]!;
  if (seat.player === null) return ctx.reject('add-chips', 'seat-empty', seatNumber);
  // the room names the player: its picture of the seat may be older than the table's
  if (player !== undefined && seat.player !== player) return ctx.reject('add-chips', 'not-that-player', seatNumber);
  if (state.hand) {
    state.adds.push({ seat: seatNumber, player: seat.player, chips });
    return;
  }
  add(ctx, seatNumber, chips);
}

/** At the end of a hand, once the pots are awarded: the chips asked during it, in order. A player who left the seat
 * meanwhile gets none (the room knows the player is gone and does not count them). */
export function addsAtHandEnd(ctx: Ctx): void {
  const state = ctx.state;
  if (state.adds.length === 0) return;
  const adds = state.adds;
  state.adds = [];
  for (const a of adds) if (state.seats[a.seat - 1]?.player === a.player) add(ctx, a.seat, a.chips);
}

function add(ctx: Ctx, seatNumber: Seat, chips: number): void {
  const seat = ctx.state.seats[seatNumber - 1]!;
  seat.stack = (seat.stack ?? 0) + chips;
  ctx.emit({ type: 'chips.added', seat: seatNumber, player: seat.player!, chips, stack: seat.stack });
}
