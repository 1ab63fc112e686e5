// (b) Omaha evaluations per second: scoreOmaha (the best of the 60 two-hole-plus-three-board combinations) on random
// deals of 4 hole and 5 board cards, against the plain way, 60 calls of score5, which also checks every result.
import { scoreOmaha } from '../src/domain/evaluator/omaha.ts';
import { score5 } from '../src/domain/evaluator/high.ts';
import { createRandom } from '../src/sim/index.ts';

export interface OmahaFigures {
  deals: number;
  rounds: number;
  /** scoreOmaha(hole, board), evaluations (one deal: the best of 60) per second. */
  ours: number;
  /** 60 × score5 per deal, the same unit. */
  naive: number;
  /** Deals where the two differ (must be 0). */
  disagreements: number;
}

function randomDeals(count: number, seed: number): { holes: number[][]; boards: number[][] } {
  const random = createRandom(seed);
  const deck = Array.from({ length: 52 }, (_, i) => i);
  const holes: number[][] = [];
  const boards: number[][] = [];
  for (let d = 0; d < count; d++) {
    for (let i = 0; i < 9; i++) {
      const j = random.int(i, 51);
      [deck[i], deck[j]] = [deck[j]!, deck[i]!];
    }
    holes.push(deck.slice(0, 4));
    boards.push(deck.slice(4, 9));
  }
  return { holes, boards };
}

const five = new Int32Array(5);
function naiveOmaha(hole: readonly number[], board: readonly number[]): number {
  let best = 0;
  for (let i = 0; i < 3; i++)
    for (let j = i + 1; j < 4; j++)
      for (let a = 0; a < 3; a++)
        for (let b = a + 1; b < 4; b++)
          for (let c = b + 1; c < 5; c++) {
            five[0] = hole[i]!;
            five[1] = hole[j]!;
            five[2] = board[a]!;
            five[3] = board[b]!;
            five[4] = board[c]!;
            best = Math.max(best, score5(five));
          }
  return best;
}

export function benchOmaha(count: number, rounds: number): OmahaFigures {
  const { holes, boards } = randomDeals(count, 4_052);
  const results = new Int32Array(count);
  let best = { ours: 0, naive: 0 };
  let disagreements = 0;
  for (let r = 0; r < rounds; r++) {
    let t0 = performance.now();
    for (let d = 0; d < count; d++) results[d] = scoreOmaha(holes[d]!, boards[d]!);
    const ours = count / ((performance.now() - t0) / 1000);
    t0 = performance.now();
    let wrong = 0;
    for (let d = 0; d < count; d++) if (naiveOmaha(holes[d]!, boards[d]!) !== results[d]) wrong++;
    const naive = count / ((performance.now() - t0) / 1000);
    disagreements = Math.max(disagreements, wrong);
    best = { ours: Math.max(best.ours, ours), naive: Math.max(best.naive, naive) };
  }
  return { deals: count, rounds, ...best, disagreements };
}
