// Panel actions with amounts (R-BET-ROUND, R-BET-ALLIN) and dead hands (R-CHIPS-DETAILS).
import { actor, applyRuling, judgeRaise, type Judged } from './ruling.ts';
import { fixedTo, isCapped } from './limit.ts';
import { findSeat, withSeat } from './state.ts';
import type { ActionBy, BetAction, ChipsResult, ChipsState, Seat } from './types.ts';

// The plain rulings, one value each: nothing changes a Judged after it is made (applyRuling copies the corrections).
const FOLD: Judged = { ruling: { kind: 'fold' }, corrections: [] };
const CHECK: Judged = { ruling: { kind: 'check' }, corrections: [] };
const CALL: Judged = { ruling: { kind: 'call' }, corrections: [] };

/**
 * The seat on action acts. The hand says whose turn it is; this judges the amount. The events are the
 * `bet.corrected` (if any), the `action` naming the ruling's action, then its `bet.placed`.
 */
export function act(state: ChipsState, seat: Seat, action: BetAction, by: ActionBy = 'panel'): ChipsResult {
  const s = actor(state, seat);
  if (!s) return { ok: false, reason: 'not-in-hand' };
  const facing = state.currentBet > s.bet;
  let judged: Judged;
  switch (action.kind) {
    case 'fold':
      judged = FOLD;
      break;
    case 'check':
      if (facing) return { ok: false, reason: 'facing-bet' };
      judged = CHECK;
      break;
    case 'call':
      judged = facing ? CALL : CHECK;
      break;
    case 'allin':
      judged = judgeRaise(state, s, s.bet + s.stack);
      break;
    case 'raise': {
      // R-BET-LIMIT: no `to` needed under limit, and none but the fixed total taken; no raise once capped
      const limit = state.limit;
      if (limit !== null && isCapped(state)) return { ok: false, reason: 'capped' };
      const to = action.to ?? (limit !== null ? fixedTo(limit, s) : undefined);
      if (to === undefined) return { ok: false, reason: 'amount-required' };
      if (to > s.bet + s.stack) return { ok: false, reason: 'exceeds-stack' };
      if (limit !== null && to !== fixedTo(limit, s)) return { ok: false, reason: 'fixed-limit' };
      judged = judgeRaise(state, s, to);
      break;
    }
  }
  return applyRuling(state, s, judged, by);
}

/** A dead hand (absent, penalised, clock): out of the pots, its chips stay in as dead money, never returned. */
export function killHand(state: ChipsState, seat: Seat): ChipsState {
  return findSeat(state, seat) ? withSeat(state, seat, { folded: true, deadHand: true }) : state;
}
