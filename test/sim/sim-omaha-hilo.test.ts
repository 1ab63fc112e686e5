// The virtual dealer plays Omaha hi-lo (R-HILO) against the real engine (`npm start -- --game omaha-hilo`): a
// 2,000-hand session with chips tracked and the simulator's irregularities completes without a refusal, every pot
// judged at a showdown is split high/low or goes whole to the high hand, and the chips at the table stay the buy-ins.
import { describe, expect, it } from 'vitest';
import { parseStartArgs } from '../../src/app/args.ts';
import { loadProfiles } from '../../src/config/profiles.ts';
import type { AwardedPot } from '../../src/domain/chips/index.ts';
import { createTable } from '../../src/domain/table.ts';
import { validateEvent } from '../../src/protocol/event-schema.ts';
import type { EngineEvent } from '../../src/domain/types.ts';
import { runSession } from '../../src/sim/index.ts';
import { expectChipsKept } from '../helpers/chips-kept.ts';

const profiles = loadProfiles();

function session(hands: number, chips: boolean, seed: number) {
  const events: EngineEvent[] = [];
  const refused: EngineEvent[] = [];
  const result = runSession(
    {
      seed,
      seats: 9,
      players: 8,
      profile: 'tda',
      game: 'omaha-hilo',
      chips,
      irregularityRate: 0.1,
      startAt: 1_767_225_600_000,
      profiles,
      hands,
      keepInputs: false,
      onInput: (_input, evs) => {
        for (const e of evs) {
          if (e.type === 'input.rejected' || e.type === 'request.rejected') refused.push(e);
          if (e.type === 'showdown' || e.type === 'pot.awarded' || e.type === 'hand.started' || e.type === 'hand.ended')
            events.push(e);
          if (e.type === 'player.seated' || e.type === 'bet.placed' || e.type === 'bet.returned') events.push(e);
          if (e.type === 'player.eliminated') events.push(e);
        }
      },
    },
    createTable({ profiles }),
  );
  return { result, events, refused };
}

describe('the virtual dealer plays Omaha hi-lo', () => {
  it('2,000 hands with chips tracked and irregularities: no refusal, pots split high/low, chips conserved', () => {
    const { result, events, refused } = session(2_000, true, 8);
    expect(result.hands).toBe(2_000);
    expect(refused).toEqual([]);
    const showdowns = events.filter((e) => e.type === 'showdown');
    expect(showdowns.length).toBeGreaterThan(300);
    for (const s of showdowns) expect(s).toHaveProperty('lowWinners');
    // the new fields are the contract's: every showdown and pot.awarded passes schemas/event.schema.json
    for (const e of events.filter((x) => x.type === 'showdown' || x.type === 'pot.awarded').slice(0, 400))
      expect({ e, r: validateEvent({ seq: 1, ...e }) }).toEqual({ e, r: { ok: true } }); // the runtime numbers events
    const pots: AwardedPot[] = events.flatMap((e) => (e.type === 'pot.awarded' ? e.pots : []));
    const halves = new Set(pots.flatMap((p) => p.shares.map((s) => s.half ?? 'none')));
    for (const h of ['high', 'low', 'both', 'none']) expect(halves).toContain(h);
    for (const p of pots) expect(p.shares.reduce((sum, s) => sum + s.amount, 0)).toBe(p.amount);
    // a split pot: a low share and a high (or both) share; quartered pots happen in 2,000 hands too
    expect(pots.some((p) => p.shares.filter((s) => s.half === 'low').length > 1)).toBe(true);
    // every shown low that qualifies names its winners; a showdown without one gives its pots to the high hand
    const byHand = new Map<number, EngineEvent & { type: 'showdown' }>();
    for (const e of events) if (e.type === 'showdown') byHand.set(e.hand!, e);
    for (const e of events) {
      if (e.type !== 'pot.awarded' || !byHand.has(e.hand!)) continue;
      const low = byHand.get(e.hand!)!.lowWinners!;
      if (low.length === 0) for (const p of e.pots) for (const s of p.shares) expect(s.half).toBe('high');
    }
    // R-CHIPS-STACK: after every hand the stacks add up to the buy-ins
    expectChipsKept(events);
  });

  it('without chips tracked: the showdowns name high and low winners, no refusal', () => {
    const { result, events, refused } = session(300, false, 5);
    expect(result.hands).toBe(300);
    expect(refused).toEqual([]);
    const showdowns = events.filter((e) => e.type === 'showdown');
    expect(showdowns.some((s) => s.lowWinners!.length > 0 && s.lowRank !== null)).toBe(true);
    expect(showdowns.some((s) => s.lowWinners!.length === 0 && s.lowRank === null)).toBe(true);
    expect(events.some((e) => e.type === 'pot.awarded')).toBe(false);
  });

  it('a session with chips tracked replays to the same events', () => {
    const options = {
      seed: 21,
      seats: 6,
      players: 6,
      profile: 'tda',
      game: 'omaha-hilo' as const,
      chips: true,
      irregularityRate: 0.2,
      startAt: 1_767_225_600_000,
      profiles,
      hands: 60,
    };
    const events: EngineEvent[] = [];
    const r = runSession({ ...options, onInput: (_i, evs) => events.push(...evs) }, createTable({ profiles }));
    expect(
      events.some((e) => e.type === 'pot.awarded' && e.pots.some((p) => p.shares.some((x) => x.half === 'low'))),
    ).toBe(true);
    const replay = createTable({ profiles });
    expect(r.inputs.flatMap((input) => replay.apply(JSON.parse(JSON.stringify(input))))).toEqual(events);
  });

  it('npm start -- --game omaha-hilo', () => {
    expect(parseStartArgs(['--game', 'omaha-hilo']).game).toBe('omaha-hilo');
    expect(() => parseStartArgs(['--game', 'omaha8'])).toThrow(/--game must be holdem or omaha or omaha-hilo/);
  });
});
