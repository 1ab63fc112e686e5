// A hand's chips state: creation, seat lookups and what the seat on action may do (R-BET-ROUND, R-BET-REOPEN, R-GAME,
// R-BET-LIMIT).
import { structureOf } from '../games/betting.ts';
import { isCapped, limitRound } from './limit.ts';
import type { ActionOptions, BettingName, ChipsLevel, ChipsRules, ChipsState, Seat, SeatChips } from './types.ts';

export interface HandStart {
  rules: ChipsRules;
  /** The hand's betting structure (R-GAME-LIST); no-limit when absent. */
  betting?: BettingName;
  level: ChipsLevel;
  /** The seats dealt in, in dealing order (the first seat left of the button first), with their stacks. */
  seats: readonly { seat: Seat; stack: number }[];
  /** The bet the first round opens facing: the big blind (the default), 0 in stud (R-STUD-BRING-IN). */
  opening?: number;
}

/** A new hand before the forced bets: every stack as it is at the shuffle. */
export function newHand(start: HandStart): ChipsState {
  const betting = start.betting ?? 'no-limit';
  return {
    rules: start.rules,
    betting,
    level: start.level,
    seats: start.seats.map(({ seat, stack }) => ({
      seat,
      stack,
      stackAtStart: stack,
      bet: 0,
      total: 0,
      dead: 0,
      folded: false,
      deadHand: false,
      allIn: false,
      actedBet: null,
      actedMinRaise: start.level.bigBlind,
      front: 0,
      posted: false,
    })),
    currentBet: start.opening ?? start.level.bigBlind,
    minRaise: start.level.bigBlind,
    lastPanelSeat: null,
    pendingRaise: null,
    limit: limitRound(betting, start.level, 0, start.opening ?? start.level.bigBlind),
  };
}

// A plain loop, not `.find`/`.findIndex` with a closure: the seats are looked up several times per action, and a hand
// has at most ten of them, so a search costs less than keeping an index beside them (docs/bench.md).
/** The index of `seat` in the hand's seats (dealing order), -1 when it was not dealt in. */
export function seatIndex(state: ChipsState, seat: Seat): number {
  const seats = state.seats;
  for (let i = 0; i < seats.length; i++) if (seats[i]!.seat === seat) return i;
  return -1;
}

export function findSeat(state: ChipsState, seat: Seat): SeatChips | undefined {
  const i = seatIndex(state, seat);
  return i < 0 ? undefined : state.seats[i];
}

// The copies below do not spread (`{ ...s, ...change }`): on Node 20 an object spread costs several times a plain
// literal, and the seats are copied on every action, which made the chips-tracked replay 3× slower (docs/bench.md).
// A field added to SeatChips or ChipsState must be added to its copy (tsc says so).

/** What may change in a seat during a hand (its number and starting stack never do). */
export type SeatChange = Partial<Omit<SeatChips, 'seat' | 'stackAtStart'>>;
/** What may change in a hand's state (its rules, structure and level never do). */
export type StateChange = Partial<Omit<ChipsState, 'rules' | 'betting' | 'level'>>;
type Fresh<T> = { -readonly [K in keyof T]: T[K] };

/** A new copy of a seat, to be changed before it is shared (then it is a value like the others). */
export function copySeat(s: SeatChips): Fresh<SeatChips> {
  return {
    seat: s.seat,
    stack: s.stack,
    stackAtStart: s.stackAtStart,
    bet: s.bet,
    total: s.total,
    dead: s.dead,
    folded: s.folded,
    deadHand: s.deadHand,
    allIn: s.allIn,
    actedBet: s.actedBet,
    actedMinRaise: s.actedMinRaise,
    front: s.front,
    posted: s.posted,
  };
}

/** A copy of seat `s` with `change` applied. */
export function seatWith(s: SeatChips, change: SeatChange): SeatChips {
  return Object.assign(copySeat(s), change);
}

/** A new copy of the hand's state, to be changed before it is shared (the seats' array is the same until replaced). */
export function copyState(state: ChipsState): Fresh<ChipsState> {
  return {
    rules: state.rules,
    betting: state.betting,
    level: state.level,
    seats: state.seats,
    currentBet: state.currentBet,
    minRaise: state.minRaise,
    lastPanelSeat: state.lastPanelSeat,
    pendingRaise: state.pendingRaise,
    limit: state.limit,
  };
}

/** A copy of the hand's state with `change` applied (the seats' array is shared unless `change` has one). Field by
 * field: `Object.assign` with a change of varying shape costs more than the copy (docs/bench.md). */
export function stateWith(state: ChipsState, change: StateChange): ChipsState {
  const next = copyState(state);
  if (change.seats !== undefined) next.seats = change.seats;
  if (change.currentBet !== undefined) next.currentBet = change.currentBet;
  if (change.minRaise !== undefined) next.minRaise = change.minRaise;
  if (change.lastPanelSeat !== undefined) next.lastPanelSeat = change.lastPanelSeat;
  if (change.pendingRaise !== undefined) next.pendingRaise = change.pendingRaise;
  if (change.limit !== undefined) next.limit = change.limit;
  return next;
}

/** A copy of the hand's state with `change` applied to one seat, and `others` to the state. */
export function withSeat(state: ChipsState, seat: Seat, change: SeatChange, others?: StateChange): ChipsState {
  const s = findSeat(state, seat);
  return s ? replaceSeat(state, seatWith(s, change), others) : state;
}

/** A copy of the hand's seats with `seat` (a new copy) in place of the seat of its number. */
export function seatsWith(state: ChipsState, seat: SeatChips): SeatChips[] {
  const seats = state.seats.slice();
  seats[seatIndex(state, seat.seat)] = seat;
  return seats;
}

/** A copy of the hand's state with `seat` (a new copy) in place of the seat of its number, and `others` applied. */
export function replaceSeat(state: ChipsState, seat: SeatChips, others?: StateChange): ChipsState {
  const seats = seatsWith(state, seat);
  if (!others) return stateWith(state, { seats });
  const next = stateWith(state, others) as Fresh<ChipsState>;
  next.seats = seats;
  return next;
}

/** Every chip of the hand still in front of the players or in the pots. */
export function chipsInPlay(state: ChipsState): number {
  return state.seats.reduce((sum, s) => sum + s.total + s.dead, 0);
}

export function isLive(s: SeatChips): boolean {
  return !s.folded && !s.deadHand;
}

export function toCall(state: ChipsState, s: SeatChips): number {
  return Math.min(Math.max(0, state.currentBet - s.bet), s.stack);
}

/** R-BET-REOPEN: the bet has risen since the seat's last action by the minimum raise increment in force then; under
 * limit, by a full raise (or an all-in of at least half an increment, R-BET-LIMIT). */
export function reopened(state: ChipsState, s: SeatChips): boolean {
  if (s.actedBet === null) return true;
  const limit = state.limit;
  return limit !== null ? limit.fullBet > s.actedBet : state.currentBet - s.actedBet >= s.actedMinRaise;
}

/** The bet a full bet or raise is measured from: the current bet, but 0 while a round's bets are only a bring-in (or
 * less): R-STUD-BRING-IN's completion to the least bet is a full bet, and the bring-in reopens nobody. Under limit the
 * round's `limit.fullBet` says the same. A flop level has no bring-in: the current bet. */
export function raiseBase(level: ChipsLevel, currentBet: number): number {
  return level.bringIn !== undefined && currentBet < level.bigBlind ? 0 : currentBet;
}

export function mayRaise(state: ChipsState, s: SeatChips): boolean {
  return isLive(s) && !s.allIn && s.stack > state.currentBet - s.bet && reopened(state, s) && !isCapped(state);
}

/** The least legal `to`: the current bet (`raiseBase`) plus the minimum raise increment (limit: the fixed total), or
 * the all-in total when short of it. */
export function minRaiseTo(state: ChipsState, s: SeatChips): number | null {
  if (!mayRaise(state, s)) return null;
  const limit = state.limit;
  const least =
    limit !== null ? limit.fullBet + limit.increment : raiseBase(state.level, state.currentBet) + state.minRaise;
  return Math.min(least, s.bet + s.stack);
}

/** The structure's most a bet or raise may go to (pot-limit: R-GAME's pot), before the stack; null for none. */
export function ceilingOf(state: ChipsState, s: SeatChips): number | null {
  const structure = structureOf(state.betting);
  if (structure.ceilingRule === null) return null;
  const call = Math.max(0, state.currentBet - s.bet);
  return structure.ceiling({ currentBet: state.currentBet, call, inPlay: chipsInPlay(state) });
}

/** What `action.on` carries for a seat (R-BET-ROUND; `maxRaiseTo` where the structure shows it: pot-limit's pot,
 * limit's fixed total, capped at the seat's all-in total). */
export function actionOptions(state: ChipsState, seat: Seat): ActionOptions {
  const s = findSeat(state, seat);
  if (!s) return { toCall: 0, minRaiseTo: null, maxRaiseTo: null };
  const min = minRaiseTo(state, s);
  let max: number | null = null;
  if (min !== null && structureOf(state.betting).showsMaxRaise) {
    const ceiling = ceilingOf(state, s);
    max = ceiling === null ? min : Math.max(min, Math.min(ceiling, s.bet + s.stack));
  }
  return { toCall: toCall(state, s), minRaiseTo: min, maxRaiseTo: max };
}

/**
 * R-ROUND-END with amounts: the round is over when at most one live seat is left, or every live seat that is not
 * all-in has acted and matched the current bet, or no more than one seat can still bet and it owes nothing.
 */
export function roundOver(state: ChipsState): boolean {
  const live = state.seats.filter(isLive);
  if (live.length <= 1) return true;
  const able = live.filter((s) => !s.allIn);
  const settled = (s: SeatChips) => s.bet >= state.currentBet || s.stack === 0;
  if (able.length <= 1 && able.every(settled)) return true;
  return able.every((s) => s.actedBet !== null && settled(s));
}
