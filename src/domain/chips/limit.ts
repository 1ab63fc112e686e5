// R-BET-LIMIT with amounts: a limit hand's fixed increments, the cap on raises and the half-increment all-in. The
// structure's numbers come from its descriptor (games/betting.ts); this module keeps the round's count.
import { capReached, structureOf } from '../games/betting.ts';
import type { BettingName, ChipsLevel, ChipsState, LimitRound, SeatChips } from './types.ts';

/** The limit count of betting round `round` (0 the first) that opens facing `opening` (pre-flop the big blind, which
 * is the round's bet), or null when the structure has no fixed increment. */
export function limitRound(betting: BettingName, level: ChipsLevel, round: number, opening: number): LimitRound | null {
  const increment = structureOf(betting).increment(level, round);
  if (increment === null) return null;
  return { round, increment, bets: opening > 0 ? 1 : 0, fullBet: opening, liveAtCap: 0 };
}

/** The one total a bet or raise may go to: the last full bet plus the increment, or the seat's all-in short of it. */
export function fixedTo(limit: LimitRound, s: SeatChips): number {
  return Math.min(limit.fullBet + limit.increment, s.bet + s.stack);
}

/** The cap is reached and not lifted heads-up: a raise is refused (`capped`), an all-in is a call. */
export function isCapped(state: ChipsState): boolean {
  const l = state.limit;
  return l !== null && capReached(state.rules, l.bets, state.seats.length, l.liveAtCap);
}

/** The count after a bet or raise to `to`: one of at least half an increment beyond the last full bet counts as a
 * full raise (TDA 47's limit clause, BFP 10) and reopens the betting; a smaller all-in does neither. */
export function counted(state: ChipsState, to: number): LimitRound {
  const l = state.limit!;
  if (to - l.fullBet < l.increment / 2) return l;
  const bets = l.bets + 1;
  let liveAtCap = l.liveAtCap;
  if (liveAtCap === 0 && bets >= 1 + state.rules.maxRaises) {
    for (const s of state.seats) if (!s.folded && !s.deadHand) liveAtCap += 1;
  }
  return { round: l.round, increment: l.increment, bets, fullBet: to, liveAtCap };
}

/** The count of the next betting round, when one ends (pots.ts endRound). */
export function nextRound(state: ChipsState): LimitRound | null {
  const l = state.limit;
  return l && limitRound(state.betting, state.level, l.round + 1, 0);
}
