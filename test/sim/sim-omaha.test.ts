// The virtual dealer plays Omaha (R-GAME) against the real engine: four hole cards each, every irregularity it can
// cause counted over four cards, no rejection, and a session that replays to the same events.
import { describe, expect, it } from 'vitest';
import { parseStartArgs } from '../../src/app/args.ts';
import { loadProfiles } from '../../src/config/profiles.ts';
import { TableError } from '../../src/domain/errors.ts';
import { createTable } from '../../src/domain/table.ts';
import type { EngineEvent } from '../../src/domain/types.ts';
import { createVirtualTable, runSession, type SessionOptions } from '../../src/sim/index.ts';

const profiles = loadProfiles();

function session(options: Partial<SessionOptions> & { hands: number }) {
  const full: SessionOptions = {
    seed: 3,
    seats: 9,
    players: 8,
    profile: 'tda',
    game: 'omaha',
    irregularityRate: 0.5,
    startAt: 1_767_000_000_000,
    profiles,
    ...options,
  };
  const events: EngineEvent[] = [];
  const result = runSession(
    { ...full, onInput: (_input, evs) => events.push(...evs) },
    createTable({ profiles }),
    createVirtualTable(full),
  );
  return { ...result, events };
}

describe('the virtual dealer plays Omaha', () => {
  it.each(['tda', 'robert'])('150 irregular hands (%s): four hole cards each, no rejection', (profile) => {
    const r = session({ hands: 150, profile });
    expect(r.rejected).toEqual([]);
    expect(r.hands).toBe(150);
    expect(r.counts['showdown']).toBeGreaterThan(30);
    // every hand that reached a showdown: reads 1 … 4N went to the seats, four to each seat dealt in
    const deal = new Map<number, { dealtIn: number[]; seats: number[] }>();
    for (const e of r.events) {
      if (e.type === 'hand.started') deal.set(e.hand!, { dealtIn: e.dealtIn, seats: [] });
      if (e.type === 'card.dealt' && e.to === 'seat' && e.position <= 4 * deal.get(e.hand!)!.dealtIn.length)
        deal.get(e.hand!)!.seats.push(e.seat!);
    }
    const showdowns = r.events.filter((e) => e.type === 'showdown').map((e) => e.hand!);
    for (const h of showdowns) {
      const { dealtIn, seats } = deal.get(h)!;
      expect(seats).toEqual([...dealtIn, ...dealtIn, ...dealtIn, ...dealtIn]);
    }
    const kinds = new Set(r.events.flatMap((e) => (e.type === 'irregularity' ? [e.kind] : [])));
    for (const k of ['exposed-card', 'extra-card', 'flop-too-many', 'premature-flop']) expect(kinds).toContain(k);
  });

  it('replays to the same events', () => {
    const r = session({ hands: 40, seed: 9 });
    const replay = createTable({ profiles });
    expect(r.inputs.flatMap((input) => replay.apply(JSON.parse(JSON.stringify(input))))).toEqual(r.events);
    expect(r.inputs[0]).toMatchObject({ type: 'command', name: 'setup', game: 'omaha' });
  });

  it('npm start -- --game omaha; another game is refused, and --game is for the simulated table only', () => {
    expect(parseStartArgs(['--game', 'omaha']).game).toBe('omaha');
    expect(parseStartArgs([]).game).toBe('holdem');
    expect(() => parseStartArgs(['--game', 'draw'])).toThrow(TableError);
    expect(() => parseStartArgs(['--game', 'draw'])).toThrow('--game must be holdem or omaha');
    expect(() => parseStartArgs(['--config', 'x.yaml', '--game', 'omaha'])).toThrow(
      '--game is for the simulated table',
    );
  });
});
