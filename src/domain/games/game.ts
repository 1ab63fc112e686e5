// The game seam (R-GAME): what a hand deals and how it is scored, apart from the dealing and irregularity rules,
// which stay one set for every game and read their counts from here.
import type { Card, Street } from '../types.ts';
import type { BettingName } from './betting.ts';

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
  /** R-GAME-LIST: the betting structure a table plays this game under when `setup.betting` names none. */
  defaultBetting: BettingName;
  /** A seat's hand at showdown (evaluator.ts scale, higher is better): cards speak. */
  score(hole: readonly Card[], board: readonly Card[]): number;
}

/** The streets of a flop game: pre-flop, flop, turn, river. */
export const FLOP_STREETS: Readonly<Record<Street, Street | null>> = {
  preflop: 'flop',
  flop: 'turn',
  turn: 'river',
  river: null,
};
