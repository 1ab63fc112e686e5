// cardCode reads a card's two characters through tables (evaluator.ts): it must give every card's rank * 4 + suit
// and refuse every other string exactly as the reading by the notation's rank and suit letters does.
import { describe, expect, it } from 'vitest';
import { RANKS, SUITS } from '../../src/domain/cards.ts';
import { cardCode } from '../../src/domain/evaluator/high.ts';

/** The plain reading: rank 0 = deuce … 12 = ace, suit s h d c = 0 … 3; null for anything else. */
function reference(card: string): number | null {
  if (card.length !== 2) return null;
  const rank = RANKS.indexOf(card[0]!);
  const suit = SUITS.indexOf(card[1]!);
  return rank < 0 || suit < 0 ? null : (12 - rank) * 4 + suit;
}

function code(card: string): number | null {
  try {
    return cardCode(card);
  } catch {
    return null;
  }
}

describe('cardCode', () => {
  it('gives the 52 cards their codes and refuses every other string of up to three characters', () => {
    const chars = Array.from({ length: 260 }, (_, i) => String.fromCharCode(i));
    const strings = ['', ...chars];
    for (const a of chars)
      for (const b of 'AKQJT98765432akqjtshdcSHDC0 \u0100') strings.push(a + b, b + a, a + b + 's');
    let cards = 0;
    for (const s of strings) {
      expect(code(s), JSON.stringify(s)).toBe(reference(s));
      if (reference(s) !== null) cards += 1;
    }
    expect(cards).toBeGreaterThanOrEqual(52);
    expect(new Set([...RANKS].flatMap((r) => [...SUITS].map((s) => cardCode(r + s)))).size).toBe(52);
  });

  it('refuses a value that is not a string with INPUT_INVALID', () => {
    for (const v of [undefined, null, 5, {}, ['As']])
      expect(() => cardCode(v as unknown as string)).toThrow(/not a card/);
  });
});
