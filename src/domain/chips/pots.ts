// R-POT-SIDE (uncalled bets back, one pot per all-in level), the end of a betting round, R-POT-MISDEAL.
import { copySeat, isLive, replaceSeat, seatWith, stateWith } from './state.ts';
import type { ChipsEvent, ChipsState, Pot, SeatChips, Street } from './types.ts';

/**
 * The part of the largest total that no other seat matched goes back to its owner (`bet.returned` `uncalled`),
 * unless the owner's hand is dead: a dead hand's chips stay as dead money (R-CHIPS-DETAILS).
 */
export function returnUncalled(state: ChipsState): { state: ChipsState; events: ChipsEvent[] } {
  // The largest total (the first seat with it, in dealing order) and the second largest.
  let top: SeatChips | undefined;
  let second = 0;
  for (const s of state.seats) {
    if (!top || s.total > top.total) {
      if (top) second = top.total;
      top = s;
    } else if (s.total > second) second = s.total;
  }
  if (!top || top.deadHand || top.total <= second) return { state, events: [] };
  const amount = top.total - second;
  const back = copySeat(top);
  back.stack = top.stack + amount;
  back.total = top.total - amount;
  back.bet = Math.max(0, top.bet - amount);
  back.allIn = false;
  return {
    state: replaceSeat(state, back),
    events: [{ type: 'bet.returned', seat: top.seat, amount, reason: 'uncalled' }],
  };
}

/**
 * The pots from every seat's total this hand: one layer per all-in level of a live seat, up to the largest live
 * total; a pot's eligible seats are the live seats that reached its level. Dead money goes into the main pot;
 * chips above the largest live total (only a folded or dead hand's) go into the outermost pot. Layers of 0 chips
 * are left out and layers with the same eligible seats are one pot. Main pot first.
 */
export function buildPots(state: ChipsState): Pot[] {
  const live = state.seats.filter(isLive);
  if (live.length === 0) return [];
  let top = 0;
  let allIns = false;
  for (const s of live) {
    top = Math.max(top, s.total);
    if (s.allIn) allIns = true;
  }
  if (!allIns) {
    const pot = onePot(state, live, top);
    return pot.amount > 0 ? [pot] : [];
  }
  const levels = [top];
  for (const s of live) if (s.allIn && !levels.includes(s.total)) levels.push(s.total);
  levels.sort((a, b) => a - b);
  const pots: Pot[] = [];
  let floor = 0;
  for (const level of levels) {
    const amount = state.seats.reduce((sum, s) => sum + layer(s, floor, level), 0);
    const seats = live.filter((s) => s.total >= level).map((s) => s.seat);
    const last = pots[pots.length - 1];
    if (last && sameSeats(last.seats, seats)) last.amount += amount;
    else if (amount > 0) pots.push({ amount, seats });
    floor = level;
  }
  const dead = state.seats.reduce((sum, s) => sum + s.dead, 0);
  const above = state.seats.reduce((sum, s) => sum + Math.max(0, s.total - top), 0);
  if (pots.length === 0 && dead + above > 0) pots.push({ amount: 0, seats: live.map((s) => s.seat) });
  const main = pots[0];
  const outer = pots[pots.length - 1];
  if (main) main.amount += dead;
  if (outer) outer.amount += above;
  return pots;
}

/** No live seat all-in (most rounds): every chip of the hand in one pot, for the live seats at the largest total (the
 * same pot as the layers below give for a single level). */
function onePot(state: ChipsState, live: readonly SeatChips[], top: number): Pot {
  let amount = 0;
  for (const s of state.seats) amount += s.total + s.dead;
  const seats: number[] = [];
  for (const s of live) if (s.total >= top) seats.push(s.seat);
  return { amount, seats };
}

function layer(s: SeatChips, floor: number, level: number): number {
  return Math.max(0, Math.min(s.total, level) - floor);
}

function sameSeats(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * The end of a betting round: uncalled chips back, the bets gathered (totals keep them), and, when the hand goes on
 * to another street or the showdown, `pots` for `street` (a hand won by a fold gives none: pass `report: false`).
 */
export function endRound(
  state: ChipsState,
  street: Street,
  report = true,
): { state: ChipsState; events: ChipsEvent[]; pots: Pot[] } {
  const back = returnUncalled(state);
  const seats = back.state.seats.map((s) => {
    // a seat with nothing of this round (folded earlier, or gathered already) is kept as it is: states are values
    if (s.bet === 0 && s.front === 0 && s.actedBet === null && !s.posted) return s;
    const gathered = copySeat(s);
    gathered.bet = 0;
    gathered.front = 0;
    gathered.actedBet = null;
    gathered.posted = false;
    return gathered;
  });
  const next = stateWith(back.state, {
    seats,
    currentBet: 0,
    minRaise: state.level.bigBlind,
    lastPanelSeat: null,
    pendingRaise: null,
  });
  const pots = buildPots(next);
  const events: ChipsEvent[] = [...back.events];
  // `pots` are new here and never changed after (award reads them): the event can carry them without a copy.
  if (report) events.push({ type: 'pots', street, pots });
  return { state: next, events, pots };
}

/** R-POT-MISDEAL: every chip of the hand back, antes and blinds included; one `bet.returned` per seat. */
export function misdeal(state: ChipsState): { state: ChipsState; events: ChipsEvent[] } {
  return giveBack(state, 'misdeal');
}

/** Every seat gets back what it put in this hand (`total` and dead money), with one `bet.returned` per seat. */
export function giveBack(
  state: ChipsState,
  reason: 'misdeal' | 'no-live-hand',
): { state: ChipsState; events: ChipsEvent[] } {
  const events: ChipsEvent[] = [];
  const seats = state.seats.map((s) => {
    const amount = s.total + s.dead;
    if (amount > 0) events.push({ type: 'bet.returned', seat: s.seat, amount, reason });
    return seatWith(s, { stack: s.stack + amount, total: 0, dead: 0, bet: 0, front: 0, allIn: false });
  });
  return { state: stateWith(state, { seats, currentBet: 0, lastPanelSeat: null, pendingRaise: null }), events };
}
