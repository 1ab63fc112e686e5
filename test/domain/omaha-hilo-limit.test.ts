// Omaha hi-lo on the betting seam (R-GAME-LIST, R-BET-LIMIT, R-HILO): the game's own structure is Omaha's
// pot-limit (its descriptor is Omaha's plus a low half), and under `setup.betting: limit`, the game's usual form in
// card rooms, a hand is bet in fixed amounts with the cap and its pot is split high/low with chips tracked.
import { describe, expect, test } from 'vitest';
import { gameOf } from '../../src/domain/games/index.ts';
import type { TableEvent } from '../../src/domain/types.ts';
import { scenario, type Scenario } from '../helpers/scenario.ts';

const TRACKED = { chips: { mode: 'tracked' } };
const LIMIT_LEVEL = { smallBlind: 50, bigBlind: 100, smallBet: 100, bigBet: 200, minutes: 20 };
const PLAIN_LEVEL = { smallBlind: 50, bigBlind: 100, minutes: 20 };

// Seat 3 has trips (queens); seat 1 the best low, A-3 with 2-5-7 (as in omaha-hilo.test.ts).
const HOLE: Record<number, string> = { 2: 'As 2d Kc Kh', 3: 'Qh Qc Jd Jc', 4: '3c 4d 9h 9s', 1: 'Ad 3h Tc Ts' };

/** Four players with 2,000 each, button 1 (small blind 2, big blind 3, seat 4 first pre-flop); the four rounds of
 * hole cards dealt. */
function dealt(betting: 'limit' | undefined, level: Record<string, unknown>): Scenario {
  const s = scenario({ players: [1, 2, 3, 4], button: 1, game: 'omaha-hilo', betting, rules: TRACKED });
  for (const seat of [1, 2, 3, 4]) s.send({ type: 'command', name: 'set-stack', seat, chips: 2000 }, 0);
  s.send({ type: 'command', name: 'levels-start', levels: [level] }, 0);
  s.send({ type: 'shuffle' });
  const bySeat = [2, 3, 4, 1].map((seat) => HOLE[seat]!.split(' '));
  for (let round = 0; round < 4; round++) s.cards(...bySeat.map((cards) => cards[round]!));
  return s;
}

const onAction = (s: Scenario) => s.last('action.on') as Extract<TableEvent, { type: 'action.on' }>;
const placed = (evs: TableEvent[]) =>
  evs.filter((e) => e.type === 'bet.placed').map((e) => [(e as { seat: number }).seat, (e as { to: number }).to]);

describe('Omaha hi-lo keeps Omaha’s default structure (R-GAME-LIST)', () => {
  test('the descriptor inherits pot-limit; a table set up without betting plays it: the pot caps a raise', () => {
    expect(gameOf('omaha-hilo').defaultBetting).toBe(gameOf('omaha').defaultBetting);
    expect(gameOf('omaha-hilo').defaultBetting).toBe('pot-limit');
    const s = dealt(undefined, PLAIN_LEVEL);
    expect(s.table.snapshot()).toMatchObject({ game: 'omaha-hilo', betting: 'pot-limit' });
    // pot after the call: 50 + 100 + 100 called = 250, plus the current bet 100: 350
    expect(onAction(s)).toMatchObject({ seat: 4, toCall: 100, minRaiseTo: 200, maxRaiseTo: 350 });
    const evs = s.send({ type: 'panel', button: 'raise', to: 1500 });
    expect(evs[0]).toMatchObject({ type: 'bet.corrected', from: 1500, to: 350, rule: 'R-GAME' });
  });
});

describe('limit Omaha hi-lo with chips tracked (R-BET-LIMIT, R-HILO)', () => {
  test('a hand bet in fixed amounts, small bet then big bet, ends in a pot split high and low', () => {
    const s = dealt('limit', LIMIT_LEVEL);
    expect(s.table.snapshot()).toMatchObject({ game: 'omaha-hilo', betting: 'limit' });
    expect(onAction(s)).toMatchObject({ seat: 4, toCall: 100, minRaiseTo: 200, maxRaiseTo: 200 });
    // pre-flop: seat 4 raises to the fixed 200, everyone calls
    expect(placed(s.act('raise', 'call', 'call', 'call'))).toEqual([
      [4, 200],
      [1, 200],
      [2, 200],
      [3, 200],
    ]);
    // flop (small bet 100): seat 2 bets, seat 3 raises to 200, seat 4 folds, seats 1 and 2 call
    s.cards('6c', '5s', '7h', '8c');
    expect(onAction(s)).toMatchObject({ seat: 2, toCall: 0, minRaiseTo: 100, maxRaiseTo: 100 });
    const refused = s.send({ type: 'panel', button: 'bet', to: 150 });
    expect(refused).toMatchObject([{ type: 'request.rejected', request: 'bet', reason: 'fixed-limit', seat: 2 }]);
    expect(placed(s.act('bet', 'raise', 'fold', 'call', 'call'))).toEqual([
      [2, 100],
      [3, 200],
      [1, 200],
      [2, 200],
    ]);
    // turn (big bet 200): seat 2 checks, seat 3 bets 200, seat 1 calls, seat 2 folds
    s.cards('6d', 'Qs');
    expect(placed(s.act('check', 'bet', 'call', 'fold'))).toEqual([
      [3, 200],
      [1, 200],
    ]);
    // river: seat 3 bets 200, seat 1 raises to 400, seat 3 calls
    s.cards('6h', '2h');
    expect(onAction(s)).toMatchObject({ seat: 3, minRaiseTo: 200, maxRaiseTo: 200 });
    expect(placed(s.act('bet', 'raise', 'call'))).toEqual([
      [3, 200],
      [1, 400],
      [3, 400],
    ]);
    expect(s.last('showdown')).toMatchObject({
      winners: [3],
      rank: 'Three of a Kind, Queens',
      lowWinners: [1],
      lowRank: '7-5-3-2-A',
    });
    // seats 1 and 3 put in 1,000 each, seat 2 400, seat 4 200: 2,600, half to the high, half to the low
    expect(s.last('pot.awarded')).toMatchObject({
      pots: [
        {
          amount: 2600,
          winners: [3, 1],
          shares: [
            { seat: 3, amount: 1300, half: 'high' },
            { seat: 1, amount: 1300, half: 'low' },
          ],
          oddChips: [],
        },
      ],
    });
    expect(s.table.snapshot().seatInfo.map((x) => x.stack)).toEqual([2300, 1600, 2300, 1800, null, null]);
  });

  test('the cap holds in hi-lo: a bet and three raises, then a raise is refused (capped) and nothing moves', () => {
    const s = dealt('limit', LIMIT_LEVEL);
    s.act('raise', 'raise', 'raise'); // 4 to 200, 1 to 300, 2 to 400: the big blind and three raises
    expect(onAction(s)).toMatchObject({ seat: 3, toCall: 300, minRaiseTo: null, maxRaiseTo: null });
    const before = s.table.snapshot().seatInfo;
    expect(s.send({ type: 'panel', button: 'raise' })).toMatchObject([
      { type: 'request.rejected', reason: 'capped', seat: 3 },
    ]);
    expect(s.table.snapshot().seatInfo).toEqual(before);
    expect(placed(s.act('call'))).toEqual([[3, 400]]);
  });
});
