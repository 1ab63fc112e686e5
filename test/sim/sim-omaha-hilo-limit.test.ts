// The virtual dealer plays limit Omaha hi-lo (`npm start -- --chips --game omaha-hilo --betting limit`, R-BET-LIMIT,
// R-HILO) against the real engine: a session with chips tracked and irregularities has no refusal of a betting
// input, every offer is one fixed total (or none when capped), pots split high/low, and the chips stay the buy-ins.
import { describe, expect, it } from 'vitest';
import { parseStartArgs } from '../../src/app/args.ts';
import { loadProfiles } from '../../src/config/profiles.ts';
import type { AwardedPot } from '../../src/domain/chips/index.ts';
import { createTable } from '../../src/domain/table.ts';
import type { EngineEvent, Input } from '../../src/domain/types.ts';
import { runSession } from '../../src/sim/index.ts';
import { expectChipsKept } from '../helpers/chips-kept.ts';

const profiles = loadProfiles();
const BETTING_BUTTONS = new Set(['check', 'call', 'bet', 'raise', 'fold', 'allin']);

describe('the virtual dealer with --game omaha-hilo --betting limit', () => {
  it('600 hands with chips and irregularities: fixed bets, the cap, split pots, no refusal, chips conserved', () => {
    const refused: { input: Input; reason: string }[] = [];
    const events: EngineEvent[] = [];
    const result = runSession(
      {
        seed: 88,
        seats: 8,
        players: 8,
        profile: 'bfp',
        game: 'omaha-hilo',
        betting: 'limit',
        chips: true,
        irregularityRate: 0.1,
        startAt: 1_767_225_600_000,
        profiles,
        hands: 600,
        keepInputs: false,
        onInput: (input, evs) => {
          const betting = (input.type === 'panel' && BETTING_BUTTONS.has(input.button)) || input.type === 'chips';
          for (const e of evs) {
            if (e.type === 'request.rejected' && betting) refused.push({ input, reason: e.reason });
            if (e.type === 'input.rejected') refused.push({ input, reason: e.reason });
            if (['action.on', 'pot.awarded', 'player.seated', 'bet.placed', 'bet.returned'].includes(e.type))
              events.push(e);
            if (['player.eliminated', 'hand.ended', 'level.changed'].includes(e.type)) events.push(e);
          }
        },
      },
      createTable({ profiles }),
    );
    expect(result.hands).toBe(600);
    expect(refused).toEqual([]);
    expect(events.some((e) => e.type === 'level.changed' && e.smallBet !== undefined)).toBe(true);
    // action.on offers one total under limit: min = max, or nothing once capped
    const offers = events.filter((e) => e.type === 'action.on' && e.minRaiseTo !== undefined);
    expect(offers.length).toBeGreaterThan(1000);
    expect(offers.every((e) => e.type === 'action.on' && e.maxRaiseTo === e.minRaiseTo)).toBe(true);
    expect(offers.some((e) => e.type === 'action.on' && e.minRaiseTo === null && (e.toCall ?? 0) > 0)).toBe(true);
    // the pots are split high/low
    const pots: AwardedPot[] = events.flatMap((e) => (e.type === 'pot.awarded' ? e.pots : []));
    const halves = new Set(pots.flatMap((p) => p.shares.map((s) => s.half ?? 'none')));
    for (const h of ['high', 'low', 'both']) expect(halves).toContain(h);
    for (const p of pots) expect(p.shares.reduce((sum, s) => sum + s.amount, 0)).toBe(p.amount);
    // R-CHIPS-STACK: after every hand the stacks add up to the buy-ins
    expectChipsKept(events);
  });

  it('npm start takes --game omaha-hilo with --betting limit', () => {
    expect(parseStartArgs(['--chips', '--game', 'omaha-hilo', '--betting', 'limit'])).toMatchObject({
      game: 'omaha-hilo',
      betting: 'limit',
      chips: true,
    });
  });
});
