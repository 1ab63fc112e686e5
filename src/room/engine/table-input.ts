// What the tables publish, read into the room's picture of them: events (`<base>/events`), the retained `state`,
// the `status`. Fields are read by name; whatever else a table adds is ignored.
import { sendLevel } from './clock.ts';
import type { RoomCtx } from './context.ts';
import { isPlaying } from './counts.ts';
import { handEnded, playerOut } from './places.ts';
import { knockout, potsAwarded } from './money/ledger.ts';
import { gameOfInput, seatTaken, seatVacated } from './position.ts';
import { arrived, dropMove, rebalance } from './seating.ts';
import type { TableModel } from './state.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const seatOf = (t: TableModel, v: unknown): number | null =>
  Number.isInteger(v) && (v as number) >= 1 && (v as number) <= t.seats ? (v as number) : null;
const chipsOf = (v: unknown): number | null => (Number.isInteger(v) && (v as number) >= 0 ? (v as number) : null);

export function tableStatus(ctx: RoomCtx, t: TableModel, status: 'online' | 'offline'): void {
  const was = t.online;
  t.online = status === 'online';
  // R-ROOM-CLOCK: a table that comes online hears the level in force, alone.
  if (t.online && !was && isPlaying(t)) sendLevel(ctx, t);
}

/** The room's picture of the table may be out of date (service.ts: a reconnect, or a gap in the event seqs): it waits
 * for a `state` at least as new as `seq` and as everything it has seen. A table never heard from has no picture to
 * be out of date. */
export function tableStale(t: TableModel, seq: number): void {
  if (t.lastSeq === 0 && seq === 0) return;
  t.staleUntil = Math.max(t.staleUntil ?? 0, seq, t.lastSeq);
}

/** A table's retained `state`: the seats and the blinds as the table sees them, unless events newer than it came. A
 * state new enough ends a stale picture, and what waited for it (balancing, breaking) runs now. */
export function tableState(ctx: RoomCtx, t: TableModel, s: Obj): void {
  const seq = typeof s.seq === 'number' ? s.seq : 0;
  if (seq < t.lastSeq) return;
  readState(t, s, seq);
  if (t.staleUntil !== null && seq >= t.staleUntil) {
    t.staleUntil = null;
    rebalance(ctx);
  }
}

function readState(t: TableModel, s: Obj, seq: number): void {
  const info = Array.isArray(s.seatInfo) ? s.seatInfo : [];
  const players: (string | null)[] = new Array<string | null>(t.seats).fill(null);
  const stacks: (number | null)[] = new Array<number | null>(t.seats).fill(null);
  for (const x of info) {
    if (!isObj(x)) continue;
    const seat = seatOf(t, x.seat);
    if (seat === null || typeof x.player !== 'string') continue;
    players[seat - 1] = x.player;
    stacks[seat - 1] = chipsOf(x.stack);
  }
  for (let i = 0; i < t.seats; i++) {
    const given = t.given[i];
    if (given == null) continue;
    if (players[i] === given) t.given[i] = null;
    else if (players[i] === null) {
      players[i] = given; // a seat-player the table has not handled yet
      stacks[i] = t.stacks[i] ?? null;
    }
  }
  for (let i = 0; i < t.seats; i++) {
    if (players[i] === null && t.players[i] !== null) seatVacated(t, i + 1);
    else if (players[i] !== null) seatTaken(t, i + 1);
  }
  t.players = players;
  t.stacks = stacks;
  t.game = gameOfInput(s.game, t.game);
  t.button = seatOf(t, s.button);
  t.bigBlind = seatOf(t, s.bigBlindSeat ?? s.bigBlind);
  t.lastSeq = seq;
}

/** Returns a reason when the event is refused as a whole (the input is then `input.rejected`). */
export function tableEvent(ctx: RoomCtx, t: TableModel, e: Obj): string | void {
  const type = e.type;
  if (typeof type !== 'string') return 'a table event needs a `type`';
  const seq = typeof e.seq === 'number' ? e.seq : null;
  // An event the latest `state` already shows changes no seat (it may still end a hand or a player).
  const fresh = seq === null || seq > t.lastSeq;
  if (seq !== null && fresh) t.lastSeq = seq;
  const seat = seatOf(t, e.seat);
  const player = typeof e.player === 'string' ? e.player : null;
  const at = (i: number) => (fresh ? t.players[i] : null);
  switch (type) {
    case 'player.seated':
      if (seat === null || player === null) return 'player.seated needs `seat` and `player`';
      if (fresh) {
        t.players[seat - 1] = player;
        t.stacks[seat - 1] = chipsOf(e.chips);
        t.given[seat - 1] = null; // whoever the table seated, the seat is its news now
        seatTaken(t, seat);
      }
      return;
    case 'player.eliminated':
      if (seat === null || player === null) return 'player.eliminated needs `seat` and `player`';
      if (ctx.state.money) knockout(ctx, ctx.state.money, t.id, seat, player); // before the player is out
      dropMove(ctx.state, t.id, player);
      playerOut(ctx.state, player, t.id, chipsOf(e.stackAtStart), null);
      return;
    case 'player.removed':
      if (seat === null || player === null) return 'player.removed needs `seat` and `player`';
      if (at(seat - 1) === player) vacate(t, seat);
      dropMove(ctx.state, t.id, player);
      playerOut(ctx.state, player, t.id, null, ctx.at);
      return;
    case 'player.moved':
      if (seat === null || player === null) return 'player.moved needs `seat` and `player`';
      if (at(seat - 1) === player) vacate(t, seat);
      arrived(ctx, t, player, chipsOf(e.chips));
      return;
    case 'hand.started':
      ctx.state.money?.awards.delete(t.id); // the last hand's pots name no eliminator of this one
      t.button = seatOf(t, e.button) ?? t.button;
      t.bigBlind = seatOf(t, e.bigBlind) ?? t.bigBlind;
      t.game = gameOfInput(e.game, t.game);
      return;
    case 'stack.set':
      if (seat !== null && fresh) t.stacks[seat - 1] = chipsOf(e.chips);
      return;
    case 'chips.added': // R-CHIPS-ADD: a rebuy or an add-on reached the stack
      if (seat !== null && fresh) t.stacks[seat - 1] = chipsOf(e.stack);
      return;
    case 'pot.awarded':
      if (ctx.state.money) potsAwarded(ctx.state.money, t.id, e.pots);
      return;
    case 'hand.ended':
      handEnded(ctx.state, t.id, ctx.at);
      rebalance(ctx); // after every hand that ends at any table (R-ROOM-BALANCE, R-ROOM-BREAK)
      return;
    default:
      return; // every other event is the table's own business
  }
}

function vacate(t: TableModel, seat: number): void {
  t.players[seat - 1] = null;
  t.stacks[seat - 1] = null;
  t.given[seat - 1] = null;
  seatVacated(t, seat);
}
