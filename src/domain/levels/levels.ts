// R-LEVEL-CLOCK: tournament levels on a clock. A change during a hand applies from the next shuffle.
import type { Ctx } from '../context.ts';
import { levelGame, missingBets, missingBlinds, missingBringIn } from './check.ts';
import { MINUTE, newLevelClock, nextLevel, pauseClock, resumeClock } from './clock.ts';
import type { LevelClockSnapshot } from '../snapshot/types.ts';
import type { LevelState, State, TableSetup } from '../state.ts';
import type { Level, PlayingLevel } from '../types.ts';

export function appliesToHand(state: State): number {
  return state.hand ? state.hand.number + 1 : state.hands + 1;
}

function announce(ctx: Ctx, ls: LevelState): void {
  const level = ls.levels[ls.index]!;
  const number = ls.numbers[ls.index]!;
  if ('break' in level) {
    ctx.emit({
      type: 'level.changed',
      level: number,
      smallBlind: null,
      bigBlind: null,
      ante: null,
      appliesToHand: appliesToHand(ctx.state),
      break: true,
    });
    return;
  }
  ctx.state.levelForNextHand = number;
  ctx.emit({
    type: 'level.changed',
    level: number,
    smallBlind: level.smallBlind ?? null, // a stud level has none (R-STUD-BRING-IN)
    bigBlind: level.bigBlind ?? null,
    ante: level.ante ?? 0,
    ...gameFields(level, ctx.state.setup, isMixed(ls.levels)),
    appliesToHand: appliesToHand(ctx.state),
  });
}

/** A structure that names a game or a betting structure on any level (R-GAME-MIXED): its levels say what they play. */
function isMixed(levels: readonly Level[]): boolean {
  return levels.some((l) => !('break' in l) && (l.game !== undefined || l.betting !== undefined));
}

type GameFields = Pick<PlayingLevel, 'game' | 'betting' | 'smallBet' | 'bigBet' | 'bringIn'>;

/** What a level plays, for `level.changed` and the clock: the game and structure when the structure is mixed (the
 * level's, else the table's: `table` null in the room, which shows the level's own), the fixed bets and the bring-in
 * where the level has them; nothing for a plain structure, whose events and payloads stay as they were. */
export function gameFields(level: Level, table: TableSetup | null, mixed: boolean): GameFields {
  const out: GameFields = {};
  if ('break' in level) return out;
  if (mixed) {
    const played = table ? levelGame(level, table) : level;
    if (played.game !== undefined) out.game = played.game;
    if (played.betting !== undefined) out.betting = played.betting;
  }
  if (level.smallBet !== undefined) out.smallBet = level.smallBet;
  if (level.bigBet !== undefined) out.bigBet = level.bigBet;
  if (level.bringIn !== undefined) out.bringIn = level.bringIn; // R-STUD-BRING-IN: a board names it
  return out;
}

/** The table's own playing level numbered `number` (breaks excluded), or null (no levels, a room's clock). */
export function levelOf(state: State, number: number | null): PlayingLevel | null {
  const ls = state.levels;
  if (!ls || number === null) return null;
  const i = ls.levels.findIndex((l, k) => ls.numbers[k] === number && !('break' in l));
  const level = ls.levels[i];
  return level && !('break' in level) ? level : null;
}

/** R-BET-LIMIT: why `levels` cannot be played at a table set up as `setup` (a level that keeps the table's limit
 * structure without its fixed bets), as a `fixed-bets-missing` reason, or null. */
export function structureRefusal(levels: readonly Level[], setup: TableSetup): string | null {
  for (const [i, l] of levels.entries()) {
    if ('break' in l) continue;
    const played = levelGame(l, setup);
    const where = `level ${i + 1} of the structure`;
    const missing =
      missingBets(l, played.betting, where) ??
      missingBringIn(l, played.game, where) ??
      missingBlinds(l, played.game, where);
    if (missing !== null) return `fixed-bets-missing: ${missing}`;
  }
  return null;
}

export function startLevels(ctx: Ctx, levels: Level[]): void {
  const refusal = structureRefusal(levels, ctx.state.setup!);
  if (refusal !== null) return ctx.reject('levels-start', refusal);
  const ls = newLevelClock(levels, ctx.at);
  ctx.state.levels = ls;
  announce(ctx, ls);
}

export function advanceLevel(ctx: Ctx, ls: LevelState): void {
  nextLevel(ls, ctx.at);
  announce(ctx, ls);
}

export function pauseLevels(ctx: Ctx): void {
  const ls = ctx.state.levels;
  const refusal = pauseClock(ls, ctx.at);
  if (refusal !== null) return ctx.reject('levels-pause', refusal);
  ctx.emit({ type: 'levels.paused', level: ls!.numbers[ls!.index]!, remainingMs: ls!.pausedRemaining! });
}

export function resumeLevels(ctx: Ctx): void {
  const ls = ctx.state.levels;
  const remainingMs = ls?.pausedRemaining ?? 0;
  const refusal = resumeClock(ls, ctx.at);
  if (refusal !== null) return ctx.reject('levels-resume', refusal);
  ctx.emit({ type: 'levels.resumed', level: ls!.numbers[ls!.index]!, remainingMs, endsAt: ls!.endsAt! });
}

/** The floor adds or removes time on the level under way (`minutes`, signed), or moves to the next or previous
 * level (`step`, +1 or -1: that level starts with its full time; a change during a hand applies from the next
 * shuffle, as a level change by the clock does). A pause stays a pause. */
export function adjustLevels(ctx: Ctx, change: { minutes?: number; step?: 1 | -1 }): void {
  const ls = ctx.state.levels;
  if (!ls) return ctx.reject('levels-adjust', 'no-levels');
  const paused = ls.endsAt === null;
  const remaining = paused ? (ls.pausedRemaining ?? 0) : Math.max(0, ls.endsAt! - ctx.at);
  const index = ls.index + (change.step ?? 0);
  if (index < 0) return ctx.reject('levels-adjust', 'no-previous-level');
  if (index >= ls.levels.length) return ctx.reject('levels-adjust', 'no-next-level');
  let left = change.step !== undefined ? ls.levels[index]!.minutes * MINUTE : remaining;
  if (change.minutes !== undefined) left += change.minutes * MINUTE;
  if (left <= 0) return ctx.reject('levels-adjust', 'not-enough-time');
  ls.index = index;
  if (paused) ls.pausedRemaining = left;
  else ls.endsAt = ctx.at + left;
  ctx.emit({
    type: 'level.adjusted',
    level: ls.numbers[ls.index]!,
    ...(change.minutes !== undefined ? { minutes: change.minutes } : {}),
    ...(change.step !== undefined ? { step: change.step } : {}),
    remainingMs: left,
    endsAt: ls.endsAt,
    paused,
  });
  if (change.step !== undefined) announce(ctx, ls);
}

/** The clock payload. `table`: the table's setup, for the game of a level that names none (null in the room). */
export function levelSnapshot(
  ls: LevelState | null,
  now: number,
  table: TableSetup | null = null,
): LevelClockSnapshot | null {
  if (!ls) return null;
  const level = ls.levels[ls.index]!;
  const nextLevel = ls.levels[ls.index + 1];
  const mixed = isMixed(ls.levels);
  const blinds = (l: Level) =>
    'break' in l
      ? { smallBlind: null, bigBlind: null, ante: null }
      : {
          smallBlind: l.smallBlind ?? null,
          bigBlind: l.bigBlind ?? null,
          ante: l.ante ?? 0,
          ...gameFields(l, table, mixed),
        };
  return {
    level: ls.numbers[ls.index]!,
    isBreak: 'break' in level,
    ...blinds(level),
    endsAt: ls.endsAt,
    remainingMs: ls.endsAt !== null ? Math.max(0, ls.endsAt - now) : (ls.pausedRemaining ?? 0),
    paused: ls.endsAt === null && ls.pausedRemaining !== null,
    next: nextLevel
      ? {
          level: ls.numbers[ls.index + 1]!,
          isBreak: 'break' in nextLevel,
          ...blinds(nextLevel),
          minutes: nextLevel.minutes,
        }
      : null,
    nextBreak: nextBreakOf(ls),
  };
}

function nextBreakOf(ls: LevelState): LevelClockSnapshot['nextBreak'] {
  let afterMs = 0;
  for (let i = ls.index + 1; i < ls.levels.length; i++) {
    const l = ls.levels[i]!;
    if ('break' in l) return { level: ls.numbers[i]!, minutes: l.minutes, afterMs };
    afterMs += l.minutes * MINUTE;
  }
  return null;
}
