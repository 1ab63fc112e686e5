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

/** The retained `prizes` message (room/<id>/prizes): the pool, the places and what each pays, the bounties. */
export interface PrizesSnapshot {
  currency: string;
  entries: number;
  reEntries: number;
  rebuys: number;
  addOns: number;
  playersLeft: number;
  /** The prize pool (cents): what was collected, or the guarantee when that is more. */
  pool: number;
  collected: Collected;
  /** The house's part of the guarantee: pool less what was collected, 0 when the entries cover it. */
  overlay: number;
  /** Everything taken at the desk: buy-ins, fees, bounties, rebuys, add-ons. */
  cashTaken: number;
  placesPaid: number;
  /** Best place first; final once `moneyReached`. */
  prizes: { place: number; amount: number }[];
  moneyReached: boolean;
  /** Players to go before the money (0 once reached). */
  bubble: number;
  /** The next pay jump: when `players` more are out, the next one out is paid `amount`; null when none is left. */
  nextPayJump: { players: number; amount: number } | null;
  /** Chips in play (starting stacks, rebuys, add-ons), for the average stack; null when chips are not tracked. */
  chips: number | null;
  bounty: { amount: number; progressive: number | null } | null;
  /** Each player in play: the bounty on their head and the bounty cash they won. */
  heads: { player: string; head: number; won: number }[];
  open: { registration: boolean; reEntry: boolean; rebuy: boolean; addOn: boolean };
  paid: { player: string; place: number | null; prize: number; bounties: number; total: number }[];
  deal: { player: string; amount: number }[] | null;
  /** At 2 to 10 players in the money, every stack known: each player's ICM and even chop of the prizes left. */
  chop: { player: string; stack: number; icm: number; even: number }[] | null;
}
