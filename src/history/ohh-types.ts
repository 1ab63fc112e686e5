// The Open Hand History record (OHH 1.4.6, hh-specs.handhistory.org) as this table writes it: the spec's fields it
// fills, and one extension object, `pokertable`, for what the spec has no field for (schemas/ohh.schema.json).
import type { Card, Seat } from '../domain/types.ts';

export const OHH_SPEC_VERSION = '1.4.6';

export type OhhStreet =
  | 'Preflop'
  | 'Flop'
  | 'Turn'
  | 'River'
  | 'Showdown'
  | 'Third Street'
  | 'Fourth Street'
  | 'Fifth Street'
  | 'Sixth Street'
  | 'Seventh Street';

export type OhhActionName =
  | 'Dealt Cards'
  | 'Post SB'
  | 'Post BB'
  | 'Post Ante'
  | 'Post Extra Blind'
  | 'Fold'
  | 'Check'
  | 'Bet'
  | 'Raise'
  | 'Call'
  | 'Shows Cards'
  | 'Mucks Cards';

export interface OhhAction {
  action_number: number;
  player_id: number;
  action: OhhActionName;
  /** Chips this action put in (chips tracked only): a raise's chips added, not the total it raised to. */
  amount?: number;
  is_allin?: boolean;
  cards?: Card[];
}

export interface OhhRound {
  id: number;
  street: OhhStreet;
  /** The board cards this street brought. */
  cards?: Card[];
  actions: OhhAction[];
}

export interface OhhPlayer {
  id: number;
  seat: Seat;
  name: string;
  display: string;
  /** Chips at the hand's start; 0 when chips are not tracked (pokertable.chips_tracked). */
  starting_stack: number;
  /** Hole cards: every card the table read (secure form), or only a shown hand's (public form). */
  cards?: Card[];
}

export interface OhhPot {
  number: number;
  amount: number;
  rake: number;
  player_wins: { player_id: number; win_amount: number; contributed_rake: number }[];
}

/** What the spec has no field for. `returned`: chips given back (an uncalled bet, a misdeal), never in a pot. */
export interface OhhExtension {
  table_id: string;
  hand: number;
  level: number | null;
  game: string;
  /** The betting structure (no-limit, pot-limit, limit). */
  betting: string;
  chips_tracked: boolean;
  end: 'showdown' | 'fold' | 'misdeal';
  /** The journal's numbering this hand belongs to (null: not known to the writer). */
  epoch: string | null;
  /** Seq of the hand's first and last event in that journal. */
  seqs: [number, number];
  returned: { player_id: number; amount: number; reason: string }[];
  /** Seats whose hand was dead (absent, clock, penalty): folded by the rules, not by the player. */
  dead: Seat[];
  /** `secure`: every hole card the table read; `public`: only hands shown at showdown or exposed all-in. */
  form: 'secure' | 'public';
  /** The showdown's winning hand as the table named it. */
  rank?: string;
  /** Hi-lo games only (docs/history.md "Hi-lo"). */
  hilo?: OhhHiLo;
  /** Stud games only (docs/history.md "Stud"). */
  stud?: OhhStud;
}

/** What a stud hand's record holds beyond the spec's fields. */
export interface OhhStud {
  /** Every up card each seat was dealt, in order: public from the moment they are read (R-STUD-DEAL), so the public
   * form keeps them. */
  up: { player_id: number; cards: Card[] }[];
  /** A short stub's seventh-street card, part of every live hand (R-STUD-DEAL), or null. */
  common_card: Card | null;
  /** The seat that had to bring in and its up card (`bring.in`), or null. */
  bring_in: { player_id: number; card: Card } | null;
  /** The level's bring-in, small bet and big bet (null where the level names none, or no level runs). */
  bring_in_amount: number | null;
  small_bet: number | null;
  big_bet: number | null;
  /** Each hand shown at the showdown as the game names it: `high` its high hand (null in a game of the low alone,
   * razz), `low` its low (null: none, or a game without one). */
  shown: { player_id: number; high: string | null; low: string | null }[];
}

/** One winner's chips from one half of one pot (`pot`: the pot's `number`). */
export interface OhhHalf {
  pot: number;
  player_id: number;
  half: 'high' | 'low';
  amount: number;
}

export interface OhhHiLo {
  /** The best low as the table named it, null with no qualifying low (or no showdown). */
  low_rank: string | null;
  /** Every pot's shares by half, main pot first, in each pot the high half's first. */
  halves: OhhHalf[];
  /** Each hand shown at the showdown: its high and its low (null: none qualifies). */
  shown: { player_id: number; high: string; low: string | null }[];
}

export interface OhhHand {
  spec_version: string;
  site_name: string;
  network_name: string;
  internal_version: string;
  tournament: boolean;
  tournament_info?: { tournament_number: string; name: string; type: 'MTT' };
  game_number: string;
  start_date_utc: string;
  table_name: string;
  table_handle: string;
  game_type: string;
  bet_limit: { bet_type: 'NL' | 'PL' | 'FL'; bet_cap: number };
  table_size: number;
  currency: string;
  /** The button's seat; absent in the stud games, which have none (R-STUD-DEAL). */
  dealer_seat?: Seat;
  small_blind_amount: number;
  big_blind_amount: number;
  ante_amount: number;
  flags: string[];
  players: OhhPlayer[];
  rounds: OhhRound[];
  pots: OhhPot[];
  pokertable: OhhExtension;
}

/** One record as an `.ohh` file holds it. */
export interface OhhRecord {
  ohh: OhhHand;
}
