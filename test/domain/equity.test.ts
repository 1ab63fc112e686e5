// Exact equity (src/domain/equity/equity.ts): known spots, every board checked against the game's own showdown scoring,
// outs by their definition, and a pot in parts (the high-low rule that a part nobody qualifies for goes to the high).
import { describe, expect, it } from 'vitest';
import { fullDeck } from '../../src/domain/cards.ts';
import type { EquityKernel } from '../../src/domain/equity/kernels.ts';
import { equityOf, equityWith, type EquitySpot } from '../../src/domain/equity/equity.ts';
import { gameOf } from '../../src/domain/games/index.ts';
import { generator } from '../helpers/seeded.ts';

/** Every board of the spot scored with the game's showdown `score` (string cards, the engine's path), tallied the
 * plain way: a hand alone at the top wins, several at the top split. */
function plainEquity(spot: EquitySpot) {
  const game = gameOf(spot.game);
  const used = new Set([...spot.holes.flat(), ...spot.board, ...(spot.dead ?? [])]);
  const stub = fullDeck().filter((c) => !used.has(c));
  const n = spot.holes.length;
  const wins = new Array<number>(n).fill(0);
  const ties = new Array<number>(n).fill(0);
  const shares = new Array<number>(n).fill(0);
  let boards = 0;
  const visit = (board: string[], from: number) => {
    if (board.length === 5) {
      boards++;
      const scores = spot.holes.map((h) => game.score(h, board));
      const top = Math.max(...scores);
      const at = scores.flatMap((s, i) => (s === top ? [i] : []));
      for (const i of at) {
        if (at.length === 1) wins[i]!++;
        else ties[i]!++;
        shares[i]! += 1 / at.length;
      }
      return;
    }
    for (let i = from; i < stub.length; i++) visit([...board, stub[i]!], i + 1);
  };
  visit([...spot.board], 0);
  return { boards, wins, ties, shares };
}

function randomSpot(random: ReturnType<typeof generator>, game: 'holdem' | 'omaha', hands: number, board: number) {
  const deck = fullDeck();
  for (let i = deck.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  const size = gameOf(game).holeCards;
  const holes = Array.from({ length: hands }, (_, i) => deck.slice(i * size, (i + 1) * size));
  const at = hands * size;
  return { game, holes, board: deck.slice(at, at + board), dead: deck.slice(at + board, at + board + 2) };
}

describe('exact equity', () => {
  it('ace-king of spades against queens on a two-spade flop: 536 of 990 boards', () => {
    const r = equityOf({
      game: 'holdem',
      holes: [
        ['As', 'Ks'],
        ['Qh', 'Qd'],
      ],
      board: ['2s', '7s', '9d'],
    });
    expect(r.boards).toBe(990);
    expect(r.hands[0]!.win * 990).toBeCloseTo(536, 9);
    expect(r.hands[1]!.win * 990).toBeCloseTo(454, 9);
    expect(r.hands[0]!.tie).toBe(0);
    // the nine spades left, the three kings and three aces
    expect(r.hands[0]!.outs.sort()).toEqual(
      ['3s', '4s', '5s', '6s', '8s', '9s', 'Ts', 'Js', 'Qs', 'Kh', 'Kd', 'Kc', 'Ah', 'Ad', 'Ac'].sort(),
    );
    expect(r.hands[1]!.outs).toEqual([]);
  });

  it('the same hands on a full board: one board, the better hand wins it all', () => {
    const r = equityOf({
      game: 'holdem',
      holes: [
        ['As', 'Ks'],
        ['Qh', 'Qd'],
      ],
      board: ['2s', '7s', '9d', 'Jc', 'Qc'],
    });
    expect(r.boards).toBe(1);
    expect(r.hands.map((h) => h.share)).toEqual([0, 1]);
    expect(r.hands.map((h) => h.outs)).toEqual([[], []]);
  });

  it('a board that plays for both: each ties every board and has half the pot', () => {
    const r = equityOf({
      game: 'holdem',
      holes: [
        ['2c', '3d'],
        ['2h', '3s'],
      ],
      board: ['As', 'Ks', 'Qs', 'Js', 'Ts'],
    });
    expect(r.hands.map((h) => [h.win, h.tie, h.share])).toEqual([
      [0, 1, 0.5],
      [0, 1, 0.5],
    ]);
  });

  for (const [game, hands, board, spots] of [
    ['holdem', 9, 3, 4],
    ['holdem', 3, 4, 12],
    ['holdem', 2, 5, 12],
    ['omaha', 6, 3, 3],
    // 5,984 boards: past the first 1,200, the per-hand triple table scores them
    ['omaha', 4, 2, 2],
    ['holdem', 6, 2, 2],
    ['omaha', 4, 4, 12],
    ['omaha', 2, 5, 12],
  ] as const) {
    it(`${game}, ${hands} hands, ${board} board cards: every board as the showdown scores it (${spots} random spots)`, () => {
      const random = generator(board * 100 + hands);
      for (let s = 0; s < spots; s++) {
        const spot = randomSpot(random, game, hands, board);
        const ours = equityOf(spot);
        const plain = plainEquity(spot);
        expect(ours.boards).toBe(plain.boards);
        ours.hands.forEach((h, i) => {
          expect(h.win * plain.boards).toBeCloseTo(plain.wins[i]!, 6);
          expect(h.tie * plain.boards).toBeCloseTo(plain.ties[i]!, 6);
          expect(h.share * plain.boards).toBeCloseTo(plain.shares[i]!, 6);
        });
        expect(ours.hands.reduce((sum, h) => sum + h.share, 0)).toBeCloseTo(1, 9);
      }
    });
  }

  it("9-way hold'em pre-flop: 278,256 boards, the shares add up to the pot", () => {
    const spot = randomSpot(generator(9), 'holdem', 9, 0);
    const r = equityOf({ ...spot, dead: [] });
    expect(r.boards).toBe(278_256);
    expect(r.hands.reduce((sum, h) => sum + h.share, 0)).toBeCloseTo(1, 9);
    for (const h of r.hands) expect(h.win + h.tie).toBeLessThanOrEqual(1);
  });

  it('outs: exactly the stub cards that, dealt next, leave that hand alone in front (random turns and flops)', () => {
    const random = generator(77);
    for (const [game, hands, board] of [
      ['holdem', 4, 3],
      ['holdem', 5, 4],
      ['omaha', 3, 3],
      ['omaha', 3, 4],
    ] as const) {
      const spot = randomSpot(random, game, hands, board);
      const g = gameOf(game);
      const used = new Set([...spot.holes.flat(), ...spot.board, ...spot.dead]);
      const alone = (b: string[]) => {
        const scores = spot.holes.map((h) => g.score(h, b));
        const top = Math.max(...scores);
        return scores.filter((s) => s === top).length === 1 ? scores.indexOf(top) : -1;
      };
      const now = alone(spot.board);
      const expected = spot.holes.map((): string[] => []);
      for (const card of fullDeck()) {
        if (used.has(card)) continue;
        const next = alone([...spot.board, card]);
        if (next >= 0 && next !== now) expected[next]!.push(card);
      }
      const outs = equityOf(spot).hands.map((h) => h.outs);
      // listed best first: by rank from the ace down
      for (const list of outs)
        expect(list).toEqual([...list].sort((a, b) => 'AKQJT98765432'.indexOf(a[0]!) - 'AKQJT98765432'.indexOf(b[0]!)));
      expect({ game, outs: outs.map((o) => [...o].sort()) }).toEqual({ game, outs: expected.map((o) => o.sort()) });
    }
  });

  it("a pot in two parts: a part nobody qualifies for goes to the first part's winners", () => {
    // three hands; part 0 (high) by hand index, part 1 (low) qualifies only hand 2, and only on even first cards
    const kernel: EquityKernel = {
      parts: 2,
      score(board, _len, out) {
        out[0] = 3;
        out[1] = 2;
        out[2] = 1;
        const low = board[4]! % 2 === 0;
        out[3] = -1;
        out[4] = -1;
        out[5] = low ? 5 : -1;
      },
    };
    // board of four known cards: one card to come, 48 boards, half of them even codes
    const board = [51, 50, 49, 48];
    const r = equityWith(kernel, 3, board, []);
    expect(r.boards).toBe(48);
    // hand 0 scoops the 24 odd boards, halves the 24 even ones
    expect(r.hands[0]).toMatchObject({ win: 0.5, tie: 0.5, share: 0.75 });
    expect(r.hands[2]).toMatchObject({ win: 0, tie: 0.5, share: 0.25 });
    expect(r.hands[1]!.share).toBe(0);
  });

  it('refuses a card seen twice, a hand of the wrong size and a board of six, in words', () => {
    expect(() =>
      equityOf({
        game: 'holdem',
        holes: [
          ['As', 'Ks'],
          ['As', 'Qd'],
        ],
        board: [],
      }),
    ).toThrow(/appears twice/);
    expect(() => equityOf({ game: 'omaha', holes: [['As', 'Ks']], board: [] })).toThrow(
      /hand 1 has 2 cards, the game deals 4/,
    );
    expect(() =>
      equityOf({ game: 'holdem', holes: [['As', 'Ks']], board: ['2c', '3c', '4c', '5c', '6c', '7c'] }),
    ).toThrow(/at most five/);
  });
});
