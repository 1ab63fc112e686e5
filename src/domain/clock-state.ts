// The hand's running clocks as data: the shot clock of the seat on action and a called clock (R-SHOT-CLOCK,
// R-CLOCK-CALL). Setting and clearing them; clocks.ts fires them.
import type { Ctx } from './context.ts';
import type { HandState } from './state.ts';

export function startActionClock(ctx: Ctx, hand: HandState): void {
  const shot = ctx.state.setup!.profile.shotClock;
  hand.shotDeadline = shot.enabled ? ctx.at + shot.seconds * 1000 : null;
}

export function clearClocks(hand: HandState): void {
  hand.shotDeadline = null;
  hand.clock = null;
}
