// The low evaluators (R-HILO, razz): worked examples, the plain reference of bench/low-reference.ts on random deals
// (0 disagreements), and handranker (an independent implementation from the npm registry) on random tables.
import handranker, { type Ranking } from 'handranker';
import { describe, expect, it } from 'vitest';
import { benchLow, randomNines } from '../../bench/evaluator-low-bench.ts';
import { compareReference, referenceLow8, referenceOmahaLow, referenceRazz } from '../../bench/low-reference.ts';
import { TableError } from '../../src/domain/errors.ts';
import { lowName, NO_LOW, scoreLow8, scoreOmahaLow, scoreRazz7, scoreRazzCodes } from '../../src/domain/evaluator/low.ts';
import { cardCode, cardOfCode } from '../../src/domain/evaluator/high.ts';
import { createRandom } from '../../src/sim/index.ts';

const codes = (text: string) => text.split(' ').map(cardCode);
const low8 = (text: string) => scoreLow8(codes(text));
const razz = (text: string) => scoreRazz7(codes(text));
const omahaLow = (hole: string, board: string) => scoreOmahaLow(codes(hole), codes(board));

describe('eight-or-better low over 5 to 7 cards', () => {
  it('takes five different ranks, none above the eight, the ace low; straights and flushes do not count', () => {
    expect(lowName(low8('As 2s 3s 4s 5s Kd Kc'))).toBe('5-4-3-2-A'); // a straight flush high, the wheel low
    expect(lowName(low8('8h 6d 5c 4s 3h 2d Kc'))).toBe('6-5-4-3-2');
    expect(lowName(low8('8h 7d 5c 4s 3h 3d 9c'))).toBe('8-7-5-4-3');
    expect(low8('8h 7d 5c 4s 9h 9d Kc')).toBe(NO_LOW); // four low ranks
    expect(low8('Ah Ad 2c 2s 3h 3d 4c')).toBe(NO_LOW); // seven low cards, four ranks
    expect(low8('9h 7d 5c 4s 3h')).toBe(NO_LOW);
  });
  it('compares from the highest card down', () => {
    expect(low8('8h 5d 4c 3s 2h Kd Kc')).toBeGreaterThan(low8('8h 6d 5c 4s 3h Kd Kc'));
    expect(low8('7h 6d 5c 4s 3h Kd Kc')).toBeGreaterThan(low8('8h 5d 4c 3s 2h Kd Kc'));
    expect(low8('As 2d 3c 4h 5s')).toBeGreaterThan(low8('As 2d 3c 4h 6s'));
    expect(low8('8h 5d 4c 3s 2h Kd Kc')).toBe(low8('8d 5h 4s 3c 2d Qd Jc')); // suits never count
  });
});

describe("Omaha's eight-or-better low: exactly two hole cards and three board cards", () => {
  it('needs two low hole cards of ranks the three board cards do not have', () => {
    expect(lowName(omahaLow('As 2d Kc Kd', '3h 4c 5s Jh Qc'))).toBe('5-4-3-2-A');
    // three low hole cards do not help: two of them play
    expect(lowName(omahaLow('As 2d 3c Kd', '4h 5c 8s Jh Kc'))).toBe('8-5-4-2-A');
    // one low hole card: no low, whatever the board (four low board cards still need two from the hand)
    expect(omahaLow('As Kd Kc Qd', '2h 3c 4s 5h 6c')).toBe(NO_LOW);
    // two low board cards only
    expect(omahaLow('As 2d 3c 4d', '5h 6c 9s Jh Kc')).toBe(NO_LOW);
    // a hole pair of one rank is not two low ranks; an ace on the board does not make the hand's ace count twice
    expect(omahaLow('As Ad Kc Kd', '2h 3c 4s Jh Qc')).toBe(NO_LOW);
    expect(lowName(omahaLow('As 2d Kc Kd', 'Ah 3c 4s 5h Qc'))).toBe('5-4-3-2-A');
    expect(omahaLow('As 3d Kc Kd', 'Ah 3c 8s Jh Qc')).toBe(NO_LOW);
  });
  it('plays the best two of four, and a seat on the flop or the turn plays the cards dealt', () => {
    expect(lowName(omahaLow('As 2d 3c 7d', '4h 6c 5s Jh Kc'))).toBe('6-5-4-2-A');
    expect(lowName(omahaLow('As 2d', '3h 6c 8s'))).toBe('8-6-3-2-A');
  });
  it('refuses a hand with too few or too many cards', () => {
    expect(() => omahaLow('As', '3h 6c 8s')).toThrow(TableError);
    expect(() => omahaLow('As 2d', '3h 6c')).toThrow(/2 to 4 hole cards and 3 to 5 board cards/);
  });
});

describe('ace-to-five low (razz)', () => {
  it('plays the best five of seven, pairs against, straights and flushes not', () => {
    expect(lowName(razz('As 2s 3s 4s 5s Kd Kc'))).toBe('5-4-3-2-A');
    expect(lowName(razz('9h Td Jc Qs Kh Kd Kc'))).toBe('K-Q-J-T-9');
    expect(lowName(razz('Ah Ad 2c 2s 3h 3d 4c'))).toBe('Pair of Aces, 4-3-2');
    expect(lowName(razz('Ah Ad Ac 2s 2h 2d 3c'))).toBe('Two Pair, Twos and Aces, Three');
    expect(lowName(razz('Ah Ad Ac As 2h 2d 2c'))).toBe('Full House, Aces over Twos');
    expect(lowName(scoreRazzCodes(codes('Ah Ad Ac As 2h')))).toBe('Four of a Kind, Aces, Two');
    expect(lowName(scoreRazzCodes(codes('Kh Kd Kc Qs Jh')))).toBe('Three of a Kind, Kings, Q-J');
  });
  it('orders the shapes: no pair, one pair, two pair, trips, full house, quads', () => {
    const order = [
      'Kh Qd Jc Ts 9h',
      'Ah Ad 2c 3s 4h',
      'Ah Ad 2c 2s 3h',
      'Ah Ad Ac 2s 3h',
      'Ah Ad Ac 2s 2h',
      'Ah Ad Ac As 2h',
    ];
    const scores = order.map((hand) => scoreRazzCodes(codes(hand)));
    for (let i = 1; i < scores.length; i++) expect(scores[i - 1]).toBeGreaterThan(scores[i]!);
    expect(razz('8h 6d 5c 4s 3h Kd Kc')).toBeLessThan(razz('8h 5d 4c 3s 2h Kd Qc'));
  });
  it('refuses fewer than five or more than seven cards on the counting path', () => {
    expect(() => scoreRazzCodes(codes('As 2d 3c 4h'))).toThrow(TableError);
  });
});

/** Deals of 7 (and 4 + 5) from a deck narrowed to a few ranks, so that pairs, trips and quads come often. */
function narrowDeals(count: number, ranks: string, seed: number): number[][] {
  const deck = [...ranks].flatMap((r) => [...'shdc'].map((s) => cardCode(r + s)));
  const random = createRandom(seed);
  const deals: number[][] = [];
  for (let d = 0; d < count; d++) {
    for (let i = 0; i < 9; i++) {
      const j = random.int(i, deck.length - 1);
      [deck[i], deck[j]] = [deck[j]!, deck[i]!];
    }
    deals.push(deck.slice(0, 9));
  }
  return deals;
}

/** Where the fast scores and the reference disagree over consecutive deals (a low for one only, or the order). */
function disagreements(
  deals: readonly (readonly number[])[],
  fast: (deal: readonly number[]) => number,
  reference: (deal: readonly number[]) => number[] | null,
): number {
  let wrong = 0;
  let last: { score: number; ref: number[] | null } | null = null;
  for (const deal of deals) {
    const now = { score: fast(deal), ref: reference(deal) };
    if ((now.score === NO_LOW) !== (now.ref === null)) wrong++;
    else if (last && Math.sign(now.score - last.score) !== compareReference(now.ref, last.ref)) wrong++;
    last = now;
  }
  return wrong;
}

describe('against the plain reference (every allowed five, compared as lists) on random deals', () => {
  const flat = randomNines(4_000, 21);
  const full = Array.from({ length: 4_000 }, (_, d) => Array.from(flat.subarray(d * 9, d * 9 + 9)));
  const narrow = [
    ...narrowDeals(1_500, 'A2345', 3),
    ...narrowDeals(1_500, 'A23456789', 4),
    ...narrowDeals(800, '8KQ', 5),
  ];
  const seven = (deal: readonly number[]) => deal.slice(0, 7);
  for (const [label, deals] of [
    ['the full deck', full],
    ['decks of a few ranks', narrow],
  ] as const) {
    it(`${label}: eight-or-better over 7, 6 and 5 cards`, () => {
      for (const n of [7, 6, 5])
        expect(
          disagreements(
            deals,
            (d) => scoreLow8(d, 0, n),
            (d) => referenceLow8(d.slice(0, n)),
          ),
        ).toBe(0);
    });
    it(`${label}: Omaha eight-or-better with 4, 3 and 2 hole cards on 5 and 3 board cards`, () => {
      for (const [holes, boards] of [
        [4, 5],
        [3, 5],
        [2, 3],
        [4, 3],
      ] as const) {
        const hole = (d: readonly number[]) => d.slice(0, holes);
        const board = (d: readonly number[]) => d.slice(4, 4 + boards);
        const fast = (d: readonly number[]) => scoreOmahaLow(hole(d), board(d));
        expect(disagreements(deals, fast, (d) => referenceOmahaLow(hole(d), board(d)))).toBe(0);
      }
    });
    it(`${label}: ace-to-five over 7 cards (the table) and 5 to 7 cards (counting)`, () => {
      expect(
        disagreements(
          deals,
          (d) => scoreRazz7(d),
          (d) => referenceRazz(seven(d)),
        ),
      ).toBe(0);
      for (const n of [7, 6, 5])
        expect(
          disagreements(
            deals,
            (d) => scoreRazzCodes(d.slice(0, n)),
            (d) => referenceRazz(d.slice(0, n)),
          ),
        ).toBe(0);
      for (const d of deals) expect(scoreRazz7(d)).toBe(scoreRazzCodes(seven(d)));
    });
  }
  it('the bench reports its check: 0 disagreements', () => {
    const figures = benchLow(3_000, 3_000, 1);
    expect(figures.deals).toBe(3_000);
    for (const f of [figures.stud8, figures.omaha8, figures.razz]) {
      expect(f.disagreements).toBe(0);
      expect(f.ours).toBeGreaterThan(0);
    }
  });
});

/** Our grouping of `ids` best first, ties together, by `score` (higher wins); NO_LOW hands left out when `qualify`. */
function ourRanking(ids: readonly number[], score: (id: number) => number, qualify: boolean): number[][] {
  const scored = ids.map((id) => ({ id, s: score(id) })).filter((h) => !qualify || h.s !== NO_LOW);
  scored.sort((a, b) => b.s - a.s || a.id - b.id);
  const groups: number[][] = [];
  scored.forEach((h, i) => (i > 0 && h.s === scored[i - 1]!.s ? groups.at(-1)!.push(h.id) : groups.push([h.id])));
  return groups;
}

const theirRanking = (ranking: Ranking | false): number[][] =>
  ranking === false ? [] : ranking.map((group) => group.map((h) => h.id).sort((a, b) => a - b));

describe('against handranker (npm) on random tables of six hands', () => {
  const random = createRandom(77);
  /** 6 hands of `perHand` cards and `boardCards` board cards, all distinct. */
  const table = (perHand: number, boardCards: number) => {
    const deck = Array.from({ length: 52 }, (_, i) => i);
    const need = 6 * perHand + boardCards;
    for (let i = 0; i < need; i++) {
      const j = random.int(i, 51);
      [deck[i], deck[j]] = [deck[j]!, deck[i]!];
    }
    const hands = Array.from({ length: 6 }, (_, h) => deck.slice(h * perHand, (h + 1) * perHand));
    return { hands, board: deck.slice(6 * perHand, need) };
  };
  const strings = (cs: readonly number[]) => cs.map(cardOfCode);
  const ids = [0, 1, 2, 3, 4, 5];

  it('razz: the same order and ties over 300 tables', () => {
    for (let t = 0; t < 300; t++) {
      const { hands } = table(7, 0);
      const theirs = handranker.orderHands(
        hands.map((cards, id) => ({ id, cards: strings(cards) })),
        handranker.RAZZ,
      ) as Ranking;
      expect(ourRanking(ids, (id) => scoreRazz7(hands[id]!), false)).toEqual(theirRanking(theirs));
    }
  });
  it('stud hi-lo low: the same qualifying hands, order and ties over 300 tables', () => {
    for (let t = 0; t < 300; t++) {
      const { hands } = table(7, 0);
      const theirs = handranker.orderHands(
        hands.map((cards, id) => ({ id, cards: strings(cards) })),
        handranker.STUD_HI_LO,
      ) as { low: Ranking | false };
      expect(ourRanking(ids, (id) => scoreLow8(hands[id]!), true)).toEqual(theirRanking(theirs.low));
    }
  });
  it('Omaha hi-lo low: the same qualifying hands, order and ties over 200 tables', () => {
    for (let t = 0; t < 200; t++) {
      const { hands, board } = table(4, 5);
      const theirs = handranker.orderHands(
        hands.map((cards, id) => ({ id, cards: strings(cards) })),
        strings(board),
        handranker.OMAHA_HI_LO,
      ) as { low: Ranking | false };
      expect(ourRanking(ids, (id) => scoreOmahaLow(hands[id]!, board), true)).toEqual(theirRanking(theirs.low));
    }
  });
});
