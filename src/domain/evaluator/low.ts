// Low hand evaluators (R-HILO, razz): the eight-or-better low of the hi-lo games and the ace-to-five low of razz, on
// one score scale where, as for the high hand, a higher score wins and equal scores split.
//
// Ace-to-five: the ace plays low, straights and flushes do not count, pairs do (a hand without a pair beats any pair,
// one pair beats two pair, then trips, full house, quads); within a shape hands compare from the highest card down
// (8-6-5-4-3 loses to 8-5-4-3-2). A low is packed as the high hand is (category << 20 | five rank nibbles, most
// significant first, the ace 0 … the king 12), where a lower packed value is the better low; the score is
// LOW_TOP minus it, so every hand scores above 0 and 0 (NO_LOW) means "no qualifying low".
// Eight-or-better is the same scale restricted to five different ranks, none above the eight.
//
// Speed, as the high evaluator's design allows:
// - eight-or-better over 5 to 7 cards: an OR of one bit per card (ace … eight) and one lookup in a 256-entry table
//   (the five lowest bits of a mask with at least five: no pair can ever play in a qualifying low);
// - Omaha's low, exactly two hole and three board cards: the board triples and hole pairs with different low ranks
//   as 8-bit masks, each disjoint pair × triple one lookup in the same table (no low on most boards ends it early);
// - ace-to-five over 7 cards: a low depends only on the ranks, so it reuses the high evaluator's rank-key sum and
//   displacement hash, with a table of its own over the same slots (one add per card and one lookup, no suit test).
import { TableError } from '../errors.ts';
import { RANK_NAMES, RANK_PLURALS, tables } from './high.ts';
import { omahaCounts } from './omaha.ts';
import { CATEGORY_SHIFT, enumerateRankSets, pack } from './tables.ts';

export const NO_LOW = 0;
/** Above every packed low (categories 0 … 5). */
const LOW_TOP = 6 << CATEGORY_SHIFT;
const NO_PAIR = 0;
const ONE_PAIR = 1;
const TWO_PAIR = 2;
const TRIPS = 3;
const FULL_HOUSE = 4;
const QUADS = 5;
/** A low rank (ace 0, deuce 1 … king 12) as the card notation writes it. */
const LOW_CHARS = 'A23456789TJQK';

const { rankKey: RK, offsets: OFF, slotMask: SLOT_MASK } = tables;

/** Per card code (rank * 4 + suit, rank 0 = deuce): its low rank. */
const LOW_RANK = new Int8Array(52);
/** Per card code: its bit among ace … eight (bit 0 = ace), 0 above the eight. */
const EIGHT_BIT = new Int32Array(52);
for (let code = 0; code < 52; code++) {
  const low = ((code >> 2) + 1) % 13;
  LOW_RANK[code] = low;
  EIGHT_BIT[code] = low <= 7 ? 1 << low : 0;
}

/** The score of the best five of per-low-rank `counts` (at least five cards): one of each rank from the lowest up,
 * then second copies from the lowest up, and so on; each layer taken from the lowest ranks keeps the shape and every
 * rank of it as low as the cards allow. */
function bestLowOf(counts: readonly number[]): number {
  const take = new Array<number>(13).fill(0);
  let left = 5;
  for (let layer = 1; layer <= 4 && left > 0; layer++) {
    for (let r = 0; r < 13 && left > 0; r++) {
      if (counts[r]! >= layer) {
        take[r]!++;
        left--;
      }
    }
  }
  return LOW_TOP - packLow(take);
}

/** Five cards by per-low-rank counts, packed: the shape, then the ranks by how many of each, highest first. */
function packLow(take: readonly number[]): number {
  const ranks: number[] = [];
  let pairs = 0;
  let trips = 0;
  let quads = 0;
  for (let n = 4; n >= 1; n--) {
    for (let r = 12; r >= 0; r--) {
      if (take[r] !== n) continue;
      ranks.push(r);
      if (n === 2) pairs++;
      else if (n === 3) trips++;
      else if (n === 4) quads++;
    }
  }
  const category =
    quads > 0
      ? QUADS
      : trips > 0
        ? pairs > 0
          ? FULL_HOUSE
          : TRIPS
        : pairs === 2
          ? TWO_PAIR
          : pairs === 1
            ? ONE_PAIR
            : NO_PAIR;
  return pack(category, ranks);
}

/** Ace … eight mask (8 bits) → the eight-or-better score of its five lowest ranks, NO_LOW under five. */
const EIGHT_LOW = new Int32Array(256);
for (let mask = 0; mask < 256; mask++) {
  const ranks: number[] = [];
  for (let r = 7; r >= 0; r--) if ((mask >> r) & 1) ranks.push(r);
  EIGHT_LOW[mask] = ranks.length >= 5 ? LOW_TOP - pack(NO_PAIR, ranks.slice(ranks.length - 5)) : NO_LOW;
}

/** The eight-or-better low of `count` card codes from `from` (5 to 7 in play): higher wins, NO_LOW for none. No
 * checks: the caller guarantees valid codes, as for `score7`. */
export function scoreLow8(codes: ArrayLike<number>, from = 0, count = codes.length - from): number {
  // seven cards (stud hi-lo's showdown, the bench): unrolled, about 1.5 times the loop's speed
  if (count === 7) {
    const mask =
      EIGHT_BIT[codes[from]!]! |
      EIGHT_BIT[codes[from + 1]!]! |
      EIGHT_BIT[codes[from + 2]!]! |
      EIGHT_BIT[codes[from + 3]!]! |
      EIGHT_BIT[codes[from + 4]!]! |
      EIGHT_BIT[codes[from + 5]!]! |
      EIGHT_BIT[codes[from + 6]!]!;
    return EIGHT_LOW[mask]!;
  }
  let mask = 0;
  for (let i = from; i < from + count; i++) mask |= EIGHT_BIT[codes[i]!]!;
  return EIGHT_LOW[mask]!;
}

// Per board triple with three different low ranks (at most C(5,3) = 10): its mask; one set serves every call.
const TRIPLES = new Int32Array(10);

/**
 * Omaha's eight-or-better low: exactly two of `hole` (2 to 4 codes) and exactly three of `board` (3 to 5), five
 * different ranks, none above the eight. Higher wins; NO_LOW when no such five exist.
 */
export function scoreOmahaLow(hole: readonly number[], board: readonly number[]): number {
  const { holes, boards } = omahaCounts(hole, board);
  let triples = 0;
  for (let i = 0; i < boards - 2; i++) {
    const x = EIGHT_BIT[board[i]!]!;
    if (x === 0) continue;
    for (let j = i + 1; j < boards - 1; j++) {
      const y = EIGHT_BIT[board[j]!]!;
      if (y === 0 || y === x) continue;
      for (let k = j + 1; k < boards; k++) {
        const z = EIGHT_BIT[board[k]!]!;
        if (z === 0 || (z & (x | y)) !== 0) continue;
        TRIPLES[triples++] = x | y | z;
      }
    }
  }
  if (triples === 0) return NO_LOW;
  let best = NO_LOW;
  for (let i = 0; i < holes - 1; i++) {
    const x = EIGHT_BIT[hole[i]!]!;
    if (x === 0) continue;
    for (let j = i + 1; j < holes; j++) {
      const y = EIGHT_BIT[hole[j]!]!;
      if (y === 0 || y === x) continue;
      const pair = x | y;
      for (let t = 0; t < triples; t++) {
        const triple = TRIPLES[t]!;
        if ((pair & triple) !== 0) continue;
        const score = EIGHT_LOW[pair | triple]!;
        if (score > best) best = score;
      }
    }
  }
  return best;
}

/** Slot of the high evaluator's 7-card hash → the ace-to-five score of that rank multiset; built at first use. */
let razzTable: Int32Array | null = null;

function buildRazzTable(): Int32Array {
  const byLow = new Array<number>(13);
  const { sums, scores } = enumerateRankSets(7, (counts) => {
    for (let r = 0; r < 13; r++) byLow[(r + 1) % 13] = counts[r]!;
    return bestLowOf(byLow);
  });
  const table = new Int32Array(SLOT_MASK + 1);
  for (let i = 0; i < sums.length; i++) {
    const sum = sums[i]!;
    table[(OFF[sum >>> 9]! + (sum & 511)) & SLOT_MASK] = scores[i]!;
  }
  return table;
}

/** The ace-to-five low (razz) of 7 card codes from `from`: higher wins (every hand has one). No checks. */
export function scoreRazz7(codes: ArrayLike<number>, from = 0): number {
  const table = razzTable ?? (razzTable = buildRazzTable());
  const sum =
    RK[codes[from]!]! +
    RK[codes[from + 1]!]! +
    RK[codes[from + 2]!]! +
    RK[codes[from + 3]!]! +
    RK[codes[from + 4]!]! +
    RK[codes[from + 5]!]! +
    RK[codes[from + 6]!]!;
  return table[(OFF[sum >>> 9]! + (sum & 511)) & SLOT_MASK]!;
}

/** The ace-to-five low of 5 to 7 card codes by counting (the table-free path; `scoreRazz7` must agree with it). */
export function scoreRazzCodes(codes: readonly number[]): number {
  if (codes.length < 5 || codes.length > 7) {
    throw new TableError('INPUT_INVALID', `a hand has 5 to 7 cards, got ${codes.length}`);
  }
  const counts = new Array<number>(13).fill(0);
  for (const code of codes) counts[LOW_RANK[code]!]!++;
  return bestLowOf(counts);
}

/** A low's ranks, most significant first, and its shape. */
function unpackLow(score: number): { category: number; ranks: number[] } {
  const packed = LOW_TOP - score;
  return { category: packed >>> CATEGORY_SHIFT, ranks: [16, 12, 8, 4, 0].map((shift) => (packed >>> shift) & 15) };
}

const word = (low: number) => RANK_NAMES[(low + 12) % 13]!;
const words = (low: number) => RANK_PLURALS[(low + 12) % 13]!;
const chars = (ranks: readonly number[]) => ranks.map((r) => LOW_CHARS[r]!).join('-');

/** A low in plain words: "8-5-4-3-2", "5-4-3-2-A"; with pairs (razz) "Pair of Twos, 7-5-4" and so on. */
export function lowName(score: number): string {
  if (score <= NO_LOW || score > LOW_TOP) throw new Error(`not a low score: ${score}`);
  const { category, ranks } = unpackLow(score);
  const [r1 = 0, r2 = 0, r3 = 0] = ranks;
  switch (category) {
    case NO_PAIR:
      return chars(ranks);
    case ONE_PAIR:
      return `Pair of ${words(r1)}, ${chars(ranks.slice(1, 4))}`;
    case TWO_PAIR:
      return `Two Pair, ${words(r1)} and ${words(r2)}, ${word(r3)}`;
    case TRIPS:
      return `Three of a Kind, ${words(r1)}, ${chars(ranks.slice(1, 3))}`;
    case FULL_HOUSE:
      return `Full House, ${words(r1)} over ${words(r2)}`;
    default:
      return `Four of a Kind, ${words(r1)}, ${word(r2)}`;
  }
}
