// R-SHOWDOWN-ORDER and cards speak: the controller knows every live hand and names the best.
import { endHand, liveSeats } from './betting.ts';
import type { Ctx } from './context.ts';
import { cardCode, nameOf, score7, scoreCodes } from './evaluator.ts';
import type { HandState } from './state.ts';
import type { Seat } from './types.ts';

/** The seven cards being scored (board, then the seat's two): one buffer, a showdown runs once per hand. */
const SEVEN = new Int32Array(7);

export function showdown(ctx: Ctx, hand: HandState): void {
  hand.phase = 'showdown';
  hand.onAction = null;
  // In dealing order, which starts with the first seat left of the button and goes clockwise.
  const live = liveSeats(hand);
  // The last aggressor of the last betting round shows first; with no bet on the river (or no river betting at all),
  // the first live seat left of the button. Then clockwise.
  const aggressor = hand.round && hand.round.street === 'river' ? hand.round.lastAggressor : null;
  const start = aggressor === null ? 0 : Math.max(0, live.indexOf(aggressor));
  const order: Seat[] = start === 0 ? live : live.slice(start).concat(live.slice(0, start));
  let best = -1;
  let winners: Seat[] = [];
  const board = hand.board;
  for (let i = 0; i < board.length && i < 5; i++) SEVEN[i] = cardCode(board[i]!);
  for (const seat of order) {
    const hole = hand.holeCards[seat]!;
    let score: number;
    if (board.length === 5 && hole.length === 2) {
      SEVEN[5] = cardCode(hole[0]!);
      SEVEN[6] = cardCode(hole[1]!);
      score = score7(SEVEN);
    } else {
      // a seat still owed its replacement card (R-EXPOSED-LATE never served) plays the cards it has
      score = scoreCodes(board.concat(hole).map(cardCode));
    }
    if (score > best) {
      best = score;
      winners = [seat];
    } else if (score === best) winners.push(seat);
  }
  ctx.emit({ type: 'showdown', order, winners: winners.sort((a, b) => a - b), rank: nameOf(best) });
  endHand(ctx, hand, 'showdown');
}
