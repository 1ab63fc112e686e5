import { describe, expect, test } from 'vitest';
import { DECK, scenario } from '../helpers/scenario.ts';

describe('presence', () => {
  test('R-SEAT-DEBOUNCE: a level must hold debounceMs; shorter flapping is not an event', () => {
    const s = scenario({ players: [], seats: 4 });
    s.send({ type: 'seat', seat: 2, occupied: true }, 0);
    expect(s.send({ type: 'seat', seat: 2, occupied: false }, 999)).toEqual([]);
    expect(s.send({ type: 'tick' }, 5000)).toEqual([]);
    s.send({ type: 'seat', seat: 2, occupied: true }, 0);
    const t0 = s.at;
    const evs = s.send({ type: 'tick' }, 1500);
    expect(evs).toEqual([expect.objectContaining({ type: 'seat.occupied', seat: 2, at: t0 + 1000 })]);
    expect(s.table.nextDeadline()).toBeNull();
  });

  test('R-SEAT-DEBOUNCE: timers fire at their deadline, before the input that passes it', () => {
    const s = scenario({ players: [1, 2, 3], seats: 4, button: 1 });
    s.send({ type: 'seat', seat: 3, occupied: false }, 0);
    const deadline = s.at + 1000;
    expect(s.table.nextDeadline()).toBe(deadline);
    const evs = s.send({ type: 'shuffle' }, 2000);
    expect(s.types(evs)).toEqual(['seat.vacated', 'hand.started']);
    expect(evs[0]!.at).toBe(deadline);
  });

  test('R-SEAT-DEBOUNCE: several seats wait at once, each fires at its own deadline; a smaller setup drops the timers of the seats it removes', () => {
    const s = scenario({ players: [], seats: 6 });
    s.send({ type: 'seat', seat: 5, occupied: true }, 0);
    const five = s.at + 1000;
    s.send({ type: 'seat', seat: 2, occupied: true }, 300);
    const two = s.at + 1000;
    s.send({ type: 'seat', seat: 6, occupied: true }, 100);
    expect(s.table.nextDeadline()).toBe(five);
    const evs = s.send({ type: 'tick' }, 650); // past seat 5's deadline, before seat 2's
    expect(evs).toEqual([expect.objectContaining({ type: 'seat.occupied', seat: 5, at: five })]);
    expect(s.table.nextDeadline()).toBe(two);
    s.send({ type: 'seat', seat: 2, occupied: false }, 0); // seat 2 flaps back: its timer goes
    expect(s.table.nextDeadline()).toBe(two + 100); // seat 6's
    s.send({ type: 'command', name: 'setup', seats: 4, profile: 'tda' }, 0);
    expect(s.table.nextDeadline()).toBeNull(); // seat 6 is gone with its timer
    expect(s.types(s.send({ type: 'tick' }, 5000))).toEqual([]);
  });

  test('R-AT-YOUR-SEAT: a player absent when the last hole card is dealt has a dead hand; blinds still taken', () => {
    const s = scenario({ players: [1, 2, 3, 4], absent: [3], button: 1 });
    s.send({ type: 'shuffle' });
    const evs = s.cards(...DECK.slice(0, 8));
    expect(evs.filter((e) => e.type === 'hand.dead')).toEqual([expect.objectContaining({ seat: 3, reason: 'absent' })]);
    expect(s.last('action.on')).toMatchObject({ seat: 4 });
    s.act('call', 'call', 'call'); // the dead big blind does not act
    expect(s.cards(DECK[8]!)[0]).toMatchObject({ to: 'burn' });
  });

  test('R-AT-YOUR-SEAT: a player back in the seat before the last card is live', () => {
    const s = scenario({ players: [1, 2, 3], absent: [3], button: 1 });
    s.send({ type: 'shuffle' });
    s.cards(...DECK.slice(0, 3));
    s.send({ type: 'seat', seat: 3, occupied: true });
    s.send({ type: 'tick' }, 1000);
    s.cards(...DECK.slice(3, 6));
    expect(s.all('hand.dead')).toHaveLength(0);
  });

  test('R-STAY-SEATED: leaving with a live hand is a violation, not a dead hand', () => {
    const s = scenario({ players: [1, 2, 3], button: 1 });
    s.send({ type: 'shuffle' });
    s.cards(...DECK.slice(0, 6));
    s.send({ type: 'seat', seat: 2, occupied: false });
    const evs = s.send({ type: 'tick' }, 1000);
    expect(s.types(evs)).toEqual(['seat.vacated', 'violation']);
    expect(evs[1]).toMatchObject({ seat: 2, rule: 'R-STAY-SEATED' });
    expect(s.all('hand.dead')).toHaveLength(0);
  });

  test('R-PENALTY-LADDER (club): repeated faults climb warning → fine → disqualification', () => {
    const s = scenario({ profile: 'club', players: [1, 2, 3], button: 1 });
    const sanctions: string[] = [];
    for (let i = 0; i < 3; i++) {
      s.send({ type: 'shuffle' });
      s.cards(...DECK.slice(0, 6));
      s.send({ type: 'seat', seat: 2, occupied: false });
      s.send({ type: 'tick' }, 1000);
      sanctions.push((s.last('violation') as { sanction: string }).sanction);
      s.send({ type: 'seat', seat: 2, occupied: true });
      s.send({ type: 'tick' }, 1000);
      s.send({ type: 'command', name: 'set-button', seat: 1 });
      s.act('misdeal');
    }
    expect(sanctions).toEqual(['warning', 'warning-and-fine-one-big-blind', 'disqualification']);
  });
});

describe('clocks', () => {
  function onAction(profile = 'tda', rules?: Record<string, unknown>) {
    const s = scenario({ profile, players: [1, 2, 3], button: 1, rules });
    s.send({ type: 'shuffle' });
    s.cards(...DECK.slice(0, 6)); // seat 1 (button) is first to act pre-flop
    return s;
  }

  test('R-CLOCK-CALL (tda): 25 s + 5 s countdown; facing a bet the hand is dead', () => {
    const s = onAction('tda');
    const called = s.send({ type: 'clock-request', by: 'seat', seat: 2 });
    const at = s.at;
    expect(called[0]).toMatchObject({
      type: 'clock.called',
      seat: 1,
      by: 'seat',
      countdownAt: at + 25_000,
      deadline: at + 30_000,
    });
    const evs = s.send({ type: 'tick' }, 31_000);
    expect(evs.map((e) => [e.type, e.at])).toEqual([
      ['clock.countdown', at + 25_000],
      ['hand.dead', at + 30_000],
      ['action.on', at + 30_000],
    ]);
    expect(evs[1]).toMatchObject({ seat: 1, reason: 'clock' });
  });

  test('R-CLOCK-CALL (tda, TDA 29): not facing a bet, the player is checked', () => {
    const s = onAction('tda');
    s.act('call', 'call', 'check');
    s.cards(...DECK.slice(6, 10));
    expect(s.last('action.on')).toMatchObject({ seat: 2, street: 'flop' });
    s.send({ type: 'clock-request', by: 'floor' });
    const evs = s.send({ type: 'tick' }, 30_000);
    expect(evs.find((e) => e.type === 'action')).toMatchObject({ seat: 2, action: 'check', by: 'clock' });
  });

  test.each(['bfp', 'club'])(
    'R-CLOCK-CALL (%s): 60 s + 10 s, then the hand is dead even when checking is free',
    (profile) => {
      const s = onAction(profile);
      s.act('call', 'call', 'check');
      s.cards(...DECK.slice(6, 10));
      s.send({ type: 'clock-request', by: 'floor' });
      const at = s.at;
      const evs = s.send({ type: 'tick' }, 70_000);
      expect(evs.find((e) => e.type === 'clock.countdown')!.at).toBe(at + 60_000);
      expect(evs.find((e) => e.type === 'hand.dead')).toMatchObject({ seat: 2, reason: 'clock', at: at + 70_000 });
    },
  );

  test('R-CLOCK-SEATED: only a seated, present player may call the clock, and not on themself', () => {
    const s = scenario({ players: [1, 2, 3], absent: [3], button: 1 });
    s.send({ type: 'shuffle' });
    s.cards(...DECK.slice(0, 6));
    expect(s.send({ type: 'clock-request', by: 'seat', seat: 3 })[0]).toMatchObject({
      type: 'request.rejected',
      request: 'clock',
      reason: 'caller-absent',
    });
    expect(s.send({ type: 'clock-request', by: 'seat', seat: 5 })[0]).toMatchObject({ reason: 'caller-not-seated' });
    expect(s.send({ type: 'clock-request', by: 'seat', seat: 1 })[0]).toMatchObject({ reason: 'caller-on-action' });
    const t = scenario({ players: [1, 2] });
    expect(t.send({ type: 'clock-request', by: 'floor' })[0]).toMatchObject({ reason: 'no-hand' });
  });

  test('R-SHOT-CLOCK: off in shipped profiles; when on, expiry kills the hand or checks when free; time banks extend', () => {
    expect(onAction('tda').last('action.on')).toMatchObject({ deadline: null });
    const rules = {
      shotClock: { enabled: true, seconds: 20, timeBanks: 1, extensionSeconds: 30, checkWhenFree: true },
    };
    const s = onAction('tda', rules);
    const start = s.at;
    expect(s.last('action.on')).toMatchObject({ seat: 1, deadline: start + 20_000 });
    const used = s.send({ type: 'timebank', seat: 1 });
    expect(used[0]).toMatchObject({ type: 'timebank.used', seat: 1, remaining: 0, deadline: start + 50_000 });
    expect(s.send({ type: 'timebank', seat: 1 })[0]).toMatchObject({
      type: 'request.rejected',
      reason: 'no-time-bank',
    });
    const evs = s.send({ type: 'tick' }, 60_000);
    expect(evs[0]).toMatchObject({ type: 'hand.dead', seat: 1, reason: 'shot-clock', at: start + 50_000 });
    // seat 2 (small blind) now on action with 20 s; it faces the big blind: dead too at expiry
    expect(evs[1]).toMatchObject({ type: 'action.on', seat: 2, deadline: start + 70_000 });
  });
});

describe('time banks', () => {
  test.each([
    ['level', 1],
    ['tournament', 0],
  ])('R-SHOT-CLOCK: bankReset %s: banks after a new level = %i', (bankReset, expected) => {
    const rules = { shotClock: { enabled: true, seconds: 20, timeBanks: 1, extensionSeconds: 30, bankReset } };
    const s = scenario({ players: [1, 2, 3], button: 1, rules });
    const levels = [
      { smallBlind: 1, bigBlind: 2, minutes: 1 },
      { smallBlind: 2, bigBlind: 4, minutes: 1 },
    ];
    s.send({ type: 'command', name: 'levels-start', levels });
    s.send({ type: 'shuffle' });
    s.cards(...DECK.slice(0, 6));
    expect(s.send({ type: 'timebank', seat: 1 })[0]).toMatchObject({ type: 'timebank.used', remaining: 0 });
    s.act('fold', 'fold');
    s.send({ type: 'tick' }, 61_000);
    s.send({ type: 'shuffle' });
    expect(s.last('hand.started')).toMatchObject({ level: 2 });
    expect(s.table.snapshot().seatInfo[0]).toMatchObject({ seat: 1, timeBanks: expected });
  });
});

describe('levels and penalties', () => {
  const levels = [
    { smallBlind: 100, bigBlind: 200, minutes: 20 },
    { break: true, minutes: 10 },
    { smallBlind: 200, bigBlind: 400, ante: 50, minutes: 20 },
  ];

  test('R-LEVEL-CLOCK: a level change during a hand applies from the next shuffle', () => {
    const s = scenario({ players: [1, 2, 3], button: 1 });
    const start = s.send({ type: 'command', name: 'levels-start', levels });
    expect(start[0]).toMatchObject({
      type: 'level.changed',
      level: 1,
      smallBlind: 100,
      bigBlind: 200,
      appliesToHand: 1,
    });
    const t0 = s.at;
    s.send({ type: 'shuffle' });
    expect(s.last('hand.started')).toMatchObject({ level: 1 });
    const evs = s.send({ type: 'tick' }, 20 * 60_000);
    expect(evs[0]).toMatchObject({ type: 'level.changed', break: true, at: t0 + 20 * 60_000, appliesToHand: 2 });
    s.send({ type: 'tick' }, 10 * 60_000);
    expect(s.last('level.changed')).toMatchObject({
      level: 2,
      smallBlind: 200,
      bigBlind: 400,
      ante: 50,
      appliesToHand: 2,
    });
    s.act('misdeal');
    s.send({ type: 'shuffle' });
    expect(s.last('hand.started')).toMatchObject({ level: 2, hand: 2 });
  });

  test('R-LEVEL-CLOCK: pause and resume keep the time left', () => {
    const s = scenario({ players: [1, 2] });
    s.send({ type: 'command', name: 'levels-start', levels });
    s.send({ type: 'command', name: 'levels-pause' }, 5 * 60_000);
    expect(s.table.snapshot().level).toMatchObject({ paused: true, remainingMs: 15 * 60_000, endsAt: null });
    s.send({ type: 'command', name: 'levels-resume' }, 60 * 60_000);
    expect(s.table.snapshot().level).toMatchObject({
      paused: false,
      endsAt: s.at + 15 * 60_000,
      next: { isBreak: true },
    });
  });

  test('R-PENALTY: R rounds last R × players hands; the seat is dealt in and its hand dead', () => {
    const s = scenario({ players: [1, 2, 3], button: 1 });
    const [started] = s.send({ type: 'command', name: 'penalty', seat: 2, rounds: 1 });
    expect(started).toMatchObject({ type: 'penalty.started', seat: 2, hands: 3 });
    for (let h = 0; h < 3; h++) {
      s.send({ type: 'shuffle' });
      expect(s.last('hand.started')).toMatchObject({ dealtIn: expect.arrayContaining([2]) });
      s.cards(...DECK.slice(0, 6));
      expect(s.last('hand.dead')).toMatchObject({ seat: 2, reason: 'penalty', hand: h + 1 });
      while (s.table.snapshot().hand !== null) s.act('fold');
    }
    expect(s.last('penalty.ended')).toMatchObject({ seat: 2, hands: 3 });
  });
});
