// Omaha (R-GAME): four hole cards; a hand is exactly two of them and three board cards. Played under pot-limit unless
// the table says otherwise (games/betting.ts, R-GAME-LIST).
import { scoreOmaha } from '../evaluator/omaha.ts';
import { cardCode, scoreCodes } from '../evaluator/high.ts';
import type { Card } from '../types.ts';
import { omahaKernel } from '../equity/kernels.ts';
import { FLOP_GAME, type Game } from './game.ts';

function score(hole: readonly Card[], board: readonly Card[]): number {
  const h = hole.map(cardCode);
  const b = board.map(cardCode);
  if (h.length >= 2 && b.length >= 3) return scoreOmaha(h, b);
  // fewer than two hole cards (replacements never served): the cards it has; never reached with the deal's counts
  return scoreCodes(b.concat(h));
}

export const omaha: Game = {
  name: 'omaha',
  holeCards: 4,
  ...FLOP_GAME,
  firstPasses: ['down', 'down', 'down', 'down'],
  boardCards: { flop: 3, turn: 1, river: 1 },
  defaultBetting: 'pot-limit',
  score,
  equityKernel: omahaKernel,
  history: { ohhGameType: 'Omaha', pokerStars: 'Omaha' },
};
