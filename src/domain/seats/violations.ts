// R-STAY-SEATED and R-PENALTY-LADDER: a player who leaves a live hand commits a fault; the profile's ladder says
// what each repeated fault costs.
import { isLive } from '../hand/seats.ts';
import type { Ctx } from '../context.ts';
import { violationMessage } from '../reasons.ts';

export function violation(ctx: Ctx, seat: number): void {
  const hand = ctx.state.hand;
  if (!hand || hand.phase.kind === 'dealing' || !hand.plan.dealtIn.includes(seat) || !isLive(hand, seat)) return;
  const s = ctx.state.seats[seat - 1]!;
  s.faults += 1;
  const ladder = ctx.state.setup!.profile.penalty.ladder;
  const rule = 'R-STAY-SEATED';
  if (ladder.length === 0) return ctx.emit({ type: 'violation', seat, rule, message: violationMessage(seat, rule) });
  const sanction = ladder[Math.min(s.faults, ladder.length) - 1]!;
  const message = violationMessage(seat, rule, sanction);
  ctx.emit({ type: 'violation', seat, rule, fault: s.faults, sanction, message });
}
