import type { BettingName, GameName } from '../games/index.ts';
import type { Card, Seat, Street } from '../types.ts';

/** What `<base>/state` carries: public facts only, never a hole or burn card. `seq` (the last event's) is the
 * runtime's: the engine's own snapshot is the rest (EngineSnapshot). */
export interface TableSnapshot extends EngineSnapshot {
  seq: number;
}

/** The table's public picture as the engine gives it (`Table.snapshot()`): everything but `seq`. */
export interface EngineSnapshot {
  at: number;
  seats: number;
  profile: string;
  /** R-GAME: the game the table plays (`holdem` before any setup). */
  game: GameName;
  /** R-GAME-LIST: the betting structure of the table's setup (`no-limit` before any setup); a level may name its own
   * (R-GAME-MIXED, `level`). */
  betting: BettingName;
  seatInfo: SeatSnapshot[];
  button: Seat | null;
  /** The seats of the blinds. `smallBlind`/`bigBlind` are the same seats under their old names (kept one release:
   * beside `clock.smallBlind`, which is chips, they misled). */
  smallBlindSeat: Seat | null;
  bigBlindSeat: Seat | null;
  smallBlind: Seat | null;
  bigBlind: Seat | null;
  hand: number | null;
  /** idle: no hand; dealing: hole cards going out; betting; showdown; halted: fouled deck, waiting for a shuffle. */
  phase: 'idle' | 'dealing' | 'betting' | 'showdown' | 'halted';
  street: Street | null;
  boardSize: number;
  board: Card[];
  onAction: { seat: Seat; street: Street; deadline: number | null } | null;
  /** The clock call or shot clock running on a seat. `clock` is the same under its old name (kept one release: it
   * is not the level clock of the `clock` topic). */
  clockCall: ClockCallSnapshot | null;
  clock: ClockCallSnapshot | null;
  level: LevelClockSnapshot | null;
  /** Chips tracked only (R-CHIPS-TRACKED): the pots gathered so far (this round's bets are in `seatInfo`). */
  pots?: { amount: number; seats: Seat[] }[];
  /** Chips tracked only: what the seat on action owes and may raise to (R-BET-ROUND; `maxRaiseTo` in Omaha). */
  toCall?: number | null;
  minRaiseTo?: number | null;
  maxRaiseTo?: number | null;
  /** R-BET-LIMIT: the betting round under way has reached its cap (no more raise). Absent otherwise. */
  capped?: true;
}

export interface SeatSnapshot {
  seat: Seat;
  player: string | null;
  present: boolean;
  dealtIn: boolean;
  dead: boolean;
  folded: boolean;
  allIn: boolean;
  waiting: boolean;
  penaltyHands: number;
  timeBanks: number;
  /** R-ROOM-MOVE: a `move-player` waits for the end of the hand to take this seat's player to another table. Absent
   * otherwise. */
  moving?: true;
  /** R-STUD-DEAL: a stud seat's up cards, public, in the order dealt (with a seventh-street card the dealer exposed,
   * R-STUD-MISDEAL), so a board that connects mid-hand shows them. Absent in a flop game and before the seat's first
   * up card. */
  upCards?: Card[];
  /** Chips tracked only: the chips behind (null when unknown) and the bet of this round. */
  stack?: number | null;
  bet?: number;
}

export interface ClockCallSnapshot {
  kind: 'clock' | 'shot-clock';
  seat: Seat;
  deadline: number;
  countdownAt: number | null;
}

/** What `<base>/clock` carries for display boards. */
export interface LevelClockSnapshot {
  level: number;
  isBreak: boolean;
  smallBlind: number | null;
  bigBlind: number | null;
  ante: number | null;
  /** R-GAME-MIXED, R-BET-LIMIT, R-STUD-BRING-IN: the level's game and structure (where the structure names games),
   * its fixed bets and bring-in (where it has them); the same on `next`. Absent otherwise, so a plain flop
   * structure's payload is unchanged. */
  game?: GameName;
  betting?: BettingName;
  smallBet?: number;
  bigBet?: number;
  /** R-STUD-BRING-IN: the level's bring-in, where it has one (also on `next`). */
  bringIn?: number;
  /** When the level ends (ms), or null while paused. */
  endsAt: number | null;
  remainingMs: number;
  paused: boolean;
  next: {
    level: number;
    isBreak: boolean;
    smallBlind: number | null;
    bigBlind: number | null;
    ante: number | null;
    game?: GameName;
    betting?: BettingName;
    smallBet?: number;
    bigBet?: number;
    bringIn?: number;
    minutes: number;
  } | null;
  /** The next break after this level: its level number, its length and how much play lies between the end of this
   * level and its start (0 when it comes next). A board shows "break in" as the time left plus `afterMs`. Null when
   * no break follows. */
  nextBreak?: { level: number; minutes: number; afterMs: number } | null;
}
