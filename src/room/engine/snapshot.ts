import { levelSnapshot } from '../../domain/levels/levels.ts';
import type { LevelClockSnapshot } from '../../domain/snapshot/types.ts';
import { TAKEN } from './answers.ts';
import type { RoomState } from './state.ts';
import type { BalancePick, MoveReason } from './types.ts';

/** What `room/<id>/state` carries (protocol.md, "The room"). */
export interface RoomSnapshot {
  at: number;
  seq: number;
  profile: string | null;
  tables: {
    id: string;
    seats: number;
    open: boolean;
    online: boolean;
    players: { seat: number; player: string; stack?: number }[];
  }[];
  /** Players on their way from one table to another. */
  moving: { player: string; from: { table: string; seat: number }; to: string; reason: MoveReason }[];
  playersLeft: number;
  entries: number;
  breakOrder: string[];
  balanceAt: number | null;
  balancePick: BalancePick | null;
  places: { player: string; place: number }[];
  clock: LevelClockSnapshot | null;
  /** The tables' refusals of the room's commands, in words, and what the room did about them (the latest 10). */
  notices: { at: number; table: string; text: string }[];
}

export function roomSnapshot(state: RoomState): RoomSnapshot {
  const setup = state.setup;
  return {
    at: state.now,
    seq: state.seq,
    profile: setup?.profile ?? null,
    tables: state.tables
      .filter((t) => t.open && !t.broken)
      .map((t) => ({
        id: t.id,
        seats: t.seats,
        open: true,
        online: t.online,
        players: t.players.flatMap((player, i) => {
          if (player === null || player === TAKEN) return [];
          const stack = t.stacks[i];
          return [stack == null ? { seat: i + 1, player } : { seat: i + 1, player, stack }];
        }),
      })),
    moving: state.moves.map(({ player, from, to, reason }) => ({ player, from: { ...from }, to, reason })),
    playersLeft: state.left,
    entries: state.entries,
    breakOrder: [...(setup?.breakOrder ?? [])],
    balanceAt: setup?.rules.balanceAt ?? null,
    balancePick: setup?.rules.balancePick ?? null,
    places: state.places.map((p) => ({ ...p })),
    clock: levelSnapshot(state.levels, state.now),
    notices: state.notices.map((n) => ({ ...n })),
  };
}
