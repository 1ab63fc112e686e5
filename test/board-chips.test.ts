// The board's feed lines for the chips events (src/app/web/board-feed.js, plain browser JS run here as it is):
// amounts are public, so a pot, a bust-out and a floor's stack change read as words (R-POT-AWARD, R-CHIPS-BUST).
import { describe, expect, test } from 'vitest';
import '../src/app/web/board-feed.js';

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

  test('a bust-out and a stack set', () => {
    expect(feedLine({ type: 'player.eliminated', seat: 1, player: 'Ann', stackAtStart: 501 }, f)).toEqual([
      'violation',
      'Seat 1: Ann busts out',
      'started the hand with 501',
    ]);
    expect(feedLine({ type: 'stack.set', seat: 4, chips: 25000 }, f)).toEqual(['level', 'Seat 4: stack set', '25,000']);
  });
});
