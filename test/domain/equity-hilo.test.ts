// Exact equity in Omaha hi-lo (R-HILO): the game's kernel splits every board's pot between the best high and the best
// qualifying low, as the showdown does; checked board by board against the descriptor's own showdown scoring.
import { describe, expect, it } from 'vitest';
import { fullDeck } from '../../src/domain/cards.ts';
import { equityOf, type EquitySpot } from '../../src/domain/equity/equity.ts';
import { gameOf } from '../../src/domain/games/index.ts';
import { generator } from '../helpers/seeded.ts';

/** The plain way: on every board, half the pot to the best high hands (split evenly) and half to the best lows, or
 * the whole pot to the high when no hand has a qualifying low (score 0). */
function plainShares(spot: EquitySpot): { boards: number; shares: number[] } {
  const game = gameOf(spot.game);
  const low = game.hands?.low;
  if (!low) throw new Error(`${spot.game} is not a high-low game`);
  const used = new Set([...spot.holes.flat(), ...spot.board]);
  const stub = fullDeck().filter((c) => !used.has(c));
  const shares = new Array<number>(spot.holes.length).fill(0);
  let boards = 0;
  const give = (scores: number[], amount: number) => {
    const top = Math.max(...scores);
    const at = scores.flatMap((s, i) => (s === top ? [i] : []));
    for (const i of at) shares[i]! += amount / at.length;
  };
  const visit = (board: string[], from: number) => {
    if (board.length === 5) {
      boards++;
      const highs = spot.holes.map((h) => game.score(h, board));
      const lows = spot.holes.map((h) => low.score(h, board));
      if (Math.max(...lows) > 0) {
        give(highs, 0.5);
        give(lows, 0.5);
      } else give(highs, 1);
      return;
    }
    for (let i = from; i < stub.length; i++) visit([...board, stub[i]!], i + 1);
  };
  visit([...spot.board], 0);
  return { boards, shares: shares.map((s) => s / boards) };
}

describe('exact equity, Omaha hi-lo', () => {
  it('the nut low against the nut high on the river: half the pot each', () => {
    const r = equityOf({
      game: 'omaha-hilo',
      holes: [
        ['Ah', '2h', 'Kc', 'Kd'],
        ['Qs', 'Qd', 'Jc', 'Tc'],
      ],
      board: ['3s', '4d', '7c', 'Qh', '9s'],
    });
    expect(r.boards).toBe(1);
    expect(r.hands[0]!.share).toBeCloseTo(0.5, 12);
    expect(r.hands[1]!.share).toBeCloseTo(0.5, 12);
  });

  it('no qualifying low on the board: the high takes the whole pot', () => {
    const r = equityOf({
      game: 'omaha-hilo',
      holes: [
        ['Ah', '2h', 'Kc', 'Kd'],
        ['Qs', 'Qd', 'Jc', 'Tc'],
      ],
      board: ['Qh', 'Jh', '9s', '8d', '2c'],
    });
    expect(r.hands[1]!.share).toBeCloseTo(1, 12);
    expect(r.hands[1]!.win).toBeCloseTo(1, 12);
  });

  it('random turns and rivers, 2 to 4 hands: every share as the plain split gives it, and the shares add up to 1', () => {
    const random = generator(21);
    for (let spot = 0; spot < 40; spot++) {
      const deck = fullDeck();
      for (let i = deck.length - 1; i > 0; i--) {
        const j = random.int(0, i);
        [deck[i], deck[j]] = [deck[j]!, deck[i]!];
      }
      const hands = 2 + (spot % 3);
      const holes = Array.from({ length: hands }, (_, i) => deck.slice(i * 4, i * 4 + 4));
      const board = deck.slice(hands * 4, hands * 4 + (spot % 2 === 0 ? 4 : 5));
      const s: EquitySpot = { game: 'omaha-hilo', holes, board };
      const ours = equityOf(s);
      const plain = plainShares(s);
      expect(ours.boards).toBe(plain.boards);
      ours.hands.forEach((h, i) => expect(h.share).toBeCloseTo(plain.shares[i]!, 9));
      expect(ours.hands.reduce((a, h) => a + h.share, 0)).toBeCloseTo(1, 9);
    }
  });
});
