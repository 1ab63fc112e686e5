// How a hand ends (a fold to one seat, a showdown, a misdeal) and what its end settles: R-MISDEAL-RECOVERY,
// R-DECK-INTEGRITY's halt, the penalties served, the moves asked during the hand (R-ROOM-MOVE).
import type { Pot } from '../chips/index.ts';
import type { Ctx } from '../context.ts';
import { settleChips } from './chips.ts';
import { movesAtHandEnd } from '../seats/room-moves.ts';
import { misdealt } from '../positions/positions.ts';
import type { HandState } from '../state.ts';
import type { HandEndReason, MisdealReason, Seat } from '../types.ts';

export function misdeal(ctx: Ctx, hand: HandState, reason: MisdealReason): void {
  ctx.emit({ type: 'misdeal', reason });
  // R-DECK-INTEGRITY: a fouled deck stops play until the deck is checked and shuffled again
  if (reason === 'duplicate-card' || reason === 'unknown-card') ctx.state.halted = true;
  endHand(ctx, hand, 'misdeal');
}

/** `ranking`: at a showdown, the live seats best first, ties grouped (for the pots with chips tracked); `pots`: the
 * pots the river's round end has just made (settleChips); `low`: a hi-lo game's showdown, the seats with a
 * qualifying low, best first (R-HILO). */
export function endHand(
  ctx: Ctx,
  hand: HandState,
  reason: HandEndReason,
  winners?: Seat[],
  ranking?: Seat[][],
  pots: readonly Pot[] | null = null,
  low?: Seat[][],
): void {
  const state = ctx.state;
  // R-POT-AWARD, R-POT-MISDEAL, R-CHIPS-BUST: before `hand.ended`
  settleChips(ctx, hand, reason === 'misdeal', ranking ?? (winners ? [winners] : []), pots, low);
  ctx.emit(winners ? { type: 'hand.ended', reason, winners } : { type: 'hand.ended', reason });
  state.hand = null;
  if (reason === 'misdeal') {
    state.positions = misdealt(state.positions); // R-MISDEAL-RECOVERY: the same button deals again, nothing counts
    movesAtHandEnd(ctx);
    return;
  }
  for (const seat of state.seats) {
    if (seat.penaltyHands <= 0 || hand.number < seat.penaltyFrom) continue; // given during this hand: not yet
    seat.penaltyHands -= 1;
    if (seat.penaltyHands === 0) ctx.emit({ type: 'penalty.ended', seat: seat.seat, hands: seat.penaltyTotal });
  }
  movesAtHandEnd(ctx); // R-ROOM-MOVE
}
