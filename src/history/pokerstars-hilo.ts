// The PokerStars lines of a hi-lo hand (docs/history.md "Hi-lo"), as that site writes its hi/lo games: each shown hand
// named by both halves, "HI: <high>; LO: <low>" (no LO when it has none), one "collected" line per half won (the high
// half's first), "No low hand qualified" when none did, and the summary's "won (<total>) with HI: …; LO: …".
import type { OhhHand, OhhHiLo } from './ohh-types.ts';

/** ` (HI: …; LO: …)` for a shown hand, or '' when the record does not name it. */
export function hiLoHand(hilo: OhhHiLo, player: number): string {
  const hand = hilo.shown.find((s) => s.player_id === player);
  if (!hand) return '';
  return `HI: ${hand.high}${hand.low !== null ? `; LO: ${lowWords(hand.low)}` : ''}`;
}

/** The table names a low "8-5-4-3-2"; PokerStars writes "8,5,4,3,2". */
export function lowWords(low: string): string {
  return low.replaceAll('-', ',');
}

export function hiLoCollected(hand: OhhHand, hilo: OhhHiLo, name: ReadonlyMap<number, string>): string[] {
  const many = hand.pots.length > 1;
  const lines = hilo.halves.map((h) => {
    const from = !many ? 'pot' : h.pot === 0 ? 'main pot' : `side pot-${h.pot}`;
    return `${name.get(h.player_id)} collected ${h.amount} from ${from}`;
  });
  const showdown = hand.rounds.some((r) => r.street === 'Showdown');
  if (showdown && hilo.low_rank === null) lines.push('No low hand qualified');
  return lines;
}
