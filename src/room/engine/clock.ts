// R-ROOM-CLOCK: one level clock for the whole tournament. The room runs the levels as a table does (R-LEVEL-CLOCK:
// deadlines in the state, breaks numbered after the level before them) and, at each change, pause or resume,
// publishes its clock and sends `level-set` to every open table that is online.
import { newLevelClock, nextLevel, pauseClock, resumeClock } from '../../domain/levels/clock.ts';
import { levelSnapshot } from '../../domain/levels/levels.ts';
import type { LevelClockSnapshot } from '../../domain/snapshot/types.ts';
import type { Level } from '../../domain/types.ts';
import type { RoomCtx } from './context.ts';
import { isPlaying } from './counts.ts';
import type { TableModel } from './state.ts';
import type { LevelSetFields } from './types.ts';

function clockNow(ctx: RoomCtx): LevelClockSnapshot {
  return levelSnapshot(ctx.state.levels, ctx.at)!;
}

function levelSet(clock: LevelClockSnapshot): LevelSetFields {
  const { level, isBreak, smallBlind, bigBlind, ante, endsAt, remainingMs, paused, next } = clock;
  // R-GAME-MIXED: what the level plays, where the room's structure says (absent otherwise: the payload is unchanged);
  // R-STUD-BRING-IN: a stud level's bring-in, which the table's stud hands post
  const plays: Pick<LevelSetFields, 'game' | 'betting' | 'smallBet' | 'bigBet' | 'bringIn'> = {};
  if (clock.game !== undefined) plays.game = clock.game;
  if (clock.betting !== undefined) plays.betting = clock.betting;
  if (clock.smallBet !== undefined) plays.smallBet = clock.smallBet;
  if (clock.bigBet !== undefined) plays.bigBet = clock.bigBet;
  if (clock.bringIn !== undefined) plays.bringIn = clock.bringIn;
  return { level, isBreak, smallBlind, bigBlind, ante, ...plays, endsAt, remainingMs, paused, next };
}

/** The clock to the room's topic and `level-set` to every open table online, in setup order. */
function announce(ctx: RoomCtx): void {
  const clock = clockNow(ctx);
  ctx.emit({ type: 'clock', ...clock });
  for (const t of ctx.state.tables)
    if (isPlaying(t) && t.online) ctx.send(t.id, { name: 'level-set', ...levelSet(clock) });
}

/** One table alone (it came online, or was opened). */
export function sendLevel(ctx: RoomCtx, t: TableModel): void {
  if (ctx.state.levels) ctx.send(t.id, { name: 'level-set', ...levelSet(clockNow(ctx)) });
}

export function startLevels(ctx: RoomCtx, levels: Level[]): void {
  ctx.state.levels = newLevelClock(levels, ctx.at);
  announce(ctx);
}

export function advanceLevel(ctx: RoomCtx): void {
  nextLevel(ctx.state.levels!, ctx.at);
  announce(ctx);
}

export function pauseLevels(ctx: RoomCtx): void {
  const refusal = pauseClock(ctx.state.levels, ctx.at);
  if (refusal !== null) return ctx.reject('levels-pause', refusal);
  announce(ctx);
}

export function resumeLevels(ctx: RoomCtx): void {
  const refusal = resumeClock(ctx.state.levels, ctx.at);
  if (refusal !== null) return ctx.reject('levels-resume', refusal);
  announce(ctx);
}
