// Questions about the seats of the hand under way: who is live, who can still bet, who faces a bet, and whether
// the action is substantial yet. Read-only: every module of the hand asks these, none of them answers back.
import type { Ctx } from '../context.ts';
import type { Game } from '../games/index.ts';
import { ALL_IN, DEAD, FOLDED, type HandState, type Round } from '../state.ts';
import type { Seat } from '../types.ts';

/** Whether two or more dealt-in seats have none of the `flags`. It stops at the second such seat and builds no
 * array: this runs after every action. */
export function twoWithout(hand: HandState, flags: number): boolean {
  const dealtIn = hand.plan.dealtIn;
  let found = false;
  for (let i = 0; i < dealtIn.length; i++) {
    if ((hand.flags[dealtIn[i]!]! & flags) !== 0) continue;
    if (found) return true;
    found = true;
  }
  return false;
}

export function canBet(hand: HandState, seat: Seat): boolean {
  return (hand.flags[seat]! & (FOLDED | DEAD | ALL_IN)) === 0;
}

export function isLive(hand: HandState, seat: Seat): boolean {
  return (hand.flags[seat]! & (FOLDED | DEAD)) === 0;
}

/** The live seats in dealing order. A loop, not `filter` with a closure: this runs at every hand's end. */
export function liveSeats(hand: HandState): Seat[] {
  const live: Seat[] = [];
  for (const seat of hand.plan.dealtIn) if (isLive(hand, seat)) live.push(seat);
  return live;
}

/** Live seats that can still bet (not all-in). */
export function bettingSeats(hand: HandState): Seat[] {
  return hand.plan.dealtIn.filter((s) => canBet(hand, s));
}

export function facingBet(round: Round | null, seat: Seat): boolean {
  return round !== null && round.matched[seat]! < round.level;
}

/** R-SUBSTANTIAL-ACTION (TDA 36): (A) `chipActions` actions in turn of which at least one puts chips in (so
 * heads-up "call, check" or "fold, call" count), or (B) `anyActions` actions of any kind. */
export function isSubstantial(ctx: Ctx, hand: HandState): boolean {
  const rule = ctx.state.setup!.profile.misdeal.substantialAction;
  return (hand.chipActions >= 1 && hand.anyActions >= rule.chipActions) || hand.anyActions >= rule.anyActions;
}

/** R-ODD-CHIP in the stud games: the seats dealt in, the best up card first (each seat by its best up card). */
export function upCardOrder(hand: HandState, game: Game): Seat[] {
  const order = game.order;
  if (order.kind !== 'showing') return hand.plan.dealtIn.slice();
  const worth = (seat: Seat) => Math.max(-1, ...hand.upCards[seat]!.map((c) => order.upCard(c)));
  return [...hand.plan.dealtIn].sort((a, b) => worth(b) - worth(a));
}
