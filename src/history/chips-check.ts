// The check every chips-tracked record must pass: the chips the players put in (their posts and bets, less what
// came back) are the chips the pots gave out.
import type { OhhRecord } from './ohh-types.ts';

export interface ChipsBalance {
  putIn: number;
  returned: number;
  inPots: number;
  won: number;
}

export function chipsBalance(record: OhhRecord): ChipsBalance {
  const hand = record.ohh;
  let putIn = 0;
  for (const round of hand.rounds) for (const a of round.actions) putIn += a.amount ?? 0;
  const returned = hand.pokertable.returned.reduce((sum, r) => sum + r.amount, 0);
  const inPots = hand.pots.reduce((sum, p) => sum + p.amount, 0);
  const won = hand.pots.reduce((sum, p) => sum + p.player_wins.reduce((s, w) => s + w.win_amount, 0), 0);
  return { putIn, returned, inPots, won };
}

/** Null when the record balances, else a sentence saying how it does not. */
export function chipsProblem(record: OhhRecord): string | null {
  const b = chipsBalance(record);
  const net = b.putIn - b.returned;
  if (net === b.inPots && b.inPots === b.won) return null;
  return `hand ${record.ohh.game_number}: ${b.putIn} chips put in, ${b.returned} returned, ${b.inPots} in the pots, ${b.won} won`;
}
