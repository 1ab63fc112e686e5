import { levelSnapshot } from './levels.ts';
import type { EngineSnapshot } from './snapshot.ts';
import { ALL_IN, DEAD, FOLDED, type State } from './state.ts';

/** The public picture of the table: no hole or burn card. */
export function snapshotOf(state: State): EngineSnapshot {
  const hand = state.hand;
  const plan = hand?.plan ?? state.lastPlan;
  const clock = hand?.clock
    ? {
        kind: 'clock' as const,
        seat: hand.clock.seat,
        deadline: hand.clock.deadline,
        countdownAt: hand.clock.countdownAt,
      }
    : hand?.shotDeadline != null && hand.onAction !== null
      ? { kind: 'shot-clock' as const, seat: hand.onAction, deadline: hand.shotDeadline, countdownAt: null }
      : null;
  return {
    at: state.now,
    seats: state.setup?.seats ?? 0,
    profile: state.setup?.profileName ?? '',
    seatInfo: state.seats.map((s) => ({
      seat: s.seat,
      player: s.player,
      present: s.present,
      dealtIn: hand ? hand.plan.dealtIn.includes(s.seat) : false,
      dead: hand ? (hand.flags[s.seat]! & DEAD) !== 0 : false,
      folded: hand ? (hand.flags[s.seat]! & FOLDED) !== 0 : false,
      allIn: hand ? (hand.flags[s.seat]! & ALL_IN) !== 0 : false,
      waiting: hand ? hand.plan.waiting.includes(s.seat) : false,
      penaltyHands: s.penaltyHands,
      timeBanks: s.timeBanks,
    })),
    button: plan?.button ?? null,
    smallBlindSeat: plan?.smallBlind ?? null,
    bigBlindSeat: plan?.bigBlind ?? null,
    smallBlind: plan?.smallBlind ?? null,
    bigBlind: plan?.bigBlind ?? null,
    hand: hand?.number ?? null,
    phase: hand ? hand.phase : state.halted ? 'halted' : 'idle',
    street: hand?.street ?? null,
    // a flop that does not stand yet is not public (secrecy.ts)
    boardSize: hand && !hand.flopHeld ? hand.board.length : 0,
    board: hand && !hand.flopHeld ? [...hand.board] : [],
    onAction:
      hand && hand.onAction !== null ? { seat: hand.onAction, street: hand.street, deadline: hand.shotDeadline } : null,
    clockCall: clock,
    clock,
    level: levelSnapshot(state.levels, state.now),
  };
}
