// (c) Exact equity (src/domain/equity/equity.ts): the broadcast's figures per street, timed in this thread (the table runs
// the same function in its equity worker, src/app/equity-pool.ts), and against poker-odds-calc on the same spots.
// Figures only: nothing here asserts on time.
import { fullDeck } from '../src/domain/cards.ts';
import { equityOf, type EquitySpot } from '../src/domain/equity/equity.ts';
import { gameOf, type GameName } from '../src/domain/games/index.ts';
import { createRandom, type Random } from '../src/sim/index.ts';
import { randomSpots, referenceEquity } from './equity-reference.ts';

export interface EquityFigures {
  /** Median milliseconds per spot, by game and street (board cards known: 0, 3, 4, 5). */
  holdem: Record<number, number>;
  omaha: Record<number, number>;
  /** The cross-check's spots: our total and the library's, ms. */
  versus: { spots: number; ours: number; theirs: number };
}

function spotOf(random: Random, game: GameName, hands: number, board: number): EquitySpot {
  const deck = fullDeck();
  for (let i = deck.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  const size = gameOf(game).holeCards;
  const holes = Array.from({ length: hands }, (_, i) => deck.slice(i * size, (i + 1) * size));
  return { game, holes, board: deck.slice(hands * size, hands * size + board) };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function timeStreet(random: Random, game: GameName, hands: number, board: number, runs: number): number {
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    const spot = spotOf(random, game, hands, board);
    const start = performance.now();
    equityOf(spot);
    times.push(performance.now() - start);
  }
  return median(times);
}

export function benchEquity(preflopRuns: number, versusSpots: number): EquityFigures {
  const random = createRandom(24);
  // one of each first: the JIT's first pass is not what a table running for hours sees
  for (const board of [0, 3, 4, 5]) {
    timeStreet(random, 'holdem', 9, board, 1);
    timeStreet(random, 'omaha', 6, board, 1);
  }
  const holdem: Record<number, number> = {};
  const omaha: Record<number, number> = {};
  for (const board of [0, 3, 4, 5]) {
    const runs = board === 0 ? preflopRuns : preflopRuns * 4;
    holdem[board] = timeStreet(random, 'holdem', 9, board, runs);
    omaha[board] = timeStreet(random, 'omaha', 6, board, runs);
  }
  const spots = randomSpots(versusSpots, 7);
  let ours = 0;
  let theirs = 0;
  for (const spot of spots) {
    const a = performance.now();
    equityOf(spot);
    const b = performance.now();
    referenceEquity(spot);
    theirs += performance.now() - b;
    ours += b - a;
  }
  return { holdem, omaha, versus: { spots: spots.length, ours, theirs } };
}

/** The bench's lines for equity; `met` when every target is. */
export function reportEquity(f: EquityFigures): boolean {
  const ms = (x: number) => x.toFixed(1);
  console.log(
    `equity: holdem 9-way preflop ${ms(f.holdem[0]!)} ms, flop ${ms(f.holdem[3]!)} ms; omaha 6-way preflop ${ms(f.omaha[0]!)} ms`,
  );
  console.log(
    `    later streets: holdem 9-way turn ${ms(f.holdem[4]!)} ms, river ${ms(f.holdem[5]!)} ms; ` +
      `omaha 6-way flop ${ms(f.omaha[3]!)} ms, turn ${ms(f.omaha[4]!)} ms, river ${ms(f.omaha[5]!)} ms (medians)`,
  );
  const later = Math.max(f.holdem[3]!, f.holdem[4]!, f.holdem[5]!, f.omaha[3]!, f.omaha[4]!, f.omaha[5]!);
  const met = f.holdem[0]! <= 250 && f.omaha[0]! <= 250 && later <= 20;
  console.log(`    targets (pre-flop ≤ 250 ms, every later street ≤ 20 ms): ${met ? 'met' : 'NOT met'}`);
  const v = f.versus;
  console.log(
    `    against poker-odds-calc on ${v.spots} random flop, turn and river spots (both exact): ours ${ms(v.ours)} ms, ` +
      `theirs ${ms(v.theirs)} ms (${(v.theirs / v.ours).toFixed(0)}× faster)`,
  );
  return met;
}
