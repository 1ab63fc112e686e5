// Hold'em hand evaluator: the best five of 5 to 7 cards (cards speak, R-SHOWDOWN-ORDER). `evaluate` is the readable
// face (score, category, name, best five); `score7` over card codes is the fast path for the engine and the bench.
import { cardIndex, isCard, RANKS, SUITS } from '../cards.ts';
import { TableError } from '../errors.ts';
import {
  buildTables,
  CATEGORY_SHIFT,
  countsScore,
  FLUSH,
  FULL_HOUSE,
  HIGH_CARD,
  PAIR,
  QUADS,
  STRAIGHT,
  STRAIGHT_FLUSH,
  TRIPS,
  TWO_PAIR,
  type Tables,
} from './tables.ts';

export type HandCategory =
  'high-card' | 'pair' | 'two-pair' | 'trips' | 'straight' | 'flush' | 'full-house' | 'quads' | 'straight-flush';

export interface HandValue {
  /** Higher wins; equal scores split the pot. */
  score: number;
  category: HandCategory;
  /** Plain English, e.g. "Full House, Kings over Fives". */
  name: string;
  /** The five cards that make the hand, most significant first (the wheel: 5 4 3 2 A). */
  best: string[];
}

const CATEGORIES: readonly HandCategory[] = [
  'high-card',
  'pair',
  'two-pair',
  'trips',
  'straight',
  'flush',
  'full-house',
  'quads',
  'straight-flush',
];
/** Rank characters by rank value (0 = deuce … 12 = ace). */
const RANK_CHARS = [...RANKS].reverse().join('');
const SUIT_CHARS = SUITS;
/** Rank words by rank value (0 = deuce … 12 = ace), for the names of hands (the low evaluators' too). */
export const RANK_NAMES = [
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Jack',
  'Queen',
  'King',
  'Ace',
];
export const RANK_PLURALS = [
  'Twos',
  'Threes',
  'Fours',
  'Fives',
  'Sixes',
  'Sevens',
  'Eights',
  'Nines',
  'Tens',
  'Jacks',
  'Queens',
  'Kings',
  'Aces',
];

const T = buildTables();
const {
  rankKey: RK,
  suitKey: SK,
  rankBit: BIT,
  flushSuit: FLUSH_SUIT,
  flush: FLUSH_TABLE,
  offsets: OFF,
  noFlush: NO_FLUSH,
} = T;
const SLOT_MASK = T.slotMask;
const { offsets5: OFF5, noFlush5: NO_FLUSH5, slotMask5: SLOT_MASK5 } = T;
/** The tables, built once here, for the other evaluators (evaluator-omaha.ts); read-only. */
export const tables: Readonly<Tables> = T;

/** A card's small-integer code: rank * 4 + suit (rank 0 = deuce … 12 = ace; suit s h d c = 0 … 3). Read through the
 * notation's own character tables (`cardIndex` counts ranks from the ace): a `Map` of the 52 card strings cost a hash
 * lookup per card, seven per hand at every showdown (docs/bench.md). */
export function cardCode(card: string): number {
  if (!isCard(card)) {
    throw new TableError(
      'INPUT_INVALID',
      `not a card: ${JSON.stringify(card)} (rank AKQJT98765432, suit shdc, e.g. "As")`,
    );
  }
  const index = cardIndex(card);
  return (12 - (index >> 2)) * 4 + (index & 3);
}

export function cardOfCode(code: number): string {
  return RANK_CHARS[code >> 2]! + SUIT_CHARS[code & 3]!;
}

/** The score of 7 distinct card codes starting at `from`. No checks: the caller guarantees valid, distinct codes. */
export function score7(codes: ArrayLike<number>, from = 0): number {
  const a = codes[from]!;
  const b = codes[from + 1]!;
  const c = codes[from + 2]!;
  const d = codes[from + 3]!;
  const e = codes[from + 4]!;
  const f = codes[from + 5]!;
  const g = codes[from + 6]!;
  const suit = FLUSH_SUIT[SK[a]! + SK[b]! + SK[c]! + SK[d]! + SK[e]! + SK[f]! + SK[g]!]!;
  if (suit >= 0) {
    let mask = 0;
    if ((a & 3) === suit) mask |= BIT[a]!;
    if ((b & 3) === suit) mask |= BIT[b]!;
    if ((c & 3) === suit) mask |= BIT[c]!;
    if ((d & 3) === suit) mask |= BIT[d]!;
    if ((e & 3) === suit) mask |= BIT[e]!;
    if ((f & 3) === suit) mask |= BIT[f]!;
    if ((g & 3) === suit) mask |= BIT[g]!;
    return FLUSH_TABLE[mask]!;
  }
  const sum = RK[a]! + RK[b]! + RK[c]! + RK[d]! + RK[e]! + RK[f]! + RK[g]!;
  return NO_FLUSH[(OFF[sum >>> 9]! + (sum & 511)) & SLOT_MASK]!;
}

/** The score of exactly 5 distinct card codes starting at `from` (no checks, as `score7`). */
export function score5(codes: ArrayLike<number>, from = 0): number {
  const a = codes[from]!;
  const b = codes[from + 1]!;
  const c = codes[from + 2]!;
  const d = codes[from + 3]!;
  const e = codes[from + 4]!;
  // Five cards of one suit have five ranks: a flush or a straight flush, nothing else.
  if (((a ^ b) & 3) === 0 && ((a ^ c) & 3) === 0 && ((a ^ d) & 3) === 0 && ((a ^ e) & 3) === 0)
    return FLUSH_TABLE[BIT[a]! | BIT[b]! | BIT[c]! | BIT[d]! | BIT[e]!]!;
  const sum = RK[a]! + RK[b]! + RK[c]! + RK[d]! + RK[e]!;
  return NO_FLUSH5[(OFF5[sum >>> 9]! + (sum & 511)) & SLOT_MASK5]!;
}

/** The score of 5 to 7 distinct card codes, by counting (the table-free path; `score7` must agree with it). */
export function scoreCodes(codes: readonly number[]): number {
  const counts = new Array<number>(13).fill(0);
  const suits = [0, 0, 0, 0];
  for (const code of codes) {
    counts[code >> 2]!++;
    suits[code & 3]! |= 1 << (code >> 2);
  }
  for (const mask of suits) {
    let n = 0;
    for (let v = mask; v !== 0; v &= v - 1) n++;
    if (n >= 5) return FLUSH_TABLE[mask]!;
  }
  return countsScore(counts);
}

export function categoryOf(score: number): HandCategory {
  return CATEGORIES[score >>> CATEGORY_SHIFT]!;
}

/** The score's ranks, most significant first (five nibbles below the category). */
function ranksOf(score: number): number[] {
  return [16, 12, 8, 4, 0].map((shift) => (score >>> shift) & 15);
}

/** The plain-English name of a score, e.g. "Two Pair, Aces and Tens" or "Straight, Five high". */
export function nameOf(score: number): string {
  const [r1 = 0, r2 = 0] = ranksOf(score);
  const one = RANK_NAMES[r1]!;
  const many = RANK_PLURALS[r1]!;
  const category = score >>> CATEGORY_SHIFT;
  switch (category) {
    case STRAIGHT_FLUSH:
      return r1 === 12 ? 'Royal Flush' : `Straight Flush, ${one} high`;
    case QUADS:
      return `Four of a Kind, ${many}`;
    case FULL_HOUSE:
      return `Full House, ${many} over ${RANK_PLURALS[r2]!}`;
    case FLUSH:
      return `Flush, ${one} high`;
    case STRAIGHT:
      return `Straight, ${one} high`;
    case TRIPS:
      return `Three of a Kind, ${many}`;
    case TWO_PAIR:
      return `Two Pair, ${many} and ${RANK_PLURALS[r2]!}`;
    case PAIR:
      return `Pair of ${many}`;
    case HIGH_CARD:
      return `High Card, ${one}`;
    default:
      throw new Error(`not a hand score: ${score}`);
  }
}

/** How many cards of each rank the best five use, most significant first. */
function shapeOf(score: number): Array<[rank: number, count: number]> {
  const [r1 = 0, r2 = 0, r3 = 0, r4 = 0, r5 = 0] = ranksOf(score);
  switch (score >>> CATEGORY_SHIFT) {
    case STRAIGHT_FLUSH:
    case STRAIGHT:
      // r1 is the top card; the wheel's ace (rank 12) plays below the deuce.
      return [0, 1, 2, 3, 4].map((i) => [r1 - i < 0 ? 12 : r1 - i, 1]);
    case QUADS:
      return [
        [r1, 4],
        [r2, 1],
      ];
    case FULL_HOUSE:
      return [
        [r1, 3],
        [r2, 2],
      ];
    case TRIPS:
      return [
        [r1, 3],
        [r2, 1],
        [r3, 1],
      ];
    case TWO_PAIR:
      return [
        [r1, 2],
        [r2, 2],
        [r3, 1],
      ];
    case PAIR:
      return [
        [r1, 2],
        [r2, 1],
        [r3, 1],
        [r4, 1],
      ];
    default:
      return [r1, r2, r3, r4, r5].map((r) => [r, 1]);
  }
}

function bestFive(codes: readonly number[], score: number): string[] {
  const category = score >>> CATEGORY_SHIFT;
  let pool = codes;
  if (category === FLUSH || category === STRAIGHT_FLUSH) {
    const suitCount = [0, 0, 0, 0];
    for (const code of codes) suitCount[code & 3]!++;
    const suit = suitCount.findIndex((n) => n >= 5);
    pool = codes.filter((code) => (code & 3) === suit);
  }
  const used = new Set<number>();
  const best: string[] = [];
  for (const [rank, count] of shapeOf(score)) {
    let left = count;
    for (const code of pool) {
      if (left === 0) break;
      if (code >> 2 === rank && !used.has(code)) {
        used.add(code);
        best.push(cardOfCode(code));
        left--;
      }
    }
  }
  return best;
}

/** Evaluates 5 to 7 cards ("As", "Td", "9c"); throws TableError INPUT_INVALID for a bad, repeated or missing card. */
export function evaluate(cards: readonly string[]): HandValue {
  if (cards.length < 5 || cards.length > 7) {
    throw new TableError('INPUT_INVALID', `a hand has 5 to 7 cards, got ${cards.length}`);
  }
  const codes = cards.map(cardCode);
  if (new Set(codes).size !== codes.length) {
    throw new TableError('INPUT_INVALID', `a card appears twice in ${cards.join(' ')}`);
  }
  const score = codes.length === 7 ? score7(codes) : scoreCodes(codes);
  return { score, category: categoryOf(score), name: nameOf(score), best: bestFive(codes, score) };
}
