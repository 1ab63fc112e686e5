// The bridge between the hand (flow.ts, hand-start.ts, hand-end.ts) and the money rules of src/domain/chips
// (docs/chips.md): with `chips.mode: tracked` the hand owns one ChipsState and calls the chips functions at the
// moments the API table names; with `off` (hand.chips null) every function here is a no-op and the hand runs as ever.
import {
  act as chipsAct,
  actionOptions,
  award,
  chipsRules,
  chipsView,
  eliminations,
  endRound,
  killHand,
  misdeal as chipsMisdeal,
  motion,
  newHand,
  postAntes,
  postBringIn,
  postForced,
  type ActionOptions,
  type BetAction,
  type ChipsEvent,
  type ChipsLevel,
  type ChipsResult,
  type Pot,
  type Refusal,
} from '../chips/index.ts';
import type { Ctx } from '../context.ts';
import { gameOf, structureOf } from '../games/index.ts';
import { levelGame } from '../levels/check.ts';
import { addsAtHandEnd } from '../chips/add-chips.ts';
import { playerRemoved } from '../positions/positions.ts';
import { levelInForce } from '../levels/room-level.ts';
import { chipsTracked } from '../profile/profile.ts';
import { upCardOrder } from './seats.ts';
import { ALL_IN, DEAD, FOLDED, type HandState, type State } from '../state.ts';
import type { ActionKind, Seat, Street } from '../types.ts';

/** The amounts of a level by its number (1-based, breaks excluded), or null when no level runs. `bigBlind` is the
 * least bet (R-BET-MINIMUM): a stud level's has no blinds, its least bet is its small bet (a completion, R-STUD-BRING-IN),
 * else the big blind it was written with, else its bring-in. */
function levelAmounts(state: State, number: number | null): ChipsLevel | null {
  const level = levelInForce(state, number); // the room's level under R-ROOM-CLOCK
  if (!level) return null;
  const bringIn = gameOf(levelGame(level, state.setup!).game).forcedBets === 'ante-bring-in';
  const least = bringIn ? (level.smallBet ?? level.bigBlind ?? level.bringIn) : level.bigBlind;
  const amounts: ChipsLevel = { smallBlind: level.smallBlind ?? 0, bigBlind: least ?? 0, ante: level.ante ?? 0 };
  if (level.smallBet !== undefined) amounts.smallBet = level.smallBet; // R-BET-LIMIT
  if (level.bigBet !== undefined) amounts.bigBet = level.bigBet;
  if (bringIn && level.bringIn !== undefined) amounts.bringIn = level.bringIn; // R-STUD-BRING-IN
  return amounts;
}

/** R-CHIPS-TRACKED: why a shuffle is refused with chips tracked (a seated player with no stack, no level, a limit
 * level without its fixed bets: a room's level under a table set up for limit), or null. */
export function shuffleRefusal(state: State): 'stack-unknown' | 'no-level' | 'fixed-bets-missing' | null {
  if (!chipsTracked(state.setup!.profile)) return null;
  if (state.seats.some((s) => s.player !== null && s.stack === null)) return 'stack-unknown';
  const number = state.levelForNextHand;
  const amounts = levelAmounts(state, number);
  if (amounts === null) return 'no-level';
  const { levelFields } = structureOf(levelGame(levelInForce(state, number), state.setup!).betting);
  if (levelFields.some((key) => amounts[key] === undefined)) return 'fixed-bets-missing';
  return null;
}

/** R-CHIPS-FORCED: right after `hand.started`, the hand's money and its forced bets. */
export function startChips(ctx: Ctx, hand: HandState): void {
  const state = ctx.state;
  const profile = state.setup!.profile;
  if (!chipsTracked(profile)) return;
  const seats = hand.plan.dealtIn.map((seat) => ({ seat, stack: state.seats[seat - 1]!.stack ?? 0 }));
  const blinds = gameOf(hand.game).forcedBets === 'blinds';
  const start = newHand({
    rules: chipsRules(profile),
    betting: hand.betting,
    level: levelAmounts(state, hand.level)!,
    seats,
    ...(blinds ? {} : { opening: 0 }),
  });
  // R-CHIPS-FORCED; in stud every seat's ante, and the bring-in comes as its seat's first action (R-STUD-BRING-IN)
  const posted = blinds
    ? postForced(start, { smallBlind: hand.plan.smallBlind, bigBlind: hand.plan.bigBlind })
    : postAntes(start);
  hand.chips = posted.state;
  emitAll(ctx, posted.events);
  syncAllIn(hand);
}

export interface ChipsTurn {
  /** The ruling's action, for the round's bookkeeping (betting.ts). */
  action: ActionKind;
  /** The current bet rose: the others owe the difference and act again (R-BET-ALLIN, R-ROUND-END). */
  raises: boolean;
  /** The events to emit in place of the plain `action`: `bet.corrected`?, `action`, `bet.placed`?. */
  events: ChipsEvent[];
}

/** A panel or clock action of the seat on action, judged with amounts (R-BET-*). */
export function chipsTurn(hand: HandState, seat: Seat, action: BetAction, by: 'panel' | 'clock'): ChipsTurn | Refusal {
  return applied(hand, chipsAct(hand.chips!, seat, action, by));
}

/** R-STUD-BRING-IN: the bring-in seat's `call`, which posts the bring-in. */
export function chipsBringIn(hand: HandState, seat: Seat, by: 'panel' | 'clock'): ChipsTurn | Refusal {
  return applied(hand, postBringIn(hand.chips!, seat, by));
}

/** A `chips` input (R-BET-CHIPS, R-BET-STRING): a turn, nothing (a sighting, a post's chips, a gathering), or a
 * refusal. */
export function chipsMotion(
  hand: HandState,
  input: {
    seat: Seat;
    added: number[];
    removed: number[];
    verbal?: { action: 'call' | 'raise' | 'allin'; to?: number };
  },
  onAction: Seat | null,
): ChipsTurn | Refusal | null {
  const result = motion(hand.chips!, input, onAction);
  if (result.ok && !result.events.some((e) => e.type === 'action')) {
    hand.chips = result.state;
    return null;
  }
  return applied(hand, result);
}

function applied(hand: HandState, result: ChipsResult): ChipsTurn | Refusal {
  if (!result.ok) return result.reason;
  const before = hand.chips!.currentBet;
  hand.chips = result.state;
  // one pass over the turn's few events: the ruling's action, and whether this turn's bet emptied the stack (only
  // it can: its `bet.placed` says so, no pass over every seat)
  let action: ActionKind = 'check';
  for (const e of result.events) {
    if (e.type === 'action') action = e.action;
    else if (e.type === 'bet.placed' && e.allIn) hand.flags[e.seat]! |= ALL_IN;
  }
  return { action, raises: result.state.currentBet > before, events: result.events };
}

/** What `action.on` adds with chips tracked (R-BET-ROUND; `maxRaiseTo`, in Omaha only, R-GAME). */
export function actionAmounts(hand: HandState, seat: Seat): ActionOptions | null {
  return hand.chips ? actionOptions(hand.chips, seat) : null;
}

/** The end of a betting round (R-POT-SIDE): uncalled chips back, the bets gathered, `pots`. Returns the pots it
 * reported (null when there was nothing to gather), for a showdown that follows at once (`settleChips`). */
export function endChipsRound(ctx: Ctx, hand: HandState, street: Street, hadRound: boolean): Pot[] | null {
  if (!hand.chips) return null;
  const chips = syncDead(hand);
  if (!hadRound && !chips.seats.some((s) => s.bet > 0)) return null;
  const done = endRound(chips, street);
  hand.chips = done.state;
  emitAll(ctx, done.events);
  return done.pots;
}

/** The hand ends: a misdeal gives every chip back (R-POT-MISDEAL); otherwise the pots are awarded (R-POT-AWARD) to
 * `ranking` (live seats best first, ties grouped) and the busts go (R-CHIPS-BUST). The stacks go back to the seats.
 * `gathered`: the pots `endChipsRound` has just made of the hand's chips, when the last round ended right before (a
 * showdown after the river's betting): nothing is left to gather, and building them again cost a pass per layer.
 * `low`: a hi-lo game's showdown, the qualifying lows best first (R-HILO). */
export function settleChips(
  ctx: Ctx,
  hand: HandState,
  misdealt: boolean,
  ranking: readonly (readonly Seat[])[],
  gathered: readonly Pot[] | null = null,
  low?: readonly (readonly Seat[])[],
): void {
  if (!hand.chips) return;
  const state = ctx.state;
  let chips = syncDead(hand);
  if (misdealt) {
    const back = chipsMisdeal(chips);
    chips = back.state;
    emitAll(ctx, back.events);
  } else {
    let pots = gathered;
    if (pots === null) {
      const end = endRound(chips, hand.street, false);
      emitAll(ctx, end.events);
      chips = end.state;
      pots = end.pots;
    }
    const game = gameOf(hand.game);
    // R-ODD-CHIP: in stud the best up card takes an odd chip among tied hands
    const oddOrder = game.oddChip === 'best-up-card' ? upCardOrder(hand, game) : undefined;
    const won = award(chips, ranking, pots, low, oddOrder);
    chips = won.state;
    emitAll(ctx, won.events);
  }
  hand.chips = chips;
  for (const s of chips.seats) {
    const seat = state.seats[s.seat - 1];
    if (seat && seat.player !== null) seat.stack = s.stack;
  }
  addsAtHandEnd(ctx); // R-CHIPS-ADD: a rebuy taken during the hand was in front of the player (BFP 18)
  // no stack emptied (most hands): nobody is out
  if (misdealt || !chips.seats.some((s) => s.stack === 0)) return;
  const players = new Map<Seat, string>();
  for (const s of state.seats) if (s.player !== null) players.set(s.seat, s.player);
  // A seat removed during the hand is gone already: only seated players are eliminated.
  for (const e of eliminations(chips, players)) {
    if (!('seat' in e) || !players.has(e.seat)) continue;
    if ((state.seats[e.seat - 1]!.stack ?? 0) > 0) continue; // chips added at the hand's end (R-CHIPS-ADD)
    ctx.emit(e);
    if (e.type !== 'player.removed') continue;
    const seat = state.seats[e.seat - 1]!;
    seat.player = null;
    seat.stack = null;
    seat.penaltyHands = 0;
    state.positions = playerRemoved(state.positions, e.seat);
  }
}

/** A seat left the hand outside a chips action (dead: absent, penalty, clock; removed): with chips tracked its hand
 * is dead for the pots at once, its chips stay in, never returned (R-CHIPS-DETAILS). Every place that sets FOLDED or
 * DEAD outside a chips action calls this right after, so the actions need no pass over the seats. */
export function leaveChips(hand: HandState, seat: Seat): void {
  if (hand.chips) hand.chips = killHand(hand.chips, seat);
}

/** Seats whose hand left it (FOLDED or DEAD) while their chips seat is live. Only a checkpoint saved by a version
 * before `leaveChips` can hold one (it synced at the next chips call instead): the round's end and the settlement
 * still sync, so such a hand's pots come out right. */
function syncDead(hand: HandState): NonNullable<HandState['chips']> {
  let chips = hand.chips!;
  const flags = hand.flags;
  for (const s of chips.seats) {
    if ((flags[s.seat]! & (FOLDED | DEAD)) !== 0 && !s.folded) chips = killHand(chips, s.seat);
  }
  hand.chips = chips;
  return chips;
}

/** A stack emptied by a post or a bet: the hand's all-in flag (R-ROUND-END reads it). */
function syncAllIn(hand: HandState): void {
  for (const s of hand.chips!.seats) if (s.allIn) hand.flags[s.seat]! |= ALL_IN;
}

function emitAll(ctx: Ctx, events: readonly ChipsEvent[]): void {
  for (const e of events) ctx.emit(e);
}

/** What the retained `state` adds with chips tracked: each seat's stack (and bet in a hand), the pots gathered, and
 * the amounts of the seat on action. */
export function chipsSnapshot(
  state: State,
  onAction: Seat | null,
): {
  stacks: Map<Seat, { stack: number | null; bet: number }>;
  pots: Pot[];
  amounts: { toCall: number; minRaiseTo: number | null; maxRaiseTo: number | null } | null;
} | null {
  if (!state.setup || !chipsTracked(state.setup.profile)) return null;
  const stacks = new Map<Seat, { stack: number | null; bet: number }>();
  for (const s of state.seats) stacks.set(s.seat, { stack: s.stack, bet: 0 });
  const chips = state.hand?.chips;
  if (!chips) return { stacks, pots: [], amounts: null };
  const view = chipsView(chips, onAction);
  for (const s of view.seats) stacks.set(s.seat, { stack: s.stack, bet: s.bet });
  const amounts = view.onAction
    ? { toCall: view.onAction.toCall, minRaiseTo: view.onAction.minRaiseTo, maxRaiseTo: view.onAction.maxRaiseTo }
    : null;
  return { stacks, pots: view.pots, amounts };
}
