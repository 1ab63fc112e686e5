// R-CHIPS-STACK in a simulated session: the chips at the table are the buy-ins (every player seated with chips,
// rebuys included), so after every hand the stacks, learnt from the events, add up to them; a busted player has none.
import { expect } from 'vitest';
import type { EngineEvent } from '../../src/domain/types.ts';

/** Checks the stacks after every `hand.ended` of `events`; returns the buy-ins seen. */
export function expectChipsKept(events: readonly EngineEvent[]): number {
  let buyIns = 0;
  const stacks = new Map<number, number>();
  for (const e of events) {
    if (e.type === 'player.seated' && e.chips !== undefined) {
      stacks.set(e.seat, e.chips);
      buyIns += e.chips;
    }
    if (e.type === 'bet.placed') stacks.set(e.seat, e.stack);
    if (e.type === 'bet.returned') stacks.set(e.seat, stacks.get(e.seat)! + e.amount);
    if (e.type === 'pot.awarded')
      for (const p of e.pots) for (const s of p.shares) stacks.set(s.seat, stacks.get(s.seat)! + s.amount);
    if (e.type === 'player.eliminated') {
      expect(stacks.get(e.seat)).toBe(0);
      stacks.delete(e.seat);
    }
    if (e.type === 'hand.ended') expect([...stacks.values()].reduce((a, b) => a + b, 0)).toBe(buyIns);
  }
  return buyIns;
}
