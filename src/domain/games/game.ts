// The game seam (R-GAME): what a hand deals and how it is scored, apart from the dealing and irregularity rules,
// which stay one set for every game and read their counts from here.
import type { EquityKernel } from '../equity-kernels.ts';
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
  /** The same scoring for exact equity (equity.ts): every live hand (card codes) on many boards, fast. */
  equityKernel(holes: readonly (readonly number[])[]): EquityKernel;
}

/** The streets of a flop game: pre-flop, flop, turn, river. */
export const FLOP_STREETS: Readonly<Record<Street, Street | null>> = {
  preflop: 'flop',
  flop: 'turn',
  turn: 'river',
  river: null,
};
