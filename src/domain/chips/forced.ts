// R-CHIPS-FORCED: blinds then antes, posted short (all-in) when a stack is short; R-CHIPS-DETAILS for the order.
import { copySeat, findSeat, replaceSeat, stateWith } from './state.ts';
import type { ChipsEvent, ChipsState, Seat } from './types.ts';

export interface Blinds {
  /** null when the small blind is dead (R-DEAD-BUTTON). */
  smallBlind: Seat | null;
  bigBlind: Seat;
}

type Post = 'small-blind' | 'big-blind' | 'ante';

function post(state: ChipsState, seat: Seat, kind: Post, owed: number, events: ChipsEvent[]): ChipsState {
  const s = findSeat(state, seat);
  if (!s || owed <= 0) return state;
  const amount = Math.min(owed, s.stack);
  const stack = s.stack - amount;
  const allIn = stack === 0;
  // The big blind's ante under `big-blind` is dead money: not part of its total for the layers (R-CHIPS-DETAILS).
  const deadAnte = kind === 'ante' && state.rules.anteBy === 'big-blind';
  const bet = kind === 'ante' ? s.bet : s.bet + amount;
  // field by field on a fresh copy (no `Object.assign` of a change: it costs more than the copy, state.ts)
  const posted = copySeat(s);
  posted.stack = stack;
  posted.bet = bet;
  if (deadAnte) posted.dead = s.dead + amount;
  else posted.total = s.total + amount;
  posted.allIn = s.allIn || allIn;
  posted.posted = true;
  const next = replaceSeat(state, posted);
  events.push({
    type: 'bet.placed',
    seat,
    action: kind,
    amount,
    to: kind === 'ante' ? null : bet,
    stack,
    allIn: allIn && !s.allIn,
    short: false,
  });
  return next;
}

/**
 * The forced bets at the shuffle, right after `hand.started`: small blind, big blind, then antes clockwise from the
 * first seat left of the button (the dealing order). A short big blind does not lower the call: the current bet
 * stays the level's big blind.
 */
export function postForced(state: ChipsState, blinds: Blinds): { state: ChipsState; events: ChipsEvent[] } {
  const events: ChipsEvent[] = [];
  const { smallBlind, bigBlind, ante } = state.level;
  let next = state;
  if (blinds.smallBlind !== null) next = post(next, blinds.smallBlind, 'small-blind', smallBlind, events);
  next = post(next, blinds.bigBlind, 'big-blind', bigBlind, events);
  if (ante > 0) {
    const payers = state.rules.anteBy === 'each' ? state.seats.map((s) => s.seat) : [blinds.bigBlind];
    for (const seat of payers) next = post(next, seat, 'ante', ante, events);
  }
  const largest = Math.max(0, ...next.seats.map((s) => s.bet));
  return { state: stateWith(next, { currentBet: Math.max(state.level.bigBlind, largest) }), events };
}
