// Reading the hand's phase (state.ts HandPhase) where only one phase has the answer.
import type { BettingPhase, HandState, Round } from '../state.ts';
import type { Seat } from '../types.ts';

/** The open betting round's phase, or null outside one. */
export function bettingOf(hand: HandState | null): BettingPhase | null {
  return hand !== null && hand.phase.kind === 'betting' ? hand.phase : null;
}

export function onActionOf(hand: HandState | null): Seat | null {
  return hand !== null && hand.phase.kind === 'betting' ? hand.phase.onAction : null;
}

export function roundOf(hand: HandState): Round | null {
  return hand.phase.kind === 'betting' ? hand.phase.round : null;
}
