import { chipsSnapshot } from '../hand/chips.ts';
import { levelSnapshot } from '../levels/levels.ts';
import { bettingOf } from '../hand/phase.ts';
import { roundCapped } from '../hand/betting.ts';
import { roomLevelSnapshot } from '../levels/room-level.ts';
import type { EngineSnapshot } from './types.ts';
import { ALL_IN, DEAD, FOLDED, type State } from '../state.ts';

/** The public picture of the table: no hole or burn card. */
export function snapshotOf(state: State): EngineSnapshot {
  const hand = state.hand;
  const plan = hand?.plan ?? state.lastPlan;
  const betting = bettingOf(hand);
  const clock = betting?.clock
    ? {
        kind: 'clock' as const,
        seat: betting.clock.seat,
        deadline: betting.clock.deadline,
        countdownAt: betting.clock.countdownAt,
      }
    : betting?.shotDeadline != null
      ? { kind: 'shot-clock' as const, seat: betting.onAction, deadline: betting.shotDeadline, countdownAt: null }
      : null;
  const chips = chipsSnapshot(state, betting?.onAction ?? null);
  const snapshot: EngineSnapshot = {
    at: state.now,
    seats: state.setup?.seats ?? 0,
    profile: state.setup?.profileName ?? '',
    game: state.setup?.game ?? 'holdem',
    betting: state.setup?.betting ?? 'no-limit',
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
    // a street being dealt is still the betting part of the hand for boards (the contract's phases)
    phase: hand ? (hand.phase.kind === 'street' ? 'betting' : hand.phase.kind) : state.halted ? 'halted' : 'idle',
    street: hand?.street ?? null,
    // a flop that does not stand yet is not public (secrecy.ts)
    boardSize: hand && !hand.flopHeld ? hand.board.length : 0,
    board: hand && !hand.flopHeld ? [...hand.board] : [],
    onAction: betting ? { seat: betting.onAction, street: hand!.street, deadline: betting.shotDeadline } : null,
    clockCall: clock,
    clock,
    level: state.room ? roomLevelSnapshot(state.room, state.now) : levelSnapshot(state.levels, state.now, state.setup),
  };
  // R-ROOM-MOVE: a player leaving at the end of the hand
  for (const m of state.moves) if (m.seat !== null) snapshot.seatInfo[m.seat - 1]!.moving = true;
  // R-STUD-DEAL: the up cards lie face up (a flop hand has none; a checkpoint older than them has none either)
  for (const info of snapshot.seatInfo) {
    const up = hand?.upCards?.[info.seat];
    if (up && up.length > 0) info.upCards = [...up];
  }
  if (hand && betting && roundCapped(state, hand, betting.round)) snapshot.capped = true;
  if (!chips) return snapshot;
  for (const info of snapshot.seatInfo) Object.assign(info, chips.stacks.get(info.seat));
  snapshot.pots = chips.pots;
  snapshot.toCall = chips.amounts?.toCall ?? null;
  snapshot.minRaiseTo = chips.amounts?.minRaiseTo ?? null;
  snapshot.maxRaiseTo = chips.amounts?.maxRaiseTo ?? null;
  return snapshot;
}
