// R-CHIPS-FORCED: blinds then antes, posted short (all-in) when a stack is short; R-CHIPS-DETAILS for the order.
import { copySeat, copyState, raiseBase, seatIndex } from './state.ts';
import type { ActionBy, ChipsEvent, ChipsResult, ChipsState, Seat, SeatChips } from './types.ts';

export interface Blinds {
  /** null when the small blind is dead (R-DEAD-BUTTON). */
  smallBlind: Seat | null;
  bigBlind: Seat;
}

type Post = 'small-blind' | 'big-blind' | 'ante';

// The posts go into one new array of seats (the state's own is never changed) and one new state at the end: copying
// both at every post (up to eleven with an ante from each seat) made copies only thrown away (docs/bench.md).
function post(
  state: ChipsState,
  seats: SeatChips[],
  seat: Seat,
  kind: Post,
  owed: number,
  events: ChipsEvent[],
  deadAnte = kind === 'ante' && state.rules.anteBy === 'big-blind',
): void {
  const i = seatIndex(state, seat);
  const s = seats[i];
  if (!s || owed <= 0) return;
  const amount = Math.min(owed, s.stack);
  // a stack gone on its blind posts no ante: no chip moves, so no `bet.placed` (as for an ante of 0)
  if (amount === 0) return;
  const stack = s.stack - amount;
  const allIn = stack === 0;
  // The big blind's ante under `big-blind` is dead money: not part of its total for the layers (R-CHIPS-DETAILS).
  const bet = kind === 'ante' ? s.bet : s.bet + amount;
  // field by field on a fresh copy (no `Object.assign` of a change: it costs more than the copy, state.ts)
  const posted = copySeat(s);
  posted.stack = stack;
  posted.bet = bet;
  if (deadAnte) posted.dead = s.dead + amount;
  else posted.total = s.total + amount;
  posted.allIn = s.allIn || allIn;
  posted.posted = true;
  seats[i] = posted;
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
}

/**
 * The forced bets at the shuffle, right after `hand.started`: small blind, big blind, then antes clockwise from the
 * first seat left of the button (the dealing order). A short big blind does not lower the call: the current bet
 * stays the level's big blind.
 */
export function postForced(state: ChipsState, blinds: Blinds): { state: ChipsState; events: ChipsEvent[] } {
  const events: ChipsEvent[] = [];
  const { smallBlind, bigBlind, ante } = state.level;
  const seats = state.seats.slice();
  if (blinds.smallBlind !== null) post(state, seats, blinds.smallBlind, 'small-blind', smallBlind, events);
  post(state, seats, blinds.bigBlind, 'big-blind', bigBlind, events);
  if (ante > 0) {
    if (state.rules.anteBy === 'each') for (const s of state.seats) post(state, seats, s.seat, 'ante', ante, events);
    else post(state, seats, blinds.bigBlind, 'ante', ante, events);
  }
  let largest = 0;
  for (const s of seats) if (s.bet > largest) largest = s.bet;
  const next = copyState(state);
  next.seats = seats;
  next.currentBet = Math.max(bigBlind, largest);
  return { state: next, events };
}

/** R-STUD-BRING-IN: the antes of a stud hand, one from every seat dealt in (each in its total for the layers); no
 * blind, so the round opens with no bet. */
export function postAntes(state: ChipsState): { state: ChipsState; events: ChipsEvent[] } {
  const events: ChipsEvent[] = [];
  const seats = state.seats.slice();
  for (const s of state.seats) post(state, seats, s.seat, 'ante', state.level.ante, events, false);
  const next = copyState(state);
  next.seats = seats;
  next.currentBet = 0;
  return { state: next, events };
}

/** R-STUD-BRING-IN: the bring-in seat's `call` posts the bring-in (all it has when short): the others face it, and
 * a completion (the round's bet, R-BET-LIMIT) reopens the betting to it. */
export function postBringIn(state: ChipsState, seat: Seat, by: ActionBy): ChipsResult {
  const i = seatIndex(state, seat);
  const s = state.seats[i];
  if (!s) return { ok: false, reason: 'not-in-hand' };
  const amount = Math.min(state.level.bringIn ?? 0, s.stack);
  const posted = copySeat(s);
  posted.stack = s.stack - amount;
  posted.bet = s.bet + amount;
  posted.total = s.total + amount;
  posted.allIn = posted.stack === 0;
  posted.posted = false;
  posted.actedBet = raiseBase(state.level, Math.max(state.currentBet, posted.bet)); // reopened by the completion
  posted.actedMinRaise = state.minRaise;
  const seats = state.seats.slice();
  seats[i] = posted;
  const next = copyState(state);
  next.seats = seats;
  next.currentBet = Math.max(state.currentBet, posted.bet);
  next.lastPanelSeat = by === 'panel' ? seat : null;
  const events: ChipsEvent[] = [
    { type: 'action', seat, action: 'call', by },
    {
      type: 'bet.placed',
      seat,
      action: 'bring-in',
      amount,
      to: posted.bet,
      stack: posted.stack,
      allIn: posted.allIn,
      short: false,
    },
  ];
  return { ok: true, state: next, events };
}
