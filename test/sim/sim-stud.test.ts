// The virtual dealer plays the stud games and H.O.R.S.E. against the real engine (`npm start -- --game
// stud|razz|stud-hilo|horse`, R-STUD-DEAL, R-STUD-BRING-IN, R-GAME-MIXED): sessions with chips tracked and the
// simulator's irregularities have no refusal, every hand brings in and ends, and the chips at the table stay the
// buy-ins. Each stud game plays the 2,000 hands of issue 21's "Done when".
import { describe, expect, it } from 'vitest';
import { parseStartArgs } from '../../src/app/args.ts';
import { loadProfiles } from '../../src/config/profiles.ts';
import type { GameName } from '../../src/domain/games/index.ts';
import { createTable } from '../../src/domain/table.ts';
import type { EngineEvent, Input } from '../../src/domain/types.ts';
import { expectChipsKept } from '../helpers/chips-kept.ts';
import { MIXED_GAMES, playersFor, runSession, type SessionOptions } from '../../src/sim/index.ts';

const profiles = loadProfiles();

function play(opts: Partial<SessionOptions> & { seed: number; hands: number }) {
  const refused: { input: Input; e: EngineEvent }[] = [];
  const events: EngineEvent[] = [];
  const result = runSession(
    {
      seats: 8,
      players: 8,
      profile: 'tda',
      chips: true,
      irregularityRate: 0.15,
      startAt: 1_767_225_600_000,
      profiles,
      keepInputs: false,
      ...opts,
      onInput: (input, evs) => {
        for (const e of evs) {
          if (e.type === 'input.rejected' || e.type === 'request.rejected') refused.push({ input, e });
          if (KEPT.has(e.type)) events.push(e);
        }
      },
    },
    createTable({ profiles }),
  );
  return { result, refused, events };
}

const KEPT = new Set([
  'hand.started',
  'hand.ended',
  'bring.in',
  'player.seated',
  'bet.placed',
  'bet.returned',
  'pot.awarded',
  'player.eliminated',
  'misdeal',
  'irregularity',
  'level.changed',
]);

describe('the virtual dealer plays the stud games', () => {
  for (const [game, seed] of [
    ['stud', 1],
    ['razz', 2],
    ['stud-hilo', 3],
  ] as const) {
    it(`${game}: 2,000 hands with chips and irregularities, no refusal, a bring-in each dealt hand, chips kept`, () => {
      const { result, refused, events } = play({ seed, game, hands: 2_000 });
      expect(result.hands).toBe(2_000);
      expect(refused).toEqual([]);
      const started = events.filter((e) => e.type === 'hand.started');
      expect(started.every((e) => e.type === 'hand.started' && e.game === game && e.button === null)).toBe(true);
      // every hand not misdealt during the deal has its bring-in, and posts it
      expect(events.filter((e) => e.type === 'bring.in').length).toBeGreaterThan(1_600);
      expect(events.some((e) => e.type === 'bet.placed' && e.action === 'bring-in')).toBe(true);
      expect(events.some((e) => e.type === 'bet.placed' && e.action === 'ante')).toBe(true);
      // the simulator's stud irregularities: a down card exposed on third street, a premature card
      expect(events.some((e) => e.type === 'misdeal' && e.reason === 'stud-down-card-exposed')).toBe(true);
      expect(events.some((e) => e.type === 'irregularity' && e.kind === 'premature-card')).toBe(true);
      expectChipsKept(events);
    });
  }

  it('without chips: stud hands are played to showdowns with no refusal', () => {
    const { result, refused } = play({ seed: 4, game: 'razz', chips: false, hands: 150 });
    expect(result.hands).toBe(150);
    expect(refused).toEqual([]);
    expect(result.counts.showdown).toBeGreaterThan(50);
  });

  it('H.O.R.S.E.: the levels rotate through all five games, no refusal, chips kept', () => {
    const mixed = MIXED_GAMES.horse!;
    const { result, refused, events } = play({ seed: 5, game: 'holdem', mixed, hands: 2_000 });
    expect(result.hands).toBe(2_000);
    expect(refused).toEqual([]);
    const played = new Map<string, number>();
    for (const e of events)
      if (e.type === 'hand.started')
        played.set(`${e.game} ${e.betting}`, (played.get(`${e.game} ${e.betting}`) ?? 0) + 1);
    expect([...played.keys()].sort()).toEqual(mixed.map((m) => `${m.game} ${m.betting}`).sort());
    // The structure is loaded again when its last level is over, so the rotation goes on for the whole session:
    // each game gets a fair share of the 2,000 hands, not the last level's game nearly all of them.
    for (const [game, hands] of played) expect(hands, game).toBeGreaterThan(250);
    expectChipsKept(events);
  });
});

describe('npm start -- --game', () => {
  it('takes the stud games and horse; a stud table seats 8 at most', () => {
    for (const game of ['stud', 'razz', 'stud-hilo'] as GameName[])
      expect(parseStartArgs(['--game', game])).toMatchObject({ game, mixed: null });
    expect(parseStartArgs(['--game', 'horse'])).toMatchObject({ game: 'holdem', mixed: MIXED_GAMES.horse });
    expect(() => parseStartArgs(['--game', 'horse', '--betting', 'no-limit'])).toThrow(/--betting is not for/);
    expect(() => parseStartArgs(['--game', 'hose'])).toThrow(/or razz or horse, got "hose"/);
    expect(playersFor(9, ['stud'])).toBe(8);
    expect(playersFor(9, ['holdem'])).toBe(9);
    expect(
      playersFor(
        6,
        MIXED_GAMES.horse!.map((m) => m.game),
      ),
    ).toBe(6);
  });
});
