// Cards speak (R-SHOWDOWN-ORDER, R-HILO): the live hands judged as the game's descriptor says (games/): the best
// `score` wins (named by `hands.name`, else the high hand's `nameOf`), and with `hands.low` the best qualifying low
// is judged on its own beside it. Pure: the showdown (showdown.ts) emits and settles what this returns.
import { nameOf } from '../evaluator/high.ts';
import type { Game, HandJudge } from '../games/index.ts';
import type { Card, Seat } from '../types.ts';

export interface Judged {
  /** The best hands, in seat order, and the name of their score. */
  winners: Seat[];
  rank: string;
  /** With `ranked`: the seats best first, ties grouped (for the pots). */
  ranking?: Seat[][];
  /** A hi-lo game: the best qualifying lows (none: empty, `rank` null), and with `ranked` the qualifying seats best
   * first, ties grouped. */
  low?: { winners: Seat[]; rank: string | null; ranking?: Seat[][] };
}

/** Judges the hands of `order` (showing order; `holeCards[seat]` each) on `board`. `ranked`: also rank every seat
 * (chips tracked: the pots need it; without chips the showdown names the winners only). */
export function judge(
  game: Game,
  order: readonly Seat[],
  holeCards: readonly (readonly Card[])[],
  board: readonly Card[],
  ranked: boolean,
): Judged {
  let best = -1;
  let winners: Seat[] = [];
  const scores: number[] = [];
  for (const seat of order) {
    const score = game.score(holeCards[seat]!, board);
    scores.push(score);
    if (score > best) {
      best = score;
      winners = [seat];
    } else if (score === best) winners.push(seat);
  }
  if (winners.length > 1) winners.sort((a, b) => a - b);
  const hands = game.hands;
  const judged: Judged = { winners, rank: hands?.name ? hands.name(best) : nameOf(best) };
  if (ranked) judged.ranking = rankingOf(order, scores);
  if (hands?.low !== undefined) judged.low = lowHalf(order, holeCards, board, hands.low, ranked);
  return judged;
}

/** The best qualifying lows of the seats in `order` (a score of 0 does not qualify). */
function lowHalf(
  order: readonly Seat[],
  holeCards: readonly (readonly Card[])[],
  board: readonly Card[],
  low: HandJudge,
  ranked: boolean,
): NonNullable<Judged['low']> {
  const seats: Seat[] = [];
  const scores: number[] = [];
  for (const seat of order) {
    const score = low.score(holeCards[seat]!, board);
    if (score <= 0) continue;
    seats.push(seat);
    scores.push(score);
  }
  const ranking = rankingOf(seats, scores);
  const best = ranking[0] ?? [];
  return {
    winners: best.slice().sort((a, b) => a - b),
    rank: best.length > 0 ? low.name(scores[seats.indexOf(best[0]!)]!) : null,
    ...(ranked ? { ranking } : {}),
  };
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
