// The virtual players with chips tracked (`--chips`): what they press, with amounts from `action.on` (R-BET-ROUND),
// and now and then a silent chip motion that the rules must read (R-BET-CHIPS: one oversized chip facing a bet).
import type { EngineEvent, Seat } from '../domain/types.ts';
import type { Random } from './random.ts';
import type { Body } from './steps.ts';

export interface OnAction {
  seat: Seat;
  toCall?: number;
  minRaiseTo?: number | null;
  /** The structure's most (pot-limit's pot, limit's fixed total, R-BET-LIMIT); absent under no-limit. */
  maxRaiseTo?: number | null;
}

/**
 * What each player has in front of it, learnt from the events as a dealer sees it: the stack behind and the bet of
 * this round, so that a bet never asks for more than the seat's all-in total (`exceeds-stack`). A seat the events
 * have not told about (a session resumed from a journal) has no known limit.
 */
export interface ChipsSeen {
  follow(e: EngineEvent): void;
  /** The seat's bet plus its stack: the largest `to` it may ask for; null when unknown. */
  allInTo(seat: Seat): number | null;
}

export function chipsSeen(): ChipsSeen {
  const stacks = new Map<Seat, number>();
  const bets = new Map<Seat, number>();
  const add = (seat: Seat, amount: number) => {
    const stack = stacks.get(seat);
    if (stack !== undefined) stacks.set(seat, stack + amount);
  };
  return {
    follow(e) {
      if (e.type === 'player.seated' && e.chips !== undefined) stacks.set(e.seat, e.chips);
      else if (e.type === 'stack.set') stacks.set(e.seat, e.chips);
      else if (e.type === 'player.removed') stacks.delete(e.seat);
      // a new hand, or a betting round ended (its bets gathered)
      else if (e.type === 'hand.started' || e.type === 'pots') bets.clear();
      else if (e.type === 'bet.placed') {
        stacks.set(e.seat, e.stack);
        if (e.to !== null) bets.set(e.seat, e.to);
      } else if (e.type === 'bet.returned') {
        add(e.seat, e.amount);
        bets.set(e.seat, Math.max(0, (bets.get(e.seat) ?? 0) - e.amount));
      } else if (e.type === 'pot.awarded')
        for (const pot of e.pots) for (const share of pot.shares) add(share.seat, share.amount);
    },
    allInTo(seat) {
      const stack = stacks.get(seat);
      return stack === undefined ? null : stack + (bets.get(seat) ?? 0);
    },
  };
}

/** Mostly check, call or fold; some bets and raises of one to three minimum raises; rare all-ins. A bet or raise
 * never goes beyond the seat's all-in total when `seen` knows it. */
export function chipsAction(random: Random, on: OnAction, seen?: ChipsSeen): Body {
  const toCall = on.toCall ?? 0;
  const min = on.minRaiseTo ?? null;
  const u = random.next();
  const raise = (): Body => {
    if (min === null) return { type: 'panel', button: toCall > 0 ? 'call' : 'check' };
    // a legal `to` is at least minRaiseTo (the all-in total when the stack is short of it) and at most the all-in
    // total, which the table would refuse (`exceeds-stack`)
    const wanted = random.chance(0.6) ? min : min + random.int(1, 4) * Math.max(1, min - toCall);
    const button = toCall > 0 ? 'raise' : 'bet';
    // the least and the most are one total (limit's fixed bet, R-BET-LIMIT; or a short stack's all-in): that one
    if (on.maxRaiseTo === min) return { type: 'panel', button, to: min };
    const most = seen?.allInTo(on.seat) ?? null;
    const to = most === null ? wanted : Math.max(min, Math.min(wanted, most));
    return { type: 'panel', button, to };
  };
  if (toCall > 0) {
    if (u < 0.35) return { type: 'panel', button: 'fold' };
    if (u < 0.37) return { type: 'panel', button: 'allin' };
    if (u < 0.45) return raise();
    // one chip above the call, put out without a word: a call, the change given back (TDA 46, R-BET-CHIPS)
    if (u < 0.5) return { type: 'chips', seat: on.seat, added: [oversized(toCall)], removed: [] };
    return { type: 'panel', button: 'call' };
  }
  if (u < 0.01) return { type: 'panel', button: 'allin' };
  if (u < 0.18) return raise();
  return { type: 'panel', button: 'check' };
}

/** A single chip worth more than the call (the next power of ten's multiple of 5 or 1 above it). */
function oversized(toCall: number): number {
  const step = 10 ** Math.max(1, Math.floor(Math.log10(toCall)));
  return (Math.floor(toCall / step) + 1) * step;
}
