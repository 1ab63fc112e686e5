// The virtual players with chips tracked (`--chips`): what they press, with amounts from `action.on` (R-BET-ROUND),
// and now and then a silent chip motion that the rules must read (R-BET-CHIPS: one oversized chip facing a bet).
import type { Seat } from '../domain/types.ts';
import type { Random } from './random.ts';
import type { Body } from './steps.ts';

export interface OnAction {
  seat: Seat;
  toCall?: number;
  minRaiseTo?: number | null;
}

/** Mostly check, call or fold; some bets and raises of one to three minimum raises; rare all-ins. */
export function chipsAction(random: Random, on: OnAction): Body {
  const toCall = on.toCall ?? 0;
  const min = on.minRaiseTo ?? null;
  const u = random.next();
  const raise = (): Body => {
    if (min === null) return { type: 'panel', button: toCall > 0 ? 'call' : 'check' };
    // a legal `to` is at least minRaiseTo; beyond the stack the table refuses it and the player acts again
    const to = random.chance(0.6) ? min : min + random.int(1, 4) * Math.max(1, min - toCall);
    return { type: 'panel', button: toCall > 0 ? 'raise' : 'bet', to };
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
