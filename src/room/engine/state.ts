// The room's state: what it knows of each table (from the tables' events and `state`, and from the seats it gave),
// the players, the moves under way, the places and the level clock. Plain data: a restart replays the inputs.
import type { GameName } from '../../domain/games/index.ts';
import type { LevelState } from '../../domain/state.ts';
import type { MoneyState } from './money/types.ts';
import type { Rng } from './random.ts';
import type { MoveReason, RoomRules, TableCommand } from './types.ts';

export interface TableModel {
  id: string;
  seats: number;
  /** Position in the break order; tables not in it come after, in setup order (R-ROOM-BALANCE ties). */
  rank: number;
  open: boolean;
  /** Broken (R-ROOM-BREAK): closed, its players on their way to other tables. */
  broken: boolean;
  online: boolean;
  /** Seat n at index n - 1: the player there, as far as the room knows. */
  players: (string | null)[];
  /** Stacks when chips are tracked (from `player.seated`, `state`), else null. */
  stacks: (number | null)[];
  /** Seats the room gave (`seat-player` sent) that the table has not confirmed yet: a `state` older than the
   * command must not free them. */
  given: (string | null)[];
  button: number | null;
  bigBlind: number | null;
  /** Seats emptied (a player moved, removed, eliminated) and still empty, the most recent last (R-STUD-BALANCE). */
  vacated: number[];
  /** The game the table last said it plays (`state`, `hand.started`), null before it said. */
  game: GameName | null;
  /** The highest event `seq` seen: an older `state` is not used. */
  lastSeq: number;
  /** Not null: the room's picture of this table may be out of date (the room reconnected, or events were missed) and
   * no seat of it is acted on until a `state` with at least this `seq` comes (R-ROOM-MOVE, docs/room.md). */
  staleUntil: number | null;
}

/** A command the room sent a table whose refusal it acts on: by the output `seq` its id carries. */
export interface SentCommand {
  table: string;
  command: TableCommand;
  /** For a `seat-player`: why the player was going there, and from where. */
  reason?: MoveReason;
  from?: { table: string; seat: number } | null;
}

/** A player the room sent `move-player` for, waiting for the table's `player.moved`. Counts at `to`. */
export interface PendingMove {
  player: string;
  from: { table: string; seat: number };
  to: string;
  reason: MoveReason;
  /** How the seat at `to` is chosen when the player arrives; `position` (R-STUD-BALANCE): `seat`, chosen when sent. */
  seatPick: 'next-big-blind' | 'random' | 'position';
  seat?: number;
}

/** A player out of the tournament whose place is not given yet. `time` is null until the hand that eliminated the
 * player ends at that table (R-ROOM-PLACES). */
export interface PendingOut {
  player: string;
  table: string;
  stackAtStart: number | null;
  time: number | null;
}

export interface RoomSetup {
  profile: string;
  rules: RoomRules;
  startingStack: number | null;
  breakOrder: string[];
}

export interface RoomState {
  now: number;
  seq: number;
  setup: RoomSetup | null;
  rng: Rng;
  tables: TableModel[];
  byId: Map<string, TableModel>;
  /** Every player ever registered: true while in the tournament. */
  players: Map<string, boolean>;
  moves: PendingMove[];
  entries: number;
  /** Players still in (true in `players`). */
  left: number;
  /** Place 1 is given: the tournament is over. */
  finished: boolean;
  /** Places given so far, in the order given. */
  places: { player: string; place: number }[];
  outs: PendingOut[];
  levels: LevelState | null;
  /** The tournament's money (money/), or null when the setup has none. */
  money: MoneyState | null;
  /** Commands sent and not answered yet (the latest SENT_KEPT): a table's refusal names one by its seq. */
  sent: Map<number, SentCommand>;
  /** What the room told the floor about the tables' refusals (answers.ts), the latest few. */
  notices: { at: number; table: string; text: string }[];
}

export function initialRoomState(): RoomState {
  return {
    now: 0,
    seq: 0,
    setup: null,
    rng: { state: 1 },
    tables: [],
    byId: new Map(),
    players: new Map(),
    moves: [],
    entries: 0,
    left: 0,
    finished: false,
    places: [],
    outs: [],
    levels: null,
    money: null,
    sent: new Map(),
    notices: [],
  };
}
