// R-SHOT-CLOCK, time banks and R-CLOCK-CALL / R-CLOCK-SEATED: deadlines in the state, fired by the table's timers.
import { clearClocks } from './clock-state.ts';
import type { Ctx } from './context.ts';
import { act, afterTurn } from './flow.ts';
import { facingBet } from './hand-seats.ts';
import { DEAD, type HandState } from './state.ts';
import type { Seat } from './types.ts';

export function clockRequest(ctx: Ctx, by: 'seat' | 'dealer' | 'floor', caller: Seat | undefined): void {
  const hand = ctx.state.hand;
  if (by === 'seat') {
    const seat = ctx.state.seats[caller! - 1];
    if (!seat || seat.player === null) return ctx.reject('clock', 'caller-not-seated', caller);
    if (!seat.present) return ctx.reject('clock', 'caller-absent', caller); // R-CLOCK-SEATED
  }
  if (!hand) return ctx.reject('clock', 'no-hand', caller);
  if (hand.onAction === null) return ctx.reject('clock', 'no-action', caller);
  if (by === 'seat' && caller === hand.onAction) return ctx.reject('clock', 'caller-on-action', caller);
  if (hand.clock) return ctx.reject('clock', 'clock-running', caller);
  const rule = ctx.state.setup!.profile.clock;
  const countdownAt = ctx.at + rule.seconds * 1000;
  const deadline = countdownAt + rule.countdownSeconds * 1000;
  hand.clock = { kind: 'clock', seat: hand.onAction, by, countdownAt, countdownSent: false, deadline };
  const event = { type: 'clock.called' as const, seat: hand.onAction, by, deadline, countdownAt };
  ctx.emit(by === 'seat' ? { ...event, caller } : event);
}

export function timebank(ctx: Ctx, seat: Seat): void {
  const hand = ctx.state.hand;
  const shot = ctx.state.setup!.profile.shotClock;
  if (!hand) return ctx.reject('timebank', 'no-hand', seat);
  if (!shot.enabled || hand.shotDeadline === null) return ctx.reject('timebank', 'no-shot-clock', seat);
  if (hand.onAction !== seat) return ctx.reject('timebank', 'not-on-action', seat);
  const s = ctx.state.seats[seat - 1]!;
  if (s.timeBanks <= 0) return ctx.reject('timebank', 'no-time-bank', seat);
  s.timeBanks -= 1;
  hand.shotDeadline += shot.extensionSeconds * 1000;
  ctx.emit({ type: 'timebank.used', seat, remaining: s.timeBanks, deadline: hand.shotDeadline });
}

/** The earliest clock deadline of the hand, or null. */
export function clockDue(hand: HandState | null): number | null {
  if (!hand) return null;
  let due: number | null = hand.shotDeadline;
  const clock = hand.clock;
  if (clock) {
    const next = clock.countdownSent ? clock.deadline : clock.countdownAt;
    if (due === null || next < due) due = next;
  }
  return due;
}

/** Fires the hand's clock deadline that is due at ctx.at. */
export function fireClock(ctx: Ctx, hand: HandState): void {
  const clock = hand.clock;
  if (clock && !clock.countdownSent && clock.countdownAt <= ctx.at) {
    clock.countdownSent = true;
    ctx.emit({ type: 'clock.countdown', seat: clock.seat, seconds: ctx.state.setup!.profile.clock.countdownSeconds });
    return;
  }
  const profile = ctx.state.setup!.profile;
  if (clock && clock.deadline <= ctx.at) return expire(ctx, hand, 'clock', profile.clock.checkWhenFree);
  if (hand.shotDeadline !== null && hand.shotDeadline <= ctx.at)
    expire(ctx, hand, 'shot-clock', profile.shotClock.checkWhenFree);
}

/** A clock ran out on the seat on action: checked where checking is free and the profile says so, else dead. */
function expire(ctx: Ctx, hand: HandState, reason: 'clock' | 'shot-clock', checkWhenFree: boolean): void {
  const seat = hand.onAction!;
  if (checkWhenFree && !facingBet(hand.round, seat)) return act(ctx, hand, 'check', 'clock');
  clearClocks(hand);
  hand.flags[seat]! |= DEAD;
  ctx.emit({ type: 'hand.dead', seat, reason });
  afterTurn(ctx, hand, seat);
}
