// The chips module's data: a hand's money (stacks, bets, totals, pots) and the events of the contract it gives.
// Pure data, no I/O: the hand state machine owns one ChipsState per hand and feeds it actions (docs/chips.md).

export type Seat = number;
export type Street = 'preflop' | 'flop' | 'turn' | 'river' | 'third' | 'fourth' | 'fifth' | 'sixth' | 'seventh';
import type { BettingName } from '../games/names.ts';

export type { BettingName };

/** The profile parameters of rules.md "Chips, bets and pots" that this module reads (docs/chips.md). */
export interface ChipsRules {
  /** R-CHIPS-FORCED: `big-blind` (tda) or `each` (bfp, club, robert). */
  anteBy: 'big-blind' | 'each';
  /** R-BET-MINIMUM: an opening bet below the big blind is a `check` (club) or raised to the big blind (`minimum`). */
  underMinimumOpen: 'check' | 'minimum';
  /** R-BET-INCOMPLETE: `complete-if-half` (tda, bfp, robert) or `call` (club). */
  incompleteRaise: 'complete-if-half' | 'call';
  /** R-BET-CHIPS: one chip put out alone, not facing a bet: `chip-value` (tda, bfp, robert) or `minimum` (club). */
  oversizedChipOpen: 'chip-value' | 'minimum';
  /** R-CHIPS-COLOR-UP: the chip values in play, smallest first; empty means any integer, unit 1. */
  denominations: readonly number[];
  /** R-BET-LIMIT: `betting.maxRaises`, the raises a limit round allows after its bet. */
  maxRaises: number;
  /** R-BET-LIMIT: `betting.uncappedHeadsUp`: `table` (two dealt in) or `hand` (also two live before the cap). */
  uncappedHeadsUp: 'table' | 'hand';
}

export interface ChipsLevel {
  smallBlind: number;
  bigBlind: number;
  ante: number;
  /** R-BET-LIMIT: the fixed bets of a limit level (the first two betting rounds, the later ones). */
  smallBet?: number;
  bigBet?: number;
  /** R-STUD-BRING-IN: a stud level's bring-in. */
  bringIn?: number;
}

/** R-BET-LIMIT: a limit hand's count of the round under way (null in the other structures). */
export interface LimitRound {
  /** The hand's betting round, 0 the first (pre-flop): the first two bet the small bet, the later ones the big. */
  readonly round: number;
  /** The round's fixed increment. */
  readonly increment: number;
  /** The round's bet and raises that count for the cap (pre-flop the big blind is the bet). */
  readonly bets: number;
  /** The total of the round's last full bet or raise (or all-in of at least half an increment): the next raise goes
   * to it plus the increment, and it alone reopens the betting (R-BET-REOPEN). */
  readonly fullBet: number;
  /** The live seats when the cap was reached, 0 before (`uncappedHeadsUp: hand`). */
  readonly liveAtCap: number;
}

export interface SeatChips {
  readonly seat: Seat;
  /** Chips behind, not yet bet. */
  readonly stack: number;
  readonly stackAtStart: number;
  /** Chips put in this betting round (pre-flop: the blind included). */
  readonly bet: number;
  /** Chips put in this hand that count for the pot layers (bets, blinds, antes under `each`). */
  readonly total: number;
  /** Dead money that goes whole into the main pot (the big blind's ante under `anteBy: big-blind`). */
  readonly dead: number;
  readonly folded: boolean;
  /** A dead hand (absent, penalised, clock): folded, and its chips are never returned as uncalled. */
  readonly deadHand: boolean;
  readonly allIn: boolean;
  /** The current bet when the seat last acted this round, null before it acts (R-BET-REOPEN). */
  readonly actedBet: number | null;
  /** The minimum raise increment in force when it last acted (R-BET-REOPEN). */
  readonly actedMinRaise: number;
  /** What the chip reader last saw in front of the seat this round; `before` of R-BET-CHIPS is the larger of it and
   * `bet` (change due from an oversized chip stays counted until the round ends). */
  readonly front: number;
  /** Posted a blind or ante and has not acted yet: a chips input now is its post's chips (R-CHIPS-DETAILS). */
  readonly posted: boolean;
}

export interface ChipsState {
  readonly rules: ChipsRules;
  /** R-GAME-LIST: the hand's betting structure (games/betting.ts). */
  readonly betting: BettingName;
  readonly level: ChipsLevel;
  /** The seats dealt in, in dealing order (the first seat left of the button first). */
  readonly seats: readonly SeatChips[];
  /** The largest bet of the round; pre-flop at least the level's big blind (R-BET-ROUND). */
  readonly currentBet: number;
  /** The minimum raise increment: the largest full bet or raise increment so far, at least the big blind. */
  readonly minRaise: number;
  /** The seat whose panel action came last: its next `chips` input is a sighting (R-CHIPS-DETAILS). */
  readonly lastPanelSeat: Seat | null;
  /** A seat that announced `raise` without an amount and whose chips did not go beyond the call (R-BET-STRING). */
  readonly pendingRaise: Seat | null;
  /** R-BET-LIMIT: the limit count of the round under way; null unless the structure has fixed increments. */
  readonly limit: LimitRound | null;
}

export interface Pot {
  amount: number;
  /** The eligible seats, in dealing order. */
  seats: Seat[];
}

/** Which half of a hi-lo pot a share comes from (R-HILO); `both`: a seat that won in both halves. */
export type Half = 'high' | 'low' | 'both';

export interface AwardedPot extends Pot {
  winners: Seat[];
  /** `half`: hi-lo games only (R-HILO). */
  shares: { seat: Seat; amount: number; half?: Half }[];
  oddChips: Seat[];
}

export type BetRule = 'R-BET-CHIPS' | 'R-BET-MINIMUM' | 'R-BET-INCOMPLETE' | 'R-BET-REOPEN' | 'R-GAME' | 'R-BET-LIMIT';
export type ActionName = 'check' | 'call' | 'raise' | 'fold' | 'allin';
export type ActionBy = 'panel' | 'chips' | 'clock';

/** Event bodies exactly as protocol.md writes them; the hand stamps `seq`, `at` and `hand`. */
export type ChipsEvent =
  | {
      type: 'bet.placed';
      seat: Seat;
      action: 'small-blind' | 'big-blind' | 'ante' | 'bring-in' | 'bet' | 'raise' | 'call';
      amount: number;
      to: number | null;
      stack: number;
      allIn: boolean;
      short: boolean;
    }
  | { type: 'bet.corrected'; seat: Seat; from: number; to: number; rule: BetRule }
  | { type: 'bet.returned'; seat: Seat; amount: number; reason: 'uncalled' | 'misdeal' | 'no-live-hand' }
  | { type: 'action'; seat: Seat; action: ActionName; by: ActionBy }
  | { type: 'pots'; street: Street; pots: Pot[] }
  | { type: 'pot.awarded'; pots: AwardedPot[] }
  | { type: 'player.eliminated'; seat: Seat; player: string; stackAtStart: number }
  | { type: 'player.removed'; seat: Seat; player: string };

/** A panel action (or a clock's check/fold) for the seat on action. `raise` is also the panel's `bet`. */
export type BetAction =
  { kind: 'check' } | { kind: 'call' } | { kind: 'fold' } | { kind: 'allin' } | { kind: 'raise'; to?: number };

/** A `chips` input: one motion of a seat's chips in its betting zone (R-BET-CHIPS, R-BET-STRING). */
export interface ChipsMotion {
  seat: Seat;
  added: readonly number[];
  removed: readonly number[];
  verbal?: { action: 'call' | 'raise' | 'allin'; to?: number };
}

/** Why an action is refused: the `reason` of `request.rejected` (or `input.rejected` for `invalid-chips`). */
export type Refusal =
  | 'amount-required'
  | 'exceeds-stack'
  | 'facing-bet'
  | 'not-on-action'
  | 'not-in-hand'
  | 'invalid-chips'
  | 'capped'
  | 'fixed-limit';

export type ChipsResult = { ok: true; state: ChipsState; events: ChipsEvent[] } | { ok: false; reason: Refusal };

/** What `action.on` carries with chips tracked (R-BET-ROUND, R-CHIPS-DETAILS, R-GAME, R-BET-LIMIT). */
export interface ActionOptions {
  toCall: number;
  minRaiseTo: number | null;
  maxRaiseTo: number | null;
}
