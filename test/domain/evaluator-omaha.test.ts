import fc from 'fast-check';
import phe from 'phe';
import { describe, expect, it } from 'vitest';
import { benchOmaha } from '../../bench/evaluator-omaha-bench.ts';
import { TableError } from '../../src/domain/errors.ts';
import { scoreOmaha } from '../../src/domain/evaluator/omaha.ts';
import { cardCode, nameOf, score5, scoreCodes } from '../../src/domain/evaluator/high.ts';

const codes = (text: string) => (text === '' ? [] : text.split(' ').map(cardCode));

/** The reference: every 2 of the hole cards with every 3 of the board, each scored by counting. */
function bruteForce(hole: readonly number[], board: readonly number[]): number {
  let best = -1;
  for (let i = 0; i < hole.length; i++)
    for (let j = i + 1; j < hole.length; j++)
      for (let a = 0; a < board.length; a++)
        for (let b = a + 1; b < board.length; b++)
          for (let c = b + 1; c < board.length; c++)
            best = Math.max(best, scoreCodes([hole[i]!, hole[j]!, board[a]!, board[b]!, board[c]!]));
  return best;
}

/** phe's value of the best Omaha hand (lower is better): its 5-card evaluator over the same combinations. */
function pheOmaha(hole: readonly number[], board: readonly number[]): number {
  let best = Infinity;
  for (let i = 0; i < hole.length; i++)
    for (let j = i + 1; j < hole.length; j++)
      for (let a = 0; a < board.length; a++)
        for (let b = a + 1; b < board.length; b++)
          for (let c = b + 1; c < board.length; c++)
            best = Math.min(best, phe.evaluateCardCodes([hole[i]!, hole[j]!, board[a]!, board[b]!, board[c]!]));
  return best;
}

/** A deal of `holes` hole cards and `boards` board cards, all distinct, from `deck` (card codes). */
const deal = (deck: readonly number[], holes: fc.Arbitrary<number>, boards: fc.Arbitrary<number>) =>
  fc
    .tuple(holes, boards)
    .chain(([h, b]) =>
      fc
        .uniqueArray(fc.constantFrom(...deck), { minLength: h + b, maxLength: h + b })
        .map((cards) => ({ hole: cards.slice(0, h), board: cards.slice(h) })),
    );
const FULL_DECK = Array.from({ length: 52 }, (_, i) => i);
/** Seven ranks (6 to Q) of two suits, 14 cards: pairs, two pairs, straights and flushes on most deals. */
const DENSE_DECK = FULL_DECK.filter((code) => code >> 2 >= 4 && code >> 2 <= 10 && (code & 3) < 2);

describe('scoreOmaha: hands where Omaha and hold-em differ', () => {
  // hole, board, the best five (two from the hole, three from the board), its name; the comment says what the best
  // five of all the cards would be.
  const rows: Array<[string, string, string, string]> = [
    // four hearts in the hand and one on the board: no flush (any five: a heart flush)
    ['Ah Kh 7h 2h', 'Qh Jc 9d 5s 3c', 'Ah Kh Qh Jc 9d', 'High Card, Ace'],
    // a five-spade board and one spade in the hand: no flush, but A-T with K-Q-J is a straight
    ['As Td 8c 2h', 'Ks Qs Js 5s 3s', 'As Ks Qs Js Td', 'Straight, Ace high'],
    // quads on the board play as trips (any five: quads)
    ['As Ks 2d 3c', '9h 9d 9s 9c 5h', '9h 9d 9s As Ks', 'Three of a Kind, Nines'],
    ['5s 5d Kc Kd', '9h 9d 9s 9c 2h', '9h 9d 9s Kc Kd', 'Full House, Nines over Kings'],
    // a straight on the board cannot be used (any five: nine-high straight)
    ['Ts 2c 2d Kh', '5c 6d 7h 8s 9c', '2c 2d 9c 8s 7h', 'Pair of Twos'],
    ['Ah 2d Kc Kd', '3s 4c 5h 9d Js', '5h 4c 3s 2d Ah', 'Straight, Five high'],
    // two of the hole's fours with two of the board's: quads, not the kings full
    ['Kh Kd 4c 4s', 'Ks 4d 4h 8c 9c', '4c 4s 4d 4h Ks', 'Four of a Kind, Fours'],
    ['9h 8h 2c 2d', '7h 6h 5h Kd Ks', '9h 8h 7h 6h 5h', 'Straight Flush, Nine high'],
    // one ace in the hand and two on the board: trips (any five: aces full of kings)
    ['Ac 7d 3s 2h', 'Ad Ah Kc Kd Qs', 'Ac Ad Ah Kc 7d', 'Three of a Kind, Aces'],
    ['Ac Kd 9s 9h', 'Jh Jd Js 4c 8d', 'Jh Jd Js 9s 9h', 'Full House, Jacks over Nines'],
    ['Ah Kh 3c 4d', 'Qh Jh Th 2s 2c', 'Ah Kh Qh Jh Th', 'Royal Flush'],
    // two hole cards: both must play (any five: a straight flush on the board)
    ['As 2c', 'Ks Qs Js Ts 9s', 'As Ks Qs Js 2c', 'High Card, Ace'],
    // three hole cards on the flop: a set, not the full house that needs all three (any five: queens full)
    ['Qs Qh 7d', 'Qd 7c 2s', 'Qs Qh Qd 7c 2s', 'Three of a Kind, Queens'],
    // the turn, four board cards: the hole's threes with the board's, not the jacks full (any five: quads too)
    ['Js Jh 3c 3d', 'Jd 3s 3h 8c', '3c 3d 3s 3h Jd', 'Four of a Kind, Threes'],
    ['Js Jh 4c 2d', 'Jd 3s 3h 8c', 'Js Jh Jd 3s 3h', 'Full House, Jacks over Threes'],
  ];
  it.each(rows)('%s on %s plays %s (%s)', (hole, board, best, name) => {
    const score = scoreOmaha(codes(hole), codes(board));
    expect(nameOf(score)).toBe(name);
    expect(score).toBe(scoreCodes(codes(best)));
    expect(score).toBe(bruteForce(codes(hole), codes(board)));
  });

  it('equal hands split, the better kicker from the hand wins', () => {
    const board = codes('As Ks Qs 2d 3c');
    expect(scoreOmaha(codes('Jh Th 4c 5c'), board)).toBe(scoreOmaha(codes('Jd Td 6h 6c'), board));
    const pairBoard = codes('9s 9d 5c 4h 2s');
    expect(scoreOmaha(codes('Ah Kd 8c 7d'), pairBoard)).toBeGreaterThan(scoreOmaha(codes('Ac Qd 8h 7s'), pairBoard));
  });

  it('the card order in hand and board does not matter', () => {
    const hole = codes('9h 8h 2c 2d');
    const board = codes('7h 6h 5h Kd Ks');
    expect(scoreOmaha([...hole].reverse(), [...board].reverse())).toBe(scoreOmaha(hole, board));
  });
});

describe('scoreOmaha: bad counts', () => {
  it.each([
    ['As', 'Ks Qs Js'],
    ['As Ks Qs Js Ts', '2c 3c 4c'],
    ['As Ks', '2c 3c'],
    ['As Ks', '2c 3c 4c 5c 6c 7c'],
  ])('hole %s, board %s is refused', (hole, board) => {
    expect(() => scoreOmaha(codes(hole), codes(board))).toThrow(TableError);
    expect(() => scoreOmaha(codes(hole), codes(board))).toThrow(/2 to 4 hole cards and 3 to 5 board cards/);
  });
});

describe('scoreOmaha against references', () => {
  it('equals the brute force over every 2 + 3 combination on random deals (2-4 hole, 3-5 board)', () => {
    fc.assert(
      fc.property(deal(FULL_DECK, fc.integer({ min: 2, max: 4 }), fc.integer({ min: 3, max: 5 })), (d) => {
        expect(scoreOmaha(d.hole, d.board)).toBe(bruteForce(d.hole, d.board));
      }),
      { numRuns: 3000 },
    );
  });

  it('equals the brute force on a dense deck (flushes, straights, full houses on most deals)', () => {
    fc.assert(
      fc.property(deal(DENSE_DECK, fc.integer({ min: 2, max: 4 }), fc.integer({ min: 3, max: 5 })), (d) => {
        expect(scoreOmaha(d.hole, d.board)).toBe(bruteForce(d.hole, d.board));
      }),
      { numRuns: 3000 },
    );
  });

  it("orders two players' hands on one board as phe's 5-card evaluator does", () => {
    const sign = (x: number) => (x > 0 ? 1 : x < 0 ? -1 : 0);
    for (const deck of [FULL_DECK, DENSE_DECK]) {
      fc.assert(
        fc.property(fc.uniqueArray(fc.constantFrom(...deck), { minLength: 13, maxLength: 13 }), (cards) => {
          const [a, b, board] = [cards.slice(0, 4), cards.slice(4, 8), cards.slice(8)];
          const ours = sign(scoreOmaha(a, board) - scoreOmaha(b, board));
          const theirs = sign(pheOmaha(b, board) - pheOmaha(a, board));
          expect(ours).toBe(theirs);
        }),
        { numRuns: 2000 },
      );
    }
  });
});

describe('score5', () => {
  it('equals the counting path for every multiset of five ranks (suits mixed, no flush)', () => {
    let checked = 0;
    const ranks: number[] = [];
    const walk = (rank: number, left: number): void => {
      if (left === 0) {
        // Suit i for the i-th card: at most 4 of a rank get 4 different suits, and five cards are never one suit.
        const hand = ranks.map((r, i) => r * 4 + (i % 4));
        expect(score5(hand)).toBe(scoreCodes(hand));
        checked++;
        return;
      }
      if (rank === 13) return;
      for (let n = Math.min(4, left); n >= 0; n--) {
        for (let k = 0; k < n; k++) ranks.push(rank);
        walk(rank + 1, left - n);
        ranks.length -= n;
      }
    };
    walk(0, 5);
    expect(checked).toBe(6175);
  });

  it('equals the counting path on random five cards, and reads at an offset', () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom(FULL_DECK, DENSE_DECK)
          .chain((deck) => fc.uniqueArray(fc.constantFrom(...deck), { minLength: 5, maxLength: 5 })),
        fc.integer({ min: 0, max: 3 }),
        (hand, from) => {
          expect(score5(hand)).toBe(scoreCodes(hand));
          expect(score5([...Array<number>(from).fill(51), ...hand], from)).toBe(scoreCodes(hand));
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('the Omaha bench', () => {
  it('checks every deal it times against 60 calls of score5 and finds no difference', () => {
    const figures = benchOmaha(2000, 1);
    expect(figures.deals).toBe(2000);
    expect(figures.disagreements).toBe(0);
    expect(figures.ours).toBeGreaterThan(0);
    expect(figures.naive).toBeGreaterThan(0);
  });
});
