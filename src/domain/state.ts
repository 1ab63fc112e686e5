// The engine's state: plain data, mutated in place by the step functions (the hot path of a replay allocates as
// little as it can). Deterministic and free of I/O: the same inputs always give the same state and events.
import type { ChipsState } from './chips/types.ts';
import type { BettingName, GameName } from './games/index.ts';
import type { HandPlan, PositionMemory } from './positions/positions.ts';
import type { Profile } from './profile/profile.ts';
import type { Card, Level, LevelPlays, PlayingLevel, RoomClock, Seat, Street } from './types.ts';

/** The state's shape version: bump it when State changes in a way an old checkpoint (src/runtime/engine.ts) would
 * not fit. 13: the stud games (a hand's up cards, a street's seats owed a card, a round's bring-in, a bring-in caller
 * reopened by the completion, a level without blinds); a 12 restores only when the journal before it is gone. */
export const STATE_VERSION = 'domain-state-13';

export const FOLDED = 1;
export const DEAD = 2;
export const ALL_IN = 4;

const ZEROS: number[][] = [];

/** A packed array of `n` zeros, for per-seat arrays: a copy of a template per length (`new Array(n).fill(0)` is
 * holey and fills in C++; pushing grows the array several times). */
export function zeros(n: number): number[] {
  let template = ZEROS[n];
  if (!template) {
    template = [];
    for (let i = 0; i < n; i++) template.push(0);
    ZEROS[n] = template;
  }
  return template.slice();
}

export interface SeatState {
  seat: Seat;
  player: string | null;
  /** Debounced presence (R-SEAT-DEBOUNCE). */
  present: boolean;
  /** A raw level that differs from `present`, waiting to hold for debounceMs. */
  pending: { level: boolean; deadline: number } | null;
  penaltyHands: number;
  penaltyTotal: number;
  /** R-PENALTY: the number of the first hand the penalty applies to (the next hand, also when given during one). */
  penaltyFrom: number;
  timeBanks: number;
  /** R-PENALTY-LADDER: faults so far. */
  faults: number;
  /** R-CHIPS-STACK: the chips behind with chips tracked (between hands; during one the hand's `chips` holds them),
   * null when unknown or not tracked. */
  stack: number | null;
}

/** What the shoe owes next: a burn, a board card, a seat's card (down or up: R-STUD-DEAL), the common card. */
export type Owed = 'burn' | 'board' | 'down' | 'up' | 'common';

export interface PrematureState {
  street: Street;
  burnRead: boolean;
  cards: Card[];
}

export interface Round {
  street: Street;
  /** Bets outstanding: raise count this round; a seat has matched `matched[seat]` of them. */
  level: number;
  /** Per seat (index = seat number): how many of the round's bets it has matched. */
  matched: number[];
  /** Seats that acted since the last raise, as bits (1 << seat). */
  acted: number;
  lastAggressor: Seat | null;
  actions: number;
  /** R-BET-LIMIT without chips tracked: the live seats when the round's bets reached the cap, 0 before. */
  liveAtCap: number;
  /** R-STUD-BRING-IN: the seat that must bring in, until it has acted (absent in a flop game). */
  bringIn?: Seat | null;
  /** R-STUD-BRING-IN: the round's `level` counts the bring-in, which is no bet for the cap. */
  broughtIn?: boolean;
}

export interface ClockCall {
  kind: 'clock';
  seat: Seat;
  by: 'seat' | 'dealer' | 'floor';
  countdownAt: number;
  countdownSent: boolean;
  deadline: number;
}

/** R-DEAL-ORDER: the hole cards are going out, reads 1 … holeCards × N (games/). */
export interface DealingPhase {
  kind: 'dealing';
}

/** The shoe owes a street's cards (its burn, then its board cards; R-PREMATURE-* may have changed which). */
export interface StreetPhase {
  kind: 'street';
  /** Reads still owed for the street being dealt, consumed one a read; never empty in this phase. */
  owed: Owed[];
  /** The seats owed a card on this street (stud), in dealing order, consumed with each `down` or `up` read. */
  seats?: Seat[];
}

/** A betting round is open and a seat is on action; its clocks run (R-SHOT-CLOCK, R-CLOCK-CALL). */
export interface BettingPhase {
  kind: 'betting';
  round: Round;
  onAction: Seat;
  /** Shot clock deadline of the seat on action. */
  shotDeadline: number | null;
  clock: ClockCall | null;
  /** Reads after the round's first action (R-PREMATURE-*): what the next street's remedy works from. */
  premature: PrematureState | null;
}

/** Cards speak: every live hand is scored; the hand ends in the same step. */
export interface ShowdownPhase {
  kind: 'showdown';
}

/** The hand's phase. Transitions (flow.ts, betting.ts, streets.ts, showdown.ts) return or set a new phase object:
 * what only one phase needs lives in it and goes with it. */
export type HandPhase = DealingPhase | StreetPhase | BettingPhase | ShowdownPhase;

export interface HandState {
  number: number;
  /** The game this hand plays (R-GAME): the table's at the shuffle; a name, the descriptor is games/'s. */
  game: GameName;
  /** The betting structure this hand plays (R-GAME-LIST), fixed at the shuffle; the descriptor is games/betting.ts's. */
  betting: BettingName;
  plan: HandPlan;
  level: number | null;
  phase: HandPhase;
  /** Cards read in this hand (position = index + 1). */
  reads: number;
  lastCard: Card | null;
  /** Per seat (index = seat number): its hole cards (in stud every card of the seat, down and up). */
  holeCards: Card[][];
  /** Per seat: its stud up cards, public (R-STUD-DEAL); empty in a flop game. Absent in a checkpoint saved before
   * it existed (table.ts fills it). */
  upCards: Card[][];
  /** Per card (cards.ts cardIndex): the seat it was dealt to as a hole card, 0 if none. */
  holeSeat: Uint8Array;
  /** Per card: its hole position (1-based) in the deal, 0 if not a hole card. */
  holePosition: Uint8Array;
  /** Cards out of the stub (R-DECK-INTEGRITY): 1 at the card's index (cards.ts cardIndex). */
  out: Uint8Array;
  board: Card[];
  /** Per seat (index = seat number): FOLDED | DEAD | ALL_IN bits. An array, not Sets: read on every action. */
  flags: number[];
  /** Hole cards the dealer exposed this hand. */
  exposed: Set<Card>;
  /** Exposures reported during the deal, i.e. before the first pre-flop action (R-EXPOSED-TWO counts these). */
  dealExposures: number;
  /** Seats owed a replacement for a card exposed late (R-EXPOSED-LATE). */
  owedReplacement: Seat[];
  /** Reads between the deal and the first pre-flop action that were neither replacements: R-EXTRA-CARD. */
  extraCards: number;
  /** The next street's burn has already been taken (extra card or exposed card served as the burn). */
  burnServed: boolean;
  /** The street being dealt or bet. */
  street: Street;
  /** R-PREMATURE-TURN set-aside (Robert 4): the card held out until the turn round is over. */
  setAside: Card | null;
  /** R-FLOP-TOO-MANY scramble: the four cards, waiting for the dealer to name the burn. */
  scramble: Card[] | null;
  /** R-FLOP-TOO-MANY scramble: flop cards are out but the flop does not stand yet (a fourth card would make any of
   * them the burn), so the public stream has not seen them (secrecy.ts); showFlop publishes them. */
  flopHeld: boolean;
  /** R-SUBSTANTIAL-ACTION counters over the whole hand. */
  chipActions: number;
  anyActions: number;
  /** No more betting: hands exposed, the board runs out (R-ROUND-END). */
  runOut: boolean;
  /** Chips tracked (R-CHIPS-TRACKED): the hand's money (src/domain/chips, hand-chips.ts); null with `chips.mode` off. */
  chips: ChipsState | null;
}

/** R-CARD-PLACE (sighting.ts): where the deal put the cards of the hand under way, or of the last one until the next
 * shuffle. */
export interface Placed {
  /** The hand has ended (the dealer gathers its cards until the next shuffle). */
  ended: boolean;
  /** Per card (cards.ts cardIndex): 0 not dealt, a seat number, or one of sighting.ts's codes (burn, board, …). */
  where: Uint8Array;
  /** Per seat: 1 when its hand is folded, dead or removed (its cards may be in the muck). */
  out: Uint8Array;
}

export interface LevelState {
  levels: Level[];
  index: number;
  /** When the current level started (virtual start, adjusted by pauses). */
  endsAt: number | null;
  pausedRemaining: number | null;
  /** Numbers of playing levels (breaks get the number of the level before). */
  numbers: number[];
}

export interface TableSetup {
  seats: number;
  profileName: string;
  profile: Profile;
  /** R-GAME: the game of the next hands (changed only between hands, by a setup). */
  game: GameName;
  /** R-GAME-LIST: the betting structure of the next hands (`setup.betting`, else the game's default). */
  betting: BettingName;
}

export interface LastRead {
  card: Card;
  uid: string | null;
  at: number;
}

/** R-ROOM-CLOCK: the room's clock, once a `level-set` came; the table's own level clock is then stopped for good. */
export interface RoomLevel {
  /** The last `level-set`, as received: what the table shows. */
  clock: RoomClock;
  /** When it came (the table's time): the clock shown counts down from there. */
  at: number;
  /** The blinds of the playing level in force for the next hand (a break keeps the level before it), or null when
   * none is known yet; a stud level of the table's own may have none (R-STUD-BRING-IN). */
  blinds: ({ level: number; ante: number } & Pick<PlayingLevel, 'smallBlind' | 'bigBlind'> & LevelPlays) | null;
}

/** R-ROOM-MOVE: a `move-player` waiting for the end of the hand under way. `seat` null: the player who would post
 * the next big blind, found then; otherwise the move holds only while `player` is still in that seat. */
export interface PendingMove {
  seat: Seat | null;
  player: string | null;
}

export interface State {
  now: number;
  hands: number;
  setup: TableSetup | null;
  seats: SeatState[];
  /** The earliest `pending.deadline` of the seats, or null (kept by presence.ts). */
  presenceDue: number | null;
  positions: PositionMemory;
  hand: HandState | null;
  levels: LevelState | null;
  /** The level (1-based number) in force for the next hand, or null. */
  levelForNextHand: number | null;
  /** The level whose time banks the seats hold (shotClock.bankReset = level). */
  bankLevel: number | null;
  /** For reader bounce (R-DECK-INTEGRITY): the last read, cleared by any card or panel input in between. */
  lastRead: LastRead | null;
  /** Blinds of the last planned hand, for the snapshot between hands. */
  lastPlan: HandPlan | null;
  halted: boolean;
  /** R-CARD-PLACE: where the deal put the cards of this hand, or of the last one until the next shuffle (sighting.ts).
   * Absent in a checkpoint saved before it existed: sightings then count every card as not dealt until a shuffle. */
  placed: Placed | null;
  /** R-ROOM-CLOCK: the room's clock, or null while the table runs its own. */
  room: RoomLevel | null;
  /** R-ROOM-MOVE: moves waiting for the end of the hand, in the order asked. */
  moves: PendingMove[];
  /** R-CHIPS-ADD: chips waiting for the end of the hand under way, in the order asked. */
  adds: PendingAdd[];
}

/** R-CHIPS-ADD: an `add-chips` taken during a hand; it holds only while `player` is still in `seat`. */
export interface PendingAdd {
  seat: Seat;
  player: string;
  chips: number;
}
