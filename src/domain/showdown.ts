// R-SHOWDOWN-ORDER and cards speak: the controller knows every live hand and names the best, scored as the hand's
// game says (games/).
import type { Ctx } from './context.ts';
import { nameOf } from './evaluator.ts';
import { gameOf } from './games/index.ts';
import { endHand } from './hand-end.ts';
import { liveSeats } from './hand-seats.ts';
import type { HandState, Round } from './state.ts';
import type { Seat } from './types.ts';

/** `lastRound`: the river's betting round, or null when there was none (the board ran out). */
export function showdown(ctx: Ctx, hand: HandState, lastRound: Round | null): void {
  hand.phase = { kind: 'showdown' };
  // In dealing order, which starts with the first seat left of the button and goes clockwise.
  const live = liveSeats(hand);
  // The last aggressor of the last betting round shows first; with no bet on the river (or no river betting at all),
  // the first live seat left of the button. Then clockwise.
  const aggressor = lastRound && lastRound.street === 'river' ? lastRound.lastAggressor : null;
  const start = aggressor === null ? 0 : Math.max(0, live.indexOf(aggressor));
  const order: Seat[] = start === 0 ? live : live.slice(start).concat(live.slice(0, start));
  const game = gameOf(hand.game);
  let best = -1;
  let winners: Seat[] = [];
  const scores: [Seat, number][] = [];
  for (const seat of order) {
    const score = game.score(hand.holeCards[seat]!, hand.board);
    scores.push([seat, score]);
    if (score > best) {
      best = score;
      winners = [seat];
    } else if (score === best) winners.push(seat);
  }
  ctx.emit({ type: 'showdown', order, winners: winners.sort((a, b) => a - b), rank: nameOf(best) });
  endHand(ctx, hand, 'showdown', undefined, hand.chips ? rankingOf(scores) : undefined);
}

/** The seats best first, equal scores in one group (R-POT-AWARD: each pot to the best eligible hand). A sort and one
 * pass: this runs at every showdown. */
function rankingOf(scores: [Seat, number][]): Seat[][] {
  const groups: Seat[][] = [];
  let last: number | null = null;
  // a stable sort: equal scores keep the showing order
  for (const [seat, score] of scores.sort((a, b) => b[1] - a[1])) {
    if (score === last) groups[groups.length - 1]!.push(seat);
    else groups.push([seat]);
    last = score;
  }
  return groups;
}
