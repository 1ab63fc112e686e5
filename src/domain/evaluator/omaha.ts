// Omaha hand evaluator (R-GAME): the best five cards made of exactly two hole cards and exactly three board cards,
// on the same score scale as `score7` (higher wins, equal splits, `nameOf` names it).
//
// Every 2-of-hole × 3-of-board combination (60 for 4 + 5) is one 5-card lookup in the tables `score5` uses. The
// rank-key sums of the board's triples are added once per call, that of a hole pair once per pair, so a combination
// costs one add, three loads and a compare, with no suit test. Flushes come in a second pass, only for a suited hole
// pair when the board has a suited triple of that suit (five cards of one suit have five ranks: there the flush
// table's score beats the one the first pass took, so a max over both passes is the answer). Splitting the passes
// made it about 1.7 times faster than one loop testing suits; a direct 5-card table (1.4 MB) was no faster.
import { TableError } from '../errors.ts';
import { tables } from './high.ts';

const { rankKey: RK, rankBit: BIT, flush: FLUSH, offsets5: OFF, noFlush5: NO_FLUSH, slotMask5: SLOT_MASK } = tables;

// Per board triple (at most C(5,3) = 10): its rank-key sum; for a triple of one suit its suit and rank bits. One set
// serves every call (the function is synchronous and reads only what it wrote), so nothing is allocated per call.
const TRIPLE_SUM = new Int32Array(10);
const TRIPLE_SUIT = new Int8Array(10);
const TRIPLE_BITS = new Int32Array(10);

/** The counts of an Omaha hand (2 to 4 hole cards, 3 to 5 board cards); TableError INPUT_INVALID otherwise. */
export function omahaCounts(hole: readonly number[], board: readonly number[]): { holes: number; boards: number } {
  const holes = hole.length;
  const boards = board.length;
  if (holes < 2 || holes > 4 || boards < 3 || boards > 5) {
    throw new TableError(
      'INPUT_INVALID',
      `an Omaha hand has 2 to 4 hole cards and 3 to 5 board cards, got ${holes} and ${boards}`,
    );
  }
  return { holes, boards };
}

/**
 * The score of the best Omaha hand: exactly two of `hole` (2 to 4 card codes, as `cardCode` makes them) and exactly
 * three of `board` (3 to 5). No other checks: the caller guarantees valid, distinct codes (as for `score7`).
 */
export function scoreOmaha(hole: readonly number[], board: readonly number[]): number {
  const { holes, boards } = omahaCounts(hole, board);
  let triples = 0;
  // Bit s set: some triple is all of suit s.
  let suitedTriples = 0;
  for (let i = 0; i < boards - 2; i++) {
    const x = board[i]!;
    for (let j = i + 1; j < boards - 1; j++) {
      const y = board[j]!;
      for (let k = j + 1; k < boards; k++) {
        const z = board[k]!;
        TRIPLE_SUM[triples] = RK[x]! + RK[y]! + RK[z]!;
        if (((x ^ y) & 3) === 0 && ((x ^ z) & 3) === 0) {
          TRIPLE_SUIT[triples] = x & 3;
          TRIPLE_BITS[triples] = BIT[x]! | BIT[y]! | BIT[z]!;
          suitedTriples |= 1 << (x & 3);
        } else {
          TRIPLE_SUIT[triples] = -1;
        }
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
      for (let t = 0; t < triples; t++) {
        const sum = pair + TRIPLE_SUM[t]!;
        const score = NO_FLUSH[(OFF[sum >>> 9]! + (sum & 511)) & SLOT_MASK]!;
        if (score > best) best = score;
      }
      const suit = x & 3;
      if (((x ^ y) & 3) === 0 && ((suitedTriples >> suit) & 1) !== 0) {
        const bits = BIT[x]! | BIT[y]!;
        for (let t = 0; t < triples; t++) {
          if (TRIPLE_SUIT[t] !== suit) continue;
          const score = FLUSH[bits | TRIPLE_BITS[t]!]!;
          if (score > best) best = score;
        }
      }
    }
  }
  return best;
}
