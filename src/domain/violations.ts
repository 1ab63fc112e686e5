// R-STAY-SEATED and R-PENALTY-LADDER: a player who leaves a live hand commits a fault; the profile's ladder says
// what each repeated fault costs.
import { isLive } from './betting.ts';
import type { Ctx } from './context.ts';

export function violation(ctx: Ctx, seat: number): void {
  const hand = ctx.state.hand;
  if (!hand || hand.phase === 'dealing' || !hand.plan.dealtIn.includes(seat) || !isLive(hand, seat)) return;
  const s = ctx.state.seats[seat - 1]!;
  s.faults += 1;
  const ladder = ctx.state.setup!.profile.penalty.ladder;
  if (ladder.length === 0) return ctx.emit({ type: 'violation', seat, rule: 'R-STAY-SEATED' });
  const sanction = ladder[Math.min(s.faults, ladder.length) - 1]!;
  ctx.emit({ type: 'violation', seat, rule: 'R-STAY-SEATED', fault: s.faults, sanction });
}
