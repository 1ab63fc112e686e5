// R-SHOWDOWN-ORDER and cards speak: the controller knows every live hand and names the best.
import { endHand, liveSeats } from './betting.ts';
import type { Ctx } from './context.ts';
import { cardCode, nameOf, score7, scoreCodes } from './evaluator.ts';
import { nextSeat } from './positions.ts';
import type { HandState } from './state.ts';
import type { Seat } from './types.ts';

export function showdown(ctx: Ctx, hand: HandState): void {
  hand.phase = 'showdown';
  hand.onAction = null;
  const live = liveSeats(hand);
  const seats = ctx.state.setup!.seats;
  // The last aggressor of the last betting round shows first; with no bet on the river (or no river betting at all),
  // the first live seat left of the button.
  const aggressor = hand.round && hand.round.street === 'river' ? hand.round.lastAggressor : null;
  const first = aggressor !== null && live.includes(aggressor) ? aggressor : nextSeat(hand.plan.button, live, seats)!;
  const order: Seat[] = [first];
  for (let s = nextSeat(first, live, seats)!; s !== first; s = nextSeat(s, live, seats)!) order.push(s);
  let best = -1;
  let winners: Seat[] = [];
  const board = hand.board.map(cardCode);
  for (const seat of order) {
    // a seat still owed its replacement card (R-EXPOSED-LATE never served) plays the cards it has
    const codes = board.concat(hand.holeCards[seat]!.map(cardCode));
    const score = codes.length === 7 ? score7(codes) : scoreCodes(codes);
    if (score > best) {
      best = score;
      winners = [seat];
    } else if (score === best) winners.push(seat);
  }
  ctx.emit({ type: 'showdown', order, winners: winners.sort((a, b) => a - b), rank: nameOf(best) });
  endHand(ctx, hand, 'showdown');
}
