import { describe, expect, test } from 'vitest';
import { endRound, motion, type ChipsState } from '../../../src/domain/chips/index.ts';
import { CALL, CHECK, CLUB, FOLD, TDA, chips, deal, of, play, raise, seatOf } from '../../helpers/chips.ts';

// Three seats: button 1, small blind 2, big blind 3; dealing order 2, 3, 1; the button acts first pre-flop.
const three = (blinds: [number, number], rules = TDA, stacks = [10000, 10000, 10000]) =>
  deal({
    rules,
    blinds,
    stacks: [
      [2, stacks[0] ?? 0],
      [3, stacks[1] ?? 0],
      [1, stacks[2] ?? 0],
    ],
    smallBlind: 2,
    bigBlind: 3,
  }).state;

/** TDA 46 situations 1-3: NLHE 25-50, the big blind posted two 25 chips, the button raised to 600. */
function situation1(): ChipsState {
  let s = three([25, 50]);
  s = chips(s, { seat: 3, added: [25, 25], removed: [] }, 1).state; // the post's chips, not an action
  return play(s, [1, raise(600)], [2, FOLD]).state;
}

/** TDA 46 situation 4: NLHE 50-100, the big blind posted one 1000 chip, the button raised to 700. */
function situation4(rules = TDA): ChipsState {
  let s = three([50, 100], rules);
  s = chips(s, { seat: 3, added: [1000], removed: [] }, 1).state;
  expect(s.seats.find((x) => x.seat === 3)?.front).toBe(1000);
  return play(s, [1, raise(700)], [2, FOLD]).state;
}

const ruling = (s: ChipsState, added: number[], removed: number[] = []) => chips(s, { seat: 3, added, removed });

describe('R-BET-CHIPS: TDA 2024 rule 46, a raised player with a previous bet in front', () => {
  test('R-BET-CHIPS TDA 46 situation 1.1: one big chip on two 25s facing 600 is a call', () => {
    expect(ruling(situation1(), [1000]).events).toEqual([
      { type: 'bet.corrected', seat: 3, from: 1050, to: 600, rule: 'R-BET-CHIPS' },
      { type: 'action', seat: 3, action: 'call', by: 'chips' },
      { type: 'bet.placed', seat: 3, action: 'call', amount: 550, to: 600, stack: 9400, allIn: false, short: false },
    ]);
  });

  test('R-BET-CHIPS TDA 46 situation 1.2: several chips all needed for the call (500+500, 100+500) are a call', () => {
    for (const added of [
      [500, 500],
      [100, 500],
    ]) {
      const { events } = ruling(situation1(), added);
      expect(events[1]).toEqual({ type: 'action', seat: 3, action: 'call', by: 'chips' });
      expect(of(events, 'bet.placed')[0]).toMatchObject({ to: 600, amount: 550 });
    }
  });

  test('R-BET-CHIPS TDA 46 situation 1.3: 1000+500 on the 25s, the 500 not needed: a raise to 1550 (TDA 45)', () => {
    const { events, state } = ruling(situation1(), [1000, 500]);
    expect(events).toEqual([
      { type: 'action', seat: 3, action: 'raise', by: 'chips' },
      { type: 'bet.placed', seat: 3, action: 'raise', amount: 1500, to: 1550, stack: 8450, allIn: false, short: false },
    ]);
    expect(state.minRaise).toBe(950);
  });

  test('R-BET-CHIPS TDA 46 situation 2: all chips taken back, one big chip is a call, several a multi-chip bet', () => {
    expect(ruling(situation1(), [1000], [25, 25]).events[1]).toMatchObject({ action: 'call' });
    // 500+500+100 = 1100 without the 25s: the 100 is not needed, a raise to 1100, completed to 1150 (50 % rule).
    const several = ruling(situation1(), [500, 500, 100], [25, 25]).events;
    expect(several[0]).toEqual({ type: 'bet.corrected', seat: 3, from: 1100, to: 1150, rule: 'R-BET-INCOMPLETE' });
    expect(several[1]).toMatchObject({ action: 'raise' });
    expect(ruling(situation1(), [500, 100], [25, 25]).events[0]).toMatchObject({ type: 'action', action: 'call' });
  });

  test('R-BET-CHIPS TDA 46 situation 3: part taken back: a raise to the total if it meets 50 %, else a call', () => {
    const raised = ruling(situation1(), [1000], [25]).events;
    expect(raised[0]).toEqual({ type: 'bet.corrected', seat: 3, from: 1025, to: 1150, rule: 'R-BET-INCOMPLETE' });
    expect(raised[1]).toMatchObject({ action: 'raise' });
    const called = ruling(situation1(), [500, 100], [25]).events;
    expect(called[0]).toEqual({ type: 'bet.corrected', seat: 3, from: 625, to: 600, rule: 'R-BET-INCOMPLETE' });
    expect(called[1]).toMatchObject({ action: 'call' });
  });

  test('R-BET-CHIPS TDA 46 situation 4: the 1000 chip covers the 700 call: one chip added is a raise to the total', () => {
    const left = ruling(situation4(), [500]);
    expect(left.events).toEqual([
      { type: 'action', seat: 3, action: 'raise', by: 'chips' },
      { type: 'bet.placed', seat: 3, action: 'raise', amount: 1400, to: 1500, stack: 8500, allIn: false, short: false },
    ]);
    // Taken back or left, the same: 1000 then 1000+100 put out is 1100, completed to 1300 by the 50 % rule.
    const taken = ruling(situation4(), [1000, 100], [1000]).events;
    expect(taken[0]).toEqual({ type: 'bet.corrected', seat: 3, from: 1100, to: 1300, rule: 'R-BET-INCOMPLETE' });
    expect(ruling(situation4(), [100]).events[0]).toEqual(taken[0]);
  });

  test('R-BET-CHIPS TDA 46 situation 4 (club): the same 1100 is a call; the change stays counted in front', () => {
    const { events, state } = ruling(situation4(CLUB), [100]);
    expect(events[0]).toEqual({ type: 'bet.corrected', seat: 3, from: 1100, to: 700, rule: 'R-BET-INCOMPLETE' });
    expect(seatOf(state, 3)).toMatchObject({ bet: 700, front: 1100, stack: 9300 });
  });

  test('R-BET-CHIPS TDA 46 situation 5: pushing every chip out is an all-in', () => {
    const { events } = ruling(situation1(), [5000, 4000, 500, 400, 25, 25]);
    expect(events[0]).toEqual({ type: 'action', seat: 3, action: 'allin', by: 'chips' });
    expect(of(events, 'bet.placed')[0]).toMatchObject({ to: 10000, amount: 9950, stack: 0, allIn: true });
  });
});

describe('R-BET-CHIPS: silent motions not facing a bet, and announcements', () => {
  /** The flop after a limped pot, seat 2 first to act (blinds 50-100). */
  const flop = (rules = TDA) => {
    const s = play(three([50, 100], rules), [1, CALL], [2, CALL], [3, CHECK]).state;
    return { ...s, seats: s.seats.map((x) => ({ ...x, bet: 0, front: 0, actedBet: null })), currentBet: 0 };
  };

  test('R-BET-CHIPS: nothing added is a check; one chip alone is a bet of its value (chip-value)', () => {
    expect(chips(flop(), { seat: 2, added: [], removed: [] }).events).toEqual([
      { type: 'action', seat: 2, action: 'check', by: 'chips' },
    ]);
    expect(of(chips(flop(), { seat: 2, added: [500], removed: [] }).events, 'bet.placed')[0]).toMatchObject({
      action: 'bet',
      to: 500,
    });
  });

  test('R-BET-CHIPS: one chip alone is the least legal bet under `minimum` (club)', () => {
    const { events } = chips(flop(CLUB), { seat: 2, added: [500], removed: [] });
    expect(events[0]).toEqual({ type: 'bet.corrected', seat: 2, from: 500, to: 100, rule: 'R-BET-CHIPS' });
    expect(of(events, 'bet.placed')[0]).toMatchObject({ action: 'bet', to: 100 });
  });

  test("R-BET-CHIPS: on the big blind's option, chips put out are a raise to the total", () => {
    const s = play(three([50, 100]), [1, CALL], [2, CALL]).state;
    expect(of(chips(s, { seat: 3, added: [500], removed: [] }).events, 'bet.placed')[0]).toMatchObject({
      action: 'raise',
      to: 600,
    });
  });

  test('R-BET-CHIPS: verbal call, allin and raise decide over the chips', () => {
    const call = chips(situation1(), { seat: 3, added: [1000, 500], removed: [], verbal: { action: 'call' } });
    expect(call.events[0]).toMatchObject({ type: 'bet.corrected', from: 1550, to: 600, rule: 'R-BET-CHIPS' });
    const raiseTo = chips(situation1(), { seat: 3, added: [1000], removed: [], verbal: { action: 'raise', to: 1400 } });
    expect(of(raiseTo.events, 'bet.placed')[0]).toMatchObject({ action: 'raise', to: 1400 });
    // BFP 11: "raise" without an amount over a single big chip: a raise to the chips put out (1050), then judged
    // by the 50 % rule: completed to 1150.
    const chip = chips(situation1(), { seat: 3, added: [1000], removed: [], verbal: { action: 'raise' } });
    expect(chip.events[0]).toEqual({ type: 'bet.corrected', seat: 3, from: 1050, to: 1150, rule: 'R-BET-INCOMPLETE' });
    expect(of(chip.events, 'bet.placed')[0]).toMatchObject({ action: 'raise', to: 1150 });
    const big = chips(situation1(), { seat: 3, added: [5000], removed: [], verbal: { action: 'raise' } });
    expect(big.events[0]).toMatchObject({ type: 'action', action: 'raise' });
    expect(of(big.events, 'bet.placed')[0]).toMatchObject({ to: 5050 });
    const allin = chips(situation1(), { seat: 3, added: [100], removed: [], verbal: { action: 'allin' } });
    expect(of(allin.events, 'bet.placed')[0]).toMatchObject({ to: 10000, allIn: true });
  });
});

describe('R-BET-STRING: one motion, and chips from a seat not on action', () => {
  test('R-BET-STRING: "raise" announced, the call put out first: the next motion completes the raise (BFP 32)', () => {
    const first = chips(situation1(), { seat: 3, added: [500, 25, 25], removed: [], verbal: { action: 'raise' } });
    expect(first.events).toEqual([]);
    expect(first.state.pendingRaise).toBe(3);
    const second = chips(first.state, { seat: 3, added: [1000], removed: [] });
    expect(of(second.events, 'bet.placed')[0]).toMatchObject({ action: 'raise', to: 1600, amount: 1550 });
    expect(second.state.pendingRaise).toBeNull();
  });

  test('R-BET-STRING: without an announcement a second motion is not the same bet: the first ended the turn', () => {
    const first = chips(situation1(), { seat: 3, added: [500], removed: [] });
    expect(first.events[1]).toMatchObject({ action: 'call' });
    const late = motion(first.state, { seat: 3, added: [1000], removed: [] }, 1);
    expect(late).toEqual({ ok: false, reason: 'not-on-action' });
  });

  test('R-BET-STRING: chips taken away from a seat not on action (the dealer gathering) change nothing', () => {
    const s = situation1();
    expect(motion(s, { seat: 2, added: [], removed: [25] }, 3)).toEqual({ ok: true, state: s, events: [] });
    // After the round: the button's 600 gathered into the pot, whoever is on action.
    const next = endRound(play(s, [3, CALL]).state, 'preflop').state;
    expect(motion(next, { seat: 1, added: [], removed: [500, 100] }, 3)).toEqual({ ok: true, state: next, events: [] });
    expect(motion(next, { seat: 3, added: [], removed: [500, 100] }, 3)).toEqual({ ok: true, state: next, events: [] });
  });

  test('R-BET-CHIPS: a chips input right after its own panel action is a sighting: no event, no change', () => {
    const s = play(situation1(), [3, CALL]).state;
    expect(motion(s, { seat: 3, added: [500, 50], removed: [] }, 1)).toEqual({ ok: true, state: s, events: [] });
  });

  test('R-CHIPS-COLOR-UP: chips must be of the denominations in play', () => {
    const s = { ...situation1(), rules: { ...TDA, denominations: [25, 100, 500, 1000] } };
    expect(motion(s, { seat: 3, added: [300], removed: [] }, 3)).toEqual({ ok: false, reason: 'invalid-chips' });
    expect(motion(s, { seat: 3, added: [500, 100], removed: [] }, 3).ok).toBe(true);
  });
});
