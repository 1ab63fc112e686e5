import fc from 'fast-check';
import phe from 'phe';
import { describe, expect, it } from 'vitest';
import { TableError } from '../../src/domain/errors.ts';
import {
  cardCode,
  cardOfCode,
  categoryOf,
  evaluate,
  score7,
  scoreCodes,
  type HandCategory,
} from '../../src/domain/evaluator/high.ts';

const h = (text: string) => text.split(' ');
const value = (text: string) => evaluate(h(text));

/** phe: 0 straight flush … 8 high card (lower is better). */
const PHE_CATEGORY: HandCategory[] = [
  'straight-flush',
  'quads',
  'full-house',
  'flush',
  'straight',
  'trips',
  'two-pair',
  'pair',
  'high-card',
];
const pheScore = (cards: readonly string[]): number => phe.evaluateCards([...cards]);

/** n distinct card codes out of 52 (fast-check shrinks them toward low codes). */
const distinctCodes = (n: number) => fc.uniqueArray(fc.integer({ min: 0, max: 51 }), { minLength: n, maxLength: n });

describe('evaluate: categories and names', () => {
  const rows: Array<[string, HandCategory, string, string]> = [
    ['As Ks Qs Js Ts 2d 3c', 'straight-flush', 'Royal Flush', 'As Ks Qs Js Ts'],
    ['9h 8h 7h 6h 5h Kd Kc', 'straight-flush', 'Straight Flush, Nine high', '9h 8h 7h 6h 5h'],
    ['Ad 2d 3d 4d 6d Kd 9c', 'flush', 'Flush, Ace high', 'Ad Kd 6d 4d 3d'],
    ['Ac 2c 3c 4c 5c Ks 9s', 'straight-flush', 'Straight Flush, Five high', '5c 4c 3c 2c Ac'],
    ['9s 9h 9d 9c Ks Kh 2c', 'quads', 'Four of a Kind, Nines', '9s 9h 9d 9c Ks'],
    ['Kh Kd Ks 5c 5d 2c 3h', 'full-house', 'Full House, Kings over Fives', 'Kh Kd Ks 5c 5d'],
    ['5h 5d 5s Kc Kd Kh 3h', 'full-house', 'Full House, Kings over Fives', 'Kc Kd Kh 5h 5d'],
    ['Ah Jh 8h 4h 2h Kd Kc', 'flush', 'Flush, Ace high', 'Ah Jh 8h 4h 2h'],
    ['Ah 2d 3c 4s 5h Kd 9c', 'straight', 'Straight, Five high', '5h 4s 3c 2d Ah'],
    ['Ah Kd Qc Js Th 2d 2c', 'straight', 'Straight, Ace high', 'Ah Kd Qc Js Th'],
    ['7h 7d 7s Kc 9d 2h 3c', 'trips', 'Three of a Kind, Sevens', '7h 7d 7s Kc 9d'],
    ['Ah Ad Th Tc 9s 8d 2c', 'two-pair', 'Two Pair, Aces and Tens', 'Ah Ad Th Tc 9s'],
    ['Qh Qd 8s 8c 3h 3d 2c', 'two-pair', 'Two Pair, Queens and Eights', 'Qh Qd 8s 8c 3h'],
    ['Jh Jd 8s 6c 4h 3d 2c', 'pair', 'Pair of Jacks', 'Jh Jd 8s 6c 4h'],
    ['Ah Jd 8s 6c 4h 3d 2c', 'high-card', 'High Card, Ace', 'Ah Jd 8s 6c 4h'],
    // 5 and 6 cards
    ['2c 3c 4c 5c 6d', 'straight', 'Straight, Six high', '6d 5c 4c 3c 2c'],
    ['Td Ts Th 4c 4d 9h', 'full-house', 'Full House, Tens over Fours', 'Td Ts Th 4c 4d'],
    ['Kc Qc 8c 4c 2c', 'flush', 'Flush, King high', 'Kc Qc 8c 4c 2c'],
  ];
  it.each(rows)('%s is %s (%s)', (cards, category, name, best) => {
    const v = value(cards);
    expect(v.category).toBe(category);
    expect(v.name).toBe(name);
    expect(v.best).toEqual(h(best));
    expect(categoryOf(v.score)).toBe(category);
  });

  it('orders the categories', () => {
    const ladder = [
      'As Ks Qs Js Ts 2d 3c',
      '9h 8h 7h 6h 5h Kd Kc',
      'Ac 2c 3c 4c 5c Ks 9s',
      '9s 9h 9d 9c Ks Kh 2c',
      'Kh Kd Ks 5c 5d 2c 3h',
      'Ah Jh 8h 4h 2h Kd Kc',
      'Ah Kd Qc Js Th 2d 2c',
      'Ah 2d 3c 4s 5h Kd 9c',
      '7h 7d 7s Kc 9d 2h 3c',
      'Ah Ad Th Tc 9s 8d 2c',
      'Jh Jd 8s 6c 4h 3d 2c',
      'Ah Jd 8s 6c 4h 3d 2c',
    ].map(value);
    for (let i = 0; i + 1 < ladder.length; i++) expect(ladder[i]!.score).toBeGreaterThan(ladder[i + 1]!.score);
  });
});

describe('evaluate: kickers and ties', () => {
  it('a better kicker wins with the same pair', () => {
    expect(value('Ah Ad Kc 9s 7d 4c 2h').score).toBeGreaterThan(value('Ah Ad Qc 9s 7d 4c 2h').score);
  });
  it('the fifth card counts for high card and flush, the sixth does not', () => {
    expect(value('Ah Qd 9c 7s 5d 3c 2h').score).toBeGreaterThan(value('Ah Qd 9c 7s 4d 3c 2h').score);
    expect(value('Ah Qd 9c 7s 5d 4c 2h').score).toBe(value('Ah Qd 9c 7s 5d 3c 2h').score);
    expect(value('Ah Qh 9h 7h 5h 3c').score).toBeGreaterThan(value('Ah Qh 9h 7h 4h Kc').score);
  });
  it('with three pairs the best two play and the third may kick', () => {
    expect(value('Ah Ad Kh Kd Qh Qd 2c').name).toBe('Two Pair, Aces and Kings');
    expect(value('Ah Ad Kh Kd Qh Qd 2c').score).toBe(value('Ah Ad Kh Kd Qc 3s 2c').score);
  });
  it('the board plays: equal scores split', () => {
    const board = 'As Ks Qd Jc Th';
    expect(value(`${board} 2c 3d`).score).toBe(value(`${board} 4h 5h`).score);
  });
  it('the kicker to quads can come from a pair or trips', () => {
    expect(value('9s 9h 9d 9c Ks Kh 2c').score).toBe(value('9s 9h 9d 9c Ks 5h 2c').score);
    expect(value('9s 9h 9d 9c Ks Kh Kd').best).toEqual(h('9s 9h 9d 9c Ks'));
  });
  it('a higher straight beats the wheel; a steel wheel beats quads', () => {
    expect(value('6h 2d 3c 4s 5h Kd 9c').score).toBeGreaterThan(value('Ah 2d 3c 4s 5h Kd 9c').score);
    expect(value('Ac 2c 3c 4c 5c 5s 5h').score).toBeGreaterThan(value('Kc Ks Kh Kd 5c 5s 5h').score);
  });
});

describe('evaluate: bad input', () => {
  it.each([
    [['As', 'Ks', 'Qs', 'Js'], /5 to 7/],
    [['As', 'Ks', 'Qs', 'Js', 'Ts', '9s', '8s', '7s'], /5 to 7/],
    [['As', 'Ks', 'Qs', 'Js', 'As'], /twice/],
    [['As', 'Ks', 'Qs', 'Js', '1s'], /not a card/],
    [['As', 'Ks', 'Qs', 'Js', 'aS'], /not a card/],
  ])('%j is refused', (cards, message) => {
    expect(() => evaluate(cards)).toThrow(TableError);
    expect(() => evaluate(cards)).toThrow(message);
  });
  it('cardCode names the bad card', () => {
    expect(() => cardCode('Xx')).toThrow(/"Xx"/);
    expect(cardOfCode(cardCode('Td'))).toBe('Td');
  });
});

describe('evaluate against phe (independent implementation)', () => {
  const sign = (x: number) => (x > 0 ? 1 : x < 0 ? -1 : 0);

  it('orders random pairs of 7-card hands as phe does', () => {
    fc.assert(
      fc.property(distinctCodes(14), (codes) => {
        const a = codes.slice(0, 7).map(cardOfCode);
        const b = codes.slice(7).map(cardOfCode);
        // phe: lower is better.
        expect(sign(evaluate(a).score - evaluate(b).score)).toBe(sign(pheScore(b) - pheScore(a)));
      }),
      { numRuns: 5000 },
    );
  });

  it('orders hands sharing a board (the showdown case) as phe does', () => {
    fc.assert(
      fc.property(distinctCodes(9), (codes) => {
        const board = codes.slice(4).map(cardOfCode);
        const a = [...codes.slice(0, 2).map(cardOfCode), ...board];
        const b = [...codes.slice(2, 4).map(cardOfCode), ...board];
        expect(sign(evaluate(a).score - evaluate(b).score)).toBe(sign(pheScore(b) - pheScore(a)));
      }),
      { numRuns: 5000 },
    );
  });

  it('orders 5- and 6-card hands as phe does, and agrees on the category', () => {
    fc.assert(
      fc.property(fc.integer({ min: 5, max: 6 }), distinctCodes(12), (n, codes) => {
        const a = codes.slice(0, n).map(cardOfCode);
        const b = codes.slice(6, 6 + n).map(cardOfCode);
        expect(sign(evaluate(a).score - evaluate(b).score)).toBe(sign(pheScore(b) - pheScore(a)));
        expect(evaluate(a).category).toBe(PHE_CATEGORY[phe.rankCards(a)]);
      }),
      { numRuns: 3000 },
    );
  });

  it('the table path (score7) equals the counting path and phe agrees on the category', () => {
    fc.assert(
      fc.property(distinctCodes(7), (codes) => {
        const s = score7(codes);
        expect(s).toBe(scoreCodes(codes));
        expect(categoryOf(s)).toBe(PHE_CATEGORY[phe.rankCardCodes(codes)]);
      }),
      { numRuns: 20000 },
    );
  });

  it('the best five cards score what the seven score', () => {
    fc.assert(
      fc.property(distinctCodes(7), (codes) => {
        const v = evaluate(codes.map(cardOfCode));
        expect(v.best).toHaveLength(5);
        expect(new Set(v.best).size).toBe(5);
        expect(evaluate(v.best).score).toBe(v.score);
      }),
      { numRuns: 3000 },
    );
  });

  it('score7 reads 7 codes at an offset', () => {
    const flat = [0, 1, ...h('As Ks Qs Js Ts 2d 3c').map(cardCode)];
    expect(score7(flat, 2)).toBe(value('As Ks Qs Js Ts 2d 3c').score);
  });
});
