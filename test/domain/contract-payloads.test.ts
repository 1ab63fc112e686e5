// Payload details the contract now fixes (protocol.md, rules.md R-SHOT-CLOCK, R-LEVEL-CLOCK), each pinned here:
// `hand` absent outside a hand, `level.changed` for a break and with no ante, `hand.ended.winners` on a fold,
// `clock.called.caller`; the shot clock switched by `enabled` (rules merged field by field), banks left in
// `timebank.used.remaining`, extensions added to the current deadline, a per-level reset at the next shuffle.
import { describe, expect, test } from 'vitest';
import { DECK, scenario } from '../helpers/scenario.ts';

const body = (e: object) => {
  const { seq: _s, at: _a, ...rest } = e as { seq: number; at: number };
  return rest;
};

describe('payload details', () => {
  test('`hand` is absent outside a hand (never null), present from hand.started to hand.ended', () => {
    const s = scenario({ players: [1, 2, 3], button: 1 });
    s.send({ type: 'shuffle' });
    s.cards(...DECK.slice(0, 6));
    s.act('fold', 'fold');
    s.send({ type: 'command', name: 'seat-player', seat: 5, player: 'P5' });
    const started = s.events.findIndex((e) => e.type === 'hand.started');
    const ended = s.events.findIndex((e) => e.type === 'hand.ended');
    s.events.forEach((e, i) => {
      if (i >= started && i <= ended) expect(e.hand).toBe(1);
      else expect(Object.hasOwn(e, 'hand'), e.type).toBe(false);
    });
    expect(s.events[ended]).toMatchObject({ reason: 'fold', winners: [3] });
  });

  test('level.changed: ante 0 when the level has none; a break has break: true, the level before, null blinds', () => {
    const s = scenario({ players: [1, 2] });
    const levels = [
      { break: true, minutes: 5 },
      { smallBlind: 100, bigBlind: 200, minutes: 20 },
      { break: true, minutes: 10 },
      { smallBlind: 200, bigBlind: 400, ante: 50, minutes: 20 },
    ];
    s.send({ type: 'command', name: 'levels-start', levels });
    s.send({ type: 'tick' }, 5 * 60_000);
    s.send({ type: 'tick' }, 20 * 60_000);
    s.send({ type: 'tick' }, 10 * 60_000);
    const changes = s.all('level.changed').map((e) => {
      const { appliesToHand: _n, ...rest } = body(e) as { appliesToHand: number };
      return rest;
    });
    expect(changes).toEqual([
      { type: 'level.changed', level: 1, smallBlind: null, bigBlind: null, ante: null, break: true },
      { type: 'level.changed', level: 1, smallBlind: 100, bigBlind: 200, ante: 0 },
      { type: 'level.changed', level: 1, smallBlind: null, bigBlind: null, ante: null, break: true },
      { type: 'level.changed', level: 2, smallBlind: 200, bigBlind: 400, ante: 50 },
    ]);
  });

  test('clock.called names the calling seat as `caller` when a seat calls, and none otherwise', () => {
    const s = scenario({ players: [1, 2, 3], button: 1 });
    s.send({ type: 'shuffle' });
    s.cards(...DECK.slice(0, 6));
    expect(s.send({ type: 'clock-request', by: 'seat', seat: 2 })[0]).toMatchObject({
      type: 'clock.called',
      seat: 1,
      by: 'seat',
      caller: 2,
    });
    s.act('call');
    expect(s.send({ type: 'clock-request', by: 'floor' })[0]).not.toHaveProperty('caller');
  });
});

describe('R-SHOT-CLOCK', () => {
  test("`enabled` alone in setup.rules turns it on and keeps the profile's other values (merged field by field)", () => {
    const off = scenario({ players: [1, 2, 3], button: 1 });
    off.send({ type: 'shuffle' });
    off.cards(...DECK.slice(0, 6));
    expect(off.last('action.on')).toMatchObject({ deadline: null });
    const s = scenario({ players: [1, 2, 3], button: 1, rules: { shotClock: { enabled: true } } });
    s.send({ type: 'shuffle' });
    s.cards(...DECK.slice(0, 6));
    const on = s.last('action.on')!;
    expect(on).toMatchObject({ seat: 1, deadline: on.at + 30_000 }); // tda: 30 s
    // two banks of 30 s (tda), both spent on one decision: each adds to the current deadline
    expect(body(s.send({ type: 'timebank', seat: 1 })[0]!)).toMatchObject({ remaining: 1, deadline: on.at + 60_000 });
    expect(body(s.send({ type: 'timebank', seat: 1 })[0]!)).toMatchObject({ remaining: 0, deadline: on.at + 90_000 });
    expect(s.send({ type: 'timebank', seat: 1 })[0]).toMatchObject({
      type: 'request.rejected',
      reason: 'no-time-bank',
    });
  });

  test('bankReset level: a level that changes during a hand refills the banks at the next shuffle, not before', () => {
    const rules = { shotClock: { enabled: true, timeBanks: 1, seconds: 300 } };
    const s = scenario({ players: [1, 2, 3], button: 1, rules });
    const levels = [
      { smallBlind: 1, bigBlind: 2, minutes: 1 },
      { smallBlind: 2, bigBlind: 4, minutes: 1 },
    ];
    s.send({ type: 'command', name: 'levels-start', levels });
    s.send({ type: 'shuffle' });
    s.cards(...DECK.slice(0, 6));
    s.send({ type: 'timebank', seat: 1 });
    s.act('call');
    s.send({ type: 'tick' }, 61_000); // level 2 now, during the hand
    expect(s.last('level.changed')).toMatchObject({ level: 2, appliesToHand: 2 });
    expect(s.table.snapshot().seatInfo[0]).toMatchObject({ seat: 1, timeBanks: 0 });
    s.act('fold', 'fold'); // hand over
    expect(s.table.snapshot().hand).toBeNull();
    expect(s.table.snapshot().seatInfo[0]).toMatchObject({ seat: 1, timeBanks: 0 });
    s.send({ type: 'shuffle' });
    expect(s.table.snapshot().seatInfo[0]).toMatchObject({ seat: 1, timeBanks: 1 });
  });
});
