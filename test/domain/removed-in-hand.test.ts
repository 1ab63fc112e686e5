// R-REMOVED-IN-HAND and R-CLOCK-CALL: a `remove-player` during a hand folds that seat at once with `player.removed`
// as the only event; a clock running on it is cancelled and never carries over to the next player.
import { describe, expect, test } from 'vitest';
import type { TableEvent } from '../../src/domain/types.ts';
import { DECK, scenario } from '../helpers/scenario.ts';

/** Four players, button 1 (dealt 2, 3, 4, 1): seat 4 is first to act pre-flop. */
function dealt(opts: { absent?: number[]; rules?: Record<string, unknown> } = {}) {
  const s = scenario({ players: [1, 2, 3, 4], button: 1, ...opts });
  s.send({ type: 'shuffle' });
  s.cards(...DECK.slice(0, 8));
  return s;
}
const remove = (seat: number) => ({ type: 'command', name: 'remove-player', seat });
const body = (e: TableEvent) => {
  const { seq: _s, at: _a, hand: _h, ...rest } = e;
  return rest;
};

describe('R-REMOVED-IN-HAND', () => {
  test('the seat on action with a clock called on it: the clock is cancelled, the action moves on', () => {
    const s = dealt();
    expect(s.send({ type: 'clock-request', by: 'seat', seat: 1 })[0]).toMatchObject({ type: 'clock.called', seat: 4 });
    const evs = s.send(remove(4));
    expect(evs.map(body)).toEqual([
      { type: 'player.removed', seat: 4, player: 'P4' },
      { type: 'action.on', seat: 1, street: 'preflop', deadline: null },
    ]);
    expect(s.table.snapshot()).toMatchObject({ clock: null });
    // long past the clock's deadline (tda: 25 + 5 s): seat 1 gets no countdown and no dead hand
    const later = s.send({ type: 'tick' }, 120_000);
    expect(later).toEqual([]);
    expect(s.act('call')[0]).toMatchObject({ type: 'action', seat: 1, by: 'panel' });
  });

  test('a seat not on action: folded, the clock on the seat on action runs on', () => {
    const s = dealt();
    s.send({ type: 'clock-request', by: 'floor' });
    expect(s.send(remove(2)).map((e) => e.type)).toEqual(['player.removed']);
    const countdown = s.send({ type: 'tick' }, 25_000);
    expect(countdown[0]).toMatchObject({ type: 'clock.countdown', seat: 4 });
  });

  test('the last opponent removed: the hand ends won by the one left', () => {
    const s = scenario({ players: [1, 2], button: 1 });
    s.send({ type: 'shuffle' });
    s.cards(...DECK.slice(0, 4));
    expect(s.send(remove(2)).map(body)).toEqual([
      { type: 'player.removed', seat: 2, player: 'P2' },
      { type: 'hand.ended', reason: 'fold', winners: [1] },
    ]);
  });

  test('during the deal: the seat still receives its cards, and gets no hand.dead though absent', () => {
    const s = scenario({ players: [1, 2, 3, 4], button: 1 });
    s.send({ type: 'shuffle' });
    s.cards(...DECK.slice(0, 3));
    expect(s.send(remove(4)).map((e) => e.type)).toEqual(['player.removed']);
    s.send({ type: 'seat', seat: 4, occupied: false });
    s.send({ type: 'tick' }, 2000); // the vacancy is debounced: seat 4 is absent at the last card of the deal
    const rest = s.cards(...DECK.slice(3, 8));
    expect(s.events.filter((e) => e.type === 'card.dealt' && e.seat === 4)).toHaveLength(2);
    expect(rest.some((e) => e.type === 'hand.dead' || e.type === 'violation')).toBe(false);
    expect(s.last('action.on')).toMatchObject({ seat: 1 }); // seat 4 folded: seat 1 is first to act
  });

  test('R-CLOCK-CALL: a hand killed by the shot clock takes the clock call with it', () => {
    const s = dealt({ rules: { shotClock: { enabled: true, seconds: 10, checkWhenFree: false } } });
    s.send({ type: 'clock-request', by: 'floor' }); // on seat 4: 25 + 5 s (tda)
    const dead = s.send({ type: 'tick' }, 10_000);
    expect(dead.map(body)).toEqual([
      { type: 'hand.dead', seat: 4, reason: 'shot-clock' },
      { type: 'action.on', seat: 1, street: 'preflop', deadline: dead[0]!.at + 10_000 },
    ]);
    s.act('call');
    const later = s.send({ type: 'tick' }, 5_000);
    expect(later.some((e) => e.type.startsWith('clock.'))).toBe(false);
    expect(s.table.snapshot()).toMatchObject({ clock: { kind: 'shot-clock', seat: 2 } });
  });

  test('a shot clock on the removed seat does not carry over either: the next seat gets a fresh one', () => {
    const s = dealt({ rules: { shotClock: { enabled: true } } });
    s.send({ type: 'tick' }, 20_000);
    const evs = s.send(remove(4));
    expect(evs[1]).toMatchObject({ type: 'action.on', seat: 1, deadline: s.at + 30_000 });
  });
});
