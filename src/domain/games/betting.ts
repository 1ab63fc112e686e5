// The betting seam (R-GAME-LIST, R-GAME, R-BET-LIMIT): one descriptor per betting structure. The engine reads these
// fields and never asks which structure it plays (design.md "Games are data"); a new structure is a new descriptor.

import type { BettingName } from './names.ts';

export type { BettingName };

export const BETTING_NAMES: readonly BettingName[] = ['no-limit', 'pot-limit', 'limit'];

/** The amounts a seat's bet or raise is measured against, with chips tracked (src/domain/chips). */
export interface RaiseSpot {
  /** The largest bet of the round. */
  currentBet: number;
  /** What the seat must add to call. */
  call: number;
  /** Every chip in the pots and in front of the players. */
  inPlay: number;
}

/** A level's fixed bets (R-BET-LIMIT), where the level has them. */
export interface LevelBets {
  smallBet?: number;
  bigBet?: number;
}

export interface BettingStructure {
  name: BettingName;
  /** The most a bet or raise may go to before the stack: a larger `to` is corrected down to it (`bet.corrected`,
   * rule `ceilingRule`); null when only the stack limits it. Fixed increments are limited by `increment` instead. */
  ceiling(spot: RaiseSpot): number | null;
  /** The rule a correction down to the ceiling names; null for a structure without one (its ceiling is never asked:
   * the pot it needs is a pass over the seats at every raise). */
  ceilingRule: 'R-GAME' | null;
  /** R-BET-LIMIT: the fixed increment of a hand's betting round `round` (0 the first), or null when bets are free
   * (R-BET-MINIMUM). A structure with an increment needs `levelFields` on every level it is played at. */
  increment(level: LevelBets, round: number): number | null;
  /** The level fields this structure needs (levels-start refuses a level of this structure without them). */
  levelFields: readonly (keyof LevelBets)[];
  /** R-BET-LIMIT: `betting.maxRaises` caps the raises of a round. */
  capped: boolean;
  /** `action.on` carries `maxRaiseTo` (with chips tracked). */
  showsMaxRaise: boolean;
  /** How a board names it ("No-Limit", "Pot-Limit", "Limit"). */
  label: string;
  /** How hand histories name it: OHH's `bet_limit.bet_type`, and the PokerStars header's words after the game. */
  history: { betType: 'NL' | 'PL' | 'FL'; pokerStars: string };
}

const noLimit: BettingStructure = {
  name: 'no-limit',
  ceiling: () => null,
  ceilingRule: null,
  increment: () => null,
  levelFields: [],
  capped: false,
  showsMaxRaise: false,
  label: 'No-Limit',
  history: { betType: 'NL', pokerStars: 'No Limit' },
};

/** R-GAME: the current bet plus the pot after the call (every chip in the pots and in front, plus the call). */
const potLimit: BettingStructure = {
  name: 'pot-limit',
  ceiling: (spot) => spot.currentBet + spot.inPlay + spot.call,
  ceilingRule: 'R-GAME',
  increment: () => null,
  levelFields: [],
  capped: false,
  showsMaxRaise: true,
  label: 'Pot-Limit',
  history: { betType: 'PL', pokerStars: 'Pot Limit' },
};

/** R-BET-LIMIT: the small bet on the first two betting rounds, the big bet on the later ones. */
const limit: BettingStructure = {
  name: 'limit',
  ceiling: () => null,
  ceilingRule: null,
  increment: (level, round) => (round < 2 ? level.smallBet : level.bigBet) ?? null,
  levelFields: ['smallBet', 'bigBet'],
  capped: true,
  showsMaxRaise: true,
  label: 'Limit',
  history: { betType: 'FL', pokerStars: 'Limit' },
};

const STRUCTURES: Readonly<Record<BettingName, BettingStructure>> = {
  'no-limit': noLimit,
  'pot-limit': potLimit,
  limit,
};

export function structureOf(name: BettingName): BettingStructure {
  return STRUCTURES[name];
}

export function isBettingName(value: unknown): value is BettingName {
  return typeof value === 'string' && Object.hasOwn(STRUCTURES, value);
}

/** The profile's cap (rules.md R-BET-LIMIT): `betting.maxRaises` raises after the round's bet; `uncappedHeadsUp`:
 * `table` lifts it only with two players dealt in, `hand` also when two live seats are left before it is reached. */
export interface CapRules {
  maxRaises: number;
  uncappedHeadsUp: 'table' | 'hand';
}

export interface CapProfileFields {
  betting?: { maxRaises?: number; uncappedHeadsUp?: CapRules['uncappedHeadsUp'] };
}

/** The cap's profile fields; a profile written before them takes tda's values (3, `table`). */
export function capRules(profile: CapProfileFields): CapRules {
  return {
    maxRaises: profile.betting?.maxRaises ?? 3,
    uncappedHeadsUp: profile.betting?.uncappedHeadsUp ?? 'table',
  };
}

/**
 * R-BET-LIMIT: whether a further raise is refused (`capped`). `bets`: the round's bet and raises so far (pre-flop the
 * big blind is the bet); `dealtIn`: the seats dealt in; `liveAtCap`: the live seats when the cap was reached.
 */
export function capReached(rules: CapRules, bets: number, dealtIn: number, liveAtCap: number): boolean {
  if (bets < 1 + rules.maxRaises || dealtIn <= 2) return false;
  return !(rules.uncappedHeadsUp === 'hand' && liveAtCap <= 2);
}
