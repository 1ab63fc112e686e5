// How an asked-for total becomes the action that stands (R-BET-MINIMUM, R-BET-INCOMPLETE, R-BET-ALLIN,
// R-BET-REOPEN, R-GAME, R-BET-LIMIT), and how a ruling moves the chips (R-BET-ROUND).
import { structureOf } from '../games/betting.ts';
import { counted, fixedTo, isCapped } from './limit.ts';
import { ceilingOf, copySeat, copyState, findSeat, isLive, raiseBase, reopened, seatsWith } from './state.ts';
import type { ActionBy, BetRule, ChipsEvent, ChipsState, SeatChips } from './types.ts';

export type Ruling = { kind: 'check' } | { kind: 'fold' } | { kind: 'call' } | { kind: 'raise'; to: number };

export interface Judged {
  ruling: Ruling;
  /** Read, never changed: the plain rulings share one empty list (act.ts). */
  corrections: readonly ChipsEvent[];
}

const NONE: readonly ChipsEvent[] = [];

function corrected(s: SeatChips, from: number, to: number, rule: BetRule): ChipsEvent {
  return { type: 'bet.corrected', seat: s.seat, from, to, rule };
}

/** The total a call makes: the current bet, or the seat's all-in total when short of it. */
export function callTotal(state: ChipsState, s: SeatChips): number {
  return Math.min(state.currentBet, s.bet + s.stack);
}

/** A call, or a check when there is nothing to call; corrected from `asked` when that differs. */
function callOrCheck(state: ChipsState, s: SeatChips, asked: number, rule: BetRule, out: ChipsEvent[]): Judged {
  const facing = state.currentBet > s.bet;
  const stands = facing ? callTotal(state, s) : s.bet;
  if (asked !== stands) out.push(corrected(s, asked, stands, rule));
  return { ruling: facing ? { kind: 'call' } : { kind: 'check' }, corrections: out };
}

/**
 * Judge a bet or raise to `asked` (already checked against the stack). `early` carries corrections made before
 * (R-BET-CHIPS); `asked` is what they left. The all-in total is always legal unless R-BET-REOPEN forbids a raise.
 */
export function judgeRaise(
  state: ChipsState,
  s: SeatChips,
  asked: number,
  early: readonly ChipsEvent[] = NONE,
): Judged {
  const out = [...early];
  if (state.limit !== null) return judgeLimit(state, s, asked, out);
  const allInTo = s.bet + s.stack;
  let to = asked;
  const ceiling = ceilingOf(state, s);
  if (ceiling !== null && to > ceiling) {
    out.push(corrected(s, to, ceiling, structureOf(state.betting).ceilingRule ?? 'R-GAME'));
    to = ceiling;
  }
  if (to <= state.currentBet) return callOrCheck(state, s, to, 'R-BET-INCOMPLETE', out);
  if (!reopened(state, s)) return callOrCheck(state, s, to, 'R-BET-REOPEN', out);
  if (to === allInTo) return { ruling: { kind: 'raise', to }, corrections: out };
  if (state.currentBet === 0 && to < state.level.bigBlind) {
    if (state.rules.underMinimumOpen === 'check') {
      out.push(corrected(s, to, s.bet, 'R-BET-MINIMUM'));
      return { ruling: { kind: 'check' }, corrections: out };
    }
    const least = Math.min(state.level.bigBlind, allInTo);
    out.push(corrected(s, to, least, 'R-BET-MINIMUM'));
    return { ruling: { kind: 'raise', to: least }, corrections: out };
  }
  const base = raiseBase(state.level, state.currentBet); // R-STUD-BRING-IN: a completion measures from 0
  const minTo = base + state.minRaise;
  if (to >= minTo) return { ruling: { kind: 'raise', to }, corrections: out };
  const half = to - base >= state.minRaise / 2;
  if (state.rules.incompleteRaise === 'complete-if-half' && half) {
    const least = Math.min(minTo, allInTo);
    out.push(corrected(s, to, least, 'R-BET-INCOMPLETE'));
    return { ruling: { kind: 'raise', to: least }, corrections: out };
  }
  return callOrCheck(state, s, to, 'R-BET-INCOMPLETE', out);
}

/**
 * R-BET-LIMIT: a bet or raise to `to` under limit. The fixed total stands; more is corrected down to it (a panel
 * all-in from a deep stack, chips read beyond it); less, read from chips, is completed to it when at least half an
 * increment beyond the last full bet, else a call with the excess given back. Capped, it is a call.
 */
function judgeLimit(state: ChipsState, s: SeatChips, to: number, out: ChipsEvent[]): Judged {
  const limit = state.limit!;
  if (to <= state.currentBet) return callOrCheck(state, s, to, 'R-BET-INCOMPLETE', out);
  if (!reopened(state, s)) return callOrCheck(state, s, to, 'R-BET-REOPEN', out);
  if (isCapped(state)) return callOrCheck(state, s, to, 'R-BET-LIMIT', out);
  const fixed = fixedTo(limit, s);
  if (to === fixed) return { ruling: { kind: 'raise', to }, corrections: out };
  if (to < fixed && to - limit.fullBet < limit.increment / 2) return callOrCheck(state, s, to, 'R-BET-LIMIT', out);
  out.push(corrected(s, to, fixed, 'R-BET-LIMIT'));
  return { ruling: { kind: 'raise', to: fixed }, corrections: out };
}

/** Move the chips of a ruling: `action`, then `bet.placed` (protocol.md's order), after the corrections. The result
 * is the action's (`act`, `motion` return it as it is: one object less per action). */
export function applyRuling(
  state: ChipsState,
  s: SeatChips,
  judged: Judged,
  by: ActionBy,
  front?: number,
): { ok: true; state: ChipsState; events: ChipsEvent[] } {
  const { ruling, corrections } = judged;
  // most actions have no correction: a new empty list costs less than a copy of the shared one
  const events: ChipsEvent[] = corrections.length === 0 ? [] : corrections.slice();
  // every action makes the same new state: the seat, who acted last, no raise pending (field by field, state.ts)
  const next = copyState(state);
  next.lastPanelSeat = by === 'panel' ? s.seat : null;
  next.pendingRaise = null;
  const seat = copySeat(s);
  seat.actedBet = state.currentBet;
  seat.actedMinRaise = state.minRaise;
  seat.posted = false;
  if (ruling.kind === 'fold' || ruling.kind === 'check') {
    events.push({ type: 'action', seat: s.seat, action: ruling.kind, by });
    if (ruling.kind === 'fold') seat.folded = true;
    else seat.front = Math.max(s.front, front ?? 0);
    next.seats = seatsWith(state, seat);
    return { ok: true, state: next, events };
  }
  const to = ruling.kind === 'call' ? callTotal(state, s) : ruling.to;
  const amount = to - s.bet;
  const stack = s.stack - amount;
  const allIn = stack === 0;
  const raises = to > state.currentBet;
  const limit = state.limit;
  // a full bet or raise: the whole increment (limit: the fixed total; a short all-in may still count, limit.ts)
  const base = raiseBase(state.level, state.currentBet);
  const full = raises && (limit !== null ? to - limit.fullBet >= limit.increment : to - base >= state.minRaise);
  const opening = state.currentBet === 0;
  // A full bet or raise sets the increment (at least the big blind); a short all-in lifts only the current bet.
  const minRaise = full ? Math.max(to - base, state.level.bigBlind) : state.minRaise;
  const currentBet = Math.max(state.currentBet, to);
  events.push({ type: 'action', seat: s.seat, action: allIn ? 'allin' : raises ? 'raise' : 'call', by });
  events.push({
    type: 'bet.placed',
    seat: s.seat,
    action: raises ? (opening ? 'bet' : 'raise') : 'call',
    amount,
    to,
    stack,
    allIn,
    short: raises && !full,
  });
  seat.stack = stack;
  seat.bet = to;
  seat.total = s.total + amount;
  seat.allIn = allIn;
  seat.front = Math.max(to, front ?? s.front);
  seat.actedBet = raiseBase(state.level, currentBet); // a call of the bring-in alone is reopened by the completion
  seat.actedMinRaise = minRaise;
  next.seats = seatsWith(state, seat);
  next.currentBet = currentBet;
  next.minRaise = minRaise;
  if (limit !== null && raises) next.limit = counted(state, to);
  return { ok: true, state: next, events };
}

/** The seat if it can act at all: in the hand, live and not all-in. */
export function actor(state: ChipsState, seat: number): SeatChips | undefined {
  const s = findSeat(state, seat);
  return s && isLive(s) && !s.allIn ? s : undefined;
}
