// What the stud games read from the up cards (R-STUD-BRING-IN, R-STUD-ORDER, R-ODD-CHIP): a card's worth by rank and
// bridge suit order (spades, hearts, diamonds, clubs), and the hand the up cards show. Pure functions of the cards,
// for the stud descriptors' `order`.
import { cardCode } from '../evaluator/high.ts';
import type { Card } from '../types.ts';

/** A suit's bridge rank: clubs 0, diamonds 1, hearts 2, spades 3 (card codes number the suits s h d c = 0 … 3). */
const suitRank = (code: number) => 3 - (code & 3);
/** A card's rank with the ace high: deuce 0 … ace 12. */
const highRank = (code: number) => code >> 2;
/** A card's rank with the ace low: ace 0, deuce 1 … king 12. */
const lowRank = (code: number) => ((code >> 2) + 1) % 13;

/** By rank (ace high), then suit: the deuce of clubs 0 … the ace of spades 51. */
export function cardHigh(card: Card): number {
  const code = cardCode(card);
  return highRank(code) * 4 + suitRank(code);
}

/** By rank with the ace low (king highest), then suit: the ace of clubs 0 … the king of spades 51. */
export function cardLowRank(card: Card): number {
  const code = cardCode(card);
  return lowRank(code) * 4 + suitRank(code);
}

/** The up cards as a shape and its ranks (most copies first, then the higher rank), one number: a worse shape or a
 * lower rank gives a lower number. `rank`: the card's rank on the game's scale. */
function shapeValue(up: readonly Card[], rank: (code: number) => number): { shape: number; ranks: number } {
  const counts = new Map<number, number>();
  for (const card of up) {
    const r = rank(cardCode(card));
    counts.set(r, (counts.get(r) ?? 0) + 1);
  }
  const groups = [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  // the shapes up cards can make (four of them, five with a seventh-street card exposed: R-STUD-MISDEAL): no pair 0,
  // a pair 1, two pair 2, trips 3, a full house 4, quads 5
  const top = groups[0]?.[1] ?? 0;
  const second = groups[1]?.[1] ?? 0;
  const shape = top === 4 ? 5 : top === 3 ? (second === 2 ? 4 : 3) : top === 2 ? (second === 2 ? 2 : 1) : 0;
  let ranks = 0;
  for (let i = 0; i < 5; i++) ranks = ranks * 13 + (groups[i]?.[0] ?? 0);
  return { shape, ranks };
}

/** R-STUD-ORDER (stud, stud hi-lo): the high hand showing, pairs and more counting, straights and flushes not. */
export function showingHigh(up: readonly Card[]): number {
  const { shape, ranks } = shapeValue(up, highRank);
  return shape * 13 ** 5 + ranks;
}

/** R-STUD-ORDER (razz): the ace-to-five low showing, pairs against it; the best low gets the highest value. */
export function showingLow(up: readonly Card[]): number {
  const { shape, ranks } = shapeValue(up, lowRank);
  return -(shape * 13 ** 5 + ranks);
}
