// The PokerStars lines of a betting round, in every game: the actions ("raises X to Y" from the chips each seat has
// in the round, the bring-in's "brings in for X"), and where an uncalled bet goes back.
import type { OhhAction, OhhHand, OhhRound } from './ohh-types.ts';

/** The round's actions; a raise is written "raises BY to TO" from the chips each seat has in this round (a stud
 * completion too, as PokerStars writes it: "raises 35 to 50" over a bring-in of 15). */
export function bettingLines(round: OhhRound, name: ReadonlyMap<number, string>): string[] {
  const inRound = new Map<number, number>();
  let current = 0;
  const lines: string[] = [];
  for (const a of round.actions) {
    const who = name.get(a.player_id);
    const amount = a.amount ?? 0;
    if (a.action === 'Post SB' || a.action === 'Post BB') {
      inRound.set(a.player_id, (inRound.get(a.player_id) ?? 0) + amount);
      current = Math.max(current, inRound.get(a.player_id)!);
      continue;
    }
    if (a.action === 'Fold') lines.push(`${who}: folds`);
    else if (a.action === 'Check') lines.push(`${who}: checks`);
    else if (a.action === 'Post Extra Blind') lines.push(`${who}: brings in for ${amount}${allIn(a)}`);
    else if (a.action === 'Call') lines.push(`${who}: calls ${amount}${allIn(a)}`);
    else if (a.action === 'Bet') lines.push(`${who}: bets ${amount}${allIn(a)}`);
    else if (a.action === 'Raise') {
      const to = (inRound.get(a.player_id) ?? 0) + amount;
      lines.push(`${who}: raises ${to - current} to ${to}${allIn(a)}`);
    }
    if (a.action === 'Call' || a.action === 'Bet' || a.action === 'Raise' || a.action === 'Post Extra Blind') {
      inRound.set(a.player_id, (inRound.get(a.player_id) ?? 0) + amount);
      current = Math.max(current, inRound.get(a.player_id)!);
    }
  }
  return lines;
}

/** An uncalled bet goes back at the end of the round of the player's last bet or raise. */
export function uncalledRounds(
  hand: OhhHand,
  betting: readonly OhhRound[],
): Map<number, OhhHand['pokertable']['returned']> {
  const at = new Map<number, OhhHand['pokertable']['returned']>();
  for (const r of hand.pokertable.returned) {
    const round = [...betting]
      .reverse()
      .find((b) => b.actions.some((a) => a.player_id === r.player_id && (a.amount ?? 0) > 0));
    const id = round?.id ?? betting[betting.length - 1]?.id ?? 0;
    at.set(id, [...(at.get(id) ?? []), r]);
  }
  return at;
}

export function allIn(a: OhhAction): string {
  return a.is_allin ? ' and is all-in' : '';
}
