// The PokerStars lines of a stud hand's streets (docs/history.md "Stud"), as that site writes its 7 Card Stud, 7 Card
// Stud Hi/Lo and Razz: the antes, `*** 3rd STREET ***` … `*** 6th STREET ***` and `*** RIVER ***` for the seventh,
// each street's "Dealt to" lines (`Dealt to Ann [9s 5d 5s]` on third street, `Dealt to Ann [9s 5d 5s] [7h]` after,
// the cards before the new one first; a seat whose cards of the street are all down has none in the public form),
// the bring-in ("brings in for"), the common card as `*** RIVER *** [6h]` with no "Dealt to" line, and the summary's
// "folded on the 3rd Street (didn't bet)". The rest (showdown, pots, summary) is the flop games' (pokerstars.ts).
import type { OhhHand, OhhRound, OhhStreet } from './ohh-types.ts';
import { allIn, bettingLines } from './pokerstars-betting.ts';

/** Each stud street's name in the street lines and in the summary. */
const STREETS: Partial<Record<OhhStreet, { head: string; summary: string }>> = {
  'Third Street': { head: '3rd STREET', summary: '3rd Street' },
  'Fourth Street': { head: '4th STREET', summary: '4th Street' },
  'Fifth Street': { head: '5th STREET', summary: '5th Street' },
  'Sixth Street': { head: '6th STREET', summary: '6th Street' },
  'Seventh Street': { head: 'RIVER', summary: 'River' },
};

type Returned = OhhHand['pokertable']['returned'];

export function studStreetLines(
  betting: readonly OhhRound[],
  name: ReadonlyMap<number, string>,
  uncalledAfter: ReadonlyMap<number, Returned>,
): { lines: string[]; board: string[] } {
  const lines: string[] = [];
  const board: string[] = [];
  const seen = new Map<number, string[]>();
  betting.forEach((round, i) => {
    if (i === 0) {
      for (const a of round.actions)
        if (a.action === 'Post Ante') lines.push(`${name.get(a.player_id)}: posts the ante ${a.amount}${allIn(a)}`);
    }
    const common = round.cards ?? [];
    board.push(...common);
    const head = STREETS[round.street]?.head ?? round.street.toUpperCase();
    lines.push(`*** ${head} ***${common.length > 0 ? ` [${common.join(' ')}]` : ''}`);
    for (const a of round.actions) {
      if (a.action !== 'Dealt Cards' || !a.cards || a.cards.length === 0) continue;
      const before = seen.get(a.player_id) ?? [];
      const who = name.get(a.player_id);
      lines.push(`Dealt to ${who} ${before.length > 0 ? `[${before.join(' ')}] ` : ''}[${a.cards.join(' ')}]`);
      seen.set(a.player_id, [...before, ...a.cards]);
    }
    lines.push(...bettingLines(round, name));
    for (const r of uncalledAfter.get(round.id) ?? [])
      lines.push(`Uncalled bet (${r.amount}) returned to ${name.get(r.player_id)}`);
  });
  return { lines, board };
}

/** The summary's fold on a stud street ("(didn't bet)" on the first, antes aside), or null for another street. */
export function studFolded(street: OhhStreet, bet: boolean): string | null {
  const words = STREETS[street];
  if (!words) return null;
  return `folded on the ${words.summary}${street === 'Third Street' && !bet ? " (didn't bet)" : ''}`;
}
