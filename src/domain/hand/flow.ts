// What comes next in a hand: after an action, a round, a street's last card or a seat leaving the hand, this module
// alone decides between the next seat on action, the next street, the run-out, the showdown and the end of the hand
// (R-ROUND-END), and sets the hand's phase accordingly. The modules it calls (betting, streets, showdown, hand-end)
// never call back up.
import { openRound, nextToAct, putOnAction, raiseCapped, recordAction } from './betting.ts';
import { clearClocks } from '../clocks/state.ts';
import type { Ctx } from '../context.ts';
import { chipsBringIn, chipsTurn, endChipsRound, leaveChips, type ChipsTurn } from './chips.ts';
import { gameOf } from '../games/index.ts';
import { endHand } from './end.ts';
import { isLive, liveSeats, twoWithout } from './seats.ts';
import { bettingOf } from './phase.ts';
import { showdown } from './showdown.ts';
import { ALL_IN, DEAD, FOLDED, type BettingPhase, type HandState } from '../state.ts';
import { nextStreetOwed } from './streets.ts';
import type { ActionKind, Seat, Street } from '../types.ts';

/** A betting round on `street`, or straight on to what follows when nobody is left to bet in it. */
export function startRound(ctx: Ctx, hand: HandState, street: Street): void {
  if (!openRound(ctx, hand, street)) roundOver(ctx, hand, null);
}

/** An action of the seat on action (panel or clock), then what follows it. With chips tracked the amount is judged
 * first (`to`: a bet or raise's total); a refusal (`request.rejected` reason) changes nothing. */
export function act(
  ctx: Ctx,
  hand: HandState,
  action: ActionKind,
  by: 'panel' | 'clock',
  raises = true,
  to?: number,
): string | null {
  const betting = bettingOf(hand)!;
  const bringIn = betting.round.bringIn === betting.onAction;
  if (bringIn) {
    // R-STUD-BRING-IN: the bring-in may not fold (a clock's fold or check posts it), and its check is the bring-in
    if (action === 'fold' && by === 'panel') return 'forced-bet';
    if (action === 'fold' || action === 'check') action = 'call';
  }
  if (!hand.chips && (action === 'raise' || action === 'allin') && raiseCapped(ctx.state, hand, betting.round)) {
    if (action === 'raise') return 'capped'; // R-BET-LIMIT: the cap counts without chips tracked too
    raises = false; // an all-in once capped is a call
  }
  if (hand.chips) {
    const asked = action === 'raise' ? { kind: action, to } : { kind: action };
    let turn =
      bringIn && action === 'call'
        ? chipsBringIn(hand, betting.onAction, by)
        : chipsTurn(hand, betting.onAction, asked, by);
    if (typeof turn === 'string' && by === 'panel') return turn;
    // a clock's expiry always ends the turn (a timer must not fire again): a fold when the check is refused
    if (typeof turn === 'string') turn = chipsTurn(hand, betting.onAction, { kind: 'fold' }, by);
    if (typeof turn !== 'string') return chipsActed(ctx, hand, turn, by);
  }
  afterTurn(ctx, hand, recordAction(ctx, hand, betting, action, by, raises));
  return null;
}

/** A turn judged with amounts (a panel action, a clock's, or a chip reader's motion), then what follows it. */
export function chipsActed(ctx: Ctx, hand: HandState, turn: ChipsTurn, by: 'panel' | 'chips' | 'clock'): null {
  afterTurn(ctx, hand, recordAction(ctx, hand, bettingOf(hand)!, turn.action, by, turn.raises, turn.events));
  return null;
}

/** A seat left the action (acted, dead, removed): end the hand, move the action on, or close the round. */
export function afterTurn(ctx: Ctx, hand: HandState, seat: Seat): void {
  if (endIfOneLeft(ctx, hand)) return;
  const betting = bettingOf(hand);
  if (betting === null || betting.onAction !== seat) return;
  const next = nextToAct(hand, betting.round, seat);
  if (next === null) roundOver(ctx, hand, betting);
  else putOnAction(ctx, hand, betting, next);
}

export function endIfOneLeft(ctx: Ctx, hand: HandState): boolean {
  if (twoWithout(hand, FOLDED | DEAD)) return false;
  endHand(ctx, hand, 'fold', liveSeats(hand));
  return true;
}

/** The betting round of `hand.street` is over (`betting`: null when it never opened): showdown after the last
 * street, else the next street's cards (running the board out when no more than one seat can bet). */
function roundOver(ctx: Ctx, hand: HandState, betting: BettingPhase | null): void {
  const pots = endChipsRound(ctx, hand, hand.street, betting !== null); // R-POT-SIDE: uncalled back, `pots`
  const next = gameOf(hand.game).next[hand.street] ?? null;
  if (next === null) return showdown(ctx, hand, betting?.round ?? null, pots);
  if (!hand.runOut && !twoWithout(hand, FOLDED | DEAD | ALL_IN)) exposeAll(ctx, hand);
  hand.phase = nextStreetOwed(ctx, hand, next, betting?.premature ?? null);
}

/** R-ROUND-END: no more than one seat can bet: every hand is exposed, the board runs out. */
function exposeAll(ctx: Ctx, hand: HandState): void {
  hand.runOut = true;
  ctx.emit({ type: 'hands.exposed', seats: liveSeats(hand) });
}

/** All of a street's cards are out: bet, or keep running the board out. */
export function streetDealt(ctx: Ctx, hand: HandState): void {
  if (!hand.runOut && twoWithout(hand, FOLDED | DEAD | ALL_IN)) return startRound(ctx, hand, hand.street);
  if (!hand.runOut) exposeAll(ctx, hand);
  const next = gameOf(hand.game).next[hand.street] ?? null;
  if (next === null) return showdown(ctx, hand, null);
  hand.phase = nextStreetOwed(ctx, hand, next, null);
}

/** R-REMOVED-IN-HAND: a removed seat's hand is folded at once, with no event of its own (`player.removed` says it);
 * its clocks are cancelled, never passed on (R-CLOCK-CALL), and the action moves on. During the deal the seat still
 * receives its cards. */
export function dropFromHand(ctx: Ctx, seat: Seat): void {
  const hand = ctx.state.hand;
  if (!hand || !hand.plan.dealtIn.includes(seat) || !isLive(hand, seat)) return;
  hand.flags[seat]! |= FOLDED;
  leaveChips(hand, seat);
  if (hand.phase.kind === 'dealing') return;
  const betting = bettingOf(hand);
  if (betting !== null && betting.onAction === seat) {
    clearClocks(betting);
    afterTurn(ctx, hand, seat);
  } else endIfOneLeft(ctx, hand);
}
