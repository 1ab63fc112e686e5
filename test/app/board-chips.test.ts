// The board's feed lines for the chips events (src/web/table/board-feed.js, plain browser JS run here as it is):
// amounts are public, so a pot, a bust-out and a floor's stack change read as words (R-POT-AWARD, R-CHIPS-BUST).
import { describe, expect, test } from 'vitest';
import '../../src/web/table/board-feed.js';

type FeedLine = (e: unknown, f: { money: (n: number) => string; clockText: (ms: number) => string }) => string[];
const { feedLine } = (globalThis as unknown as { BoardFeed: { feedLine: FeedLine } }).BoardFeed;
const f = { money: (n: number) => n.toLocaleString('en-US'), clockText: (ms: number) => `${ms / 1000}s` };

describe('board feed with chips tracked', () => {
  test('a pot awarded names each share, outermost pot first', () => {
    const e = {
      type: 'pot.awarded',
      pots: [
        {
          amount: 903,
          seats: [2, 3, 1],
          winners: [2, 3],
          shares: [
            { seat: 2, amount: 452 },
            { seat: 3, amount: 451 },
          ],
        },
        { amount: 1200, seats: [2, 3, 4, 1], winners: [4], shares: [{ seat: 4, amount: 1200 }] },
      ],
    };
    expect(feedLine(e, f)).toEqual(['showdown', 'Pots awarded', 'seat 2 452, seat 3 451 · seat 4 1,200']);
  });

  test('Omaha hi-lo (R-HILO): each share says its half; the showdown names the low beside the high', () => {
    const split = {
      type: 'pot.awarded',
      pots: [
        {
          amount: 400,
          seats: [2, 3, 4, 1],
          winners: [3, 4, 1],
          shares: [
            { seat: 3, amount: 200, half: 'high' },
            { seat: 4, amount: 100, half: 'low' },
            { seat: 1, amount: 100, half: 'low' },
          ],
        },
      ],
    };
    expect(feedLine(split, f)).toEqual([
      'showdown',
      'Pot awarded',
      'seat 3 200 (high), seat 4 100 (low), seat 1 100 (low)',
    ]);
    const showdown = { type: 'showdown', order: [2, 3], winners: [3], rank: 'Three of a Kind, Queens' };
    expect(feedLine({ ...showdown, lowWinners: [1, 4], lowRank: '7-5-3-2-A' }, f)).toEqual([
      'showdown',
      'Seat 3 wins',
      'Three of a Kind, Queens; low: seats 1, 4, 7-5-3-2-A',
    ]);
    expect(feedLine({ ...showdown, lowWinners: [], lowRank: null }, f)[2]).toBe('Three of a Kind, Queens; no low');
    expect(feedLine(showdown, f)[2]).toBe('Three of a Kind, Queens');
  });

  test('a bust-out and a stack set', () => {
    expect(feedLine({ type: 'player.eliminated', seat: 1, player: 'Ann', stackAtStart: 501 }, f)).toEqual([
      'violation',
      'Seat 1: Ann busts out',
      'started the hand with 501',
    ]);
    expect(feedLine({ type: 'stack.set', seat: 4, chips: 25000 }, f)).toEqual(['level', 'Seat 4: stack set', '25,000']);
  });
});
