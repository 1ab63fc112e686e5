// The tournament's money (docs/room-money.md): what the setup says it costs and pays, and what the room has taken
// and paid so far. Every amount is a whole number of cents; nothing here is ever a fraction.

/** A fixed bounty (`progressive` false: the eliminator is paid the whole bounty) or a progressive knockout
 * (`progressive` percent of the eliminated player's bounty goes onto the eliminator's own, the rest is paid at once). */
export interface BountyRules {
  amount: number;
  progressive: number | false;
}

/** The payout rule: a fixed list of shares, a venue's list chosen by the number of entries, or the standard one. */
export type PayoutRule =
  { places: number[] } | { byEntries: { upTo: number; places: number[] }[] } | { standard: true };

export interface MoneyRules {
  /** A label for the screens and the summary (EUR, USD, …): amounts are cents of it. */
  currency: string;
  /** Cents of each entry into the prize pool. */
  buyIn: number;
  /** Cents of each entry kept by the house. */
  fee: number;
  /** A first entry is taken until the end of this level (the break after it included); null: until the money. */
  registrationUntilLevel: number | null;
  /** A player knocked out may enter again until the end of `untilLevel`, at most `maxEntries` entries in all. */
  reEntry: { untilLevel: number; maxEntries: number } | null;
  /** A player still in whose stack is at most `maxStack` may rebuy until the end of `untilLevel`. */
  rebuy: { untilLevel: number; maxStack: number; chips: number; price: number; fee: number; max: number | null } | null;
  /** One add-on a player, during the break after level `atBreak`. */
  addOn: { atBreak: number; chips: number; price: number; fee: number } | null;
  /** The least the prize pool pays (cents); the house pays what the entries leave short (the overlay). */
  guarantee: number;
  bounty: BountyRules | null;
  payout: PayoutRule;
}

/** One entry (a first entry or a re-entry) of one player. */
export interface Entry {
  player: string;
  /** 1 for a player's first entry, 2 for their first re-entry, … */
  number: number;
  rebuys: number;
  addOn: boolean;
  /** The bounty on this entry's head (cents): `amount` at entry, more as a progressive knockout adds to it. */
  head: number;
  /** Bounty cash won and not yet paid out (paid with this entry's payout or the deal). */
  won: number;
  /** All bounty cash this entry won. */
  wonTotal: number;
  place: number | null;
  prize: number;
  /** Everything paid to this entry (prizes, deal, bounties). */
  paid: number;
  /** Who knocked this entry out, when known. */
  by: string[];
  /** Out of the tournament (eliminated or removed); `place` follows. */
  out: boolean;
}

export interface Collected {
  buyIns: number;
  fees: number;
  bounties: number;
  rebuys: number;
  addOns: number;
}

export interface MoneyState {
  rules: MoneyRules;
  /** When the room was set up (ms): the summary's start. */
  openedAt: number;
  startingStack: number | null;
  entries: Entry[];
  /** The index in `entries` of each player's latest entry. */
  current: Map<string, number>;
  collected: Collected;
  /** Bounties of entries out with no known eliminator: they go to the winner. */
  unclaimed: number;
  /** The money is reached (players left ≤ places paid): the pool and the prizes are final, entries closed. */
  prizes: number[] | null;
  /** The deal's amounts, once the floor entered one: the places after it pay no prize. */
  deal: { player: string; amount: number }[] | null;
  /** Per table, the last hand's awarded pots (for the eliminator of a bust). */
  awards: Map<string, { seats: number[]; winners: number[] }[]>;
  /** Something changed in this step: `prizes` is published at its end. */
  dirty: boolean;
}
