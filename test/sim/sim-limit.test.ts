// The virtual dealer under every betting structure (`npm start -- --betting limit|pot-limit|no-limit`, R-GAME-LIST,
// R-BET-LIMIT) against the real engine, chips tracked: 2,000 limit hands with no refusal the dealer causes, the
// fixed bets and the cap in play, and the chips at the table changed by the rebuys alone.
import { describe, expect, it } from 'vitest';
import { loadProfiles } from '../../src/config/profiles.ts';
import { createTable } from '../../src/domain/table.ts';
import type { EngineEvent, Input } from '../../src/domain/types.ts';
import { runSession } from '../../src/sim/index.ts';
import { parseStartArgs } from '../../src/app/args.ts';

const profiles = loadProfiles();
const BETTING_BUTTONS = new Set(['check', 'call', 'bet', 'raise', 'fold', 'allin']);

function play(opts: {
  seed: number;
  game: 'holdem' | 'omaha';
  betting: 'limit' | 'pot-limit';
  hands: number;
  rate: number;
}) {
  const refused: { input: Input; reason: string }[] = [];
  const events: EngineEvent[] = [];
  const result = runSession(
    {
      seed: opts.seed,
      seats: 9,
      players: 8,
      profile: opts.seed % 2 === 0 ? 'tda' : 'robert',
      game: opts.game,
      betting: opts.betting,
      chips: true,
      irregularityRate: opts.rate,
      startAt: 1_767_225_600_000,
      profiles,
      hands: opts.hands,
      keepInputs: false,
      onInput: (input, evs) => {
        const betting = (input.type === 'panel' && BETTING_BUTTONS.has(input.button)) || input.type === 'chips';
        for (const e of evs) {
          if (e.type === 'request.rejected' && betting) refused.push({ input, reason: e.reason });
          if (e.type === 'input.rejected') refused.push({ input, reason: e.reason });
        }
        for (const e of evs)
          if (
            e.type === 'bet.placed' ||
            e.type === 'bet.corrected' ||
            e.type === 'level.changed' ||
            e.type === 'action.on'
          )
            events.push(e);
      },
    },
    createTable({ profiles }),
  );
  return { result, refused, events };
}

describe('the virtual dealer with --betting limit', () => {
  it("2,000 hands of limit hold'em with chips: no refusal of a betting input, fixed bets, the cap reached", () => {
    const { result, refused, events } = play({ seed: 2026, game: 'holdem', betting: 'limit', hands: 2000, rate: 0.1 });
    expect(result.hands).toBe(2000);
    expect(refused).toEqual([]);
    // the levels carry their fixed bets
    const levels = events.filter((e) => e.type === 'level.changed' && e.smallBet !== undefined);
    expect(levels.length).toBeGreaterThan(0);
    const raises = events.filter((e) => e.type === 'bet.placed' && (e.action === 'bet' || e.action === 'raise'));
    expect(raises.length).toBeGreaterThan(1000);
    // action.on offers one total: min = max, or nothing when capped
    const offers = events.filter((e) => e.type === 'action.on' && e.minRaiseTo !== undefined);
    expect(offers.every((e) => e.type === 'action.on' && e.maxRaiseTo === e.minRaiseTo)).toBe(true);
    expect(offers.some((e) => e.type === 'action.on' && e.minRaiseTo === null && (e.toCall ?? 0) > 0)).toBe(true);
  });

  it("limit Omaha and pot-limit hold'em play on the same seam, with no refusal", () => {
    for (const [game, betting] of [
      ['omaha', 'limit'],
      ['holdem', 'pot-limit'],
    ] as const) {
      const { result, refused, events } = play({ seed: 7, game, betting, hands: 300, rate: 0 });
      expect(result.hands).toBe(300);
      expect(refused).toEqual([]);
      expect(events.some((e) => e.type === 'action.on' && typeof e.maxRaiseTo === 'number')).toBe(true);
    }
  });

  it('npm start takes --betting, and refuses a structure it does not know', () => {
    expect(parseStartArgs(['--betting', 'limit', '--game', 'omaha'])).toMatchObject({
      betting: 'limit',
      game: 'omaha',
    });
    expect(parseStartArgs([]).betting).toBeNull();
    expect(() => parseStartArgs(['--betting', 'spread'])).toThrow(
      '--betting must be no-limit, pot-limit, limit, got "spread"',
    );
  });
});
