// Seven-card stud hi-lo, eight or better (R-HILO): stud's deal, order and high hand, with every pot split with the
// best eight-or-better low of any five of the seat's seven cards (none: the high takes it).
import { lowName, NO_LOW, scoreLow8 } from '../evaluator/low.ts';
import { cardCode } from '../evaluator/high.ts';
import type { Card } from '../types.ts';
import type { Game } from './game.ts';
import { stud } from './stud.ts';

function low(cards: readonly Card[], board: readonly Card[]): number {
  const codes = cards.concat(board).map(cardCode);
  return codes.length >= 5 ? scoreLow8(codes) : NO_LOW;
}

export const studHilo: Game = {
  ...stud,
  name: 'stud-hilo',
  hands: { low: { score: low, name: lowName } },
  history: { ohhGameType: 'StudHiLo', pokerStars: '7 Card Stud Hi/Lo' },
};
