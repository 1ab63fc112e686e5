// What a shot-clock seven-segment display shows for a snapshot at a given time. Pure.
import type { TableSnapshot } from '../../domain/snapshot/types.ts';

export interface DigitsState {
  /** Exactly `digits` characters, right-aligned seconds, spaces when no clock runs. */
  text: string;
  /** False during the dark half of a blink (the countdown). */
  lit: boolean;
}

/** Blink period in the countdown: lit for the first half, dark for the second. */
export const BLINK_MS = 1000;

/** Whole seconds left until `deadline` (rounded up: "25" until 24.001 s remain; 0 at and after the deadline). */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

export function shotClockDigits(snapshot: TableSnapshot | null, now: number, digits: number): DigitsState {
  const clock = snapshot?.clock ?? null;
  if (!clock) return { text: ' '.repeat(digits), lit: true };
  const max = 10 ** digits - 1;
  const seconds = Math.min(secondsLeft(clock.deadline, now), max);
  const text = String(seconds).padStart(digits, ' ');
  const counting = clock.countdownAt !== null && now >= clock.countdownAt && now < clock.deadline;
  // The blink follows the countdown's own seconds, so each new number appears lit.
  const lit = !counting || (clock.deadline - now - 1) % BLINK_MS >= BLINK_MS / 2;
  return { text, lit };
}
