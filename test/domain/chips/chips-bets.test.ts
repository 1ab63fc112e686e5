import { describe, expect, test } from 'vitest';
import { act, actionOptions, endRound, roundOver, type ChipsState } from '../../../src/domain/chips/index.ts';
import { ALLIN, CALL, CHECK, CLUB, FOLD, TDA, deal, of, play, raise, seatOf } from '../../helpers/chips.ts';

// Button 1; dealing order 2, 3, 4, 1; small blind 2, big blind 3; UTG is 4.
const preflop = (stacks = [10000, 10000, 10000, 10000], rules = TDA, betting: 'no-limit' | 'pot-limit' = 'no-limit') =>
  deal({
    rules,
    betting,
    blinds: [50, 100],
    stacks: [2, 3, 4, 1].map((seat, i) => [seat, stacks[i] ?? 0] as [number, number]),
    smallBlind: 2,
    bigBlind: 3,
  }).state;

/** Pre-flop called around, then the flop: seat 2 acts first. */
const flop = (stacks?: number[], rules = TDA): ChipsState =>
  endRound(play(preflop(stacks, rules), [4, CALL], [1, CALL], [2, CALL], [3, CHECK]).state, 'preflop').state;

describe('R-BET-ROUND: amounts of a betting round', () => {
  test('R-BET-ROUND: toCall and minRaiseTo for the seat on action', () => {
    const s = play(preflop(), [4, raise(300)]).state;
    expect(actionOptions(s, 1)).toEqual({ toCall: 300, minRaiseTo: 500, maxRaiseTo: null });
    expect(actionOptions(s, 2)).toEqual({ toCall: 250, minRaiseTo: 500, maxRaiseTo: null });
  });

  test('R-BET-ROUND: a bet or raise without `to` is refused (amount-required), beyond the stack (exceeds-stack)', () => {
    const s = preflop([10000, 10000, 1000, 10000]);
    expect(act(s, 4, raise())).toEqual({ ok: false, reason: 'amount-required' });
    expect(act(s, 4, raise(1001))).toEqual({ ok: false, reason: 'exceeds-stack' });
  });

  test('R-BET-ROUND: a check facing a bet is refused (facing-bet)', () => {
    expect(act(preflop(), 4, CHECK)).toEqual({ ok: false, reason: 'facing-bet' });
  });

  test('R-BET-ROUND: a call that takes the whole stack is an all-in call', () => {
    const s = play(preflop([10000, 10000, 250, 10000]), [4, CALL], [1, raise(400)]).state;
    const r = play(s, [4, CALL]);
    expect(r.events).toEqual([
      { type: 'action', seat: 4, action: 'allin', by: 'panel' },
      { type: 'bet.placed', seat: 4, action: 'call', amount: 150, to: 250, stack: 0, allIn: true, short: false },
    ]);
  });

  test('R-BET-ROUND: minRaiseTo is the all-in total when the stack is short of the minimum raise; null when short of the call', () => {
    const s = play(preflop([10000, 10000, 10000, 450]), [4, raise(300)]).state;
    expect(actionOptions(s, 1)).toEqual({ toCall: 300, minRaiseTo: 450, maxRaiseTo: null });
    const t = play(preflop([10000, 10000, 10000, 250]), [4, raise(300)]).state;
    expect(actionOptions(t, 1)).toEqual({ toCall: 250, minRaiseTo: null, maxRaiseTo: null });
  });
});

describe('R-BET-MINIMUM', () => {
  test('R-BET-MINIMUM: an opening bet below the big blind is raised to it (minimum: tda)', () => {
    const { events } = play(flop(), [2, raise(60)]);
    expect(events).toEqual([
      { type: 'bet.corrected', seat: 2, from: 60, to: 100, rule: 'R-BET-MINIMUM' },
      { type: 'action', seat: 2, action: 'raise', by: 'panel' },
      { type: 'bet.placed', seat: 2, action: 'bet', amount: 100, to: 100, stack: 9800, allIn: false, short: false },
    ]);
  });

  test('R-BET-MINIMUM: an opening bet below the big blind is a check (club), the chips go back', () => {
    const r = play(flop(undefined, CLUB), [2, raise(60)]);
    expect(r.events).toEqual([
      { type: 'bet.corrected', seat: 2, from: 60, to: 0, rule: 'R-BET-MINIMUM' },
      { type: 'action', seat: 2, action: 'check', by: 'panel' },
    ]);
    expect(seatOf(r.state, 2)?.stack).toBe(9900);
  });

  test('R-BET-MINIMUM: a raise adds at least the largest previous bet or raise; no limit to the number of raises', () => {
    let s = play(preflop(), [4, raise(300)], [1, raise(700)]).state;
    expect(actionOptions(s, 2).minRaiseTo).toBe(1100);
    for (let i = 0; i < 6; i++) {
      const seat = [2, 3, 4, 1][i % 4] ?? 2;
      const to = s.currentBet + s.minRaise;
      s = play(s, [seat, raise(to)]).state;
    }
    expect(s.minRaise).toBe(400);
    expect(s.currentBet).toBe(700 + 6 * 400);
  });
});

describe('R-BET-INCOMPLETE: the 50 % rule (BFP 10, TDA 43)', () => {
  test('R-BET-INCOMPLETE: BFP 10 (its text, no numbers given): over a raise to 300 (increment 200), a raise to 400 is completed to 500', () => {
    const { events } = play(preflop(), [4, raise(300)], [1, raise(400)]);
    expect(events[0]).toEqual({ type: 'bet.corrected', seat: 1, from: 400, to: 500, rule: 'R-BET-INCOMPLETE' });
    expect(of(events, 'bet.placed')[0]).toMatchObject({ action: 'raise', to: 500, amount: 500 });
  });

  test('R-BET-INCOMPLETE: BFP 10 (its text, no numbers given): a raise to 350, less than half the increment, is a call', () => {
    const { events, state } = play(preflop(), [4, raise(300)], [1, raise(350)]);
    expect(events).toEqual([
      { type: 'bet.corrected', seat: 1, from: 350, to: 300, rule: 'R-BET-INCOMPLETE' },
      { type: 'action', seat: 1, action: 'call', by: 'panel' },
      { type: 'bet.placed', seat: 1, action: 'call', amount: 300, to: 300, stack: 9700, allIn: false, short: false },
    ]);
    expect(state.currentBet).toBe(300);
  });

  test('R-BET-INCOMPLETE: the first raise pre-flop: 150 (half the big blind more) is completed to 200, 140 is a call', () => {
    expect(play(preflop(), [4, raise(150)]).events[0]).toMatchObject({ from: 150, to: 200, rule: 'R-BET-INCOMPLETE' });
    expect(play(preflop(), [4, raise(140)]).events[1]).toMatchObject({ action: 'call' });
  });

  test('R-BET-INCOMPLETE: club: any raise short of the minimum is a call', () => {
    const { events } = play(preflop(undefined, CLUB), [4, raise(300)], [1, raise(450)]);
    expect(events[0]).toEqual({ type: 'bet.corrected', seat: 1, from: 450, to: 300, rule: 'R-BET-INCOMPLETE' });
    expect(events[1]).toMatchObject({ action: 'call' });
  });

  test('R-BET-INCOMPLETE: a `to` at or below the current bet is a call', () => {
    const { events } = play(preflop(), [4, raise(300)], [1, raise(250)]);
    expect(events[0]).toMatchObject({ from: 250, to: 300 });
    expect(events[1]).toMatchObject({ action: 'call' });
  });
});

describe('R-BET-ALLIN', () => {
  test('R-BET-ALLIN: an all-in not beyond the current bet is a call', () => {
    const { events, state } = play(preflop([10000, 10000, 10000, 200]), [4, raise(300)], [1, ALLIN]);
    expect(of(events, 'bet.placed')[0]).toMatchObject({ action: 'call', amount: 200, to: 200, allIn: true });
    expect(state.currentBet).toBe(300);
  });

  test('R-BET-ALLIN: an all-in reaching minRaiseTo is a full raise', () => {
    const { events, state } = play(preflop([10000, 10000, 10000, 600]), [4, raise(300)], [1, ALLIN]);
    expect(of(events, 'bet.placed')[0]).toMatchObject({ action: 'raise', to: 600, allIn: true, short: false });
    expect(state.minRaise).toBe(300);
  });

  test('R-BET-ALLIN: a short all-in lifts the current bet but not the minimum raise increment', () => {
    const { events, state } = play(preflop([10000, 10000, 10000, 400]), [4, raise(300)], [1, ALLIN]);
    expect(of(events, 'bet.placed')[0]).toEqual({
      type: 'bet.placed',
      seat: 1,
      action: 'raise',
      amount: 400,
      to: 400,
      stack: 0,
      allIn: true,
      short: true,
    });
    expect(state.currentBet).toBe(400);
    expect(state.minRaise).toBe(200);
    expect(actionOptions(state, 2)).toMatchObject({ toCall: 350, minRaiseTo: 600 });
  });

  test('R-BET-ALLIN: after a short all-in the others owe the difference: the round is not over until they act', () => {
    const s = play(flop([10000, 10000, 10000, 230]), [2, raise(100)], [3, CALL], [4, CALL], [1, ALLIN]).state;
    expect(s.currentBet).toBe(130);
    expect(roundOver(s)).toBe(false);
    const r = play(s, [2, CALL], [3, CALL]).state;
    expect(roundOver(r)).toBe(false);
    expect(roundOver(play(r, [4, CALL]).state)).toBe(true);
    // No raise for R-BET-REOPEN: seat 2 may only call.
    expect(actionOptions(s, 2)).toEqual({ toCall: 30, minRaiseTo: null, maxRaiseTo: null });
  });

  test('R-BET-ALLIN: an opening all-in below the big blind is a short bet', () => {
    const s = flop([10000, 10000, 10000, 160]);
    const { events } = play(s, [2, CHECK], [3, CHECK], [4, CHECK], [1, ALLIN]);
    expect(of(events, 'bet.placed')[0]).toMatchObject({ action: 'bet', to: 60, allIn: true, short: true });
  });
});

describe('R-BET-REOPEN', () => {
  // Flop, big blind 100: seat 2 bets 100, seat 3 goes all-in for 150 (short), seat 4 calls 150.
  const shortAllIn = () => play(flop([10000, 250, 10000, 10000]), [2, raise(100)], [3, ALLIN], [4, CALL]).state;

  test('R-BET-REOPEN: a short all-in does not reopen the betting for a seat that already acted', () => {
    const s = shortAllIn();
    expect(actionOptions(s, 2)).toEqual({ toCall: 50, minRaiseTo: null, maxRaiseTo: null });
    const { events } = play(s, [2, raise(400)]);
    expect(events[0]).toEqual({ type: 'bet.corrected', seat: 2, from: 400, to: 150, rule: 'R-BET-REOPEN' });
    expect(events[1]).toMatchObject({ action: 'call' });
    expect(play(s, [2, ALLIN]).events[0]).toMatchObject({ from: 9900, to: 150, rule: 'R-BET-REOPEN' });
  });

  test('R-BET-REOPEN: a seat that has not acted yet may raise over a short all-in', () => {
    expect(actionOptions(shortAllIn(), 1)).toEqual({ toCall: 150, minRaiseTo: 250, maxRaiseTo: null });
  });

  test('R-BET-REOPEN: short all-ins that add up to a full raise reopen it', () => {
    const s = play(flop([10000, 250, 310, 10000]), [2, raise(100)], [3, ALLIN], [4, ALLIN], [1, CALL]).state;
    expect(s.currentBet).toBe(210);
    expect(actionOptions(s, 2)).toEqual({ toCall: 110, minRaiseTo: 310, maxRaiseTo: null });
  });
});

describe('R-GAME: pot-limit Omaha with chips tracked', () => {
  test('R-GAME: a `to` above the pot limit is corrected down to it; maxRaiseTo on action.on', () => {
    const s = preflop(undefined, TDA, 'pot-limit');
    expect(actionOptions(s, 4)).toEqual({ toCall: 100, minRaiseTo: 200, maxRaiseTo: 350 });
    const { events, state } = play(s, [4, raise(5000)]);
    expect(events[0]).toEqual({ type: 'bet.corrected', seat: 4, from: 5000, to: 350, rule: 'R-GAME' });
    expect(of(events, 'bet.placed')[0]).toMatchObject({ to: 350, amount: 350 });
    // 500 in play after seat 4's 350; seat 1's call makes the pot 850: the current bet 350 plus 850.
    expect(actionOptions(state, 1).maxRaiseTo).toBe(1200);
  });

  test('R-GAME: a `to` beyond the stack is refused before any pot-limit correction', () => {
    expect(act(preflop([10000, 10000, 2000, 10000], TDA, 'pot-limit'), 4, raise(2001))).toEqual({
      ok: false,
      reason: 'exceeds-stack',
    });
  });

  test('R-GAME: an all-in in Omaha is capped at the pot', () => {
    const { events } = play(preflop(undefined, TDA, 'pot-limit'), [4, FOLD], [1, ALLIN]);
    expect(events[0]).toMatchObject({ type: 'bet.corrected', from: 10000, to: 350, rule: 'R-GAME' });
  });
});
