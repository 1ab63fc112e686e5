// Omaha hand evaluator (R-GAME): the best five cards made of exactly two hole cards and exactly three board cards,
// on the same score scale as `score7` (higher wins, equal splits, `nameOf` names it).
//
// Every 2-of-hole × 3-of-board combination (60 for 4 + 5) is one 5-card lookup in the tables `score5` uses. The
// rank-key sums of the board's triples are added once per call, those of a hole pair once per pair, so a
// combination costs one add, three loads and a compare. A flush needs a suited hole pair and a board triple of the
// same suit: five cards of one suit have five ranks, so the flush table's score is then that combination's best.
import { TableError } from './errors.ts';
import { tables } from './evaluator.ts';

const { rankKey: RK, rankBit: BIT, flush: FLUSH, offsets5: OFF, noFlush5: NO_FLUSH, slotMask5: SLOT_MASK } = tables;

// Per board triple (at most C(5,3) = 10): rank-key sum, rank bits, and its suit when the three share one, else -2
// (a hole pair without a suit is -1, so the two never match). One set serves every call: the function is
// synchronous and reads nothing else from them, so nothing is allocated per call.
const TRIPLE_SUM = new Int32Array(10);
const TRIPLE_BITS = new Int32Array(10);
const TRIPLE_SUIT = new Int8Array(10);

/**
 * The score of the best Omaha hand: exactly two of `hole` (2 to 4 card codes, as `cardCode` makes them) and exactly
 * three of `board` (3 to 5). No other checks: the caller guarantees valid, distinct codes (as for `score7`).
 */
export function scoreOmaha(hole: readonly number[], board: readonly number[]): number {
  const holes = hole.length;
  const boards = board.length;
  if (holes < 2 || holes > 4 || boards < 3 || boards > 5) {
    throw new TableError(
      'INPUT_INVALID',
      `an Omaha hand has 2 to 4 hole cards and 3 to 5 board cards, got ${holes} and ${boards}`,
    );
  }
  let triples = 0;
  for (let i = 0; i < boards - 2; i++) {
    const x = board[i]!;
    for (let j = i + 1; j < boards - 1; j++) {
      const y = board[j]!;
      for (let k = j + 1; k < boards; k++) {
        const z = board[k]!;
        TRIPLE_SUM[triples] = RK[x]! + RK[y]! + RK[z]!;
        TRIPLE_BITS[triples] = BIT[x]! | BIT[y]! | BIT[z]!;
        TRIPLE_SUIT[triples] = ((x ^ y) & 3) === 0 && ((x ^ z) & 3) === 0 ? x & 3 : -2;
        triples++;
      }
    }
  }
  let best = 0;
  for (let i = 0; i < holes - 1; i++) {
    const x = hole[i]!;
    for (let j = i + 1; j < holes; j++) {
      const y = hole[j]!;
      const pair = RK[x]! + RK[y]!;
      const suit = ((x ^ y) & 3) === 0 ? x & 3 : -1;
      for (let t = 0; t < triples; t++) {
        let score: number;
        if (TRIPLE_SUIT[t] === suit) {
          score = FLUSH[BIT[x]! | BIT[y]! | TRIPLE_BITS[t]!]!;
        } else {
          const sum = pair + TRIPLE_SUM[t]!;
          score = NO_FLUSH[(OFF[sum >>> 9]! + (sum & 511)) & SLOT_MASK]!;
        }
        if (score > best) best = score;
      }
    }
  }
  return best;
}
