// The level clock and shot clock as a display board shows them, for a snapshot at a given time. Pure.
import type { TableSnapshot } from '../../domain/snapshot/types.ts';
import { secondsLeft } from './digits.ts';

export interface LevelInfo {
  level: number;
  isBreak: boolean;
  smallBlind: number | null;
  bigBlind: number | null;
  ante: number | null;
}

export interface DisplayState {
  /** null: no levels running (the board shows its idle screen). */
  level: (LevelInfo & { msLeft: number; paused: boolean }) | null;
  next: (LevelInfo & { minutes: number }) | null;
  /** The running shot clock or clock call: whole seconds left and whether its countdown has begun. */
  shotClock: { seat: number; seconds: number; countdown: boolean } | null;
}

export function displayState(snapshot: TableSnapshot | null, now: number): DisplayState {
  const level = snapshot?.level ?? null;
  const clock = snapshot?.clock ?? null;
  return {
    level: level && {
      level: level.level,
      isBreak: level.isBreak,
      smallBlind: level.smallBlind,
      bigBlind: level.bigBlind,
      ante: level.ante,
      // While running, count from endsAt so the board stays exact between snapshots.
      msLeft: level.paused || level.endsAt === null ? level.remainingMs : Math.max(0, level.endsAt - now),
      paused: level.paused,
    },
    next: level?.next
      ? {
          level: level.next.level,
          isBreak: level.next.isBreak,
          smallBlind: level.next.smallBlind,
          bigBlind: level.next.bigBlind,
          ante: level.next.ante,
          minutes: level.next.minutes,
        }
      : null,
    shotClock: clock && {
      seat: clock.seat,
      seconds: secondsLeft(clock.deadline, now),
      countdown: clock.countdownAt !== null && now >= clock.countdownAt,
    },
  };
}

/** Whether two states, taken at table times `aAt` and `bAt`, differ in more than the passing of time on a running
 * level clock (the board counts that down itself between frames), i.e. whether the board must hear about it now.
 * A running level whose end moved (the floor added or took off time) is a change. */
export function sameDisplay(a: DisplayState, aAt: number, b: DisplayState, bAt: number): boolean {
  const strip = (s: DisplayState): unknown => ({
    ...s,
    level: s.level && { ...s.level, msLeft: s.level.paused ? s.level.msLeft : null },
  });
  if (JSON.stringify(strip(a)) !== JSON.stringify(strip(b))) return false;
  if (!a.level || !b.level || a.level.paused) return true;
  // msLeft stops at 0: a level over on both sides has not moved.
  if (a.level.msLeft === 0 && b.level.msLeft === 0) return true;
  return Math.abs(aAt + a.level.msLeft - (bAt + b.level.msLeft)) < END_TOLERANCE_MS;
}

/** Rounding between snapshot and display; far below the minute a floor adjustment moves. */
const END_TOLERANCE_MS = 1000;
