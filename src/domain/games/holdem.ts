// Texas hold'em: two hole cards, the best five of the seven (R-DEAL-ORDER).
import { cardCode, score7, scoreCodes } from '../evaluator/high.ts';
import type { Card } from '../types.ts';
import { holdemKernel } from '../equity/kernels.ts';
import { FLOP_GAME, type Game } from './game.ts';

/** The seven cards being scored: one buffer, a showdown scores a few hands per hand. */
const SEVEN = new Int32Array(7);

function score(hole: readonly Card[], board: readonly Card[]): number {
  if (board.length === 5 && hole.length === 2) {
    for (let i = 0; i < 5; i++) SEVEN[i] = cardCode(board[i]!);
    SEVEN[5] = cardCode(hole[0]!);
    SEVEN[6] = cardCode(hole[1]!);
    return score7(SEVEN);
  }
  // a seat still owed its replacement card (R-EXPOSED-LATE never served) plays the cards it has
  return scoreCodes(board.concat(hole).map(cardCode));
}

export const holdem: Game = {
  name: 'holdem',
  holeCards: 2,
  ...FLOP_GAME,
  firstPasses: ['down', 'down'],
  boardCards: { flop: 3, turn: 1, river: 1 },
  defaultBetting: 'no-limit',
  score,
  equityKernel: holdemKernel,
  history: { ohhGameType: 'Holdem', pokerStars: "Hold'em" },
};
