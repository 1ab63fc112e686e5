// The game seam (R-GAME): what a hand deals and how it is scored, apart from the dealing and irregularity rules,
// which stay one set for every game and read their counts from here.
import type { EquityKernel } from '../equity-kernels.ts';
import type { Card, Street } from '../types.ts';
import type { BettingName } from './betting.ts';
import type { GameName } from './names.ts';

export type { GameName };

export const GAME_NAMES: readonly GameName[] = ['holdem', 'omaha', 'omaha-hilo'];

/** One way of judging hands at showdown: a value (higher wins, equal splits) and its name for the events. */
export interface HandJudge {
  score(hole: readonly Card[], board: readonly Card[]): number;
  /** The name of a score, e.g. "Full House, Kings over Fives" or "8-5-4-3-2". */
  name(score: number): string;
}

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
  /** A seat's hand at showdown (evaluator.ts scale, higher is better): cards speak. In a hi-lo game, the high half. */
  score(hole: readonly Card[], board: readonly Card[]): number;
  /**
   * How hands compare (R-HILO): absent, each pot goes to the best `score` (named by evaluator.ts `nameOf`); present,
   * `name` names `score` instead (an ace-to-five low game: `score` is the low) and, with `low`, every pot is split
   * between the best `score` and the best `low` (a score of 0 is no qualifying low: the high takes the pot).
   */
  hands?: { name?: HandJudge['name']; low?: HandJudge };
  /** The same scoring for exact equity (equity.ts): every live hand (card codes) on many boards, fast. */
  equityKernel(holes: readonly (readonly number[])[]): EquityKernel;
  /** How hand histories name the game (src/history, docs/history.md). */
  history: GameHistoryNames;
}

/** The game's names in the hand-history formats: Open Hand History's `game_type`, and the game in the PokerStars
 * header ("Hold'em", before the structure's "No Limit"), or null where that format's text is not written for it. The
 * betting structure names itself (betting.ts `history`). A new game (stud, razz) brings its own. */
export interface GameHistoryNames {
  ohhGameType: 'Holdem' | 'Omaha' | 'OmahaHiLo' | 'Stud' | 'StudHiLo' | 'Razz' | 'Draw';
  pokerStars: string | null;
}

/** The streets of a flop game: pre-flop, flop, turn, river. */
export const FLOP_STREETS: Readonly<Record<Street, Street | null>> = {
  preflop: 'flop',
  flop: 'turn',
  turn: 'river',
  river: null,
};
