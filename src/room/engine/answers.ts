// A table's refusal of one of the room's own commands (its `cmd/result` for an id `room-<room>-<seq>`), read as an
// input (docs/room.md, "At the tables"): a `move-player` for a seat the table says is empty frees that seat in the
// room's picture and balancing runs again on it (another player goes); a `seat-player` for a seat someone else took
// goes to another free seat; anything else is reported to the floor in words. Each is a `request.rejected` with a
// sentence (logged by the service) and a line in the room's state (`notices`).
import type { RoomCtx } from './context.ts';
import { fewestTables, freeSeats, isPlaying } from './counts.ts';
import { drawOne } from './random.ts';
import { giveSeat, rebalance } from './seating.ts';
import type { SentCommand, TableModel } from './state.ts';
import type { TableAnswer } from './types.ts';

/** The room's state keeps the latest few. */
const NOTICES_KEPT = 10;

export function tableAnswer(ctx: RoomCtx, t: TableModel, a: TableAnswer): void {
  const sent = ctx.state.sent.get(a.seq);
  if (!sent || sent.table !== t.id) return; // not one the room remembers: nothing to act on
  ctx.state.sent.delete(a.seq);
  if (sent.command.name === 'move-player') return refusedMove(ctx, t, sent.command.seat, a);
  if (sent.command.name === 'seat-player') return refusedSeat(ctx, t, sent, a);
}

function refusedMove(ctx: RoomCtx, t: TableModel, seat: number | undefined, a: TableAnswer): void {
  const state = ctx.state;
  const i = state.moves.findIndex((m) => m.from.table === t.id && m.from.seat === seat);
  const move = i < 0 ? null : state.moves.splice(i, 1)[0]!;
  const who = move ? `${move.player} (seat ${seat})` : `seat ${seat}`;
  if (a.code === 'seat-empty' && seat !== undefined) {
    // The table knows better: nobody sits there. The picture is mended and the balance is worked out again on it.
    if (move && t.players[seat - 1] === move.player) {
      t.players[seat - 1] = null;
      t.stacks[seat - 1] = null;
      t.given[seat - 1] = null;
    }
    notice(ctx, t, 'move-player', a, `${tableName(t)} says nobody sits at seat ${seat}: the room moves someone else`);
    return rebalance(ctx);
  }
  notice(ctx, t, 'move-player', a, `${tableName(t)} refused to move ${who}: ${a.message ?? a.code}`);
}

function refusedSeat(ctx: RoomCtx, t: TableModel, sent: SentCommand, a: TableAnswer): void {
  if (sent.command.name !== 'seat-player') return;
  const { seat, player } = sent.command;
  const chips = sent.command.chips ?? null;
  if (t.given[seat - 1] === player) t.given[seat - 1] = null;
  if (a.code !== 'seat-taken') {
    notice(
      ctx,
      t,
      'seat-player',
      a,
      `${tableName(t)} refused to seat ${player} at seat ${seat}: ${a.message ?? a.code}`,
    );
    return;
  }
  // Someone the floor seated there meanwhile: the room waits for the table's word on who, and seats the player
  // elsewhere now, another table first (the seat taken stays out of the picture's free seats until then).
  if (t.players[seat - 1] === player) t.players[seat - 1] = TAKEN;
  t.staleUntil = Math.max(t.staleUntil ?? 0, t.lastSeq + 1);
  const others = fewestTables(ctx.state, t).filter((x) => freeSeats(x).length > 0);
  const to = others.length > 0 ? drawOne(ctx.state.rng, others) : isPlaying(t) && freeSeats(t).length > 0 ? t : null;
  if (!to) {
    notice(ctx, t, 'seat-player', a, `${tableName(t)} seat ${seat} was taken and no table has a seat for ${player}`);
    return;
  }
  const free = freeSeats(to);
  const next = free[Math.floor(free.length / 2)]!;
  notice(
    ctx,
    t,
    'seat-player',
    a,
    `${tableName(t)} seat ${seat} was taken: ${player} goes to ${tableName(to)} seat ${next}`,
  );
  giveSeat(ctx, to, next, player, chips, sent.from ?? null, sent.reason ?? 'draw');
}

/** Stands for a seat a table says is taken by someone the room has not heard of yet (its next `state` says who). */
export const TAKEN = '\u0000taken';

function tableName(t: TableModel): string {
  return `table ${t.id}`;
}

function notice(ctx: RoomCtx, t: TableModel, request: string, a: TableAnswer, text: string): void {
  ctx.reject(request, a.code, `${text.charAt(0).toUpperCase()}${text.slice(1)}.`);
  ctx.state.notices.push({ at: ctx.at, table: t.id, text: `${text.charAt(0).toUpperCase()}${text.slice(1)}.` });
  if (ctx.state.notices.length > NOTICES_KEPT) ctx.state.notices.shift();
}
