// Acting order and betting rounds from the dealer panel (R-ACT-ORDER, R-HEADS-UP, R-ROUND-END,
// R-SUBSTANTIAL-ACTION), and how a hand ends (fold, showdown, misdeal).
import { startActionClock, clearClocks } from './clocks.ts';
import type { Ctx } from './context.ts';
import { firstToAct, misdealt } from './positions.ts';
import { nextStreetOwed, showFlop } from './streets.ts';
import { showdown } from './showdown.ts';
import { ALL_IN, DEAD, FOLDED, zeros, type HandState, type Round } from './state.ts';
import type { ActionKind, HandEndReason, MisdealReason, Seat, Street } from './types.ts';

export const NEXT_STREET: Record<Street, Street | null> = { preflop: 'flop', flop: 'turn', turn: 'river', river: null };

/** How many dealt-in seats have none of the `flags` (no array: this runs on every action). */
function count(hand: HandState, flags: number): number {
  let n = 0;
  for (const s of hand.plan.dealtIn) if ((hand.flags[s]! & flags) === 0) n += 1;
  return n;
}

export function canBet(hand: HandState, seat: Seat): boolean {
  return (hand.flags[seat]! & (FOLDED | DEAD | ALL_IN)) === 0;
}

export function isLive(hand: HandState, seat: Seat): boolean {
  return (hand.flags[seat]! & (FOLDED | DEAD)) === 0;
}

export function liveSeats(hand: HandState): Seat[] {
  return hand.plan.dealtIn.filter((s) => isLive(hand, s));
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

/** Opens a betting round on a street whose cards are all out, or runs the board out when nobody can bet. */
export function startRound(ctx: Ctx, hand: HandState, street: Street): void {
  hand.street = street;
  const matched = zeros(hand.flags.length);
  const round: Round = { street, level: 0, matched, acted: 0, lastAggressor: null, actions: 0, over: false };
  if (street === 'preflop') {
    round.level = 1; // the big blind is a bet everyone else faces; posted blinds are not actions
    round.matched[hand.plan.bigBlind] = 1;
  }
  hand.round = round;
  const bettors = bettingSeats(hand);
  if (bettors.length === 0 || (bettors.length === 1 && !facingBet(round, bettors[0]!))) {
    roundOver(ctx, hand);
    return;
  }
  const first = firstToAct(hand.plan, street, bettors);
  if (first === null) return roundOver(ctx, hand);
  putOnAction(ctx, hand, first);
}

function putOnAction(ctx: Ctx, hand: HandState, seat: Seat): void {
  hand.onAction = seat;
  startActionClock(ctx, hand, seat);
  ctx.emit({ type: 'action.on', seat, street: hand.street, deadline: hand.shotDeadline });
}

/** The next seat clockwise after `after` that can bet and has not acted since the last raise or faces a bet. */
function nextToAct(hand: HandState, after: Seat): Seat | null {
  const round = hand.round!;
  let best: Seat | null = null;
  let wrapped: Seat | null = null;
  for (const s of hand.plan.dealtIn) {
    if (!canBet(hand, s) || ((round.acted & (1 << s)) !== 0 && round.matched[s]! >= round.level)) continue;
    if (s > after) {
      if (best === null || s < best) best = s;
    } else if (wrapped === null || s < wrapped) wrapped = s;
  }
  return best ?? wrapped;
}

/** An action of the seat on action, from the panel or from a clock's expiry. */
export function act(ctx: Ctx, hand: HandState, action: ActionKind, by: 'panel' | 'clock', raises = true): void {
  const round = hand.round!;
  const seat = hand.onAction!;
  const facing = facingBet(round, seat);
  if (hand.flopHeld) showFlop(ctx, hand); // the flop's first action: it stands, a fourth card would be premature
  ctx.emit({ type: 'action', seat, action, by });
  clearClocks(hand);
  round.actions += 1;
  hand.anyActions += 1;
  if ((action === 'call' && facing) || action === 'raise' || action === 'allin') hand.chipActions += 1;
  switch (action) {
    case 'fold':
      hand.flags[seat]! |= FOLDED;
      break;
    case 'check':
    case 'call':
      round.matched[seat] = round.level;
      break;
    case 'raise':
    case 'allin':
      if (action === 'allin') hand.flags[seat]! |= ALL_IN;
      if (action === 'raise' || raises) {
        round.level += 1;
        round.acted = 0;
        round.lastAggressor = seat;
      }
      round.matched[seat] = round.level;
      break;
  }
  round.acted |= 1 << seat;
  afterTurn(ctx, hand, seat);
}

/** A seat left the action (acted, dead, removed): end the hand, move the action on, or close the round. */
export function afterTurn(ctx: Ctx, hand: HandState, seat: Seat): void {
  if (endIfOneLeft(ctx, hand)) return;
  if (hand.onAction !== seat) return;
  const next = nextToAct(hand, seat);
  if (next === null) roundOver(ctx, hand);
  else putOnAction(ctx, hand, next);
}

export function endIfOneLeft(ctx: Ctx, hand: HandState): boolean {
  if (count(hand, FOLDED | DEAD) > 1) return false;
  endHand(ctx, hand, 'fold', liveSeats(hand));
  return true;
}

export function roundOver(ctx: Ctx, hand: HandState): void {
  const round = hand.round!;
  round.over = true;
  hand.onAction = null;
  clearClocks(hand);
  if (hand.street === 'river') return showdown(ctx, hand);
  if (!hand.runOut && count(hand, FOLDED | DEAD | ALL_IN) <= 1) {
    hand.runOut = true; // R-ROUND-END: no more than one seat can bet: every hand is exposed, the board runs out
    ctx.emit({ type: 'hands.exposed', seats: liveSeats(hand) });
  }
  nextStreetOwed(ctx, hand, NEXT_STREET[hand.street]!);
}

export function misdeal(ctx: Ctx, hand: HandState, reason: MisdealReason): void {
  ctx.emit({ type: 'misdeal', reason });
  // R-DECK-INTEGRITY: a fouled deck stops play until the deck is checked and shuffled again
  if (reason === 'duplicate-card' || reason === 'unknown-card') ctx.state.halted = true;
  endHand(ctx, hand, 'misdeal');
}

export function endHand(ctx: Ctx, hand: HandState, reason: HandEndReason, winners?: Seat[]): void {
  const state = ctx.state;
  clearClocks(hand);
  hand.onAction = null;
  ctx.emit(winners ? { type: 'hand.ended', reason, winners } : { type: 'hand.ended', reason });
  state.hand = null;
  if (reason === 'misdeal') {
    state.positions = misdealt(state.positions); // R-MISDEAL-RECOVERY: the same button deals again, nothing counts
    return;
  }
  for (const seat of state.seats) {
    if (seat.penaltyHands <= 0 || hand.number < seat.penaltyFrom) continue; // given during this hand: not yet
    seat.penaltyHands -= 1;
    if (seat.penaltyHands === 0) ctx.emit({ type: 'penalty.ended', seat: seat.seat, hands: seat.penaltyTotal });
  }
}

/** R-REMOVED-IN-HAND: a removed seat's hand is folded at once, with no event of its own (`player.removed` says it);
 * its clocks are cancelled, never passed on (R-CLOCK-CALL), and the action moves on. During the deal the seat still
 * receives its cards. */
export function dropFromHand(ctx: Ctx, seat: Seat): void {
  const hand = ctx.state.hand;
  if (!hand || !hand.plan.dealtIn.includes(seat) || !isLive(hand, seat)) return;
  hand.flags[seat]! |= FOLDED;
  if (hand.phase === 'dealing') return;
  if (hand.onAction === seat) {
    clearClocks(hand);
    afterTurn(ctx, hand, seat);
  } else endIfOneLeft(ctx, hand);
}
