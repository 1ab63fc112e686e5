// Chips at table level (R-CHIPS-TRACKED, R-CHIPS-STACK, R-CHIPS-FORCED, R-POT-*, R-CHIPS-BUST): the engine with
// `chips.mode: tracked` drives src/domain/chips through hand-chips.ts; with `off` none of it exists.
import { describe, expect, test } from 'vitest';
import { toPublic } from '../../../src/domain/secrecy.ts';
import { scenario, type Scenario } from '../../helpers/scenario.ts';
import type { TableEvent } from '../../../src/domain/types.ts';

const TRACKED = { chips: { mode: 'tracked' } };
const LEVELS = { type: 'command', name: 'levels-start', levels: [{ smallBlind: 50, bigBlind: 100, minutes: 20 }] };

/** Three players, button 1 (small blind 2, big blind 3), stacks 1000 / 300 / 2000, a level 50-100. */
function tracked(): Scenario {
  const s = scenario({ players: [1, 2, 3], button: 1, rules: TRACKED });
  const stacks: Record<number, number> = { 1: 1000, 2: 300, 3: 2000 };
  for (const seat of [1, 2, 3]) s.send({ type: 'command', name: 'set-stack', seat, chips: stacks[seat] }, 0);
  s.send(LEVELS, 0);
  return s;
}

/** Hole cards in dealing order (2, 3, 1, 2, 3, 1): seat 2 junk, seat 3 aces, seat 1 kings. */
const HOLE = ['2c', 'As', 'Ks', '7d', 'Ad', 'Kd'];
const FLOP = ['3h', '4s', '9c', 'Jd'];
const TURN = ['5h', 'Qh'];
const RIVER = ['6d', '8s'];

describe('chips.mode off (the shipped default)', () => {
  test('R-CHIPS-TRACKED: set-stack and chips inputs are refused, a seat-player chips is ignored', () => {
    const s = scenario({ players: [1, 2] });
    expect(s.send({ type: 'command', name: 'set-stack', seat: 1, chips: 500 })).toMatchObject([
      { type: 'request.rejected', request: 'set-stack', reason: 'no-chips' },
    ]);
    expect(s.send({ type: 'chips', seat: 1, added: [100], removed: [] })).toMatchObject([
      { type: 'request.rejected', request: 'chips', reason: 'no-chips' },
    ]);
    const seated = s.send({ type: 'command', name: 'seat-player', seat: 3, player: 'P3', chips: 500 });
    expect(seated).toMatchObject([{ type: 'player.seated', seat: 3, player: 'P3' }]);
    expect(seated[0]).not.toHaveProperty('chips');
    const started = s.send({ type: 'shuffle' });
    expect(s.types(started)).toEqual(['hand.started']);
    expect(s.table.snapshot().seatInfo[0]).not.toHaveProperty('stack');
  });
});

describe('chips.mode tracked', () => {
  test('R-CHIPS-STACK: stacks from seat-player and set-stack; a shuffle needs every stack and a level', () => {
    const s = scenario({ players: [1, 2], rules: TRACKED });
    expect(s.send({ type: 'shuffle' })).toMatchObject([{ type: 'request.rejected', reason: 'stack-unknown' }]);
    expect(s.send({ type: 'command', name: 'seat-player', seat: 3, player: 'P3', chips: 800 })).toMatchObject([
      { type: 'player.seated', seat: 3, chips: 800 },
    ]);
    s.send({ type: 'command', name: 'set-stack', seat: 1, chips: 1000 });
    expect(s.send({ type: 'command', name: 'set-stack', seat: 2, chips: 1500 })).toMatchObject([
      { type: 'stack.set', seat: 2, chips: 1500 },
    ]);
    expect(s.send({ type: 'command', name: 'set-stack', seat: 2, chips: 0 })).toMatchObject([
      { type: 'input.rejected' },
    ]);
    expect(s.send({ type: 'shuffle' })).toMatchObject([{ type: 'request.rejected', reason: 'no-level' }]);
    s.send(LEVELS);
    expect(
      s.table
        .snapshot()
        .seatInfo.slice(0, 3)
        .map((x) => x.stack),
    ).toEqual([1000, 1500, 800]);
    s.send({ type: 'seat', seat: 3, occupied: true });
    s.send({ type: 'tick' }, 2000);
    const started = s.send({ type: 'shuffle' });
    expect(s.types(started)).toEqual(['hand.started', 'bet.placed', 'bet.placed']);
    expect(s.send({ type: 'command', name: 'set-stack', seat: 1, chips: 5 })).toMatchObject([
      { type: 'request.rejected', reason: 'hand-in-progress' },
    ]);
  });

  test('R-CHIPS-FORCED, R-BET-ROUND, R-POT-SIDE, R-POT-AWARD, R-CHIPS-BUST: an all-in, a showdown, a bust', () => {
    const s = tracked();
    const start = s.send({ type: 'shuffle' });
    expect(start.slice(1)).toMatchObject([
      { type: 'bet.placed', seat: 2, action: 'small-blind', amount: 50, to: 50, stack: 250 },
      { type: 'bet.placed', seat: 3, action: 'big-blind', amount: 100, to: 100, stack: 1900 },
    ]);
    const dealt = s.cards(...HOLE);
    expect(dealt.at(-1)).toMatchObject({ type: 'action.on', seat: 1, toCall: 100, minRaiseTo: 200 });
    expect(dealt.at(-1)).not.toHaveProperty('maxRaiseTo');
    expect(s.send({ type: 'panel', button: 'raise' })).toMatchObject([
      { type: 'request.rejected', request: 'raise', reason: 'amount-required', seat: 1 },
    ]);
    expect(s.send({ type: 'panel', button: 'check' })).toMatchObject([
      { type: 'request.rejected', request: 'check', reason: 'facing-bet', seat: 1 },
    ]);
    expect(s.act('call')).toMatchObject([
      { type: 'action', seat: 1, action: 'call', by: 'panel' },
      { type: 'bet.placed', seat: 1, action: 'call', amount: 100, to: 100, stack: 900 },
      { type: 'action.on', seat: 2, toCall: 50, minRaiseTo: 200 },
    ]);
    expect(s.act('allin')).toMatchObject([
      { type: 'action', seat: 2, action: 'allin' },
      { type: 'bet.placed', seat: 2, action: 'raise', amount: 250, to: 300, stack: 0, allIn: true },
      { type: 'action.on', seat: 3, toCall: 200, minRaiseTo: 500 },
    ]);
    s.act('call');
    const closed = s.act('call');
    expect(closed.find((e) => e.type === 'pots')).toMatchObject({
      street: 'preflop',
      pots: [{ amount: 900, seats: [2, 3, 1] }],
    });
    s.cards(...FLOP);
    s.act('check', 'check');
    s.cards(...TURN);
    s.act('check', 'check');
    s.cards(...RIVER);
    s.act('check');
    const end = s.act('check');
    expect(s.types(end)).toEqual([
      'action',
      'pots',
      'showdown',
      'pot.awarded',
      'player.eliminated',
      'player.removed',
      'hand.ended',
    ]);
    expect(end.find((e) => e.type === 'pot.awarded')).toMatchObject({
      pots: [{ amount: 900, winners: [3], shares: [{ seat: 3, amount: 900 }] }],
    });
    expect(end.find((e) => e.type === 'player.eliminated')).toMatchObject({ seat: 2, player: 'P2', stackAtStart: 300 });
    const seats = s.table.snapshot().seatInfo;
    expect(seats.slice(0, 3).map((x) => [x.player, x.stack])).toEqual([
      ['P1', 700],
      [null, null],
      ['P3', 2600],
    ]);
    // R-HEADS-UP-START at the next hand, as after a floor removal: the two left post the blinds
    const next = s.send({ type: 'shuffle' });
    expect(next[0]).toMatchObject({ type: 'hand.started', dealtIn: [1, 3] });
    expect(next.slice(1).map((e) => (e.type === 'bet.placed' ? [e.seat, e.action] : e.type))).toHaveLength(2);
  });

  test('R-BET-CHIPS: after hand.ended a chip reader seeing chips taken away is no action; chips put down are refused', () => {
    const s = tracked();
    s.send({ type: 'shuffle' });
    s.cards(...HOLE);
    s.send({ type: 'panel', button: 'bet', to: 400 });
    s.act('fold');
    expect(s.types(s.act('fold'))).toContain('hand.ended');
    const stacks = s.table.snapshot().seatInfo.map((seat) => seat.stack);
    // The uncalled 400 goes back to seat 1's stack, the blinds to the pot: the readers see them leave.
    expect(s.send({ type: 'chips', seat: 1, added: [], removed: [100, 100, 100, 100] })).toEqual([]);
    expect(s.send({ type: 'chips', seat: 3, added: [], removed: [100] })).toEqual([]);
    expect(s.send({ type: 'chips', seat: 2, added: [100], removed: [] })).toMatchObject([
      { type: 'request.rejected', request: 'chips', reason: 'no-hand', seat: 2 },
    ]);
    expect(s.table.snapshot().seatInfo.map((seat) => seat.stack)).toEqual(stacks);
  });

  test('R-POT-SIDE, R-POT-AWARD: a hand won by a fold returns the uncalled bet and gives no pots', () => {
    const s = tracked();
    s.send({ type: 'shuffle' });
    s.cards(...HOLE);
    s.send({ type: 'panel', button: 'bet', to: 400 });
    s.act('fold');
    const end = s.act('fold');
    expect(s.types(end)).toEqual(['action', 'bet.returned', 'pot.awarded', 'hand.ended']);
    expect(end[1]).toMatchObject({ seat: 1, amount: 300, reason: 'uncalled' });
    expect(end[2]).toMatchObject({ pots: [{ amount: 250, winners: [1] }] });
    expect(
      s.table
        .snapshot()
        .seatInfo.slice(0, 3)
        .map((x) => x.stack),
    ).toEqual([1150, 250, 1900]);
  });

  test('R-POT-MISDEAL: a misdeal gives every chip back', () => {
    const s = tracked();
    s.send({ type: 'shuffle' });
    const end = s.act('misdeal');
    expect(s.types(end)).toEqual(['misdeal', 'bet.returned', 'bet.returned', 'hand.ended']);
    expect(
      s.table
        .snapshot()
        .seatInfo.slice(0, 3)
        .map((x) => x.stack),
    ).toEqual([1000, 300, 2000]);
  });

  test('R-POT-AWARD: a hand where every hand is dead gives each seat back what it put in', () => {
    const s = scenario({ players: [1, 2, 3], button: 1, rules: TRACKED, absent: [1, 2, 3] });
    for (const seat of [1, 2, 3]) s.send({ type: 'command', name: 'set-stack', seat, chips: 1000 }, 0);
    s.send(LEVELS, 0);
    s.send({ type: 'shuffle' });
    s.cards(...HOLE);
    expect(s.all('bet.returned')).toEqual([
      expect.objectContaining({ seat: 2, amount: 50, reason: 'no-live-hand' }),
      expect.objectContaining({ seat: 3, amount: 100, reason: 'no-live-hand' }),
    ]);
    expect(s.last('hand.ended')).toMatchObject({ winners: [] });
    expect(s.all('pot.awarded')).toEqual([]);
    expect(
      s.table
        .snapshot()
        .seatInfo.slice(0, 3)
        .map((x) => x.stack),
    ).toEqual([1000, 1000, 1000]);
  });

  test('R-BET-INCOMPLETE, R-BET-CHIPS: a panel raise short of the minimum, a chip reader motion', () => {
    const s = tracked();
    s.send({ type: 'shuffle' });
    s.cards(...HOLE);
    expect(s.send({ type: 'panel', button: 'raise', to: 160 })).toMatchObject([
      { type: 'bet.corrected', seat: 1, from: 160, to: 200, rule: 'R-BET-INCOMPLETE' },
      { type: 'action', seat: 1, action: 'raise' },
      { type: 'bet.placed', seat: 1, to: 200 },
      { type: 'action.on', seat: 2 },
    ]);
    // the big blind's chips before it acts are its post's (TDA 46 situation 4): no event
    expect(s.send({ type: 'chips', seat: 3, added: [100], removed: [] })).toEqual([]);
    expect(s.send({ type: 'chips', seat: 2, added: [100, 50], removed: [] })).toMatchObject([
      { type: 'action', seat: 2, action: 'call', by: 'chips' },
      { type: 'bet.placed', seat: 2, amount: 150, to: 200 },
      { type: 'action.on', seat: 3, toCall: 100 },
    ]);
    expect(s.send({ type: 'chips', seat: 2, added: [100], removed: [] })).toMatchObject([
      { type: 'request.rejected', request: 'chips', reason: 'not-on-action', seat: 2 },
    ]);
  });
});

describe('R-CHIPS-BUST then R-DEAD-BUTTON, R-HEADS-UP-START', () => {
  /** Plays the hand of the bust test: seat 2 all-in and beaten (with chips off the panel presses the same). */
  const playBust = (s: Scenario) => {
    s.send({ type: 'shuffle' });
    s.cards(...HOLE);
    s.act('call', 'allin', 'call', 'call');
    s.cards(...FLOP);
    s.act('check', 'check');
    s.cards(...TURN);
    s.act('check', 'check');
    s.cards(...RIVER);
    s.act('check', 'check');
  };
  const nextHand = (s: Scenario) => {
    const started = s.send({ type: 'shuffle' })[0]!;
    expect(started.type).toBe('hand.started');
    const { button, smallBlind, bigBlind, dealtIn } = started as Extract<TableEvent, { type: 'hand.started' }>;
    return { button, smallBlind, bigBlind, dealtIn };
  };

  test('a bust leaves the next hand as a floor removal after the same hand would', () => {
    const players = [1, 2, 3];
    const withChips = scenario({ players, button: 1, rules: TRACKED });
    for (const seat of players)
      withChips.send({ type: 'command', name: 'set-stack', seat, chips: seat === 2 ? 300 : 2000 }, 0);
    withChips.send(LEVELS, 0);
    const without = scenario({ players, button: 1 });
    playBust(withChips);
    playBust(without);
    expect(withChips.all('player.eliminated')).toHaveLength(1);
    expect(without.all('player.eliminated')).toHaveLength(0);
    without.send({ type: 'command', name: 'remove-player', seat: 2 });
    expect(nextHand(withChips)).toEqual(nextHand(without));
  });
});

describe('secrecy with chips tracked', () => {
  test('amounts are public, hole cards are not', () => {
    const s = tracked();
    s.send({ type: 'shuffle' });
    s.cards(...HOLE);
    s.send({ type: 'panel', button: 'raise', to: 300 });
    s.act('fold', 'fold');
    const published = s.events.map(toPublic).filter((e) => e !== null);
    const money = ['bet.placed', 'bet.returned', 'pot.awarded', 'stack.set'];
    expect(published.filter((e) => money.includes(e.type))).toEqual(s.events.filter((e) => money.includes(e.type)));
    expect(published.filter((e) => money.includes(e.type)).length).toBeGreaterThan(5);
    const text = JSON.stringify(published);
    for (const card of HOLE) expect(text).not.toContain(`"${card}"`);
  });
});
