// R-SHOT-CLOCK, time banks and R-CLOCK-CALL / R-CLOCK-SEATED: deadlines in the betting phase, fired by the table's
// timers.
import { clearClocks } from './state.ts';
import type { Ctx } from '../context.ts';
import { act, afterTurn } from '../hand/flow.ts';
import { leaveChips } from '../hand/chips.ts';
import { facingBet } from '../hand/seats.ts';
import { bettingOf } from '../hand/phase.ts';
import { DEAD, type BettingPhase, type HandState } from '../state.ts';
import type { Seat } from '../types.ts';

export function clockRequest(ctx: Ctx, by: 'seat' | 'dealer' | 'floor', caller: Seat | undefined): void {
  const hand = ctx.state.hand;
  if (by === 'seat') {
    const seat = ctx.state.seats[caller! - 1];
    if (!seat || seat.player === null) return ctx.reject('clock', 'caller-not-seated', caller);
    if (!seat.present) return ctx.reject('clock', 'caller-absent', caller); // R-CLOCK-SEATED
  }
  if (!hand) return ctx.reject('clock', 'no-hand', caller);
  const betting = bettingOf(hand);
  if (betting === null) return ctx.reject('clock', 'no-action', caller);
  const seat = betting.onAction;
  if (by === 'seat' && caller === seat) return ctx.reject('clock', 'caller-on-action', caller);
  if (betting.clock) return ctx.reject('clock', 'clock-running', caller);
  const rule = ctx.state.setup!.profile.clock;
  const countdownAt = ctx.at + rule.seconds * 1000;
  const deadline = countdownAt + rule.countdownSeconds * 1000;
  betting.clock = { kind: 'clock', seat, by, countdownAt, countdownSent: false, deadline };
  const event = { type: 'clock.called' as const, seat, by, deadline, countdownAt };
  ctx.emit(by === 'seat' ? { ...event, caller } : event);
}

export function timebank(ctx: Ctx, seat: Seat): void {
  const hand = ctx.state.hand;
  const shot = ctx.state.setup!.profile.shotClock;
  if (!hand) return ctx.reject('timebank', 'no-hand', seat);
  const betting = bettingOf(hand);
  if (!shot.enabled || betting === null || betting.shotDeadline === null)
    return ctx.reject('timebank', 'no-shot-clock', seat);
  if (betting.onAction !== seat) return ctx.reject('timebank', 'not-on-action', seat);
  const s = ctx.state.seats[seat - 1]!;
  if (s.timeBanks <= 0) return ctx.reject('timebank', 'no-time-bank', seat);
  s.timeBanks -= 1;
  betting.shotDeadline += shot.extensionSeconds * 1000;
  ctx.emit({ type: 'timebank.used', seat, remaining: s.timeBanks, deadline: betting.shotDeadline });
}

/** The earliest clock deadline of the hand, or null. */
export function clockDue(hand: HandState | null): number | null {
  const betting = bettingOf(hand);
  if (betting === null) return null;
  let due: number | null = betting.shotDeadline;
  const clock = betting.clock;
  if (clock) {
    const next = clock.countdownSent ? clock.deadline : clock.countdownAt;
    if (due === null || next < due) due = next;
  }
  return due;
}

/** Fires the hand's clock deadline that is due at ctx.at (clockDue said there is one: the hand is betting). */
export function fireClock(ctx: Ctx, hand: HandState): void {
  const betting = bettingOf(hand)!;
  const clock = betting.clock;
  if (clock && !clock.countdownSent && clock.countdownAt <= ctx.at) {
    clock.countdownSent = true;
    ctx.emit({ type: 'clock.countdown', seat: clock.seat, seconds: ctx.state.setup!.profile.clock.countdownSeconds });
    return;
  }
  const profile = ctx.state.setup!.profile;
  if (clock && clock.deadline <= ctx.at) return expire(ctx, hand, betting, 'clock', profile.clock.checkWhenFree);
  if (betting.shotDeadline !== null && betting.shotDeadline <= ctx.at)
    expire(ctx, hand, betting, 'shot-clock', profile.shotClock.checkWhenFree);
}

/** A clock ran out on the seat on action: checked where checking is free and the profile says so, else dead. */
function expire(
  ctx: Ctx,
  hand: HandState,
  betting: BettingPhase,
  reason: 'clock' | 'shot-clock',
  checkWhenFree: boolean,
): void {
  const seat = betting.onAction;
  if (checkWhenFree && !facingBet(betting.round, seat)) {
    act(ctx, hand, 'check', 'clock');
    return;
  }
  clearClocks(betting);
  hand.flags[seat]! |= DEAD;
  leaveChips(hand, seat);
  ctx.emit({ type: 'hand.dead', seat, reason });
  afterTurn(ctx, hand, seat);
}
