// (b) The low evaluators per second (src/domain/evaluator/low.ts): eight-or-better over 7 cards (stud hi-lo),
// Omaha's eight-or-better (exactly two of 4 hole and three of 5 board cards) and ace-to-five over 7 cards (razz), on
// random deals, each against the plain reference of bench/low-reference.ts (every allowed five, compared as lists),
// which also checks every result: consecutive deals must be ordered alike, and a low must exist for both or neither.
import { scoreLow8, scoreOmahaLow, scoreRazz7 } from '../src/domain/evaluator/low.ts';
import { createRandom } from '../src/sim/index.ts';
import { compareReference, referenceLow8, referenceOmahaLow, referenceRazz } from './low-reference.ts';

export interface LowFigures {
  /** evaluations per second of the fast evaluator and of the reference, and their disagreements (must be 0) */
  ours: number;
  reference: number;
  disagreements: number;
}

export interface LowBench {
  deals: number;
  stud8: LowFigures;
  omaha8: LowFigures;
  razz: LowFigures;
}

/** `count` deals of 9 distinct card codes (7 for the stud games, 4 + 5 for Omaha) in one flat array. */
export function randomNines(count: number, seed: number): Int32Array {
  const random = createRandom(seed);
  const deck = Array.from({ length: 52 }, (_, i) => i);
  const flat = new Int32Array(count * 9);
  for (let d = 0; d < count; d++) {
    for (let i = 0; i < 9; i++) {
      const j = random.int(i, 51);
      [deck[i], deck[j]] = [deck[j]!, deck[i]!];
      flat[d * 9 + i] = deck[i]!;
    }
  }
  return flat;
}

/** The fast evaluator and the reference over the first `count` deals: the reference's speed and where they disagree
 * (a low for one and not the other, or two consecutive deals ordered differently). */
function check(
  count: number,
  fast: (d: number) => number,
  reference: (d: number) => number[] | null,
): { reference: number; disagreements: number } {
  const scores = new Int32Array(count);
  for (let d = 0; d < count; d++) scores[d] = fast(d);
  const t0 = performance.now();
  const refs: (number[] | null)[] = [];
  for (let d = 0; d < count; d++) refs.push(reference(d));
  const perSecond = count / ((performance.now() - t0) / 1000);
  let disagreements = 0;
  for (let d = 0; d < count; d++) {
    if ((scores[d] === 0) !== (refs[d] === null)) disagreements++;
    else if (d > 0 && Math.sign(scores[d]! - scores[d - 1]!) !== compareReference(refs[d]!, refs[d - 1]!))
      disagreements++;
  }
  return { reference: perSecond, disagreements };
}

/** `fastCount` deals for the fast evaluators' speed; the reference checks the first `checkCount` of them. */
export function benchLow(fastCount: number, checkCount: number, rounds: number): LowBench {
  const flat = randomNines(fastCount, 8_008);
  const n = Math.min(checkCount, fastCount);
  const seven = (d: number) => Array.from(flat.subarray(d * 9, d * 9 + 7));
  const holes = Array.from({ length: fastCount }, (_, d) => Array.from(flat.subarray(d * 9, d * 9 + 4)));
  const boards = Array.from({ length: fastCount }, (_, d) => Array.from(flat.subarray(d * 9 + 4, d * 9 + 9)));
  /** Evaluations per second over every deal, the best of `rounds`. */
  const speed = (fast: (d: number) => number): number => {
    let best = 0;
    for (let r = 0; r < rounds; r++) {
      const t0 = performance.now();
      let sum = 0;
      for (let d = 0; d < fastCount; d++) sum += fast(d);
      if (sum < 0) throw new Error('low bench: bad checksum');
      best = Math.max(best, fastCount / ((performance.now() - t0) / 1000));
    }
    return best;
  };
  const stud8Fast = (d: number) => scoreLow8(flat, d * 9, 7);
  const omaha8Fast = (d: number) => scoreOmahaLow(holes[d]!, boards[d]!);
  const razzFast = (d: number) => scoreRazz7(flat, d * 9);
  return {
    deals: n,
    stud8: { ours: speed(stud8Fast), ...check(n, stud8Fast, (d) => referenceLow8(seven(d))) },
    omaha8: {
      ours: speed(omaha8Fast),
      ...check(n, omaha8Fast, (d) => referenceOmahaLow(holes[d]!, boards[d]!)),
    },
    razz: { ours: speed(razzFast), ...check(n, razzFast, (d) => referenceRazz(seven(d))) },
  };
}
