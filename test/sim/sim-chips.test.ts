// The virtual dealer with chips tracked (`npm start -- --chips`) against the real engine: blinds and antes, bets of
// several sizes, all-ins and side pots, oversized chips read by the rules, busts and rebuys; the chips at the table
// only change by the rebuys.
import { expectChipsKept } from '../helpers/chips-kept.ts';
import { describe, expect, it } from 'vitest';
import { loadProfiles } from '../../src/config/profiles.ts';
import { createTable } from '../../src/domain/table.ts';
import type { EngineEvent } from '../../src/domain/types.ts';
import { runSession } from '../../src/sim/index.ts';
import { SIM_STACK } from '../../src/sim/opening.ts';

const profiles = loadProfiles();

function play(seed: number, game: 'holdem' | 'omaha') {
  const events: EngineEvent[] = [];
  const options = {
    seed,
    seats: 6,
    players: 6,
    profile: 'tda',
    game,
    chips: true,
    irregularityRate: 0,
    startAt: 1_767_000_000_000,
    profiles,
    hands: 150,
  };
  const result = runSession({ ...options, onInput: (_i, evs) => events.push(...evs) }, createTable({ profiles }));
  return { result, events };
}

describe('the virtual dealer with --chips', () => {
  it.each([
    [3, 'holdem'],
    [4, 'omaha'],
  ] as const)('seed %i, %s: real bets, side pots, busts and rebuys, chips conserved', (seed, game) => {
    const { result, events } = play(seed, game);
    expect(result.hands).toBe(150);
    expect(events.filter((e) => e.type === 'input.rejected')).toEqual([]);
    const count = (type: string) => events.filter((e) => e.type === type).length;
    expect(count('bet.placed')).toBeGreaterThan(300);
    expect(count('pot.awarded')).toBeGreaterThan(100);
    expect(count('player.eliminated')).toBeGreaterThan(0);
    expect(events.some((e) => e.type === 'pots' && e.pots.length > 1)).toBe(true);
    expect(events.some((e) => e.type === 'action' && e.by === 'chips')).toBe(true);
    expect(events.some((e) => e.type === 'bet.corrected')).toBe(true);
    // R-CHIPS-STACK: the chips at the table are the buy-ins (6 players, then one rebuy per bust): after every hand
    // the stacks add up to them
    const buyIns = expectChipsKept(events);
    expect(buyIns).toBe((6 + count('player.eliminated')) * SIM_STACK - rebuysPending(events));
  });
});

describe('the virtual dealer with --chips sends only amounts the table accepts', () => {
  it.each([
    [20_261_129, 'holdem', 0.1],
    [7, 'omaha', 0],
  ] as const)('seed %i, %s, irregularities %d: no bet or raise refused (exceeds-stack)', (seed, game, rate) => {
    const refused: { input: unknown; reason: string }[] = [];
    let bets = 0;
    const result = runSession(
      {
        seed,
        seats: 9,
        players: 8,
        profile: 'tda',
        game,
        chips: true,
        irregularityRate: rate,
        startAt: 1_767_225_600_000,
        profiles,
        hands: 400,
        keepInputs: false,
        onInput: (input, evs) => {
          const amount = input.type === 'panel' && (input.button === 'bet' || input.button === 'raise');
          if (amount) bets += 1;
          for (const e of evs)
            if (e.type === 'request.rejected' && (amount || e.reason === 'exceeds-stack'))
              refused.push({ input, reason: e.reason });
        },
      },
      createTable({ profiles }),
    );
    expect(result.hands).toBe(400);
    expect(bets).toBeGreaterThan(500);
    expect(refused).toEqual([]);
  });
});

/** Busts of the last hand, whose rebuys come after the session's last hand. */
function rebuysPending(events: EngineEvent[]): number {
  // by position in the stream, not by seq (the runtime numbers events, not every table does)
  const last = events.findLastIndex((e) => e.type === 'hand.started');
  return events.slice(last).filter((e) => e.type === 'player.eliminated').length * SIM_STACK;
}
