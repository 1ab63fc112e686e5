// The plain, obviously right way to judge a low (the fast evaluators in src/domain/evaluator/low.ts must agree with
// it): try every five cards the rules allow, describe each as a list to compare, keep the best. Slow on purpose.
// Shared by bench/run.ts (figures) and test/domain/evaluator-low.test.ts (0 disagreements on random deals).

/** Rank of a card code (rank * 4 + suit, rank 0 = deuce … 12 = ace) with the ace low: ace 1, deuce 2 … king 13. */
const lowRank = (code: number) => (((code >> 2) + 1) % 13) + 1;

/** Every way to choose `k` of `items`, in order. */
export function choose<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [first, ...rest] = items as [T, ...T[]];
  return [...choose(rest, k - 1).map((c) => [first, ...c]), ...choose(rest, k)];
}

/** Compares two lists of numbers element by element: negative when `a` is the better (smaller) low. */
function compareLists(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * Five cards as ace-to-five sees them: first how badly they are paired (no pair 0 < one pair < two pair < trips <
 * full house < quads), then the ranks, those appearing most often first, each group from the highest down. A smaller
 * list is a better low.
 */
export function aceToFiveKey(five: readonly number[]): number[] {
  const count = new Map<number, number>();
  for (const code of five) count.set(lowRank(code), (count.get(lowRank(code)) ?? 0) + 1);
  const groups = [...count.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  const shape = groups.map(([, n]) => n).join('');
  const badness = ['11111', '2111', '221', '311', '32', '41'].indexOf(shape);
  if (badness < 0) throw new Error(`not five cards: ${five.join(' ')}`);
  return [badness, ...groups.map(([rank]) => rank)];
}

/** An eight-or-better low of five cards: five different ranks, none above the eight; its ranks, highest first. */
function eightKey(five: readonly number[]): number[] | null {
  const ranks = five.map(lowRank).sort((a, b) => b - a);
  if (new Set(ranks).size !== 5 || ranks[0]! > 8) return null;
  return ranks;
}

function bestOf(fives: readonly (readonly number[])[], key: (five: readonly number[]) => number[] | null) {
  let best: number[] | null = null;
  for (const five of fives) {
    const k = key(five);
    if (k !== null && (best === null || compareLists(k, best) < 0)) best = k;
  }
  return best;
}

/** The best ace-to-five low of 5 to 7 cards, as a comparable list (never null). */
export function referenceRazz(cards: readonly number[]): number[] {
  return bestOf(choose(cards, 5), aceToFiveKey)!;
}

/** The best eight-or-better low of 5 to 7 cards, or null with none. */
export function referenceLow8(cards: readonly number[]): number[] | null {
  return bestOf(choose(cards, 5), eightKey);
}

/** Omaha's best eight-or-better low: exactly two of `hole` and three of `board`, or null with none. */
export function referenceOmahaLow(hole: readonly number[], board: readonly number[]): number[] | null {
  const fives: number[][] = [];
  for (const two of choose(hole, 2)) for (const three of choose(board, 3)) fives.push([...two, ...three]);
  return bestOf(fives, eightKey);
}

/** Orders two reference lows as the scores must: positive when `a` is the better, 0 when equal; null is no low. */
export function compareReference(a: readonly number[] | null, b: readonly number[] | null): number {
  if (a === null || b === null) return (a === null ? 0 : 1) - (b === null ? 0 : 1);
  return Math.sign(compareLists(b, a));
}
