// The game seam (R-GAME): what a hand deals and how it is scored, apart from the dealing and irregularity rules,
// which stay one set for every game and read their counts from here.
import type { EquityKernel } from '../equity/kernels.ts';
import type { Card, FlopStreet, Street, StudStreet } from '../types.ts';
import type { BettingName } from './betting.ts';
import type { GameName } from './names.ts';

export type { GameName };

export const GAME_NAMES: readonly GameName[] = ['holdem', 'omaha', 'omaha-hilo', 'stud', 'stud-hilo', 'razz'];

/** How a seat's card lies: face down (a hole card, secret) or face up (a stud up card, public: R-STUD-DEAL). */
export type CardFace = 'down' | 'up';

/** Who acts first on each street (R-ACT-ORDER, R-STUD-BRING-IN, R-STUD-ORDER). */
export type ActingOrder =
  /** Flop games: left of the big blind on the first street, left of the button later. */
  | { kind: 'button' }
  /** Stud games: the bring-in on the first street, the best hand showing later (then clockwise). */
  | {
      kind: 'showing';
      /** R-STUD-BRING-IN: a first-street up card's duty to bring in: the seat with the highest value brings in. */
      bringIn(up: Card): number;
      /** R-STUD-ORDER: the hand the up cards show (pairs count, straights and flushes do not): highest acts first,
       * and shows first at a showdown with no bet on the last round. */
      showing(up: readonly Card[]): number;
      /** R-ODD-CHIP: an up card's worth for an odd chip among tied hands: the highest value takes it. */
      upCard(up: Card): number;
    };

/** One way of judging hands at showdown: a value (higher wins, equal splits) and its name for the events. */
export interface HandJudge {
  score(hole: readonly Card[], board: readonly Card[]): number;
  /** The name of a score, e.g. "Full House, Kings over Fives" or "8-5-4-3-2". */
  name(score: number): string;
}

export interface Game {
  name: GameName;
  /** Cards each seat dealt in gets in the initial deal, one a pass (R-DEAL-ORDER, R-STUD-DEAL): reads 1 …
   * holeCards × N. */
  holeCards: number;
  /** The initial deal's street (pre-flop; stud's third street). */
  firstStreet: Street;
  /** Each pass of the initial deal: down, or up (stud's third card); `holeCards` of them. */
  firstPasses: readonly CardFace[];
  /** Board cards each later street brings (after its burn); a street absent brings none. */
  boardCards: Readonly<Partial<Record<Street, number>>>;
  /** The card each live seat gets on a later street (after its burn), down or up; a street absent deals none. */
  seatCards: Readonly<Partial<Record<Street, CardFace>>>;
  /** R-STUD-DEAL: the street on which a stub too short for the burn and a card to every live seat gives one common
   * card, face up in the middle, instead; null where a stub never runs short. */
  commonStreet: Street | null;
  /** The street after each one; null after the last (showdown). */
  next: Readonly<Partial<Record<Street, Street | null>>>;
  /** Who acts first on each street and shows first at the showdown. */
  order: ActingOrder;
  /** The forced bets: blinds (and the level's ante by `chips.anteBy`), or every seat's ante and the bring-in
   * (R-STUD-BRING-IN; no button, no blinds). */
  forcedBets: 'blinds' | 'ante-bring-in';
  /** The irregularity rules of the deal: a flop game's (R-EXPOSED-*, R-EXTRA-CARD, R-PREMATURE-*, R-FLOP-TOO-MANY) or
   * a stud game's (R-STUD-MISDEAL, `premature-card`). */
  irregularities: 'flop' | 'up-cards';
  /** R-ODD-CHIP among tied hands: from the first seat left of the button, or to the best up card (`order.upCard`). */
  oddChip: 'button' | 'best-up-card';
  /** The most players dealt in (R-STUD-DEAL: 8), null for the table's seats; a shuffle with more is refused. */
  maxPlayers: number | null;
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
  /** The same scoring for exact equity (equity.ts): every live hand (card codes) on many boards, fast; null for a
   * game whose hands are not hole cards on a shared board (stud: each seat's own cards are still to come). */
  equityKernel: ((holes: readonly (readonly number[])[]) => EquityKernel) | null;
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
export const FLOP_STREETS: Readonly<Record<FlopStreet, FlopStreet | null>> = {
  preflop: 'flop',
  flop: 'turn',
  turn: 'river',
  river: null,
};

/** The streets of a stud game: third … seventh. */
export const STUD_STREETS: Readonly<Record<StudStreet, StudStreet | null>> = {
  third: 'fourth',
  fourth: 'fifth',
  fifth: 'sixth',
  sixth: 'seventh',
  seventh: null,
};

/** What a flop game shares beyond its hole cards and hands: the deal, the order, the forced bets. */
export const FLOP_GAME = {
  firstStreet: 'preflop',
  seatCards: {},
  commonStreet: null,
  next: FLOP_STREETS,
  order: { kind: 'button' },
  forcedBets: 'blinds',
  irregularities: 'flop',
  oddChip: 'button',
  maxPlayers: null,
} as const satisfies Partial<Game>;
