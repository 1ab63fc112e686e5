import { describe, expect, it } from 'vitest';
import { shotClockDigits, secondsLeft } from '../../src/hardware/outputs/digits.ts';
import { displayState, sameDisplay } from '../../src/hardware/outputs/level-clock.ts';
import { seatLights } from '../../src/hardware/outputs/seat-lights.ts';
import { seatSnap, tableSnap } from '../helpers/snapshot.ts';

describe('seat lights', () => {
  const snap = tableSnap({
    button: 1,
    smallBlind: 2,
    bigBlind: 3,
    hand: 4,
    phase: 'betting',
    street: 'preflop',
    onAction: { seat: 1, street: 'preflop', deadline: null },
    seatInfo: [
      seatSnap(1, { player: 'ann', present: true, dealtIn: true }),
      seatSnap(2, { player: 'bob', present: false, dealtIn: true, dead: true }),
      seatSnap(3, { player: 'cid', present: true, dealtIn: true }),
    ],
  });
  const rows: { seat: number; on: string[] }[] = [
    { seat: 1, on: ['action', 'button'] },
    { seat: 2, on: ['dead', 'smallBlind', 'blind', 'absent'] },
    { seat: 3, on: ['bigBlind', 'blind'] },
  ];
  it.each(rows)('seat $seat lights $on', ({ seat, on }) => {
    const lights = seatLights(snap, seat);
    expect(
      Object.entries(lights)
        .filter(([, v]) => v)
        .map(([k]) => k)
        .sort(),
    ).toEqual([...on].sort());
  });
  it('keeps an empty seat dark and everything dark before the first snapshot', () => {
    expect(Object.values(seatLights(tableSnap(), 2)).some(Boolean)).toBe(false);
    expect(Object.values(seatLights(null, 1)).some(Boolean)).toBe(false);
  });
});

describe('shot-clock digits', () => {
  const called = tableSnap({ clock: { kind: 'clock', seat: 2, deadline: 30_000, countdownAt: 25_000 } });
  const rows: { now: number; text: string; lit: boolean }[] = [
    { now: 0, text: '30', lit: true },
    { now: 1, text: '30', lit: true },
    { now: 999, text: '30', lit: true },
    { now: 1000, text: '29', lit: true },
    { now: 24_999, text: ' 6', lit: true },
    // countdown: each new number lit for the first half second, dark for the second
    { now: 25_000, text: ' 5', lit: true },
    { now: 25_400, text: ' 5', lit: true },
    { now: 25_500, text: ' 5', lit: false },
    { now: 25_999, text: ' 5', lit: false },
    { now: 26_000, text: ' 4', lit: true },
    { now: 29_999, text: ' 1', lit: false },
    { now: 30_000, text: ' 0', lit: true },
    { now: 31_000, text: ' 0', lit: true },
  ];
  it.each(rows)('at $now shows "$text" lit=$lit', ({ now, text, lit }) => {
    expect(shotClockDigits(called, now, 2)).toEqual({ text, lit });
  });
  it('is blank with no clock, clamps to the digits it has, never blinks without a countdown', () => {
    expect(shotClockDigits(tableSnap(), 5, 4)).toEqual({ text: '    ', lit: true });
    expect(shotClockDigits(null, 5, 2)).toEqual({ text: '  ', lit: true });
    const long = tableSnap({ clock: { kind: 'shot-clock', seat: 1, deadline: 200_000, countdownAt: null } });
    expect(shotClockDigits(long, 0, 2)).toEqual({ text: '99', lit: true });
    expect(shotClockDigits(long, 199_500, 2)).toEqual({ text: ' 1', lit: true });
  });
  it('rounds seconds up', () => {
    expect([secondsLeft(1000, 0), secondsLeft(1000, 1), secondsLeft(1000, 1000), secondsLeft(1000, 5000)]).toEqual([
      1, 1, 0, 0,
    ]);
  });
});

describe('display-board state', () => {
  const level = {
    level: 3,
    isBreak: false,
    smallBlind: 100,
    bigBlind: 200,
    ante: 25,
    endsAt: 600_000,
    remainingMs: 500_000,
    paused: false,
    next: { level: 4, isBreak: true, smallBlind: null, bigBlind: null, ante: null, minutes: 15 },
  };
  it('counts a running level from endsAt and a paused one from remainingMs', () => {
    const running = displayState(tableSnap({ level }), 100_000);
    expect(running.level).toEqual({
      level: 3,
      isBreak: false,
      smallBlind: 100,
      bigBlind: 200,
      ante: 25,
      msLeft: 500_000,
      paused: false,
    });
    expect(running.next).toEqual({
      level: 4,
      isBreak: true,
      smallBlind: null,
      bigBlind: null,
      ante: null,
      minutes: 15,
    });
    expect(displayState(tableSnap({ level }), 700_000).level?.msLeft).toBe(0);
    const paused = displayState(
      tableSnap({ level: { ...level, paused: true, endsAt: null, remainingMs: 123_456 } }),
      1,
    );
    expect(paused.level?.msLeft).toBe(123_456);
    expect(paused.level?.paused).toBe(true);
  });
  it('carries the shot clock and says when the countdown has begun', () => {
    const snap = tableSnap({ clock: { kind: 'clock', seat: 4, deadline: 30_000, countdownAt: 25_000 } });
    expect(displayState(snap, 24_000).shotClock).toEqual({ seat: 4, seconds: 6, countdown: false });
    expect(displayState(snap, 25_000).shotClock).toEqual({ seat: 4, seconds: 5, countdown: true });
    expect(displayState(tableSnap(), 0)).toEqual({ level: null, next: null, shotClock: null });
  });
  it('treats the passing of time on a running level as no change, but not on a paused one', () => {
    const snap = tableSnap({ level });
    expect(sameDisplay(displayState(snap, 0), 0, displayState(snap, 5000), 5000)).toBe(true);
    const paused = tableSnap({ level: { ...level, paused: true, endsAt: null } });
    expect(
      sameDisplay(
        displayState(paused, 0),
        0,
        displayState({ ...paused, level: { ...level, paused: true, endsAt: null, remainingMs: 1 } }, 0),
        0,
      ),
    ).toBe(false);
    expect(
      sameDisplay(displayState(snap, 0), 0, displayState(tableSnap({ level: { ...level, bigBlind: 300 } }), 0), 0),
    ).toBe(false);
  });
  it('a running level whose end moved (a minute added by the floor) is a change the board must hear at once', () => {
    const snap = tableSnap({ level });
    const later = tableSnap({ level: { ...level, endsAt: level.endsAt + 60_000 } });
    expect(sameDisplay(displayState(snap, 1000), 1000, displayState(later, 2000), 2000)).toBe(false);
    expect(sameDisplay(displayState(snap, 700_000), 700_000, displayState(snap, 800_000), 800_000)).toBe(true);
  });
});
