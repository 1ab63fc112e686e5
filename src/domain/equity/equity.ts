// Exact equity for a broadcast (docs/broadcast.md): every board the cards still to come can make, each counted once
// (no sampling), scored by the game's kernel (equity-kernels.ts). For each live hand: its chance to take the whole
// pot alone (`win`), to take part of it (`tie`), its expected share of the pot (`share`: in a game that splits the
// pot by parts each part counts), and its outs for the next card. Pure: the table runs it off its event loop.
import type { EquityKernel } from './kernels.ts';
import { cardCode, cardOfCode } from '../evaluator/high.ts';
import { TableError } from '../errors.ts';
import { gameOf, type GameName } from '../games/index.ts';
import type { Card } from '../types.ts';

export interface EquitySpot {
  game: GameName;
  /** The live hands' hole cards, one array per hand. */
  holes: readonly (readonly Card[])[];
  board: readonly Card[];
  /** Cards known to be out of the stub besides these (folded hands' cards the table read). */
  dead?: readonly Card[];
}

export interface HandEquity {
  /** Chance to take the whole pot alone. */
  win: number;
  /** Chance to take part of the pot but not all of it alone (a split). */
  tie: number;
  /** Expected share of the pot (0 … 1); the hands' shares add up to 1. */
  share: number;
  /** The cards that, dealt next, put this hand alone in front when it is not now (from the flop to the turn). */
  outs: Card[];
}

export interface EquityResult {
  /** How many boards were counted (1 on a full board). */
  boards: number;
  hands: HandEquity[];
}

/** 2520 is divisible by every split count up to 10 hands, so a share per board is an integer number of units and the
 * sums stay exact (278,256 boards × 5040 < 2^53). */
const UNITS = 2520;
const BOARD_SIZE = 5;

/** The exact equity of a spot. Throws TableError INPUT_INVALID for a card seen twice, a hand with the wrong number
 * of cards or a board of more than five. */
export function equityOf(spot: EquitySpot): EquityResult {
  const game = gameOf(spot.game);
  if (game.equityKernel === null) throw new TableError('INPUT_INVALID', `no board equity in ${spot.game}`);
  const holes = spot.holes.map((h) => h.map(cardCode));
  const board = spot.board.map(cardCode);
  const dead = (spot.dead ?? []).map(cardCode);
  checkSpot(holes, board, [...holes.flat(), ...board, ...dead], game.holeCards);
  return equityWith(game.equityKernel(holes), holes.length, board, [...holes.flat(), ...dead]);
}

/** The enumeration itself, over card codes, with the kernel the game made for these hands (`held`: the codes out of
 * the stub besides the board). Exported for tests that bring a kernel of their own (a pot in parts). */
export function equityWith(
  kernel: EquityKernel,
  n: number,
  board: readonly number[],
  held: readonly number[],
): EquityResult {
  const seen = new Set([...held, ...board]);
  const stub: number[] = [];
  for (let code = 0; code < 52; code++) if (!seen.has(code)) stub.push(code);
  const tally = new Tally(n, kernel.parts);
  const cards = new Int32Array(BOARD_SIZE);
  board.forEach((c, i) => (cards[i] = c));
  const scores = new Int32Array(n * kernel.parts);
  const missing = BOARD_SIZE - board.length;
  if (n > 0) walk(kernel, tally, stub, missing, board.length, cards, scores);
  const outs = board.length >= 3 && missing > 0 ? outsOf(kernel, board, stub, n) : [];
  const of = (count: number) => (tally.boards === 0 ? 0 : count / tally.boards);
  return {
    boards: tally.boards,
    hands: Array.from({ length: n }, (_, i) => ({
      win: of(tally.wins[i]!),
      tie: of(tally.ties[i]!),
      share: of(tally.units[i]! / tally.whole),
      outs: (outs[i] ?? []).sort(highFirst).map(cardOfCode),
    })),
  };
}

/** Outs read best first: by rank from the ace down, then by suit in the notation's order (s h d c). */
const highFirst = (a: number, b: number) => (b >> 2) - (a >> 2) || (a & 3) - (b & 3);

function checkSpot(holes: number[][], board: number[], known: number[], holeCards: number): void {
  if (new Set(known).size !== known.length) {
    throw new TableError('INPUT_INVALID', 'a card appears twice in the hands, the board and the dead cards');
  }
  if (board.length > BOARD_SIZE) {
    throw new TableError('INPUT_INVALID', `a board has at most five cards, got ${board.length}`);
  }
  const wrong = holes.findIndex((h) => h.length !== holeCards);
  if (wrong >= 0) {
    throw new TableError(
      'INPUT_INVALID',
      `hand ${wrong + 1} has ${holes[wrong]!.length} cards, the game deals ${holeCards}`,
    );
  }
}

/** Every set of `missing` cards from the stub, written into `cards[at …]`, each board scored and tallied. A loop over
 * an index per card to come (the last moves fastest), not recursion with a callback: the recursion's shape made V8
 * deoptimise now and then in the middle of a 278,256-board run (a run 15 times slower than the one before). */
function walk(
  kernel: EquityKernel,
  tally: Tally,
  stub: readonly number[],
  missing: number,
  at: number,
  cards: Int32Array,
  scores: Int32Array,
): void {
  const m = stub.length;
  if (missing > m) return;
  const index = new Int32Array(missing);
  for (let i = 0; i < missing; i++) index[i] = i;
  for (;;) {
    for (let i = 0; i < missing; i++) cards[at + i] = stub[index[i]!]!;
    kernel.score(cards, BOARD_SIZE, scores);
    tally.add(scores);
    let i = missing - 1;
    while (i >= 0 && index[i] === m - missing + i) i--;
    if (i < 0) return;
    index[i]!++;
    for (let j = i + 1; j < missing; j++) index[j] = index[j - 1]! + 1;
  }
}

/** Per hand: how often it takes everything alone, part, and how many pot units over all boards. */
class Tally {
  boards = 0;
  readonly wins: Float64Array;
  readonly ties: Float64Array;
  readonly units: Float64Array;
  /** Units of a whole pot. */
  readonly whole: number;
  private readonly gain: Int32Array;
  private readonly winners: Int32Array;

  constructor(
    private readonly n: number,
    private readonly parts: number,
  ) {
    this.wins = new Float64Array(n);
    this.ties = new Float64Array(n);
    this.units = new Float64Array(n);
    this.whole = UNITS * parts;
    this.gain = new Int32Array(n);
    this.winners = new Int32Array(n);
  }

  add(scores: Int32Array): void {
    if (this.parts === 1) return this.addWhole(scores);
    const { n, gain, winners } = this;
    this.boards++;
    for (let i = 0; i < n; i++) gain[i] = 0;
    for (let part = 0; part < this.parts; part++) {
      const base = part * n;
      let best = -1;
      let count = 0;
      for (let i = 0; i < n; i++) {
        const s = scores[base + i]!;
        if (s > best) {
          best = s;
          count = 0;
        }
        if (s === best && s >= 0) winners[count++] = i;
      }
      // nobody qualifies for this part (a low nobody makes): it goes to part 0's winners, counted again
      if (count === 0) count = this.partZeroWinners(scores, winners);
      const each = UNITS / count;
      for (let w = 0; w < count; w++) gain[winners[w]!]! += each;
    }
    for (let i = 0; i < n; i++) {
      const g = gain[i]!;
      if (g === 0) continue;
      this.units[i]! += g;
      if (g === this.whole) this.wins[i]!++;
      else this.ties[i]!++;
    }
  }

  /** The pot in one part (every game the table deals today): one pass for the best score, one for its holders. */
  private addWhole(scores: Int32Array): void {
    const n = this.n;
    this.boards++;
    let best = -1;
    let count = 0;
    let first = 0;
    for (let i = 0; i < n; i++) {
      const s = scores[i]!;
      if (s > best) {
        best = s;
        count = 1;
        first = i;
      } else if (s === best) count++;
    }
    if (count === 1) {
      this.wins[first]!++;
      this.units[first]! += UNITS;
      return;
    }
    const each = UNITS / count;
    for (let i = first; i < n; i++) {
      if (scores[i] !== best) continue;
      this.ties[i]!++;
      this.units[i]! += each;
    }
  }

  private partZeroWinners(scores: Int32Array, winners: Int32Array): number {
    let best = -1;
    let count = 0;
    for (let i = 0; i < this.n; i++) {
      const s = scores[i]!;
      if (s > best) {
        best = s;
        count = 0;
      }
      if (s === best) winners[count++] = i;
    }
    return count;
  }
}

/** For each hand, the stub cards that make it alone best if dealt next, when it is not alone best now. */
function outsOf(kernel: EquityKernel, board: readonly number[], stub: readonly number[], n: number): number[][] {
  const cards = new Int32Array(BOARD_SIZE);
  board.forEach((c, i) => (cards[i] = c));
  const scores = new Int32Array(n * kernel.parts);
  kernel.score(cards, board.length, scores);
  const leader = soleBest(scores, n);
  const outs: number[][] = Array.from({ length: n }, () => []);
  for (const card of stub) {
    cards[board.length] = card;
    kernel.score(cards, board.length + 1, scores);
    const ahead = soleBest(scores, n);
    if (ahead >= 0 && ahead !== leader) outs[ahead]!.push(card);
  }
  return outs;
}

/** The index of the one best score among the first n, or -1 on a tie. */
function soleBest(scores: Int32Array, n: number): number {
  let best = -1;
  let at = -1;
  for (let i = 0; i < n; i++) {
    if (scores[i]! > best) {
      best = scores[i]!;
      at = i;
    } else if (scores[i] === best) at = -1;
  }
  return at;
}
