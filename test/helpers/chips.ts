// Shared setup for the chips tests: the shipped profiles' chips parameters and a hand driven step by step.
import { expect } from 'vitest';
import {
  act,
  motion,
  newHand,
  postForced,
  type BetAction,
  type ChipsEvent,
  type ChipsMotion,
  type ChipsRules,
  type ChipsState,
  type BettingName,
} from '../../src/domain/chips/index.ts';

export const TDA: ChipsRules = {
  anteBy: 'big-blind',
  underMinimumOpen: 'minimum',
  incompleteRaise: 'complete-if-half',
  oversizedChipOpen: 'chip-value',
  denominations: [],
  maxRaises: 3,
  uncappedHeadsUp: 'table',
};
export const BFP: ChipsRules = { ...TDA, anteBy: 'each' };
export const CLUB: ChipsRules = {
  anteBy: 'each',
  underMinimumOpen: 'check',
  incompleteRaise: 'call',
  oversizedChipOpen: 'minimum',
  denominations: [],
  maxRaises: 3,
  uncappedHeadsUp: 'table',
};

export interface Deal {
  rules?: ChipsRules;
  betting?: BettingName;
  blinds: [number, number, number?];
  /** Seats in dealing order with their stacks. */
  stacks: [number, number][];
  smallBlind: number | null;
  bigBlind: number;
}

/** A hand after its forced bets; `forced` are the events they gave. */
export function deal(d: Deal): { state: ChipsState; forced: ChipsEvent[] } {
  const [smallBlind, bigBlind, ante = 0] = d.blinds;
  const start = newHand({
    rules: d.rules ?? TDA,
    betting: d.betting ?? 'no-limit',
    level: { smallBlind, bigBlind, ante },
    seats: d.stacks.map(([seat, stack]) => ({ seat, stack })),
  });
  const done = postForced(start, { smallBlind: d.smallBlind, bigBlind: d.bigBlind });
  return { state: done.state, forced: done.events };
}

/** Apply actions that must be accepted; returns the last state and the events of the last action. */
export function play(state: ChipsState, ...steps: [number, BetAction][]): { state: ChipsState; events: ChipsEvent[] } {
  let now = state;
  let events: ChipsEvent[] = [];
  for (const [seat, action] of steps) {
    const r = act(now, seat, action);
    if (!r.ok) throw new Error(`seat ${seat} ${action.kind} refused: ${r.reason}`);
    now = r.state;
    events = r.events;
  }
  return { state: now, events };
}

/** A chips motion from the seat on action that must be accepted. */
export function chips(state: ChipsState, m: ChipsMotion, onAction = m.seat) {
  const r = motion(state, m, onAction);
  expect(r.ok).toBe(true);
  if (!r.ok) throw new Error(r.reason);
  return r;
}

export const raise = (to?: number): BetAction => ({ kind: 'raise', to });
export const CALL: BetAction = { kind: 'call' };
export const CHECK: BetAction = { kind: 'check' };
export const FOLD: BetAction = { kind: 'fold' };
export const ALLIN: BetAction = { kind: 'allin' };

export const of = (events: ChipsEvent[], type: ChipsEvent['type']) => events.filter((e) => e.type === type);
export const seatOf = (state: ChipsState, seat: number) => state.seats.find((s) => s.seat === seat);
