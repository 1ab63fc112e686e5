// R-BET-CHIPS and R-BET-STRING: a chip reader's motion in a seat's betting zone read as an action (TDA 45, 46).
import { actor, applyRuling, callTotal, judgeRaise, type Judged } from './ruling.ts';
import { findSeat, minRaiseTo, stateWith, withSeat } from './state.ts';
import type { ChipsEvent, ChipsMotion, ChipsResult, ChipsState, Seat, SeatChips } from './types.ts';

const sum = (chips: readonly number[]) => chips.reduce((a, b) => a + b, 0);

function validChips(state: ChipsState, chips: readonly number[]): boolean {
  const { denominations } = state.rules;
  return chips.every((c) => Number.isInteger(c) && c > 0 && (denominations.length === 0 || denominations.includes(c)));
}

/** A call judged from a motion: the chips beyond the call go back (`bet.corrected`, R-BET-CHIPS). */
function callFrom(state: ChipsState, s: SeatChips, after: number): Judged {
  const stands = callTotal(state, s);
  const corrections: ChipsEvent[] =
    after === stands ? [] : [{ type: 'bet.corrected', seat: s.seat, from: after, to: stands, rule: 'R-BET-CHIPS' }];
  return { ruling: { kind: 'call' }, corrections };
}

/** A silent motion (no announcement), by the branches of R-BET-CHIPS. */
function silent(state: ChipsState, s: SeatChips, m: ChipsMotion, before: number, after: number): Judged {
  const C = state.currentBet;
  const removed = sum(m.removed);
  // TDA 46 situation 5: chips holding the whole stack are an all-in, whatever their number.
  if (m.added.length > 0 && after >= s.bet + s.stack) return judgeRaise(state, s, s.bet + s.stack);
  if (s.bet >= C) {
    if (m.added.length === 0) return { ruling: { kind: 'check' }, corrections: [] };
    const least = minRaiseTo(state, s);
    if (
      m.added.length === 1 &&
      m.removed.length === 0 &&
      state.rules.oversizedChipOpen === 'minimum' &&
      least !== null &&
      after > least
    ) {
      const early: ChipsEvent[] = [
        { type: 'bet.corrected', seat: s.seat, from: after, to: least, rule: 'R-BET-CHIPS' },
      ];
      return judgeRaise(state, s, least, early);
    }
    return judgeRaise(state, s, after);
  }
  // TDA 46 C1: the chips in front do not cover the call and are all left or all taken back.
  if (before < C && (removed === 0 || removed >= before)) {
    if (m.added.length <= 1) return callFrom(state, s, after);
    const smallest = Math.min(...m.added);
    if (after - smallest < C) return callFrom(state, s, after);
    return judgeRaise(state, s, after);
  }
  // TDA 46 C2: the chips in front cover the call, or only part of them is taken back: a raise to `after`.
  if (after <= C) return callFrom(state, s, after);
  return judgeRaise(state, s, after);
}

/**
 * A `chips` input. `onAction` is the seat the hand has on action. The result's events are empty when the motion is
 * no action (a sighting, a post's chips, the dealer gathering bets, or the first motion of a `raise` announced
 * without an amount: then `state.pendingRaise` is the seat and it stays on action).
 */
export function motion(state: ChipsState, m: ChipsMotion, onAction: Seat | null): ChipsResult {
  const s = findSeat(state, m.seat);
  if (!s) return { ok: false, reason: 'not-in-hand' };
  if (!validChips(state, m.added) || !validChips(state, m.removed)) return { ok: false, reason: 'invalid-chips' };
  const before = Math.max(s.front, s.bet);
  const after = before - sum(m.removed) + sum(m.added);
  // Right after its own panel action: a sighting of that action's chips (R-CHIPS-DETAILS).
  if (state.lastPanelSeat === m.seat) return { ok: true, state, events: [] };
  if (m.seat !== onAction) {
    // The chips put out for a blind or ante, before the seat first acts, are its `before` (TDA 46 situation 4).
    if (s.posted && s.actedBet === null) {
      const seen = Math.max(0, s.front - sum(m.removed) + sum(m.added));
      return { ok: true, state: withSeat(state, m.seat, { front: seen }), events: [] };
    }
    if (m.added.length > 0) return { ok: false, reason: 'not-on-action' };
    return { ok: true, state, events: [] };
  }
  // Nothing added where nothing of this round lies: the dealer gathering the last round's bets, no action.
  if (m.added.length === 0 && m.removed.length > 0 && before === 0) return { ok: true, state, events: [] };
  if (after < 0) return { ok: false, reason: 'invalid-chips' };
  const a = actor(state, m.seat);
  if (!a) return { ok: false, reason: 'not-in-hand' };
  const allInTo = a.bet + a.stack;
  const asked = Math.min(after, allInTo);
  const pending = state.pendingRaise === m.seat;
  const verbal = m.verbal ?? (pending ? { action: 'raise' as const } : undefined);
  let judged: Judged;
  if (!verbal) judged = silent(state, a, m, before, asked);
  else if (verbal.action === 'call') judged = callFrom(state, a, after);
  else if (verbal.action === 'allin') judged = judgeRaise(state, a, allInTo);
  else if (verbal.to !== undefined) {
    if (verbal.to > allInTo) return { ok: false, reason: 'exceeds-stack' };
    judged = judgeRaise(state, a, verbal.to);
  } else if (asked <= state.currentBet && !pending) {
    // BFP 32: "raise" announced, the call put out first; the next motion completes the raise (R-BET-STRING).
    const next = withSeat(state, m.seat, { front: after });
    return { ok: true, state: stateWith(next, { pendingRaise: m.seat, lastPanelSeat: null }), events: [] };
  } else judged = asked <= state.currentBet ? callFrom(state, a, after) : judgeRaise(state, a, asked);
  return applyRuling(state, a, judged, 'chips', after);
}
