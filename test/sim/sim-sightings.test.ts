// The simulated table's card antennas (src/sim/sightings.ts, R-CARD-PLACE) against the real engine: cards are seen at
// their seats, on the board and in the muck, rarely at the wrong seat. The dealer's own model of where each card lies
// and the engine's must agree: the only card.misplaced events are the wrong-seat sightings the dealer meant.
import { describe, expect, it } from 'vitest';
import { loadProfiles } from '../../src/config/profiles.ts';
import { createTable } from '../../src/domain/table.ts';
import type { Input, EngineEvent } from '../../src/domain/types.ts';
import { runSession, type SessionOptions } from '../../src/sim/index.ts';
import { simulatedDeck } from '../../src/app/simulation.ts';

const profiles = loadProfiles();

function play(options: Partial<SessionOptions> = {}) {
  const full: SessionOptions = {
    seed: 5,
    seats: 9,
    players: 8,
    profile: 'tda',
    irregularityRate: 0.4,
    startAt: 1_767_000_000_000,
    profiles,
    hands: 150,
    sightings: true,
    ...options,
  };
  const events: EngineEvent[] = [];
  const result = runSession(
    { ...full, onInput: (_input, evs) => events.push(...evs) },
    createTable({ profiles, deck: full.deck }),
  );
  return { ...result, events };
}

const sightings = (inputs: Input[]) => inputs.filter((i) => i.type === 'card' && i.place !== undefined);

describe('the virtual dealer’s card antennas', () => {
  it('sees cards at the seats, on the board and in the muck; only a wrong-seat sighting is misplaced', () => {
    const { inputs, events, rejected, hands } = play();
    expect(hands).toBe(150);
    expect(rejected).toEqual([]);
    const places = new Set(sightings(inputs).map((i) => (i as { place: string }).place));
    expect([...places].sort()).toEqual(['board', 'muck', 'seat']);
    const misplaced = events.filter((e) => e.type === 'card.misplaced');
    expect(misplaced.length).toBeGreaterThan(3);
    expect(misplaced.length).toBeLessThan(sightings(inputs).length / 5); // mostly where the card belongs
    for (const e of misplaced) {
      expect(e.expected).toMatchObject({ to: 'seat' });
      expect(e.seen.place).toBe('seat');
      expect(e.seen.seat).not.toBe(e.expected?.seat);
      expect(e.card).not.toBeNull();
    }
    // a sighting is never a deal: every hand that reached a showdown dealt exactly its cards
    expect(events.filter((e) => e.type === 'misdeal' && e.reason === 'duplicate-card')).toEqual([]);
  });

  it('is deterministic for a seed, also with an enrolled deck (reads carry uids)', () => {
    const deck = simulatedDeck();
    const a = play({ hands: 40, deck });
    const b = play({ hands: 40, deck });
    expect(a.inputs).toEqual(b.inputs);
    expect(sightings(a.inputs).every((i) => (i as { uid?: string }).uid !== undefined)).toBe(true);
    expect(a.events.some((e) => e.type === 'card.misplaced')).toBe(true);
  });

  it('is off by default, and turning it on deals the same cards', () => {
    const off = play({ hands: 20, sightings: undefined });
    expect(sightings(off.inputs)).toEqual([]);
    const on = play({ hands: 20 });
    const firstHand = (events: EngineEvent[]) =>
      events.filter((e) => e.type === 'card.dealt' && e.hand === 1).map((e) => (e as { card: string }).card);
    expect(firstHand(on.events)).toEqual(firstHand(off.events));
    expect(firstHand(on.events).length).toBeGreaterThan(16);
  });
});
