// The virtual players: how they bet. The betting round is mirrored from the engine's `action` events (the same
// bookkeeping as R-ROUND-END: a raise or an all-in reopens the action), so a player never checks facing a bet.
import type { ActionKind, Seat, Street } from '../domain/types.ts';
import type { Random } from './random.ts';

export interface BettingRound {
  street: Street;
  /** Bets outstanding this round (the big blind, or stud's bring-in, counts as one on the first street). */
  level: number;
  /** The first street, which opens on a forced bet. */
  forced: boolean;
  matched: Map<Seat, number>;
  actions: number;
}

/** A round's start; `first`: the hand's first street, opened by the big blind (matched already) or by the stud
 * bring-in (posted by the first to act, `bigBlind` null). */
export function newRound(street: Street, bigBlind: Seat | null, first = street === 'preflop'): BettingRound {
  const matched = new Map<Seat, number>();
  if (first && bigBlind !== null) matched.set(bigBlind, 1);
  return { street, level: first ? 1 : 0, forced: first, matched, actions: 0 };
}

export function facingBet(round: BettingRound, seat: Seat): boolean {
  return (round.matched.get(seat) ?? 0) < round.level;
}

export function recordAction(round: BettingRound, seat: Seat, action: ActionKind): void {
  round.actions += 1;
  if (action === 'check' || action === 'call') round.matched.set(seat, round.level);
  if (action === 'raise' || action === 'allin') {
    round.level += 1;
    round.matched.set(seat, round.level);
  }
}

/** Raises allowed per round before everyone just calls, so rounds end. */
const MAX_LEVEL = 4;

/** Mostly check, call or fold, some raises, rare all-ins: most hands see a flop and many reach a showdown. */
export function chooseAction(random: Random, round: BettingRound, seat: Seat): ActionKind {
  const u = random.next();
  const canRaise = round.level < MAX_LEVEL;
  if (facingBet(round, seat)) {
    // Calling the big blind is cheap; a bet or a raise makes players fold more.
    const bets = round.forced ? round.level - 1 : round.level;
    const fold = bets === 0 ? 0.3 : 0.35 + 0.1 * bets;
    if (u < fold) return 'fold';
    if (u < fold + 0.015) return 'allin';
    if (u < fold + 0.08 && canRaise) return 'raise';
    return 'call';
  }
  if (u < 0.01) return 'allin';
  if (u < 0.17 && canRaise) return 'raise';
  return 'check';
}

/** Think time in ms: mostly short, now and then long (1 to 10 s). */
export function thinkTime(random: Random): number {
  const u = random.next();
  return Math.round(1000 + 9000 * u * u * u);
}
