// Seven-card stud (R-STUD-DEAL, R-STUD-BRING-IN, R-STUD-ORDER): down, down, up on third street, one up card on each
// of fourth to sixth street, one down card on seventh; no button, no blinds: antes and a bring-in. A hand is the best
// five of the seat's seven cards (and the common card when the stub ran short). Played limit unless the table says
// otherwise (R-GAME-LIST).
import { cardCode, score7, scoreCodes } from '../evaluator/high.ts';
import type { Card } from '../types.ts';
import { STUD_STREETS, type Game } from './game.ts';
import { cardHigh, showingHigh } from './showing.ts';

/** The seven cards being scored: one buffer, a showdown scores a few hands per hand. */
const SEVEN = new Int32Array(7);

/** The best high hand of a seat's cards and the common card (`board`, empty without one). */
export function studHigh(cards: readonly Card[], board: readonly Card[]): number {
  if (cards.length + board.length === 7) {
    for (let i = 0; i < cards.length; i++) SEVEN[i] = cardCode(cards[i]!);
    for (let i = 0; i < board.length; i++) SEVEN[cards.length + i] = cardCode(board[i]!);
    return score7(SEVEN);
  }
  // a hand all in before seventh street is dealt out, so fewer cards only in a test
  return scoreCodes(cards.concat(board).map(cardCode));
}

export const stud: Game = {
  name: 'stud',
  holeCards: 3,
  firstStreet: 'third',
  firstPasses: ['down', 'down', 'up'],
  boardCards: {},
  seatCards: { fourth: 'up', fifth: 'up', sixth: 'up', seventh: 'down' },
  commonStreet: 'seventh',
  next: STUD_STREETS,
  // R-STUD-BRING-IN: the lowest up card brings in (ace high; clubs lowest); R-STUD-ORDER: the highest hand showing
  order: { kind: 'showing', bringIn: (up) => -cardHigh(up), showing: showingHigh, upCard: cardHigh },
  forcedBets: 'ante-bring-in',
  irregularities: 'up-cards',
  oddChip: 'best-up-card',
  maxPlayers: 8,
  defaultBetting: 'limit',
  score: studHigh,
  equityKernel: null,
  history: { ohhGameType: 'Stud', pokerStars: '7 Card Stud' },
};
