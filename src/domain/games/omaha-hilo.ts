// Omaha hi-lo, eight or better (R-HILO): Omaha's deal and high hand, with every pot split with the best low of
// exactly two hole cards and three board cards, five different ranks none above the eight (none: the high takes it).
import { hiLoKernel, omahaKernel } from '../equity/kernels.ts';
import { scoreOmahaLow, lowName, NO_LOW } from '../evaluator/low.ts';
import { cardCode } from '../evaluator/high.ts';
import type { Card } from '../types.ts';
import type { Game } from './game.ts';
import { omaha } from './omaha.ts';

function low(hole: readonly Card[], board: readonly Card[]): number {
  // fewer than two hole cards or three board cards (never with the deal's counts at a showdown): no low
  if (hole.length < 2 || board.length < 3) return NO_LOW;
  return scoreOmahaLow(hole.map(cardCode), board.map(cardCode));
}

export const omahaHilo: Game = {
  ...omaha,
  name: 'omaha-hilo',
  hands: { low: { score: low, name: lowName } },
  equityKernel: (holes) => hiLoKernel(omahaKernel(holes), holes, scoreOmahaLow),
  history: { ohhGameType: 'OmahaHiLo', pokerStars: 'Omaha Hi/Lo' },
};
