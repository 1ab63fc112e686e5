// Who sits where: the draw at registration (R-ROOM-DRAW), balancing (R-ROOM-BALANCE), breaking (R-ROOM-BREAK) and
// moves step by step (R-ROOM-MOVE): `move-player` to the source, `player.moved` back, then `seat-player` at the
// destination, with the seat chosen from the destination's latest picture at that moment.
import { nameKey } from '../../protocol/names.ts';
import type { RoomCtx } from './context.ts';
import { capacity, fewestTables, freeSeats, isPlaying, movableSeats, playerCount, tableById, tally } from './counts.ts';
import { entered, entryRefusal } from './money/ledger.ts';
import { arrivalSeat, balancesByPosition, playerInSeat, seatTaken, vacatedSeat } from './position.ts';
import { drawIndex, drawOne } from './random.ts';
import type { PendingMove, RoomState, TableModel } from './state.ts';
import type { MoveReason, Place } from './types.ts';

/** Gives a seat: the command to the table, the seat marked as taken until the table confirms, the move published. */
export function giveSeat(
  ctx: RoomCtx,
  t: TableModel,
  seat: number,
  player: string,
  chips: number | null,
  from: Place | null,
  reason: MoveReason,
): void {
  t.players[seat - 1] = player;
  t.given[seat - 1] = player;
  seatTaken(t, seat);
  t.stacks[seat - 1] = chips;
  const command =
    chips === null
      ? { name: 'seat-player' as const, seat, player }
      : { name: 'seat-player' as const, seat, player, chips };
  ctx.send(t.id, command, { reason, from });
  ctx.emit({ type: 'move', player, from, to: { table: t.id, seat }, reason });
}

/** The name the room knows this player by (the same player by the names rule), or the name as given. */
export function knownName(state: RoomState, player: string): string {
  const key = nameKey(player);
  for (const known of state.players.keys()) if (nameKey(known) === key) return known;
  return player;
}

/** R-ROOM-DRAW: a seat drawn uniformly among the free seats of the open tables with the fewest players. */
export function register(ctx: RoomCtx, typed: string): void {
  const state = ctx.state;
  // Place 1 closes the tournament (R-ROOM-PLACES): a later entry would have no place to finish in.
  if (state.finished) return ctx.reject('register', 'finished');
  // one person whatever the keyboard (names.ts): "ann" is the "Ann" already in; a player out may enter again
  const key = nameKey(typed);
  for (const [known, playing] of state.players)
    if (playing && nameKey(known) === key) return ctx.reject('register', 'already-registered');
  // a re-entry is the player already known (their entries counted together), under the name they first had
  const player = knownName(state, typed);
  const seats: { t: TableModel; seat: number }[] = [];
  for (const t of fewestTables(state)) for (const seat of freeSeats(t)) seats.push({ t, seat });
  if (seats.length === 0) return ctx.reject('register', 'no-seat');
  const refused = state.money && entryRefusal(state, state.money, player);
  if (refused) return ctx.reject('register', ...refused);
  const { t, seat } = drawOne(state.rng, seats);
  state.players.set(player, true);
  state.entries += 1;
  state.left += 1;
  if (state.money) entered(state, state.money, player);
  giveSeat(ctx, t, seat, player, state.setup!.startingStack, null, 'draw');
}

function sendAway(
  ctx: RoomCtx,
  from: TableModel,
  seat: number,
  to: TableModel,
  move: Omit<PendingMove, 'player' | 'from' | 'to'>,
): void {
  ctx.state.moves.push({ player: from.players[seat - 1]!, from: { table: from.id, seat }, to: to.id, ...move });
  ctx.send(from.id, { name: 'move-player', seat });
}

/** R-ROOM-BREAK then R-ROOM-BALANCE: run after every hand that ends and when `balanceAt` changes. Never on a stale
 * picture: while a playing table's view waits for its fresh `state`, nobody is moved (the fresh state runs it). */
export function rebalance(ctx: RoomCtx): void {
  if (ctx.state.tables.some((t) => t.staleUntil !== null && isPlaying(t))) return;
  while (breakNext(ctx));
  balance(ctx);
}

/** Breaks the next table in the break order when the other open tables have a seat for each of its players. */
function breakNext(ctx: RoomCtx): boolean {
  const state = ctx.state;
  const next = state.setup!.breakOrder.map((id) => tableById(state, id)!).find(isPlaying);
  if (!next) return false;
  const others = state.tables.filter((t) => t !== next && isPlaying(t));
  if (others.length === 0) return false;
  const tl = tally(state);
  let room = 0;
  for (const t of others) room += Math.max(0, capacity(state, t, tl));
  if (room < playerCount(state, next, tl)) return false;
  next.broken = true;
  // Players already on their way to it go elsewhere, drawn the same way.
  for (const m of state.moves) {
    if (m.to !== next.id) continue;
    m.to = drawOne(state.rng, fewestTables(state, next)).id;
    delete m.seat; // a seat by position (R-STUD-BALANCE) was one of the broken table's
  }
  for (const seat of movableSeats(state, next)) {
    const to = drawOne(state.rng, fewestTables(state, next));
    sendAway(ctx, next, seat, to, { reason: 'break', seatPick: 'random' });
  }
  return true;
}

function balance(ctx: RoomCtx): void {
  const state = ctx.state;
  const { balanceAt, balancePick } = state.setup!.rules;
  for (;;) {
    const tl = tally(state); // each turn sends one move
    let full: TableModel | null = null;
    let fullCount = -1;
    for (const t of state.tables) {
      if (!isPlaying(t) || movableSeats(state, t, tl).length === 0) continue;
      const n = playerCount(state, t, tl);
      if (n > fullCount || (n === fullCount && t.rank < full!.rank)) {
        full = t;
        fullCount = n;
      }
    }
    let short: TableModel | null = null;
    for (const t of fewestTables(state, undefined, tl)) if (!short || t.rank > short.rank) short = t;
    if (!full || !short || full === short || fullCount - playerCount(state, short, tl) < balanceAt) return;
    if (balancesByPosition(state, short)) {
      // R-STUD-BALANCE: the seat decides who moves; one is free at the short table (it has the fewest players)
      const target = vacatedSeat(state, short)!;
      const seat = playerInSeat(state, full, target, tl)!;
      sendAway(ctx, full, seat, short, { reason: 'balance', seatPick: 'position', seat: target });
      continue;
    }
    const seat =
      balancePick === 'random' ? drawOne(state.rng, movableSeats(state, full, tl)) : nextBigBlind(state, full, tl);
    sendAway(ctx, full, seat, short, { reason: 'balance', seatPick: balancePick });
  }
}

/** Seats after `from`, clockwise (seat numbers rise to the left), wrapping round; all seats when `from` is null. */
function clockwiseAfter(t: TableModel, from: number | null): number[] {
  const order: number[] = [];
  const start = from ?? t.seats;
  for (let k = 1; k <= t.seats; k++) order.push(((start - 1 + k) % t.seats) + 1);
  return order;
}

/** The seat that would post the next big blind: the first player to the left of the last big blind (or of the
 * button, before any hand), skipping players already leaving. */
export function nextBigBlind(state: RoomState, t: TableModel, tl = tally(state)): number {
  const movable = new Set(movableSeats(state, t, tl));
  return clockwiseAfter(t, t.bigBlind ?? t.button).find((s) => movable.has(s))!;
}

/** The free seat nearest to the left of the big blind, where the newcomer posts the next big blind. */
function seatLeftOfBigBlind(t: TableModel): number | undefined {
  const free = new Set(freeSeats(t));
  return clockwiseAfter(t, t.bigBlind ?? t.button).find((s) => free.has(s));
}

/** The table answered `player.moved`: the player takes a seat at the destination (R-ROOM-MOVE). Returns false when
 * no move of the room's was waiting for that player. */
export function arrived(ctx: RoomCtx, source: TableModel, player: string, chips: number | null): boolean {
  const state = ctx.state;
  const i = state.moves.findIndex((m) => m.from.table === source.id && m.player === player);
  if (i < 0) return false;
  const move = state.moves[i]!;
  state.moves.splice(i, 1);
  let to = tableById(state, move.to)!;
  if (!isPlaying(to) || freeSeats(to).length === 0) {
    // The destination filled up or closed meanwhile (the floor seated someone): the draw decides again.
    const tables = fewestTables(state).filter((t) => freeSeats(t).length > 0);
    if (tables.length === 0) {
      ctx.reject('move-player', 'no-seat', `no table has a seat for ${player}`);
      state.players.set(player, false);
      state.left -= 1;
      return true;
    }
    to = drawOne(state.rng, tables);
  }
  giveSeat(ctx, to, arrivingSeat(state, to, move), player, chips, move.from, move.reason);
  return true;
}

function arrivingSeat(state: RoomState, to: TableModel, move: PendingMove): number {
  const free = freeSeats(to);
  if (move.seatPick === 'position' && move.seat !== undefined && to.id === move.to)
    return arrivalSeat(to, move.seat) ?? free[0]!;
  if (move.seatPick === 'next-big-blind') return seatLeftOfBigBlind(to) ?? free[0]!;
  return free[drawIndex(state.rng, free.length)]!;
}

/** A player leaving a table otherwise than by a move (eliminated, removed): a move waiting for them is dropped. */
export function dropMove(state: RoomState, table: string, player: string): void {
  state.moves = state.moves.filter((m) => !(m.from.table === table && m.player === player));
}
