// The virtual dealer's parts on their own (src/sim/table-state.ts, plan.ts, follow.ts): what it plans between hands
// and how an event changes what it knows, without a whole session around them.
import { describe, expect, it } from 'vitest';
import { loadProfiles } from '../../src/config/profiles.ts';
import { followEvent } from '../../src/sim/follow.ts';
import { plan, shuffleSteps } from '../../src/sim/plan.ts';
import { createSimTable, readBody } from '../../src/sim/table-state.ts';
import type { VirtualTableOptions } from '../../src/sim/options.ts';

const profiles = loadProfiles();
const options = (more: Partial<VirtualTableOptions> = {}): VirtualTableOptions => ({
  seed: 3,
  seats: 6,
  players: 5,
  profile: 'tda',
  irregularityRate: 0,
  startAt: 1_000_000,
  profiles,
  ...more,
});
const at = 1_000_500;

describe('the virtual dealer between hands', () => {
  it('a player back from missing hands sits down, and the shuffle waits for the seat sensor to settle', () => {
    const t = createSimTable(options());
    t.away.set(2, 1);
    const steps = shuffleSteps(t);
    expect(steps.map((s) => s.input)).toEqual([{ type: 'seat', seat: 2, occupied: true }, { type: 'shuffle' }]);
    expect(t.away.has(2)).toBe(false);
    expect(steps[1]!.answer).toBe('hand.started');
    expect(steps[1]!.after).toBeGreaterThanOrEqual(t.profile.presence.debounceMs + 500);
  });

  it('a player missing more hands stays away one hand fewer; the shuffle alone is planned', () => {
    const t = createSimTable(options());
    t.away.set(4, 3);
    expect(shuffleSteps(t).map((s) => s.input)).toEqual([{ type: 'shuffle' }]);
    expect(t.away.get(4)).toBe(2);
  });

  it('no hand and nothing to finish: nothing to plan', () => {
    expect(plan(createSimTable(options()))).toEqual([]);
  });
});

describe('the virtual dealer reading events', () => {
  it('a hand that ends plans the rebuys owed before the next shuffle', () => {
    const t = createSimTable(options({ chips: true }));
    followEvent(t, { type: 'player.eliminated', seat: 3, player: 'Ann', stackAtStart: 200, at });
    followEvent(t, { type: 'hand.ended', reason: 'showdown', at: at + 10 });
    expect(t.agenda[0]!.input).toMatchObject({ type: 'command', name: 'seat-player', seat: 3, player: 'Ann' });
    expect(t.agenda.at(-1)!.input).toEqual({ type: 'shuffle' });
    expect(t.now).toBe(at + 10);
  });

  it('presence, penalties and time banks follow the events', () => {
    const t = createSimTable(options());
    followEvent(t, { type: 'seat.occupied', seat: 5, at });
    followEvent(t, { type: 'penalty.started', seat: 5, hands: 2, at });
    followEvent(t, { type: 'timebank.used', seat: 5, remaining: 0, deadline: at + 30_000, at });
    expect([t.present.has(5), t.penalised, t.banks.get(5)]).toEqual([true, 1, 0]);
    followEvent(t, { type: 'seat.vacated', seat: 5, at });
    followEvent(t, { type: 'penalty.ended', seat: 5, hands: 0, at });
    expect([t.present.has(5), t.penalised]).toEqual([false, 0]);
  });

  it('reads carry the tag id when the deck is enrolled, else the card', () => {
    const deck = new Map([['04a1b2c3', 'As']]);
    expect(readBody(createSimTable(options({ deck })), 'As')).toEqual({ type: 'card', uid: '04a1b2c3' });
    expect(readBody(createSimTable(options()), 'As')).toEqual({ type: 'card', card: 'As' });
  });
});
