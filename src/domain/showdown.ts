// R-SHOWDOWN-ORDER and cards speak: the controller knows every live hand and names the best, scored as the hand's
// game says (games/).
import type { Pot } from './chips/index.ts';
import type { Ctx } from './context.ts';
import { nameOf } from './evaluator.ts';
import { gameOf, type HandJudge } from './games/index.ts';
import { endHand } from './hand-end.ts';
import { liveSeats } from './hand-seats.ts';
import type { HandState, Round } from './state.ts';
import type { Seat } from './types.ts';

/** `lastRound`: the river's betting round, or null when there was none (the board ran out). `pots`: with chips
 * tracked, the pots of the round that has just ended (`endChipsRound`), if any. */
export function showdown(ctx: Ctx, hand: HandState, lastRound: Round | null, pots: readonly Pot[] | null = null): void {
  hand.phase = { kind: 'showdown' };
  // In dealing order, which starts with the first seat left of the button and goes clockwise.
  const live = liveSeats(hand);
  // The last aggressor of the last betting round shows first; with no bet on the river (or no river betting at all),
  // the first live seat left of the button. Then clockwise.
  const aggressor = lastRound && lastRound.street === 'river' ? lastRound.lastAggressor : null;
  const start = aggressor === null ? 0 : Math.max(0, live.indexOf(aggressor));
  const order: Seat[] = start === 0 ? live : rotated(live, start);
  const game = gameOf(hand.game);
  let best = -1;
  let winners: Seat[] = [];
  const scores: number[] = [];
  for (const seat of order) {
    const score = game.score(hand.holeCards[seat]!, hand.board);
    scores.push(score);
    if (score > best) {
      best = score;
      winners = [seat];
    } else if (score === best) winners.push(seat);
  }
  if (winners.length > 1) winners.sort((a, b) => a - b);
  const judged = game.hands;
  const rank = judged?.name ? judged.name(best) : nameOf(best);
  const ranking = hand.chips ? rankingOf(order, scores) : undefined;
  if (judged?.low === undefined) {
    ctx.emit({ type: 'showdown', order, winners, rank });
    endHand(ctx, hand, 'showdown', undefined, ranking, pots);
    return;
  }
  // R-HILO: the low half, judged on its own (a seat may use other cards for it)
  const low = lowHalf(hand, order, judged.low);
  ctx.emit({ type: 'showdown', order, winners, rank, lowWinners: low.winners, lowRank: low.rank });
  endHand(ctx, hand, 'showdown', undefined, ranking, pots, hand.chips ? low.ranking : undefined);
}

/** The best qualifying lows of the seats in `order` (a score of 0 does not qualify): the winners in seat order, the
 * best low's name (null with none) and the qualifying seats best first, ties grouped (for the pots). */
function lowHalf(
  hand: HandState,
  order: readonly Seat[],
  judge: HandJudge,
): { winners: Seat[]; rank: string | null; ranking: Seat[][] } {
  const seats: Seat[] = [];
  const scores: number[] = [];
  for (const seat of order) {
    const score = judge.score(hand.holeCards[seat]!, hand.board);
    if (score <= 0) continue;
    seats.push(seat);
    scores.push(score);
  }
  const ranking = rankingOf(seats, scores);
  const best = ranking[0] ?? [];
  return {
    winners: best.slice().sort((a, b) => a - b),
    rank: best.length > 0 ? judge.name(scores[seats.indexOf(best[0]!)]!) : null,
    ranking,
  };
}

/** `seats` from index `start` on, then those before it (a loop: `slice` and `concat` cost more at every showdown). */
function rotated(seats: readonly Seat[], start: number): Seat[] {
  const out: Seat[] = [];
  for (let i = start; i < seats.length; i++) out.push(seats[i]!);
  for (let i = 0; i < start; i++) out.push(seats[i]!);
  return out;
}

/** The seats best first, equal scores in one group, in showing order within a group (R-POT-AWARD: each pot to the
 * best eligible hand). `scores[i]` is `order[i]`'s. An insertion sort of the indexes (at most ten hands, this runs at
 * every showdown: `Array.prototype.sort` with a comparator cost more than the scoring), then one pass. */
export function rankingOf(order: readonly Seat[], scores: readonly number[]): Seat[][] {
  const byScore: number[] = [];
  for (let i = 0; i < scores.length; i++) {
    let j = i;
    // stable: an index moves only past strictly lower scores
    for (; j > 0 && scores[byScore[j - 1]!]! < scores[i]!; j--) byScore[j] = byScore[j - 1]!;
    byScore[j] = i;
  }
  const groups: Seat[][] = [];
  let last: number | null = null;
  for (const i of byScore) {
    const score = scores[i]!;
    if (score === last) groups[groups.length - 1]!.push(order[i]!);
    else groups.push([order[i]!]);
    last = score;
  }
  return groups;
}
