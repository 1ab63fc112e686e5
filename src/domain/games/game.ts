// The game seam (R-GAME): what a hand deals and how it is scored, apart from the dealing and irregularity rules,
// which stay one set for every game and read their counts from here.
import type { Card, Street } from '../types.ts';

export type GameName = 'holdem' | 'omaha';

export const GAME_NAMES: readonly GameName[] = ['holdem', 'omaha'];

export interface Game {
  name: GameName;
  /** Hole cards each seat dealt in gets, one a round (R-DEAL-ORDER): the initial deal is reads 1 … holeCards × N. */
  holeCards: number;
  /** Board cards each street after the pre-flop brings (after its burn). */
  boardCards: Readonly<Record<Exclude<Street, 'preflop'>, number>>;
  /** The street after each one; null after the last (showdown). */
  next: Readonly<Record<Street, Street | null>>;
  /** A seat's hand at showdown (evaluator.ts scale, higher is better): cards speak. */
  score(hole: readonly Card[], board: readonly Card[]): number;
  /** How hand histories name the game (src/history, docs/history.md). */
  history: GameHistoryNames;
}

/** The game's names in the hand-history formats: Open Hand History's `game_type` and `bet_limit.bet_type` (the
 * betting structure chips-tracked play enforces), and the PokerStars header's game, or null where that format has
 * none. A new game (limit, hi-lo, stud) brings its own. */
export interface GameHistoryNames {
  ohhGameType: 'Holdem' | 'Omaha' | 'OmahaHiLo' | 'Stud' | 'StudHiLo' | 'Razz' | 'Draw';
  betType: 'NL' | 'PL' | 'FL';
  pokerStars: string | null;
}

/** The streets of a flop game: pre-flop, flop, turn, river. */
export const FLOP_STREETS: Readonly<Record<Street, Street | null>> = {
  preflop: 'flop',
  flop: 'turn',
  turn: 'river',
  river: null,
};
