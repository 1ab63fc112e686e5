// R-STUD-BALANCE: a stud game has no button and no blinds, so a balancing move goes by position (BFP 25): the short
// table's most recently vacated seat decides, the long table's player in that seat number (or the next occupied seat
// clockwise from it) moves and takes that very seat. Which game is played is read from the descriptor (no branch on
// a game's name: design.md "Games are data").
import { gameOf, isGameName, type GameName } from '../../domain/games/index.ts';
import { freeSeats, movableSeats, type Tally } from './counts.ts';
import type { RoomState, TableModel } from './state.ts';

/** The game the room's level plays: the level in force (a break: the level before it) when it names one, else the
 * game the table last said it plays (its `state`, its `hand.started`). */
export function gameInForce(state: RoomState, t: TableModel): GameName | null {
  const ls = state.levels;
  if (ls) {
    for (let i = ls.index; i >= 0; i--) {
      const level = ls.levels[i]!;
      if ('break' in level) continue;
      if (level.game !== undefined) return level.game;
      break;
    }
  }
  return t.game;
}

/** Balancing by position: a game whose acting order has no button (the stud games). */
export function balancesByPosition(state: RoomState, short: TableModel): boolean {
  const game = gameInForce(state, short);
  return game !== null && gameOf(game).order.kind !== 'button';
}

/** The seat a mover takes at the short table: its most recently vacated seat still free and promised to nobody on
 * the way; with none known, its first such free seat. */
export function vacatedSeat(state: RoomState, short: TableModel): number | undefined {
  const promised = new Set(state.moves.filter((m) => m.to === short.id && m.seat !== undefined).map((m) => m.seat));
  const free = new Set(freeSeats(short).filter((s) => !promised.has(s)));
  for (let i = short.vacated.length - 1; i >= 0; i--) if (free.has(short.vacated[i]!)) return short.vacated[i];
  return [...free][0];
}

/** The long table's player who moves: the one in seat `seat`, else the next occupied seat clockwise from it (seat
 * numbers rising), skipping players already leaving. */
export function playerInSeat(state: RoomState, full: TableModel, seat: number, tl: Tally): number | undefined {
  const movable = new Set(movableSeats(state, full, tl));
  for (let k = 0; k < full.seats; k++) {
    const s = ((seat - 1 + k) % full.seats) + 1;
    if (movable.has(s)) return s;
  }
  return undefined;
}

/** The seat the mover takes on arrival: the seat chosen when the move was sent, or, if it was taken meanwhile, the
 * first free seat clockwise from it. */
export function arrivalSeat(to: TableModel, seat: number): number | undefined {
  const free = new Set(freeSeats(to));
  for (let k = 0; k < to.seats; k++) {
    const s = ((seat - 1 + k) % to.seats) + 1;
    if (free.has(s)) return s;
  }
  return undefined;
}

/** The table's picture changed: a seat emptied goes to the end of the vacated list, a seat taken leaves it. */
export function seatVacated(t: TableModel, seat: number): void {
  t.vacated = t.vacated.filter((s) => s !== seat);
  t.vacated.push(seat);
}

export function seatTaken(t: TableModel, seat: number): void {
  if (t.vacated.includes(seat)) t.vacated = t.vacated.filter((s) => s !== seat);
}

/** The game a table's `state` or `hand.started` names, or what the room knew. */
export function gameOfInput(value: unknown, known: GameName | null): GameName | null {
  return isGameName(value) ? value : known;
}
