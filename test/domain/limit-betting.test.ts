// R-BET-LIMIT at the table: fixed increments (small bet on the first two rounds, big bet after), the cap per profile
// (`betting.maxRaises`, `betting.uncappedHeadsUp`), with and without chips tracked, and the refusals `capped` and
// `fixed-limit` that change nothing.
import { describe, expect, test } from 'vitest';
import { scenario, DECK, type Scenario } from '../helpers/scenario.ts';
import type { TableEvent } from '../../src/domain/types.ts';

const LIMIT_LEVEL = { smallBlind: 50, bigBlind: 100, smallBet: 100, bigBet: 200, minutes: 20 };

/** Limit hold'em, button 1; with chips every stack 10,000 unless `stacks` says otherwise. The deal is done: with
 * players 1-4 seat 4 is on action (small blind 2, big blind 3). */
function limitTable(
  opts: { players?: number[]; profile?: string; chips?: boolean; stacks?: Record<number, number> } = {},
): Scenario {
  const players = opts.players ?? [1, 2, 3, 4];
  const chips = opts.chips ?? true;
  const s = scenario({
    players,
    button: 1,
    betting: 'limit',
    profile: opts.profile,
    rules: chips ? { chips: { mode: 'tracked' } } : undefined,
  });
  if (chips) {
    for (const seat of players)
      s.send({ type: 'command', name: 'set-stack', seat, chips: opts.stacks?.[seat] ?? 10_000 }, 0);
  }
  s.send({ type: 'command', name: 'levels-start', levels: [LIMIT_LEVEL] }, 0);
  s.send({ type: 'shuffle' });
  s.cards(...DECK.slice(0, 2 * players.length));
  return s;
}

const onAction = (s: Scenario) => s.last('action.on') as Extract<TableEvent, { type: 'action.on' }>;
const panel = (s: Scenario, button: string, extra: Record<string, unknown> = {}) =>
  s.send({ type: 'panel', button, ...extra });
const placed = (evs: TableEvent[]) => evs.find((e) => e.type === 'bet.placed') as { to: number; seat: number };

describe('R-BET-LIMIT with chips tracked: fixed increments', () => {
  test('pre-flop the big blind is the bet: a raise goes to 200 without a to, action.on shows it as min and max', () => {
    const s = limitTable();
    expect(onAction(s)).toMatchObject({ seat: 4, toCall: 100, minRaiseTo: 200, maxRaiseTo: 200 });
    expect(placed(panel(s, 'raise'))).toMatchObject({ seat: 4, to: 200 });
    expect(onAction(s)).toMatchObject({ seat: 1, toCall: 200, minRaiseTo: 300, maxRaiseTo: 300 });
  });

  test('a to other than the fixed total is refused (fixed-limit), with a sentence, and nothing moves', () => {
    const s = limitTable();
    const before = s.table.snapshot();
    for (const to of [150, 300, 1000]) {
      const evs = panel(s, 'raise', { to });
      expect(evs).toMatchObject([{ type: 'request.rejected', request: 'raise', reason: 'fixed-limit', seat: 4 }]);
      expect((evs[0] as { message: string }).message).toMatch(/limit play a bet or raise is the fixed amount/);
    }
    expect(s.table.snapshot().seatInfo).toEqual(before.seatInfo);
    expect(placed(panel(s, 'raise', { to: 200 }))).toMatchObject({ seat: 4, to: 200 });
  });

  test('the small bet on the flop, the big bet on the turn and river', () => {
    const s = limitTable();
    s.act('call', 'call', 'call', 'check'); // 4, 1, 2 call; the big blind checks
    s.cards(...DECK.slice(8, 12));
    expect(onAction(s)).toMatchObject({ seat: 2, toCall: 0, minRaiseTo: 100, maxRaiseTo: 100 });
    expect(placed(panel(s, 'bet'))).toMatchObject({ seat: 2, to: 100 });
    s.act('call', 'call', 'call');
    s.cards(...DECK.slice(12, 14));
    expect(onAction(s)).toMatchObject({ seat: 2, minRaiseTo: 200, maxRaiseTo: 200 });
    expect(placed(panel(s, 'bet'))).toMatchObject({ to: 200 });
    expect(placed(panel(s, 'raise'))).toMatchObject({ seat: 3, to: 400 });
    s.act('call', 'call', 'call');
    s.cards(...DECK.slice(14, 16));
    expect(onAction(s)).toMatchObject({ seat: 2, minRaiseTo: 200, maxRaiseTo: 200 });
  });

  test('a panel all-in from a deep stack is the fixed raise, the rest stays behind (bet.corrected R-BET-LIMIT)', () => {
    const s = limitTable();
    const evs = panel(s, 'allin');
    expect(evs[0]).toMatchObject({ type: 'bet.corrected', seat: 4, from: 10_000, to: 200, rule: 'R-BET-LIMIT' });
    expect(placed(evs)).toMatchObject({ seat: 4, to: 200, stack: 9800, allIn: false });
  });
});

describe('R-BET-LIMIT: the cap (betting.maxRaises 3 in every shipped profile)', () => {
  test('a bet and three raises: the fourth raise is refused (capped), action.on offers no raise, all-in is a call', () => {
    const s = limitTable();
    s.act('raise', 'raise', 'raise'); // 4 to 200, 1 to 300, 2 to 400: the big blind and three raises
    expect(onAction(s)).toMatchObject({ seat: 3, toCall: 300, minRaiseTo: null, maxRaiseTo: null });
    const refused = panel(s, 'raise');
    expect(refused).toMatchObject([{ type: 'request.rejected', reason: 'capped', seat: 3 }]);
    expect((refused[0] as { message: string }).message).toBe(
      'Seat 3 cannot raise: the betting is capped for this round (call or fold)',
    );
    const allin = panel(s, 'allin');
    expect(allin[0]).toMatchObject({ type: 'bet.corrected', from: 10_000, to: 400, rule: 'R-BET-LIMIT' });
    expect(placed(allin)).toMatchObject({ seat: 3, to: 400 });
    expect(allin.find((e) => e.type === 'action')).toMatchObject({ action: 'call' });
  });

  test('the count starts again on the next round', () => {
    const s = limitTable();
    s.act('raise', 'raise', 'raise', 'call', 'call', 'call');
    s.cards(...DECK.slice(8, 12));
    s.act('bet', 'raise', 'raise', 'raise');
    expect(panel(s, 'raise')).toMatchObject([{ type: 'request.rejected', reason: 'capped' }]);
  });

  test('heads-up (two dealt in) there is no cap, in every profile', () => {
    for (const profile of ['tda', 'robert']) {
      const s = limitTable({ players: [1, 2], profile });
      // heads-up the button (1) is the small blind and acts first
      const evs = s.act('raise', 'raise', 'raise', 'raise', 'raise');
      expect(evs.filter((e) => e.type === 'request.rejected')).toEqual([]);
      expect(onAction(s)).toMatchObject({ minRaiseTo: 700 });
    }
  });

  test('uncappedHeadsUp: hand (robert) lifts the cap once two live seats are left before it is reached; table (tda) does not', () => {
    for (const [profile, reason] of [
      ['robert', null],
      ['tda', 'capped'],
    ] as const) {
      const s = limitTable({ players: [1, 2, 3], profile });
      // button 1 acts first; 2 small blind, 3 big blind
      s.act('fold', 'raise', 'raise', 'raise'); // two live; bets: blind, 200, 300, 400 → the cap
      const evs = panel(s, 'raise');
      if (reason === null) expect(placed(evs)).toMatchObject({ to: 500 });
      else expect(evs).toMatchObject([{ type: 'request.rejected', reason }]);
    }
  });

  test('a profile sets its own cap (setup.rules betting.maxRaises)', () => {
    const s = scenario({
      players: [1, 2, 3, 4],
      button: 1,
      betting: 'limit',
      rules: { chips: { mode: 'tracked' }, betting: { maxRaises: 1 } },
    });
    for (const seat of [1, 2, 3, 4]) s.send({ type: 'command', name: 'set-stack', seat, chips: 10_000 }, 0);
    s.send({ type: 'command', name: 'levels-start', levels: [LIMIT_LEVEL] }, 0);
    s.send({ type: 'shuffle' });
    s.cards(...DECK.slice(0, 8));
    s.act('raise');
    expect(panel(s, 'raise')).toMatchObject([{ type: 'request.rejected', reason: 'capped', seat: 1 }]);
  });
});

describe('R-BET-LIMIT: short all-ins and chips read', () => {
  test('an all-in of at least half an increment counts as a raise: it reopens the betting', () => {
    // seat 1 has 250: after 4's raise to 200, its all-in to 250 is half an increment more
    const s = limitTable({ stacks: { 1: 250 } });
    s.act('raise');
    expect(placed(panel(s, 'allin'))).toMatchObject({ seat: 1, to: 250 });
    s.act('call', 'call'); // 2 and 3 call 250
    expect(onAction(s)).toMatchObject({ seat: 4, toCall: 50, minRaiseTo: 350, maxRaiseTo: 350 });
  });

  test('an all-in under half an increment does not reopen it; the next raise completes to the fixed total', () => {
    const s = limitTable({ stacks: { 1: 240 } });
    s.act('raise');
    expect(placed(panel(s, 'allin'))).toMatchObject({ seat: 1, to: 240 });
    expect(onAction(s)).toMatchObject({ seat: 2, toCall: 190, minRaiseTo: 300 });
    s.act('call', 'call');
    // seat 4 raised to 200 before: 240 is no full raise, it may only call
    expect(onAction(s)).toMatchObject({ seat: 4, toCall: 40, minRaiseTo: null, maxRaiseTo: null });
  });

  test('chips beyond the call by half an increment or more are completed to the raise; by less, a call', () => {
    const s = limitTable();
    const raise = s.send({ type: 'chips', seat: 4, added: [100, 50], removed: [] }); // 150: the call + 50
    expect(raise[0]).toMatchObject({ type: 'bet.corrected', seat: 4, from: 150, to: 200, rule: 'R-BET-LIMIT' });
    const call = s.send({ type: 'chips', seat: 1, added: [100, 100, 25], removed: [] }); // 225: the call + 25
    expect(call[0]).toMatchObject({ type: 'bet.corrected', seat: 1, from: 225, to: 200, rule: 'R-BET-LIMIT' });
    expect(placed(call)).toMatchObject({ seat: 1, to: 200 });
  });
});

describe('R-BET-LIMIT without chips tracked: the cap counts the panel', () => {
  test('a bet and three raises, then raise is refused (capped) and an all-in does not raise', () => {
    const s = limitTable({ chips: false });
    s.act('raise', 'raise', 'raise');
    expect(panel(s, 'raise')).toMatchObject([{ type: 'request.rejected', reason: 'capped', seat: 3 }]);
    const allin = s.act('allin', 'call', 'call');
    expect(allin.filter((e) => e.type === 'request.rejected')).toEqual([]);
    // 3's all-in is a call: 4 and 1 calling ends the round (a raise would have put 2 on action again)
    expect(s.table.snapshot().onAction).toBeNull();
  });

  test('heads-up without chips: no cap', () => {
    const s = limitTable({ chips: false, players: [1, 2] });
    const evs = s.act('raise', 'raise', 'raise', 'raise', 'raise');
    expect(evs.filter((e) => e.type === 'request.rejected')).toEqual([]);
  });

  test('no-limit keeps no cap', () => {
    const s = scenario({ players: [1, 2, 3, 4], button: 1 });
    s.send({ type: 'shuffle' });
    s.cards(...DECK.slice(0, 8));
    const evs = s.act('raise', 'raise', 'raise', 'raise', 'raise');
    expect(evs.filter((e) => e.type === 'request.rejected')).toEqual([]);
  });
});
