// Shared by the positions tests: a minimal valid profile and a tiny script runner (seat, remove, set-button, hand).
import type { Profile } from '../../src/domain/profile/profile.ts';
import type { Seat } from '../../src/domain/types.ts';
import {
  initialPositions,
  misdealt,
  planHand,
  playerRemoved,
  playerSeated,
  setButton,
  type HandPlan,
  type PositionMemory,
} from '../../src/domain/positions/positions.ts';

export type Mode = Profile['button']['bigBlindOut'];

export function makeProfile(
  bigBlindOut: Mode = 'dead-button',
  extraHandsBetweenOldBlinds = 0,
  extraHandsBetweenOldButtonAndSmallBlind = 0,
): Profile {
  return {
    name: `test-${bigBlindOut}-${extraHandsBetweenOldBlinds}-${extraHandsBetweenOldButtonAndSmallBlind}`,
    presence: { debounceMs: 1000 },
    shoe: { repeatReadMs: 500 },
    misdeal: { exposedPositions: [1, 2], substantialAction: { chipActions: 2, anyActions: 3 } },
    flopTooMany: 'scramble',
    premature: { reburn: { flop: false, turn: false, river: false }, turn: 'reshuffle' },
    shotClock: {
      enabled: false,
      seconds: 30,
      timeBanks: 0,
      extensionSeconds: 30,
      bankReset: 'level',
      checkWhenFree: false,
    },
    clock: { seconds: 25, countdownSeconds: 5, checkWhenFree: true },
    button: { bigBlindOut },
    newPlayer: { extraHandsBetweenOldBlinds, extraHandsBetweenOldButtonAndSmallBlind },
    penalty: { ladder: [] },
  };
}

/** One step of a script. `sit` defaults the player id to `p<seat>`. */
export type Op = { sit: Seat; player?: string } | { out: Seat } | { button: Seat } | { hand: true } | { misdeal: true };

export const sit = (seat: Seat, player?: string): Op => (player === undefined ? { sit: seat } : { sit: seat, player });
export const out = (seat: Seat): Op => ({ out: seat });
export const button = (seat: Seat): Op => ({ button: seat });
export const H: Op = { hand: true };
export const MISDEAL: Op = { misdeal: true };
export const seatAll = (...seats: Seat[]): Op[] => seats.map((s) => sit(s));
export const range = (from: number, to: number): Seat[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** A compact expected plan: button, small blind, big blind, dealt in (dealing order), waiting. */
export interface Expect {
  b: Seat;
  sb: Seat | null;
  bb: Seat;
  dealt?: Seat[];
  wait?: Seat[];
}
export const p = (b: Seat, sb: Seat | null, bb: Seat, dealt?: Seat[], wait?: Seat[]): Expect => ({
  b,
  sb,
  bb,
  dealt,
  wait,
});

export interface Session {
  memory: PositionMemory;
  players: Map<Seat, string>;
  plans: (HandPlan | null)[];
}

export function newSession(): Session {
  return { memory: initialPositions(), players: new Map(), plans: [] };
}

/** Runs `ops` on `s`, in place; every `hand` appends its plan (or null) to `s.plans`. */
export function runOps(s: Session, ops: readonly Op[], seatCount: number, profile: Profile): Session {
  for (const op of ops) {
    if ('sit' in op) {
      const player = op.player ?? `p${op.sit}`;
      s.players.set(op.sit, player);
      s.memory = playerSeated(s.memory, op.sit, player);
    } else if ('out' in op) {
      s.players.delete(op.out);
      s.memory = playerRemoved(s.memory, op.out);
    } else if ('button' in op) {
      s.memory = setButton(s.memory, op.button);
    } else if ('misdeal' in op) {
      s.memory = misdealt(s.memory);
    } else {
      const result = planHand(s.memory, s.players, seatCount, profile);
      if (result !== null) s.memory = result.memory;
      s.plans.push(result?.plan ?? null);
    }
  }
  return s;
}

export function compact(plan: HandPlan | null | undefined, withDealt: boolean, withWait: boolean): Expect | null {
  if (plan === null || plan === undefined) return null;
  const e: Expect = { b: plan.button, sb: plan.smallBlind, bb: plan.bigBlind };
  if (withDealt) e.dealt = plan.dealtIn;
  if (withWait) e.wait = plan.waiting;
  return e;
}

/** Strip the optional fields an expectation leaves out, so `toEqual` compares only what the row states. */
export function shapeLike(plan: HandPlan | null | undefined, expect: Expect | null): Expect | null {
  if (expect === null) return compact(plan, false, false);
  return compact(plan, expect.dealt !== undefined, expect.wait !== undefined);
}
