import { describe, expect, test } from 'vitest';
import { actionOptions, chipsInPlay } from '../../../src/domain/chips/index.ts';
import { BFP, deal, of, play, raise, seatOf } from '../../helpers/chips.ts';

// Button 1; dealing order 2, 3, 4, 1; small blind 2, big blind 3.
const table = (stacks: number[], blinds: [number, number, number?], rules = BFP) =>
  deal({
    rules,
    blinds,
    stacks: [2, 3, 4, 1].map((seat, i) => [seat, stacks[i] ?? 0] as [number, number]),
    smallBlind: 2,
    bigBlind: 3,
  });

describe('R-CHIPS-FORCED: blinds and antes at the shuffle', () => {
  test('R-CHIPS-FORCED: small blind, big blind, then antes clockwise from the left of the button (each)', () => {
    const { state, forced } = table([1000, 1000, 1000, 1000], [50, 100, 10]);
    expect(forced).toEqual([
      {
        type: 'bet.placed',
        seat: 2,
        action: 'small-blind',
        amount: 50,
        to: 50,
        stack: 950,
        allIn: false,
        short: false,
      },
      {
        type: 'bet.placed',
        seat: 3,
        action: 'big-blind',
        amount: 100,
        to: 100,
        stack: 900,
        allIn: false,
        short: false,
      },
      ...[2, 3, 4, 1].map((seat) => ({
        type: 'bet.placed',
        seat,
        action: 'ante',
        amount: 10,
        to: null,
        stack: seat === 2 ? 940 : seat === 3 ? 890 : 990,
        allIn: false,
        short: false,
      })),
    ]);
    expect(state.currentBet).toBe(100);
    expect(actionOptions(state, 4)).toEqual({ toCall: 100, minRaiseTo: 200, maxRaiseTo: null });
    // Antes under `each` count in each seat's total (R-CHIPS-DETAILS).
    expect(seatOf(state, 4)?.total).toBe(10);
  });

  test('R-CHIPS-FORCED: the big blind alone posts the ante under big-blind (TDA 2024), as dead money', () => {
    const { state, forced } = table([1000, 1000, 1000, 1000], [50, 100, 100], { ...BFP, anteBy: 'big-blind' });
    expect(of(forced, 'bet.placed').map((e) => e.type === 'bet.placed' && [e.seat, e.action])).toEqual([
      [2, 'small-blind'],
      [3, 'big-blind'],
      [3, 'ante'],
    ]);
    expect(seatOf(state, 3)).toMatchObject({ stack: 800, bet: 100, total: 100, dead: 100 });
    expect(chipsInPlay(state)).toBe(250);
  });

  test('R-CHIPS-FORCED: a short stack posts all it has, blind before ante, and is all-in (allIn on the ante)', () => {
    const { state, forced } = table([1000, 130, 1000, 1000], [50, 100, 50], { ...BFP, anteBy: 'big-blind' });
    expect(forced.slice(1)).toEqual([
      { type: 'bet.placed', seat: 3, action: 'big-blind', amount: 100, to: 100, stack: 30, allIn: false, short: false },
      { type: 'bet.placed', seat: 3, action: 'ante', amount: 30, to: null, stack: 0, allIn: true, short: false },
    ]);
    expect(seatOf(state, 3)?.allIn).toBe(true);
  });

  test('R-CHIPS-FORCED: a short big blind does not lower the call: the others owe the full big blind', () => {
    const { state, forced } = table([1000, 60, 1000, 1000], [50, 100]);
    expect(forced[1]).toEqual({
      type: 'bet.placed',
      seat: 3,
      action: 'big-blind',
      amount: 60,
      to: 60,
      stack: 0,
      allIn: true,
      short: false,
    });
    expect(state.currentBet).toBe(100);
    expect(actionOptions(state, 4).toCall).toBe(100);
    const { events } = play(state, [4, { kind: 'call' }]);
    expect(of(events, 'bet.placed')[0]).toMatchObject({ amount: 100, to: 100 });
  });

  test('R-CHIPS-FORCED: a dead small blind posts nothing; ante 0 gives no ante event (R-CHIPS-DETAILS)', () => {
    const { forced } = deal({
      rules: BFP,
      blinds: [50, 100, 0],
      stacks: [
        [3, 1000],
        [4, 1000],
      ],
      smallBlind: null,
      bigBlind: 3,
    });
    expect(forced).toHaveLength(1);
    expect(forced[0]).toMatchObject({ seat: 3, action: 'big-blind' });
  });

  test('R-CHIPS-FORCED: the blinds are first bets of the pre-flop round; the big blind keeps its option', () => {
    const { state } = table([1000, 1000, 1000, 1000], [50, 100]);
    const after = play(state, [4, { kind: 'call' }], [1, { kind: 'call' }], [2, { kind: 'call' }]).state;
    expect(actionOptions(after, 3)).toEqual({ toCall: 0, minRaiseTo: 200, maxRaiseTo: null });
    const { events } = play(after, [3, raise(300)]);
    expect(of(events, 'bet.placed')[0]).toMatchObject({ action: 'raise', amount: 200, to: 300 });
  });
});
