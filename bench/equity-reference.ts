// The independent equity library (poker-odds-calc, a dev dependency) behind one function, and the random spots both
// the cross-check (test/domain/equity-reference.test.ts) and the bench (bench/equity-bench.ts) give it.
import phe from 'phe';
import { Omaha, TexasHoldem } from 'poker-odds-calc';
import { fullDeck } from '../src/domain/cards.ts';
import type { EquitySpot } from '../src/domain/equity/equity.ts';
import { gameOf } from '../src/domain/games/index.ts';
import { createRandom } from '../src/sim/index.ts';

export interface ReferenceEquity {
  boards: number;
  /** Percentages as the library gives them (rounded to 0.01). */
  hands: { win: number; tie: number }[];
}

/** The games the library knows, each with its table, the most hands a spot of ours deals, and how phe's best five
 * are chosen (hold'em: any five of the seven; Omaha: two hole cards and three board cards). A lookup, not a branch
 * on a game's name (design.md: games are data). */
const REFERENCE_GAMES = {
  holdem: { table: () => new TexasHoldem(), maxHands: 9, holeFromHand: null },
  omaha: { table: () => new Omaha(), maxHands: 6, holeFromHand: 2 },
} as const;
type ReferenceGame = keyof typeof REFERENCE_GAMES;

function referenceGame(game: EquitySpot['game']): (typeof REFERENCE_GAMES)[ReferenceGame] {
  const known = (REFERENCE_GAMES as Partial<Record<string, (typeof REFERENCE_GAMES)[ReferenceGame]>>)[game];
  if (!known) throw new Error(`poker-odds-calc has no ${game}`);
  return known;
}

/** poker-odds-calc's figures for the spot (exact: it enumerates every board when 3+ board cards are known). */
export function referenceEquity(spot: EquitySpot): ReferenceEquity {
  const table = referenceGame(spot.game).table();
  for (const hole of spot.holes) table.addPlayer([...hole] as Parameters<typeof table.addPlayer>[0]);
  if (spot.board.length > 0) table.setBoard([...spot.board]);
  if (spot.dead && spot.dead.length > 0) table.setDeadCards([...spot.dead]);
  table.exhaustive();
  const result = table.calculate();
  return {
    boards: result.getIterations(),
    hands: result.getPlayers().map((p) => ({ win: p.getWinsPercentage(), tie: p.getTiesPercentage() })),
  };
}

/** `count` random spots from a seed: hold'em (2 to 9 hands) and Omaha (2 to 6), a flop, turn or river, and in one
 * spot of four two dead cards (a folded hand the table read). */
export function randomSpots(count: number, seed: number): EquitySpot[] {
  const random = createRandom(seed);
  const spots: EquitySpot[] = [];
  for (let s = 0; s < count; s++) {
    const game: ReferenceGame = random.chance(0.4) ? 'omaha' : 'holdem';
    const hands = random.int(2, REFERENCE_GAMES[game].maxHands);
    const board = random.int(3, 5);
    const deck = fullDeck();
    for (let i = deck.length - 1; i > 0; i--) {
      const j = random.int(0, i);
      [deck[i], deck[j]] = [deck[j]!, deck[i]!];
    }
    const size = gameOf(game).holeCards;
    const at = hands * size;
    const dead = random.chance(0.25) ? deck.slice(at + board, at + board + 2) : [];
    spots.push({
      game,
      holes: Array.from({ length: hands }, (_, i) => deck.slice(i * size, (i + 1) * size)),
      board: deck.slice(at, at + board),
      dead,
    });
  }
  return spots;
}

/** A referee for spots where the library and we differ: every board enumerated the plain way, each hand scored by phe
 * (another independent evaluator; lower is better) over every 5-card hand the game allows (hold'em: any five of the
 * seven; Omaha: two hole cards and three board cards). Win and tie chances, as counts over the boards. */
export function pheEquity(spot: EquitySpot): ReferenceEquity {
  const used = new Set([...spot.holes.flat(), ...spot.board, ...(spot.dead ?? [])]);
  const stub = fullDeck().filter((c) => !used.has(c));
  const n = spot.holes.length;
  const wins = new Array<number>(n).fill(0);
  const ties = new Array<number>(n).fill(0);
  let boards = 0;
  const visit = (board: string[], from: number) => {
    if (board.length < 5) {
      for (let i = from; i < stub.length; i++) visit([...board, stub[i]!], i + 1);
      return;
    }
    boards++;
    const values = spot.holes.map((hole) => pheBest(spot.game, hole, board));
    const best = Math.min(...values);
    const at = values.flatMap((v, i) => (v === best ? [i] : []));
    for (const i of at) (at.length === 1 ? wins : ties)[i]!++;
  };
  visit([...spot.board], 0);
  return { boards, hands: wins.map((w, i) => ({ win: w / boards, tie: ties[i]! / boards })) };
}

function pheBest(game: EquitySpot['game'], hole: readonly string[], board: readonly string[]): number {
  const fromHand = referenceGame(game).holeFromHand;
  if (fromHand === null) return phe.evaluateCards([...hole, ...board]);
  let best = Infinity;
  for (const two of subsets(hole, fromHand))
    for (const three of subsets(board, 3)) best = Math.min(best, phe.evaluateCards([...two, ...three]));
  return best;
}

function subsets<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  const out: T[][] = [];
  for (let i = 0; i <= items.length - k; i++)
    for (const rest of subsets(items.slice(i + 1), k - 1)) out.push([items[i]!, ...rest]);
  return out;
}
