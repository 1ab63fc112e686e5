// R-ROOM-CLOCK: one level clock for the whole tournament. The room runs the levels as a table does (R-LEVEL-CLOCK:
// deadlines in the state, breaks numbered after the level before them) and, at each change, pause or resume,
// publishes its clock and sends `level-set` to every open table that is online.
import { levelSnapshot } from '../../domain/levels.ts';
import type { LevelClockSnapshot } from '../../domain/snapshot.ts';
import type { LevelState } from '../../domain/state.ts';
import type { Level } from '../../domain/types.ts';
import type { RoomCtx } from './context.ts';
import { isPlaying } from './counts.ts';
import type { TableModel } from './state.ts';
import type { LevelSetFields } from './types.ts';

const MINUTE = 60_000;

function numbersOf(levels: Level[]): number[] {
  let n = 0;
  return levels.map((l) => ('break' in l ? Math.max(n, 1) : ++n));
}

function clockNow(ctx: RoomCtx): LevelClockSnapshot {
  return levelSnapshot(ctx.state.levels, ctx.at)!;
}

function levelSet(clock: LevelClockSnapshot): LevelSetFields {
  const { level, isBreak, smallBlind, bigBlind, ante, endsAt, remainingMs, paused, next } = clock;
  // R-GAME-MIXED: what the level plays, where the room's structure says (absent otherwise: the payload is unchanged)
  const plays: Pick<LevelSetFields, 'game' | 'betting' | 'smallBet' | 'bigBet'> = {};
  if (clock.game !== undefined) plays.game = clock.game;
  if (clock.betting !== undefined) plays.betting = clock.betting;
  if (clock.smallBet !== undefined) plays.smallBet = clock.smallBet;
  if (clock.bigBet !== undefined) plays.bigBet = clock.bigBet;
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
  const ls: LevelState = { levels, index: 0, endsAt: null, pausedRemaining: null, numbers: numbersOf(levels) };
  ls.endsAt = ctx.at + levels[0]!.minutes * MINUTE;
  ctx.state.levels = ls;
  announce(ctx);
}

/** The level-end timer (none on the last level: it runs on). */
export function levelDue(ls: LevelState | null): number | null {
  return ls && ls.endsAt !== null && ls.index < ls.levels.length - 1 ? ls.endsAt : null;
}

export function advanceLevel(ctx: RoomCtx): void {
  const ls = ctx.state.levels!;
  ls.index += 1;
  ls.endsAt = ctx.at + ls.levels[ls.index]!.minutes * MINUTE;
  announce(ctx);
}

export function pauseLevels(ctx: RoomCtx): void {
  const ls = ctx.state.levels;
  if (!ls) return ctx.reject('levels-pause', 'no-levels');
  if (ls.endsAt === null) return ctx.reject('levels-pause', 'already-paused');
  ls.pausedRemaining = Math.max(0, ls.endsAt - ctx.at);
  ls.endsAt = null;
  announce(ctx);
}

export function resumeLevels(ctx: RoomCtx): void {
  const ls = ctx.state.levels;
  if (!ls) return ctx.reject('levels-resume', 'no-levels');
  if (ls.endsAt !== null || ls.pausedRemaining === null) return ctx.reject('levels-resume', 'not-paused');
  ls.endsAt = ctx.at + ls.pausedRemaining;
  ls.pausedRemaining = null;
  announce(ctx);
}
