// The scoring side of exact equity (equity.ts): each game's kernel scores every live hand on one board, many times.
// A 9-way hold'em pre-flop spot runs 278,256 boards × 9 hands, a 6-way Omaha one 98,280 × 6 × 60 two-plus-three
// combinations, so a kernel reads the evaluator's own tables (evaluator-tables.ts) with the board's share of each
// key sum added once per board and each hand's share once per spot, not once per card per hand.
import { scoreOmaha } from '../evaluator/omaha.ts';
import { scoreCodes, tables } from '../evaluator/high.ts';

const {
  rankKey: RK,
  suitKey: SK,
  rankBit: BIT,
  flushSuit: FLUSH_SUIT,
  flush: FLUSH,
  offsets: OFF7,
  noFlush: NO_FLUSH7,
  slotMask: MASK7,
  offsets5: OFF5,
  noFlush5: NO_FLUSH5,
  slotMask5: MASK5,
} = tables;

/** Scores every hand of a spot on a board. Made once per spot by the game (`Game.equityKernel`). */
export interface EquityKernel {
  /** How many ways the pot is split by score (1: the best hand takes it; a high-low game would say 2). */
  readonly parts: number;
  /** Fills `out[part * hands + i]` with hand i's score on `board[0 … len)` (3 to 5 card codes): higher wins, equal
   * splits, -1 when the hand does not qualify for that part (a part nobody qualifies for goes to part 0). */
  score(board: Int32Array, len: number, out: Int32Array): void;
}

/** Hold'em: the best five of the two hole cards and the board. A full board is one 7-card lookup per hand with the
 * board's rank-key and suit-key sums and its rank mask per suit taken once. */
export function holdemKernel(holes: readonly (readonly number[])[]): EquityKernel {
  const n = holes.length;
  const first = Int32Array.from(holes, (h) => h[0]!);
  const second = Int32Array.from(holes, (h) => h[1]!);
  const rankSum = Int32Array.from(holes, (h) => RK[h[0]!]! + RK[h[1]!]!);
  const suitSum = Int32Array.from(holes, (h) => SK[h[0]!]! + SK[h[1]!]!);
  const suitBits = new Int32Array(4);
  return {
    parts: 1,
    score(board, len, out) {
      if (len !== 5) {
        for (let i = 0; i < n; i++) out[i] = scoreCodes([...board.subarray(0, len), first[i]!, second[i]!]);
        return;
      }
      let rank = 0;
      let suit = 0;
      suitBits[0] = suitBits[1] = suitBits[2] = suitBits[3] = 0;
      for (let j = 0; j < 5; j++) {
        const c = board[j]!;
        rank += RK[c]!;
        suit += SK[c]!;
        suitBits[c & 3]! |= BIT[c]!;
      }
      for (let i = 0; i < n; i++) {
        const flushSuit = FLUSH_SUIT[suit + suitSum[i]!]!;
        if (flushSuit >= 0) {
          const a = first[i]!;
          const b = second[i]!;
          let mask = suitBits[flushSuit]!;
          if ((a & 3) === flushSuit) mask |= BIT[a]!;
          if ((b & 3) === flushSuit) mask |= BIT[b]!;
          out[i] = FLUSH[mask]!;
        } else {
          const sum = rank + rankSum[i]!;
          out[i] = NO_FLUSH7[(OFF7[sum >>> 9]! + (sum & 511)) & MASK7]!;
        }
      }
    },
  };
}

/** Omaha: exactly two hole cards and exactly three board cards. A full board's ten triples are looked up in a table
 * per hand of the best score with each triple (the best of its six hole pairs, filled the first time a triple is met):
 * a 6-way pre-flop spot meets each of the stub's 3,276 triples many times over 98,280 boards, so a board costs ten
 * reads per hand instead of sixty 5-card lookups. A triple's index is its three cards' slots (their places among the
 * cards no hand holds, in code order), sorted, in base `slots`: 28³ entries a hand 6-way. */
export function omahaKernel(holes: readonly (readonly number[])[]): EquityKernel {
  const n = holes.length;
  const pairs = holes.map(pairsOf);
  const held = new Set(holes.flat());
  const slotOf = new Int32Array(52).fill(-1);
  const codeOf: number[] = [];
  for (let code = 0; code < 52; code++) {
    if (held.has(code)) continue;
    slotOf[code] = codeOf.length;
    codeOf.push(code);
  }
  const m = codeOf.length;
  const triples = m * m * m;
  let best: Int32Array | null = null;
  // A flop or a turn spot has at most 1,081 boards: the table would cost more to fill than it saves
  let direct = DIRECT_BOARDS;
  const plain = [0, 0, 0, 0, 0];
  const sorted = new Int32Array(5);
  const index = new Int32Array(10);
  return {
    parts: 1,
    score(board, len, out) {
      if (len !== 5 || direct-- > 0) {
        const b = len === 5 ? plain : Array.from(board.subarray(0, len));
        for (let i = 0; i < len; i++) b[i] = board[i]!;
        for (let i = 0; i < n; i++) out[i] = scoreOmaha(holes[i]!, b);
        return;
      }
      best ??= new Int32Array(n * triples);
      sortFive(board, slotOf, sorted);
      let t = 0;
      for (let i = 0; i < 3; i++)
        for (let j = i + 1; j < 4; j++)
          for (let k = j + 1; k < 5; k++) index[t++] = (sorted[i]! * m + sorted[j]!) * m + sorted[k]!;
      for (let h = 0; h < n; h++) {
        const at = h * triples;
        let top = 0;
        for (let r = 0; r < 10; r++) {
          const slot = at + index[r]!;
          let score = best[slot]!;
          if (score === 0) score = best[slot] = bestWithTriple(pairs[h]!, index[r]!, m, codeOf);
          if (score > top) top = score;
        }
        out[h] = top;
      }
    },
  };
}

/** Full boards scored directly before the triple table is made. */
const DIRECT_BOARDS = 1200;

interface Pairs {
  sum: Int32Array;
  suit: Int8Array;
  bits: Int32Array;
}

/** A hand's hole pairs: rank-key sum, suit (-1 unless suited) and rank bits of each. */
function pairsOf(hole: readonly number[]): Pairs {
  const sum: number[] = [];
  const suit: number[] = [];
  const bits: number[] = [];
  for (let i = 0; i < hole.length - 1; i++) {
    for (let j = i + 1; j < hole.length; j++) {
      const x = hole[i]!;
      const y = hole[j]!;
      sum.push(RK[x]! + RK[y]!);
      suit.push(((x ^ y) & 3) === 0 ? x & 3 : -1);
      bits.push(BIT[x]! | BIT[y]!);
    }
  }
  return { sum: Int32Array.from(sum), suit: Int8Array.from(suit), bits: Int32Array.from(bits) };
}

/** The best score of any hole pair with the triple (never 0: the lowest hand, 7-5-4-3-2, scores above it). */
function bestWithTriple(p: Pairs, triple: number, m: number, codeOf: readonly number[]): number {
  const x = codeOf[Math.floor(triple / (m * m))]!;
  const y = codeOf[Math.floor(triple / m) % m]!;
  const z = codeOf[triple % m]!;
  const tripleSum = RK[x]! + RK[y]! + RK[z]!;
  const suited = ((x ^ y) & 3) === 0 && ((x ^ z) & 3) === 0 ? x & 3 : -1;
  const tripleBits = BIT[x]! | BIT[y]! | BIT[z]!;
  let top = 0;
  for (let q = 0; q < p.sum.length; q++) {
    const sum = p.sum[q]! + tripleSum;
    const score =
      suited >= 0 && p.suit[q] === suited
        ? FLUSH[p.bits[q]! | tripleBits]!
        : NO_FLUSH5[(OFF5[sum >>> 9]! + (sum & 511)) & MASK5]!;
    if (score > top) top = score;
  }
  return top;
}

/** The five cards' slots in ascending order (an insertion sort: five numbers, once per board). */
function sortFive(board: Int32Array, slotOf: Int32Array, out: Int32Array): void {
  for (let i = 0; i < 5; i++) {
    const v = slotOf[board[i]!]!;
    let j = i;
    for (; j > 0 && out[j - 1]! > v; j--) out[j] = out[j - 1]!;
    out[j] = v;
  }
}

/** A high-low game (R-HILO): the high kernel's score is part 0, and part 1 is each hand's low on the board (`low`
 * over card codes, 0 for no qualifying low, which the kernel reports as -1: that part then goes to part 0's winners,
 * as a pot with no qualifying low goes to the high). */
export function hiLoKernel(
  high: EquityKernel,
  holes: readonly (readonly number[])[],
  low: (hole: readonly number[], board: readonly number[]) => number,
): EquityKernel {
  const n = holes.length;
  const highOut = new Int32Array(n * high.parts);
  const cards: number[] = []; // the board as `low` takes it, refilled per board (no array made per board)
  return {
    parts: high.parts + 1,
    score(board, len, out) {
      high.score(board, len, highOut);
      out.set(highOut);
      cards.length = len;
      for (let j = 0; j < len; j++) cards[j] = board[j]!;
      for (let i = 0; i < n; i++) {
        const score = low(holes[i]!, cards);
        out[high.parts * n + i] = score > 0 ? score : -1;
      }
    },
  };
}
