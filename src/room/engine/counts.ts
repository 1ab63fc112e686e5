// Counting players at tables the way R-ROOM-BALANCE and R-ROOM-DETAILS say: a player on the way counts at the
// table of destination, not at the one being left; "fewest players" looks only at open tables with a free seat.
import type { RoomState, TableModel } from './state.ts';

export function isOutbound(state: RoomState, table: string, player: string): boolean {
  return state.moves.some((m) => m.from.table === table && m.player === player);
}

function inbound(state: RoomState, t: TableModel): number {
  let n = 0;
  for (const m of state.moves) if (m.to === t.id) n++;
  return n;
}

function occupied(t: TableModel): number {
  let n = 0;
  for (const p of t.players) if (p !== null) n++;
  return n;
}

/** Players at the table for balancing and draws: seated and not leaving, plus those on their way to it. */
export function playerCount(state: RoomState, t: TableModel): number {
  let leaving = 0;
  for (const m of state.moves) if (m.from.table === t.id && t.players[m.from.seat - 1] === m.player) leaving++;
  return occupied(t) - leaving + inbound(state, t);
}

/** Seats still to give at the table: empty seats not promised to a player on the way. */
export function capacity(state: RoomState, t: TableModel): number {
  return t.seats - occupied(t) - inbound(state, t);
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
export function movableSeats(state: RoomState, t: TableModel): number[] {
  const seats: number[] = [];
  t.players.forEach((p, i) => {
    if (p !== null && !isOutbound(state, t.id, p)) seats.push(i + 1);
  });
  return seats;
}

/** The open tables with a seat to give that have the fewest players (R-ROOM-DETAILS), in setup order. */
export function fewestTables(state: RoomState, except?: TableModel): TableModel[] {
  let best = Infinity;
  let found: TableModel[] = [];
  for (const t of state.tables) {
    if (t === except || !isPlaying(t) || capacity(state, t) <= 0) continue;
    const n = playerCount(state, t);
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
