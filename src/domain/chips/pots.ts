// R-POT-SIDE (uncalled bets back, one pot per all-in level), the end of a betting round, R-POT-MISDEAL.
import { copySeat, copyState, isLive, seatWith, stateWith } from './state.ts';
import { nextRound } from './limit.ts';
import type { ChipsEvent, ChipsState, Pot, Seat, SeatChips, Street } from './types.ts';

/** The seat (its index) whose largest total no other seat matched, and by how much: that part goes back to its owner
 * at the round's end (`bet.returned` `uncalled`). Null when there is none or its hand is dead: a dead hand's chips
 * stay as dead money (R-CHIPS-DETAILS). The largest total is the first seat with it, in dealing order. */
function uncalled(state: ChipsState): { index: number; amount: number } | null {
  const { seats } = state;
  let top = -1;
  let second = 0;
  for (let i = 0; i < seats.length; i++) {
    const total = seats[i]!.total;
    if (top < 0 || total > seats[top]!.total) {
      if (top >= 0) second = seats[top]!.total;
      top = i;
    } else if (total > second) second = total;
  }
  if (top < 0) return null;
  const s = seats[top]!;
  return s.deadHand || s.total <= second ? null : { index: top, amount: s.total - second };
}

type FreshSeat = ReturnType<typeof copySeat>;

/** A new copy of `s` with `amount` of its chips back from the pot to its stack. */
function returned(s: SeatChips, amount: number): FreshSeat {
  const back = copySeat(s);
  back.stack = s.stack + amount;
  back.total = s.total - amount;
  back.bet = Math.max(0, s.bet - amount);
  back.allIn = false;
  return back;
}

/**
 * The pots from every seat's total this hand: one layer per all-in level of a live seat, up to the largest live
 * total; a pot's eligible seats are the live seats that reached its level. Dead money goes into the main pot;
 * chips above the largest live total (only a folded or dead hand's) go into the outermost pot. Layers of 0 chips
 * are left out and layers with the same eligible seats are one pot. Main pot first.
 */
export function buildPots(state: ChipsState): Pot[] {
  // Plain loops over the seats, no filter/map/reduce/sort: this runs at every round end and showdown (docs/bench.md).
  const { seats } = state;
  let live = 0;
  let top = 0;
  let allIns = false;
  for (const s of seats) {
    if (!isLive(s)) continue;
    live += 1;
    if (s.total > top) top = s.total;
    if (s.allIn) allIns = true;
  }
  if (live === 0) return [];
  if (!allIns) {
    const pot = onePot(state, top);
    return pot.amount > 0 ? [pot] : [];
  }
  // the levels: every live all-in total and the largest live total, each once, smallest first
  const levels: number[] = [];
  for (const s of seats) if (s.allIn && isLive(s)) addLevel(levels, s.total);
  addLevel(levels, top);
  const pots: Pot[] = [];
  let floor = 0;
  for (const level of levels) {
    let amount = 0;
    const eligible: Seat[] = [];
    for (const s of seats) {
      amount += layer(s, floor, level);
      if (s.total >= level && isLive(s)) eligible.push(s.seat);
    }
    const last = pots[pots.length - 1];
    if (last && sameSeats(last.seats, eligible)) last.amount += amount;
    else if (amount > 0) pots.push({ amount, seats: eligible });
    floor = level;
  }
  let dead = 0;
  let above = 0;
  for (const s of seats) {
    dead += s.dead;
    if (s.total > top) above += s.total - top;
  }
  if (pots.length === 0 && dead + above > 0) pots.push({ amount: 0, seats: liveSeats(state) });
  const main = pots[0];
  const outer = pots[pots.length - 1];
  if (main) main.amount += dead;
  if (outer) outer.amount += above;
  return pots;
}

/** `level` into the ascending list of distinct `levels` (a handful: one per all-in). */
function addLevel(levels: number[], level: number): void {
  let i = levels.length;
  while (i > 0 && levels[i - 1]! > level) i -= 1;
  if (i > 0 && levels[i - 1] === level) return;
  levels.splice(i, 0, level);
}

function liveSeats(state: ChipsState): Seat[] {
  const seats: Seat[] = [];
  for (const s of state.seats) if (isLive(s)) seats.push(s.seat);
  return seats;
}

/** No live seat all-in (most rounds): every chip of the hand in one pot, for the live seats at the largest total (the
 * same pot as the layers below give for a single level). */
function onePot(state: ChipsState, top: number): Pot {
  let amount = 0;
  const seats: Seat[] = [];
  for (const s of state.seats) {
    amount += s.total + s.dead;
    if (s.total >= top && isLive(s)) seats.push(s.seat);
  }
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
  const top = uncalled(state);
  const events: ChipsEvent[] = [];
  // One new array of seats, the uncalled chips given back in the same pass as the gathering (returnUncalled's state
  // in between was a second copy of the seats and of the state, thrown away at every round end: docs/bench.md).
  const seats = state.seats.map((s, i) =>
    top !== null && i === top.index ? cleared(returned(s, top.amount)) : gathered(s),
  );
  if (top !== null) {
    events.push({ type: 'bet.returned', seat: seats[top.index]!.seat, amount: top.amount, reason: 'uncalled' });
  }
  const next = copyState(state);
  next.seats = seats;
  next.currentBet = 0;
  next.minRaise = state.level.bigBlind;
  next.lastPanelSeat = null;
  next.pendingRaise = null;
  next.limit = nextRound(state); // R-BET-LIMIT: the next round's increment, its count from nothing
  const pots = buildPots(next);
  // `pots` are new here and never changed after (award reads them): the event can carry them without a copy.
  if (report) events.push({ type: 'pots', street, pots });
  return { state: next, events, pots };
}

/** The seat with this round's bet gathered; a seat with nothing of the round (folded earlier, or gathered already) is
 * kept as it is: states are values. */
function gathered(s: SeatChips): SeatChips {
  if (s.bet === 0 && s.front === 0 && s.actedBet === null && !s.posted) return s;
  return cleared(copySeat(s));
}

/** A fresh copy with the round's fields cleared. */
function cleared(g: FreshSeat): FreshSeat {
  g.bet = 0;
  g.front = 0;
  g.actedBet = null;
  g.posted = false;
  return g;
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
