// The room's public contract (protocol.md, "The room" and "Room replay") as types: inputs in, outputs out.
import type { LevelClockSnapshot } from '../../domain/snapshot/types.ts';
import type { Level } from '../../domain/types.ts';
import type { MoneyRules } from './money/types.ts';
import type { PrizesSnapshot } from './money/types.ts';

export type BalancePick = 'next-big-blind' | 'random';

/** The `room.*` fields of a tournament's profile (R-ROOM-BALANCE). */
export interface RoomRules {
  balanceAt: number;
  balancePick: BalancePick;
}

/** A room profile: the room's part of a rule profile, by the same name (tda, bfp, robert, club, …). */
export interface RoomProfile {
  name: string;
  room: RoomRules;
}

export interface SetupTable {
  id: string;
  seats: number;
  /** false: opened later by `open-table` (R-ROOM-DETAILS). */
  open?: boolean;
}

export type RoomCommand =
  | {
      name: 'setup';
      tables: SetupTable[];
      breakOrder: string[];
      profile: string;
      rules?: { room?: Partial<RoomRules> };
      startingStack?: number;
      seed?: number;
      /** The tournament's money (docs/room-money.md). */
      money?: MoneyRules;
    }
  | { name: 'open-table'; table: string }
  | { name: 'register'; player: string }
  | { name: 'levels-start'; levels: Level[] }
  | { name: 'levels-pause' }
  | { name: 'levels-resume' }
  | { name: 'balance-at'; players: number }
  | { name: 'rebuy'; player: string }
  | { name: 'add-on'; player: string }
  | { name: 'deal'; shares: { player: string; amount: number }[] };

export type RoomCommandName = RoomCommand['name'];

/** What a table published, as the room reads it: an event (its `<base>/events`), its retained `state`, or its
 * `status`. Events and states are read by field name only; anything else in them is ignored. */
export type TableInput =
  | { type: 'table'; table: string; event: Record<string, unknown> }
  | { type: 'table'; table: string; state: Record<string, unknown> }
  | { type: 'table'; table: string; status: 'online' | 'offline' }
  /** The service's word that the room's picture of the table may be out of date: it reconnected to the broker, or
   * an event's seq showed events it never got. Until a `state` with at least this seq, no seat of it is acted on. */
  | { type: 'table'; table: string; stale: number }
  /** The table refused one of the room's commands (its `cmd/result` for an id `room-<room>-<seq>`). */
  | { type: 'table'; table: string; answer: TableAnswer };

export interface TableAnswer {
  /** The output seq of the `send` it answers. */
  seq: number;
  code: string;
  message?: string;
}

export type RoomInput = { at: number } & (
  ({ type: 'command'; id?: string } & RoomCommand) | TableInput | { type: 'tick' }
);

export interface Place {
  table: string;
  seat: number;
}

/** The command a table receives on `<base>/cmd/<name>`: `name` and its fields. */
export type TableCommand =
  | { name: 'seat-player'; seat: number; player: string; chips?: number }
  | { name: 'add-chips'; seat: number; player: string; chips: number }
  | { name: 'move-player'; seat: number }
  | ({ name: 'level-set' } & LevelSetFields);

export type LevelSetFields = Pick<
  LevelClockSnapshot,
  | 'level'
  | 'isBreak'
  | 'smallBlind'
  | 'bigBlind'
  | 'ante'
  | 'game'
  | 'betting'
  | 'smallBet'
  | 'bigBet'
  | 'bringIn'
  | 'endsAt'
  | 'remainingMs'
  | 'paused'
  | 'next'
>;

export type MoveReason = 'draw' | 'balance' | 'break';

export type OutputBody =
  | { type: 'send'; table: string; command: TableCommand }
  | { type: 'move'; player: string; from: Place | null; to: Place; reason: MoveReason }
  | ({ type: 'clock' } & LevelClockSnapshot)
  | { type: 'place'; player: string; place: number }
  | ({ type: 'prizes' } & PrizesSnapshot)
  | { type: 'rebuy'; player: string; chips: number; price: number; fee: number; rebuys: number }
  | { type: 'add-on'; player: string; chips: number; price: number; fee: number }
  | { type: 'bounty'; player: string; from: string; cash: number; toHead: number; head: number }
  | {
      type: 'payout';
      player: string;
      place: number | null;
      prize: number;
      bounties: number;
      total: number;
      deal?: true;
    }
  | { type: 'request.rejected'; request: string; reason: string; message?: string }
  | { type: 'input.rejected'; reason: string; line?: number };

/** Every output carries `seq` (1, 2, 3 …) and `at`, stamped after its fields. */
export type RoomOutput = OutputBody & { seq: number; at: number };
