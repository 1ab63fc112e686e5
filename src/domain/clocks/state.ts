// The open round's running clocks as data: the shot clock of the seat on action and a called clock (R-SHOT-CLOCK,
// R-CLOCK-CALL). Setting and clearing them; clocks.ts fires them. They live in the betting phase, so a round that
// ends takes them with it.
import type { Ctx } from '../context.ts';
import type { BettingPhase } from '../state.ts';

export function startActionClock(ctx: Ctx, betting: BettingPhase): void {
  const shot = ctx.state.setup!.profile.shotClock;
  betting.shotDeadline = shot.enabled ? ctx.at + shot.seconds * 1000 : null;
}

export function clearClocks(betting: BettingPhase): void {
  betting.shotDeadline = null;
  betting.clock = null;
}
