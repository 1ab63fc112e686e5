// The level clock both engines run (R-LEVEL-CLOCK at a table, levels.ts; R-ROOM-CLOCK in the room,
// room/engine/clock.ts): deadlines in the state, breaks numbered after the level before them, the last level running
// on. Each engine says what a change means (events, `level-set` to its tables); this file only moves the clock.
import type { LevelState } from '../state.ts';
import type { Level } from '../types.ts';

export const MINUTE = 60_000;

function numbersOf(levels: Level[]): number[] {
  let n = 0;
  return levels.map((l) => ('break' in l ? Math.max(n, 1) : ++n));
}

/** A clock on the first of `levels`, started at `at`. */
export function newLevelClock(levels: Level[], at: number): LevelState {
  return {
    levels,
    index: 0,
    endsAt: at + levels[0]!.minutes * MINUTE,
    pausedRemaining: null,
    numbers: numbersOf(levels),
  };
}

/** The level-end timer (none on the last level: it runs on). */
export function levelDue(ls: LevelState | null): number | null {
  return ls && ls.endsAt !== null && ls.index < ls.levels.length - 1 ? ls.endsAt : null;
}

/** The next level starts at `at` with its full time. */
export function nextLevel(ls: LevelState, at: number): void {
  ls.index += 1;
  ls.endsAt = at + ls.levels[ls.index]!.minutes * MINUTE;
}

/** Stops the clock at `at`, keeping what is left; or why it cannot (`no-levels`, `already-paused`). */
export function pauseClock(ls: LevelState | null, at: number): string | null {
  if (!ls) return 'no-levels';
  if (ls.endsAt === null) return 'already-paused';
  ls.pausedRemaining = Math.max(0, ls.endsAt - at);
  ls.endsAt = null;
  return null;
}

/** Starts a paused clock again at `at`; or why it cannot (`no-levels`, `not-paused`). */
export function resumeClock(ls: LevelState | null, at: number): string | null {
  if (!ls) return 'no-levels';
  if (ls.endsAt !== null || ls.pausedRemaining === null) return 'not-paused';
  ls.endsAt = at + ls.pausedRemaining;
  ls.pausedRemaining = null;
  return null;
}
