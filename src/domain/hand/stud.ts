// The stud games' own steps (R-STUD-DEAL, R-STUD-BRING-IN, R-STUD-ORDER, R-STUD-MISDEAL, R-ODD-CHIP), read from the
// game descriptor's fields (games/): who is dealt in without a button, who brings in, who acts first from the up
// cards, and the deal's irregularities. The flow of the hand stays flow.ts's.
import { cardIndex } from '../cards.ts';
import type { Ctx } from '../context.ts';
import type { Game } from '../games/index.ts';
import { misdeal } from './end.ts';
import { isSubstantial } from './seats.ts';
import type { HandPlan } from '../positions/positions.ts';
import type { BettingPhase, HandState } from '../state.ts';
import type { Card, Seat } from '../types.ts';

/** R-STUD-DEAL: no button, no blinds: every seat with a player is dealt in, from seat 1 clockwise. */
export function buttonlessPlan(players: ReadonlyMap<Seat, string>): HandPlan {
  const dealtIn = [...players.keys()].sort((a, b) => a - b);
  return { button: 0, smallBlind: null, bigBlind: 0, dealtIn, waiting: [], headsUp: dealtIn.length === 2 };
}

type Showing = Extract<Game['order'], { kind: 'showing' }>;

/** The seat among `seats` with the highest `value`, the first in dealing order on a tie; null when none. */
function best(seats: readonly Seat[], value: (seat: Seat) => number): Seat | null {
  let top: Seat | null = null;
  let topValue = -Infinity;
  for (const seat of seats) {
    const v = value(seat);
    if (v > topValue) {
      top = seat;
      topValue = v;
    }
  }
  return top;
}

/** R-STUD-BRING-IN: the seat whose first up card must bring in, among the seats that can bet. */
export function bringInSeat(hand: HandState, order: Showing, bettors: readonly Seat[]): Seat | null {
  return best(bettors, (seat) => {
    const up = hand.upCards[seat]![0];
    return up === undefined ? -Infinity : order.bringIn(up);
  });
}

/** R-STUD-ORDER: the seat with the best hand showing, among `seats` (dealing order breaks ties). */
export function bestShowing(hand: HandState, order: Showing, seats: readonly Seat[]): Seat | null {
  return best(seats, (seat) => order.showing(hand.upCards[seat]!));
}

/** R-STUD-DEAL: a card read before a betting round is over. The first is taken back as the next street's burn; any
 * more go back into the stub. */
export function prematureStudCard(ctx: Ctx, hand: HandState, betting: BettingPhase, card: Card, position: number) {
  const street = betting.round.street;
  const asBurn = !hand.burnServed;
  if (asBurn) hand.burnServed = true;
  else hand.out[cardIndex(card)] = 0;
  ctx.emit({ type: 'card.dealt', card, to: 'burn', street, position, premature: true });
  ctx.emit({
    type: 'irregularity',
    kind: 'premature-card',
    card,
    remedy: asBurn
      ? 'A card was dealt before the betting round is over: take it back face down; it is the burn card of the next street.'
      : 'Another card was dealt before the betting round is over: put it back into the stub.',
  });
}

/** Panel `exposed` in a stud game (R-STUD-MISDEAL): a down card exposed on the first street is a misdeal unless the
 * action is substantial; otherwise, and an up card's never, the card stays with its player. A down card of a later
 * street (stud's seventh) plays as an up card from then on: it counts in the hand showing (R-STUD-ORDER). */
export function exposedStud(ctx: Ctx, hand: HandState, game: Game, card: Card, seat: Seat): void {
  const up = hand.upCards[seat]!;
  if (up.includes(card)) return ctx.reject('exposed', 'not-a-hole-card', seat);
  hand.exposed.add(card);
  if (hand.street === game.firstStreet && !isSubstantial(ctx, hand))
    return misdeal(ctx, hand, 'stud-down-card-exposed');
  // a seat's cards lie in the order dealt: the first street's passes, then one a later street
  const laterStreet = hand.holeCards[seat]!.indexOf(card) >= game.firstPasses.length;
  if (laterStreet) up.push(card);
  ctx.emit({
    type: 'irregularity',
    kind: 'exposed-card',
    card,
    seat,
    remedy: laterStreet
      ? `The exposed card stays with seat ${seat}, face up: it plays as an up card.`
      : `The exposed card stays with seat ${seat}, face up.`,
  });
}
