import { expect, test } from 'vitest';
import {
  act,
  actionOptions,
  award,
  eliminations,
  endRound,
  killHand,
  newHand,
  postForced,
  roundOver,
  type ChipsEvent,
  type ChipsState,
} from '../../../src/domain/chips/index.ts';
import { BFP } from '../../helpers/chips.ts';

// The order of calls the hand will make, and the order of the events it then publishes.
test('R-CHIPS-FORCED R-POT-SIDE R-POT-AWARD R-CHIPS-BUST: a whole hand through the API, events in contract order', () => {
  const events: ChipsEvent[] = [];
  const take = <T extends { state: ChipsState; events: ChipsEvent[] }>(r: T | { ok: false; reason: string }) => {
    if (!('state' in r)) throw new Error(r.reason);
    events.push(...r.events);
    return r.state;
  };
  // Button 1; dealt in 2, 3, 4, 1; seat 4 absent (a dead hand that still posts its ante).
  let s = newHand({
    rules: BFP,
    level: { smallBlind: 50, bigBlind: 100, ante: 10 },
    seats: [
      [2, 3000],
      [3, 400],
      [4, 2000],
      [1, 5000],
    ].map(([seat, stack]) => ({ seat: seat ?? 0, stack: stack ?? 0 })),
  });
  s = take(postForced(s, { smallBlind: 2, bigBlind: 3 }));
  s = killHand(s, 4);
  expect(actionOptions(s, 1)).toEqual({ toCall: 100, minRaiseTo: 200, maxRaiseTo: null });
  s = take(act(s, 1, { kind: 'raise', to: 300 }));
  s = take(act(s, 2, { kind: 'call' }));
  s = take(act(s, 3, { kind: 'allin' })); // 390: a short raise
  expect(roundOver(s)).toBe(false);
  s = take(act(s, 1, { kind: 'call' }));
  s = take(act(s, 2, { kind: 'call' }));
  expect(roundOver(s)).toBe(true);
  s = take(endRound(s, 'preflop'));
  for (const street of ['flop', 'turn'] as const) {
    s = take(act(s, 2, { kind: 'check' }));
    s = take(act(s, 1, { kind: 'check' }));
    s = take(endRound(s, street));
  }
  s = take(act(s, 2, { kind: 'raise', to: 1000 }));
  s = take(act(s, 1, { kind: 'fold' }));
  s = take(endRound(s, 'river'));
  s = take(award(s, [[2], [3]]));
  events.push(...eliminations(s, new Map([[3, 'Carol']])));
  expect(events.map((e) => e.type)).toEqual([
    ...Array(6).fill('bet.placed'), // blinds, four antes
    'action', 'bet.placed', 'action', 'bet.placed', 'action', 'bet.placed', 'action', 'bet.placed', 'action', 'bet.placed',
    'pots',
    'action', 'action', 'pots',
    'action', 'action', 'pots',
    'action', 'bet.placed', 'action', 'bet.returned', 'pots',
    'pot.awarded',
    'player.eliminated', 'player.removed',
  ]); // prettier-ignore
  const pots = events.filter((e) => e.type === 'pots');
  // Four antes of 10 and three bets of 390; the absent seat's ante stays in; the river bet nobody called goes back.
  expect(pots[0]).toEqual({ type: 'pots', street: 'preflop', pots: [{ amount: 1210, seats: [2, 3, 1] }] });
  expect(pots[3]).toEqual({ type: 'pots', street: 'river', pots: [{ amount: 1210, seats: [2, 3] }] });
  expect(s.seats.map((x) => [x.seat, x.stack])).toEqual([
    [2, 3000 - 400 + 1210],
    [3, 0],
    [4, 1990],
    [1, 5000 - 400],
  ]);
});
