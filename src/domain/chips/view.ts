// What the retained `state` topic adds with chips tracked: each seat's stack and bet, the pots gathered so far, and
// the amounts of the seat on action (protocol.md, MQTT `state`).
import { buildPots } from './pots.ts';
import { actionOptions, seatWith, stateWith } from './state.ts';
import type { ActionOptions, ChipsState, Pot, Seat } from './types.ts';

export interface ChipsView {
  seats: { seat: Seat; stack: number; bet: number }[];
  /** The pots without this round's bets, which are still in front of the players. */
  pots: Pot[];
  onAction: (ActionOptions & { seat: Seat }) | null;
}

export function chipsView(state: ChipsState, onAction: Seat | null): ChipsView {
  // A seat all-in by this round's bet sets its level when the round ends, not before.
  const seats = state.seats.map((s) => seatWith(s, { total: s.total - s.bet, allIn: s.allIn && s.bet === 0 }));
  const gathered = stateWith(state, { seats });
  return {
    seats: state.seats.map((s) => ({ seat: s.seat, stack: s.stack, bet: s.bet })),
    pots: buildPots(gathered),
    onAction: onAction === null ? null : { seat: onAction, ...actionOptions(state, onAction) },
  };
}
