// (b) 7-card evaluations per second: ours (score7 over card codes) against phe (evaluateCardCodes, its fastest
// public call), over the same random hands, in alternating rounds; the best round of each counts.
import phe from 'phe';
import { score7 } from '../src/domain/evaluator/high.ts';
import { createRandom } from '../src/sim/index.ts';

export interface EvaluatorFigures {
  hands: number;
  rounds: number;
  ours: number;
  oursFlat: number;
  phe: number;
  /** Pairs of consecutive hands that the two order differently (must be 0). */
  disagreements: number;
}

/** Both evaluators use rank * 4 + suit codes (rank 0 = deuce, suits s h d c), so the same arrays serve both. */
function randomHands(count: number, seed: number): { arrays: number[][]; flat: Int32Array } {
  const random = createRandom(seed);
  const deck = Array.from({ length: 52 }, (_, i) => i);
  const arrays: number[][] = [];
  const flat = new Int32Array(count * 7);
  for (let h = 0; h < count; h++) {
    for (let i = 0; i < 7; i++) {
      const j = random.int(i, 51);
      [deck[i], deck[j]] = [deck[j]!, deck[i]!];
      flat[h * 7 + i] = deck[i]!;
    }
    arrays.push(Array.from(flat.subarray(h * 7, h * 7 + 7)));
  }
  return { arrays, flat };
}

function rate(count: number, run: () => number): { perSecond: number; check: number } {
  const t0 = performance.now();
  const check = run();
  return { perSecond: count / ((performance.now() - t0) / 1000), check };
}

export function benchEvaluator(count: number, rounds: number): EvaluatorFigures {
  const { arrays, flat } = randomHands(count, 7_462);
  let disagreements = 0;
  for (let i = 0; i + 1 < count; i++) {
    const ours = Math.sign(score7(arrays[i]!) - score7(arrays[i + 1]!));
    const theirs = Math.sign(phe.evaluateCardCodes(arrays[i + 1]!) - phe.evaluateCardCodes(arrays[i]!));
    if (ours !== theirs) disagreements++;
  }
  let best = { ours: 0, oursFlat: 0, phe: 0 };
  for (let r = 0; r < rounds; r++) {
    const ours = rate(count, () => {
      let sum = 0;
      for (let i = 0; i < count; i++) sum += score7(arrays[i]!);
      return sum;
    });
    const theirs = rate(count, () => {
      let sum = 0;
      for (let i = 0; i < count; i++) sum += phe.evaluateCardCodes(arrays[i]!);
      return sum;
    });
    const oursFlat = rate(count, () => {
      let sum = 0;
      for (let i = 0; i < count; i++) sum += score7(flat, i * 7);
      return sum;
    });
    if (ours.check === 0 || theirs.check === 0 || oursFlat.check !== ours.check)
      throw new Error('evaluator bench: bad checksum');
    best = {
      ours: Math.max(best.ours, ours.perSecond),
      oursFlat: Math.max(best.oursFlat, oursFlat.perSecond),
      phe: Math.max(best.phe, theirs.perSecond),
    };
  }
  return { hands: count, rounds, ...best, disagreements };
}
