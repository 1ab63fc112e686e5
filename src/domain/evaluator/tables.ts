// Lookup tables for the 7-card evaluator (and for 5 cards: score5, the Omaha evaluator), built once at module load
// (about 50 ms), deterministically.
//
// Score layout (higher wins, equal splits): category << 20 | five rank nibbles, most significant first. Ranks are
// 0 (deuce) … 12 (ace). E.g. a full house, kings over fives: 6 << 20 | 11 << 16 | 3 << 12.
//
// Non-flush hands: each rank has a key such that the sum of the keys of any 7 cards (at most 4 of a rank) is unique
// per rank multiset; those sums (< 2^23) are squeezed into a small table by a displacement hash (bucket = sum >> 9,
// slot = offset[bucket] + low 9 bits). Flushes: a suit-count sum tells whether a suit has 5+ cards, and the 13-bit
// rank mask of that suit indexes a table of 8192 scores (with 5+ cards of a suit, nothing but a flush or a straight
// flush can be the best hand: quads or a full house would need 3 cards outside the suit).

export const CATEGORY_SHIFT = 20;
export const HIGH_CARD = 0;
export const PAIR = 1;
export const TWO_PAIR = 2;
export const TRIPS = 3;
export const STRAIGHT = 4;
export const FLUSH = 5;
export const FULL_HOUSE = 6;
export const QUADS = 7;
export const STRAIGHT_FLUSH = 8;

/** Found by a greedy search (each key the smallest keeping all sums of up to 7 cards unique per hand size);
 * the build below checks uniqueness again and throws if it ever fails. */
const RANK_KEYS = [0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181] as const;

const BUCKET_BITS = 9;
const LOW_MASK = (1 << BUCKET_BITS) - 1;

/** Packs a category and up to five ranks, most significant first. */
export function pack(category: number, ranks: readonly number[]): number {
  let score = category;
  for (let i = 0; i < 5; i++) score = (score << 4) | (ranks[i] ?? 0);
  return score;
}

/** The top rank of the best straight in a 13-bit rank mask (3 for the wheel), or -1. */
export function straightHigh(mask: number): number {
  for (let high = 12; high >= 4; high--) {
    const run = 0x1f << (high - 4);
    if ((mask & run) === run) return high;
  }
  // The wheel: A-2-3-4-5, the ace playing low.
  return (mask & 0x100f) === 0x100f ? 3 : -1;
}

/** The highest rank in a non-empty 13-bit mask. */
function top(mask: number): number {
  return 31 - Math.clz32(mask);
}

function topRanks(mask: number, n: number): number[] {
  const out: number[] = [];
  for (let m = mask; m !== 0 && out.length < n; m &= ~(1 << top(m))) out.push(top(m));
  return out;
}

/** The best flush or straight flush in a rank mask of one suit with at least 5 bits. */
export function flushScore(mask: number): number {
  const high = straightHigh(mask);
  if (high >= 0) return pack(STRAIGHT_FLUSH, [high]);
  return pack(FLUSH, topRanks(mask, 5));
}

/** The best hand, flushes aside, from per-rank counts of 5 to 7 cards. Runs 49,205 times at load: kept lean. */
export function countsScore(counts: ArrayLike<number>): number {
  let any = 0;
  let twos = 0;
  let threes = 0;
  let fours = 0;
  for (let r = 0; r < 13; r++) {
    const n = counts[r] ?? 0;
    const bit = 1 << r;
    if (n > 0) any |= bit;
    if (n === 2) twos |= bit;
    else if (n === 3) threes |= bit;
    else if (n === 4) fours |= bit;
  }
  // Every rank the made hand does not use may kick (e.g. a second pair kicks for quads).
  if (fours !== 0) {
    const q = top(fours);
    return pack(QUADS, [q, top(any & ~(1 << q))]);
  }
  if (threes !== 0) {
    const t = top(threes);
    // With two sets of trips, the lower one plays as the pair.
    const rest = (threes & ~(1 << t)) | twos;
    if (rest !== 0) return pack(FULL_HOUSE, [t, top(rest)]);
  }
  const high = straightHigh(any);
  if (high >= 0) return pack(STRAIGHT, [high]);
  if (threes !== 0) {
    const t = top(threes);
    return pack(TRIPS, [t, ...topRanks(any & ~(1 << t), 2)]);
  }
  if (twos !== 0) {
    const p1 = top(twos);
    const p2Mask = twos & ~(1 << p1);
    if (p2Mask !== 0) {
      const p2 = top(p2Mask);
      return pack(TWO_PAIR, [p1, p2, top(any & ~(1 << p1) & ~(1 << p2))]);
    }
    return pack(PAIR, [p1, ...topRanks(any & ~(1 << p1), 3)]);
  }
  return pack(HIGH_CARD, topRanks(any, 5));
}

function bitCount(x: number): number {
  let n = 0;
  for (let v = x; v !== 0; v &= v - 1) n++;
  return n;
}

export interface Tables {
  /** Per card code (rank * 4 + suit): the rank key, the suit-count key and the rank bit. */
  rankKey: Int32Array;
  suitKey: Int32Array;
  rankBit: Int32Array;
  /** Suit-count sum (3 bits per suit) → the suit with 5+ cards, or -1. */
  flushSuit: Int8Array;
  /** 13-bit rank mask of the flush suit → score. */
  flush: Int32Array;
  /** Displacement per bucket of the rank-key sum. */
  offsets: Int32Array;
  /** Slot → non-flush score. */
  noFlush: Int32Array;
  slotMask: number;
  /** The same hash over the rank-key sums of exactly 5 cards (score5, the Omaha evaluator): the keys keep those
   * unique too, but they overlap the 7-card sums, so they need a table of their own. */
  offsets5: Int32Array;
  noFlush5: Int32Array;
  slotMask5: number;
}

/** A small deterministic generator for the hash's start offsets (xorshift32); no Math.random in the domain. */
function xorshift(seed: number): () => number {
  let s = seed | 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return s >>> 0;
  };
}

/** Every multiset of `cards` ranks (at most 4 of a rank): its rank-key sum and its score (`score` of the per-rank
 * counts: the high hand's by default; the low evaluators build their tables over the same sums). */
export function enumerateRankSets(
  cards: number,
  score: (counts: readonly number[]) => number = countsScore,
): { sums: Int32Array; scores: Int32Array } {
  const sums: number[] = [];
  const scores: number[] = [];
  const counts = new Array<number>(13).fill(0);
  const walk = (rank: number, left: number, sum: number): void => {
    if (rank === 13) {
      if (left === 0) {
        sums.push(sum);
        scores.push(score(counts));
      }
      return;
    }
    for (let n = 0; n <= Math.min(4, left); n++) {
      counts[rank] = n;
      walk(rank + 1, left - n, sum + n * RANK_KEYS[rank]!);
    }
    counts[rank] = 0;
  };
  walk(0, cards, 0);
  return { sums: Int32Array.from(sums), scores: Int32Array.from(scores) };
}

/** Places every bucket of rank-key sums at an offset where none of its slots is taken (largest buckets first). */
function buildNoFlush(
  sums: Int32Array,
  scores: Int32Array,
  firstSlots = 1 << 17,
): { offsets: Int32Array; noFlush: Int32Array; slotMask: number } {
  let maxSum = 0;
  for (const s of sums) maxSum = Math.max(maxSum, s);
  const buckets = (maxSum >>> BUCKET_BITS) + 1;
  const size = new Int32Array(buckets);
  for (const s of sums) size[s >>> BUCKET_BITS]!++;
  const start = new Int32Array(buckets + 1);
  for (let b = 0; b < buckets; b++) start[b + 1] = start[b]! + size[b]!;
  const fill = start.slice(0, buckets);
  const members = new Int32Array(sums.length);
  for (let i = 0; i < sums.length; i++) members[fill[sums[i]! >>> BUCKET_BITS]!++] = i;
  const order = Array.from({ length: buckets }, (_, b) => b)
    .filter((b) => size[b]! > 0)
    .sort((a, b) => size[b]! - size[a]! || a - b);

  for (let slots = firstSlots; slots <= 1 << 20; slots <<= 1) {
    const slotMask = slots - 1;
    const taken = new Uint8Array(slots);
    const offsets = new Int32Array(buckets);
    const random = xorshift(0x5eed);
    let placed = true;
    for (const b of order) {
      let offset = random() & slotMask;
      let tries = 0;
      for (; tries < slots; tries++, offset = (offset + 1) & slotMask) {
        let free = true;
        for (let i = start[b]!; i < start[b + 1]! && free; i++)
          free = taken[((sums[members[i]!]! & LOW_MASK) + offset) & slotMask] === 0;
        if (free) break;
      }
      if (tries === slots) {
        placed = false;
        break;
      }
      offsets[b] = offset;
      for (let i = start[b]!; i < start[b + 1]!; i++) taken[((sums[members[i]!]! & LOW_MASK) + offset) & slotMask] = 1;
    }
    if (!placed) continue;
    const noFlush = new Int32Array(slots).fill(-1);
    for (let i = 0; i < sums.length; i++) {
      const s = sums[i]!;
      const slot = (offsets[s >>> BUCKET_BITS]! + (s & LOW_MASK)) & slotMask;
      if (noFlush[slot] !== -1) throw new Error(`evaluator tables: slot ${slot} taken twice`);
      noFlush[slot] = scores[i]!;
    }
    return { offsets, noFlush, slotMask };
  }
  throw new Error('evaluator tables: no displacement found');
}

export function buildTables(): Tables {
  const { sums, scores } = enumerateRankSets(7);
  const five = enumerateRankSets(5);
  if (new Set(sums).size !== sums.length) throw new Error('evaluator tables: rank keys are not unique for 7 cards');
  if (new Set(five.sums).size !== five.sums.length)
    throw new Error('evaluator tables: rank keys are not unique for 5 cards');

  const rankKey = new Int32Array(52);
  const suitKey = new Int32Array(52);
  const rankBit = new Int32Array(52);
  for (let code = 0; code < 52; code++) {
    rankKey[code] = RANK_KEYS[code >> 2]!;
    suitKey[code] = 1 << (3 * (code & 3));
    rankBit[code] = 1 << (code >> 2);
  }
  const flushSuit = new Int8Array(1 << 12).fill(-1);
  for (let sum = 0; sum < 1 << 12; sum++) {
    for (let suit = 0; suit < 4; suit++) if (((sum >> (3 * suit)) & 7) >= 5) flushSuit[sum] = suit;
  }
  const flush = new Int32Array(1 << 13);
  for (let mask = 0; mask < 1 << 13; mask++) if (bitCount(mask) >= 5) flush[mask] = flushScore(mask);
  // 6,175 five-card rank sets fit in 16 Ki slots (64 KB; 8 Ki finds no displacement), against 128 Ki for the
  // 49,205 seven-card ones.
  const hash5 = buildNoFlush(five.sums, five.scores, 1 << 14);
  return {
    rankKey,
    suitKey,
    rankBit,
    flushSuit,
    flush,
    ...buildNoFlush(sums, scores),
    offsets5: hash5.offsets,
    noFlush5: hash5.noFlush,
    slotMask5: hash5.slotMask,
  };
}
