// Omaha's showdown (R-GAME): the best five cards made of exactly two hole cards and three board cards. A plain
// version, best of the C(h,2) × C(b,3) combinations (60 with four hole cards and a full board); a faster one may
// replace it with the same signature and scores.
import { scoreCodes } from './evaluator.ts';

/** The score (evaluator.ts scale, higher is better) of the best hand of exactly two of `hole` and three of `board`
 * (evaluator card codes, `cardCode`). -1 when there are fewer than two hole or three board cards. */
export function scoreOmaha(hole: readonly number[], board: readonly number[]): number {
  let best = -1;
  const five = [0, 0, 0, 0, 0];
  for (let a = 0; a < hole.length; a++) {
    for (let b = a + 1; b < hole.length; b++) {
      five[0] = hole[a]!;
      five[1] = hole[b]!;
      for (let c = 0; c < board.length; c++) {
        for (let d = c + 1; d < board.length; d++) {
          for (let e = d + 1; e < board.length; e++) {
            five[2] = board[c]!;
            five[3] = board[d]!;
            five[4] = board[e]!;
            const score = scoreCodes(five);
            if (score > best) best = score;
          }
        }
      }
    }
  }
  return best;
}
