// Razz: stud's deal, the ace-to-five low of the best five of seven (pairs count against it, straights and flushes
// do not). The highest up card brings in (king high, ace low; spades highest), the lowest hand showing acts first,
// and an odd chip goes to the lowest up card (R-STUD-BRING-IN, R-STUD-ORDER, R-ODD-CHIP).
import { lowName, scoreRazz7, scoreRazzCodes } from '../evaluator/low.ts';
import { cardCode } from '../evaluator/high.ts';
import type { Card } from '../types.ts';
import type { Game } from './game.ts';
import { cardLowRank, showingLow } from './showing.ts';
import { stud } from './stud.ts';

const SEVEN = new Int32Array(7);

function score(cards: readonly Card[], board: readonly Card[]): number {
  if (cards.length + board.length === 7) {
    for (let i = 0; i < cards.length; i++) SEVEN[i] = cardCode(cards[i]!);
    for (let i = 0; i < board.length; i++) SEVEN[cards.length + i] = cardCode(board[i]!);
    return scoreRazz7(SEVEN);
  }
  return scoreRazzCodes(cards.concat(board).map(cardCode));
}

/** The best up card for an odd chip: the lowest rank (ace low), then spades, hearts, diamonds, clubs. */
const upCard = (up: Card) => {
  const v = cardLowRank(up);
  return (12 - (v >> 2)) * 4 + (v & 3);
};

export const razz: Game = {
  ...stud,
  name: 'razz',
  order: { kind: 'showing', bringIn: cardLowRank, showing: showingLow, upCard },
  score,
  hands: { name: lowName },
  history: { ohhGameType: 'Razz', pokerStars: 'Razz' },
};
