// One betting round from the dealer panel (R-ACT-ORDER, R-HEADS-UP, R-ROUND-END, R-SUBSTANTIAL-ACTION's counters):
// who acts first, who acts next, what an action changes. What follows a round, or a hand with one seat left, is
// flow.ts's to decide: nothing here ends a round or a hand.
import { clearClocks, startActionClock } from '../clocks/state.ts';
import type { Ctx } from '../context.ts';
import { capReached, capRules, gameOf, structureOf } from '../games/index.ts';
import { isCapped } from '../chips/limit.ts';
import { actionAmounts } from './chips.ts';
import { bettingSeats, canBet, facingBet, liveSeats } from './seats.ts';
import { firstToAct } from '../positions/positions.ts';
import { ALL_IN, FOLDED, zeros, type BettingPhase, type HandState, type Round, type State } from '../state.ts';
import { showFlop } from './streets.ts';
import { bestShowing, bringInSeat } from './stud.ts';
import type { ActionKind, EventBody, Seat, Street } from '../types.ts';

/** A betting round on a street whose cards are all out: the hand enters its betting phase with the first seat on
 * action. Null (and the phase unchanged) when the round is over before it starts: nobody can bet, or one seat alone
 * and not facing a bet. */
export function openRound(ctx: Ctx, hand: HandState, street: Street): BettingPhase | null {
  hand.street = street;
  const matched = zeros(hand.flags.length);
  const round: Round = { street, level: 0, matched, acted: 0, lastAggressor: null, actions: 0, liveAtCap: 0 };
  const game = gameOf(hand.game);
  if (street === game.firstStreet && game.forcedBets === 'blinds') {
    round.level = 1; // the big blind is a bet everyone else faces; posted blinds are not actions
    round.matched[hand.plan.bigBlind] = 1;
  }
  const bettors = bettingSeats(hand);
  if (bettors.length === 0 || (bettors.length === 1 && !facingBet(round, bettors[0]!))) return null;
  const order = game.order;
  let first: Seat | null;
  if (order.kind === 'button') first = firstToAct(hand.plan, street, bettors);
  else if (street !== game.firstStreet)
    first = bestShowing(hand, order, bettors); // R-STUD-ORDER
  else {
    // R-STUD-BRING-IN: the bring-in acts first and may not fold
    first = bringInSeat(hand, order, bettors);
    if (first !== null) {
      round.bringIn = first;
      ctx.emit({ type: 'bring.in', seat: first, card: hand.upCards[first]![0]! });
    }
  }
  if (first === null) return null;
  const phase: BettingPhase = {
    kind: 'betting',
    round,
    onAction: first,
    shotDeadline: null,
    clock: null,
    premature: null,
  };
  hand.phase = phase;
  putOnAction(ctx, hand, phase, first);
  return phase;
}

export function putOnAction(ctx: Ctx, hand: HandState, betting: BettingPhase, seat: Seat): void {
  betting.onAction = seat;
  startActionClock(ctx, betting);
  const amounts = actionAmounts(hand, seat); // chips tracked: toCall, minRaiseTo (R-BET-ROUND)
  const { street } = hand;
  const deadline = betting.shotDeadline;
  // literals, not a spread of `amounts`: this event is emitted at every turn (docs/bench.md); `maxRaiseTo` where the
  // betting structure has a maximum (pot-limit, limit)
  if (!amounts) ctx.emit({ type: 'action.on', seat, street, deadline });
  else if (!structureOf(hand.betting).showsMaxRaise) {
    ctx.emit({ type: 'action.on', seat, street, deadline, toCall: amounts.toCall, minRaiseTo: amounts.minRaiseTo });
  } else {
    const { toCall, minRaiseTo, maxRaiseTo } = amounts;
    ctx.emit({ type: 'action.on', seat, street, deadline, toCall, minRaiseTo, maxRaiseTo });
  }
}

/** The next seat clockwise after `after` (a dealt-in seat; itself last) that can bet and has not acted since the last
 * raise or faces a bet. `dealtIn` is in clockwise order (positions-plan.ts), so the scan starts after `after` and
 * stops at the first such seat: this runs at every turn. */
export function nextToAct(hand: HandState, round: Round, after: Seat): Seat | null {
  const dealtIn = hand.plan.dealtIn;
  const n = dealtIn.length;
  const from = dealtIn.indexOf(after);
  for (let k = 1; k <= n; k++) {
    const s = dealtIn[(from + k) % n]!;
    if (canBet(hand, s) && ((round.acted & (1 << s)) === 0 || round.matched[s]! < round.level)) return s;
  }
  return null;
}

/** An action of the seat on action, from the panel or from a clock's expiry: the round's bookkeeping. Returns the
 * seat that acted. `events`: with chips tracked, the events that stand for the `action` (hand-chips.ts). */
export function recordAction(
  ctx: Ctx,
  hand: HandState,
  betting: BettingPhase,
  action: ActionKind,
  by: 'panel' | 'chips' | 'clock',
  raises: boolean,
  events?: readonly EventBody[],
): Seat {
  const round = betting.round;
  const seat = betting.onAction;
  const facing = facingBet(round, seat);
  if (hand.flopHeld) showFlop(ctx, hand); // the flop's first action: it stands, a fourth card would be premature
  if (events) for (const e of events) ctx.emit(e);
  else ctx.emit({ type: 'action', seat, action, by });
  clearClocks(betting);
  round.actions += 1;
  hand.anyActions += 1;
  if ((action === 'call' && facing) || action === 'raise' || action === 'allin') hand.chipActions += 1;
  if (round.bringIn === seat) {
    round.bringIn = null;
    if (action === 'call' || action === 'check') {
      // R-STUD-BRING-IN: the bring-in is what the others face; it is no bet for the cap and opens no option
      round.level = 1;
      round.broughtIn = true;
      round.matched[seat] = 1;
      round.acted |= 1 << seat;
      return seat;
    }
  }
  switch (action) {
    case 'fold':
      hand.flags[seat]! |= FOLDED;
      break;
    case 'check':
    case 'call':
      round.matched[seat] = round.level;
      break;
    case 'raise':
    case 'allin':
      if (action === 'allin') hand.flags[seat]! |= ALL_IN;
      if (action === 'raise' || raises) {
        round.level += 1;
        if (round.liveAtCap === 0 && structureOf(hand.betting).capped && bets(round) >= 1 + maxRaises(ctx)) {
          round.liveAtCap = liveSeats(hand).length; // R-BET-LIMIT `uncappedHeadsUp: hand`
        }
        round.acted = 0;
        round.lastAggressor = seat;
      }
      round.matched[seat] = round.level;
      break;
  }
  round.acted |= 1 << seat;
  return seat;
}

/** R-BET-LIMIT without chips tracked: the round's bets (the pre-flop big blind is its bet) have reached the cap and
 * heads-up does not lift it, so a `raise` is refused (`capped`) and an all-in does not raise. */
export function raiseCapped(state: State, hand: HandState, round: Round): boolean {
  if (!structureOf(hand.betting).capped) return false;
  return capReached(capRules(state.setup!.profile), bets(round), hand.plan.dealtIn.length, round.liveAtCap);
}

/** R-BET-LIMIT, for the public state (a board says "capped"): the round under way takes no more raise, by the chips'
 * count with chips tracked (which also counts an all-in's raise), else by the panel's. */
export function roundCapped(state: State, hand: HandState, round: Round): boolean {
  return hand.chips ? isCapped(hand.chips) : raiseCapped(state, hand, round);
}

/** The round's bet and raises for the cap: its level, less a bring-in (R-BET-LIMIT: the completion is the bet). */
function bets(round: Round): number {
  return round.broughtIn === true ? round.level - 1 : round.level;
}

function maxRaises(ctx: Ctx): number {
  return capRules(ctx.state.setup!.profile).maxRaises;
}
