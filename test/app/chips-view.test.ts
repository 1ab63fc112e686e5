import { describe, expect, test } from 'vitest';
import { chipsRules, chipsView, endRound } from '../../src/domain/chips/index.ts';
import { ALLIN, CALL, CHECK, CLUB, FOLD, TDA, deal, play, raise } from '../helpers/chips.ts';

describe('R-BET-ROUND: the chips part of the retained state', () => {
  test('R-BET-ROUND: stacks, bets, the pots gathered so far and the amounts of the seat on action', () => {
    const { state } = deal({
      blinds: [50, 100],
      stacks: [
        [2, 5000],
        [3, 300],
        [1, 5000],
      ],
      smallBlind: 2,
      bigBlind: 3,
    });
    let s = play(state, [1, CALL], [2, CALL], [3, CHECK]).state;
    s = endRound(s, 'preflop').state;
    s = play(s, [2, raise(100)], [3, ALLIN]).state;
    expect(chipsView(s, 1)).toEqual({
      seats: [
        { seat: 2, stack: 4800, bet: 100 },
        { seat: 3, stack: 0, bet: 200 },
        { seat: 1, stack: 4900, bet: 0 },
      ],
      pots: [{ amount: 300, seats: [2, 3, 1] }],
      onAction: { seat: 1, toCall: 200, minRaiseTo: 300, maxRaiseTo: null },
    });
    const end = endRound(play(s, [1, CALL], [2, FOLD]).state, 'flop');
    expect(end.pots).toEqual([{ amount: 800, seats: [3, 1] }]);
    expect(chipsView(end.state, null).pots).toEqual(end.pots);
  });
});

describe('the chips parameters of a profile', () => {
  test("R-CHIPS-FORCED R-BET-MINIMUM R-BET-INCOMPLETE R-BET-CHIPS: fields read from a profile, tda's by default", () => {
    expect(chipsRules({})).toEqual(TDA);
    expect(
      chipsRules({
        chips: { anteBy: 'each', denominations: [] },
        bet: { underMinimumOpen: 'check', incompleteRaise: 'call', oversizedChipOpen: 'minimum' },
      }),
    ).toEqual(CLUB);
    expect(chipsRules({ chips: { denominations: [100, 25, 500] } }).denominations).toEqual([25, 100, 500]);
  });
});
