// Counting players at tables the way R-ROOM-BALANCE and R-ROOM-DETAILS say: a player on the way counts at the
// table of destination, not at the one being left; "fewest players" looks only at open tables with a free seat.
// The moves under way are tallied per table in one pass (`tally`): counting them table by table, for every table, at
// every hand's end, made a room of 500 tables spend tens of ms per `hand.ended` (docs/scaling.md). A tally is good
// until the moves change; callers that change them take a new one.
import type { RoomState, TableModel } from './state.ts';

export interface Tally {
  /** table → players on their way to it */
  inbound: Map<string, number>;
  /** table → the moves leaving it (the seat they leave from, the player) */
  outbound: Map<string, { seat: number; player: string }[]>;
}

export function tally(state: RoomState): Tally {
  const inbound = new Map<string, number>();
  const outbound = new Map<string, { seat: number; player: string }[]>();
  for (const m of state.moves) {
    inbound.set(m.to, (inbound.get(m.to) ?? 0) + 1);
    let list = outbound.get(m.from.table);
    if (!list) outbound.set(m.from.table, (list = []));
    list.push({ seat: m.from.seat, player: m.player });
  }
  return { inbound, outbound };
}

export function isOutbound(state: RoomState, table: string, player: string, tl: Tally = tally(state)): boolean {
  return tl.outbound.get(table)?.some((m) => m.player === player) ?? false;
}

function occupied(t: TableModel): number {
  let n = 0;
  for (const p of t.players) if (p !== null) n++;
  return n;
}

/** Players at the table for balancing and draws: seated and not leaving, plus those on their way to it. */
export function playerCount(state: RoomState, t: TableModel, tl: Tally = tally(state)): number {
  let leaving = 0;
  for (const m of tl.outbound.get(t.id) ?? []) if (t.players[m.seat - 1] === m.player) leaving++;
  return occupied(t) - leaving + (tl.inbound.get(t.id) ?? 0);
}

/** Seats still to give at the table: empty seats not promised to a player on the way. */
export function capacity(state: RoomState, t: TableModel, tl: Tally = tally(state)): number {
  return t.seats - occupied(t) - (tl.inbound.get(t.id) ?? 0);
}

export function isPlaying(t: TableModel): boolean {
  return t.open && !t.broken;
}

/** Empty seats, in seat order. */
export function freeSeats(t: TableModel): number[] {
  const seats: number[] = [];
  t.players.forEach((p, i) => {
    if (p === null) seats.push(i + 1);
  });
  return seats;
}

/** Seats whose player may be sent away (seated, not already leaving), in seat order. */
export function movableSeats(state: RoomState, t: TableModel, tl: Tally = tally(state)): number[] {
  const seats: number[] = [];
  t.players.forEach((p, i) => {
    if (p !== null && !isOutbound(state, t.id, p, tl)) seats.push(i + 1);
  });
  return seats;
}

/** The open tables with a seat to give that have the fewest players (R-ROOM-DETAILS), in setup order. */
export function fewestTables(state: RoomState, except?: TableModel, tl: Tally = tally(state)): TableModel[] {
  let best = Infinity;
  let found: TableModel[] = [];
  for (const t of state.tables) {
    if (t === except || !isPlaying(t) || capacity(state, t, tl) <= 0) continue;
    const n = playerCount(state, t, tl);
    if (n < best) {
      best = n;
      found = [t];
    } else if (n === best) found.push(t);
  }
  return found;
}

export function tableById(state: RoomState, id: string): TableModel | undefined {
  return state.byId.get(id);
}
