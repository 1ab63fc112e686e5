// R-ROOM-PLACES: who finishes where. A player is out on `player.eliminated`, or on a `player.removed` no move caused;
// each player once. Eliminations wait for the end of their hand at their table: players out in one hand at one table
// are ranked by their stack at the start of the hand (the bigger finishes higher), players out at different tables
// by the time their hands ended, removals by the time of the removal; the same time ties, ties share the better place.
// Because another table may still report an end at the same `at`, the places of a time are given by a timer one
// millisecond later (its deadline is the outputs' `at`).
import type { RoomCtx } from './context.ts';
import { entryOut, placed } from './money/ledger.ts';
import type { PendingOut, RoomState } from './state.ts';

/** The player leaves the tournament; `time` null means at the end of the table's hand under way. */
export function playerOut(
  state: RoomState,
  player: string,
  table: string,
  stackAtStart: number | null,
  time: number | null,
): void {
  if (state.players.get(player) !== true) return; // not ours, or already out: each player once
  if (state.finished) return; // the winner is known: the tournament is over
  state.players.set(player, false);
  state.left -= 1;
  if (state.money) entryOut(state.money, player);
  state.outs.push({ player, table, stackAtStart, time });
}

/** The table's hand ended: its eliminations take that time. */
export function handEnded(state: RoomState, table: string, at: number): void {
  for (const o of state.outs) if (o.table === table && o.time === null) o.time = at;
}

/** The places timer: the earliest time with players out, plus one millisecond. */
export function placesDue(state: RoomState): number | null {
  let due: number | null = null;
  for (const o of state.outs) if (o.time !== null && (due === null || o.time + 1 < due)) due = o.time + 1;
  return due;
}

export function givePlaces(ctx: RoomCtx, due: number): void {
  const state = ctx.state;
  const group = state.outs.filter((o) => o.time === due - 1);
  state.outs = state.outs.filter((o) => o.time !== due - 1);
  const left = state.entries - state.places.length;
  const better = (o: PendingOut) =>
    group.filter(
      (g) =>
        g.table === o.table && g.stackAtStart !== null && o.stackAtStart !== null && g.stackAtStart > o.stackAtStart,
    ).length;
  const ranked = group.map((o) => ({ player: o.player, place: left - group.length + 1 + better(o) }));
  // Worst place first, as the table reports eliminations; equal places in the order the room learnt of them.
  ranked.sort((a, b) => b.place - a.place);
  for (const r of ranked) give(ctx, r.player, r.place);
  if (state.money) placed(ctx, state.money, ranked);
  lastPlayer(ctx);
}

function give(ctx: RoomCtx, player: string, place: number): void {
  ctx.state.places.push({ player, place });
  ctx.emit({ type: 'place', player, place });
}

/** Place 1 when one player is left and no place is waiting. */
function lastPlayer(ctx: RoomCtx): void {
  const state = ctx.state;
  if (state.outs.length > 0 || state.left !== 1 || state.entries - state.places.length !== 1) return;
  const [winner] = [...state.players].find(([, playing]) => playing)!;
  state.finished = true;
  give(ctx, winner, 1);
  if (state.money) placed(ctx, state.money, [{ player: winner, place: 1 }]);
}
