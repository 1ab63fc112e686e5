// The virtual dealer against the real engine: whole sessions must run without the dealer causing a rejection,
// end their hands, be deterministic for a seed, and replay to the same events.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadProfiles } from '../../src/config/profiles.ts';
import { TableError } from '../../src/domain/errors.ts';
import { createTable } from '../../src/domain/table.ts';
import type { Input, TableEvent } from '../../src/domain/types.ts';
import {
  createRandom,
  createVirtualTable,
  runSession,
  type SessionOptions,
  type VirtualTable,
} from '../../src/sim/index.ts';
import { chooseAction, facingBet, newRound, recordAction } from '../../src/sim/players.ts';
import { numberedTable, pushNumbered } from '../helpers/numbered-table.ts';

const profiles = loadProfiles();
const START = 1_767_000_000_000;

function session(options: Partial<SessionOptions> & { hands: number }, wrap?: (v: VirtualTable) => VirtualTable) {
  const full: SessionOptions = {
    seed: 1,
    seats: 9,
    players: 8,
    profile: 'tda',
    irregularityRate: 0,
    startAt: START,
    profiles,
    ...options,
  };
  const events: TableEvent[] = [];
  const table = createTable({ profiles, deck: options.deck });
  const virtual = createVirtualTable(full);
  const result = runSession(
    { ...full, onInput: (_input, evs) => pushNumbered(events, evs) },
    table,
    wrap ? wrap(virtual) : virtual,
  );
  return { ...result, eventList: events };
}

const kindsOf = (events: readonly TableEvent[]) => {
  const kinds = new Set<string>();
  for (const e of events) {
    if (e.type === 'irregularity') kinds.add(`irregularity:${e.kind}`);
    if (e.type === 'misdeal') kinds.add(`misdeal:${e.reason}`);
    if (e.type === 'hand.dead') kinds.add(`dead:${e.reason}`);
    if (e.type === 'hand.ended') kinds.add(`ended:${e.reason}`);
    if (e.type === 'action') kinds.add(`action:${e.action}:${e.by}`);
  }
  return kinds;
};

describe('random', () => {
  it('is deterministic for a seed and stays in range', () => {
    const a = createRandom(99);
    const b = createRandom(99);
    const xs = Array.from({ length: 1000 }, () => a.next());
    expect(xs).toEqual(Array.from({ length: 1000 }, () => b.next()));
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    expect(new Set(xs).size).toBeGreaterThan(990);
    const ints = Array.from({ length: 2000 }, () => a.int(3, 7));
    expect(new Set(ints)).toEqual(new Set([3, 4, 5, 6, 7]));
    expect(createRandom(100).next()).not.toBe(createRandom(99).next());
    expect(
      a
        .shuffle([...'abcdefgh'])
        .sort()
        .join(''),
    ).toBe('abcdefgh');
  });
});

describe('virtual players', () => {
  it('mirror the betting round and never check facing a bet', () => {
    fc.assert(
      fc.property(fc.integer(), fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 40 }), (seed, seats) => {
        const random = createRandom(seed);
        const round = newRound('preflop', 2);
        expect(facingBet(round, 2)).toBe(false);
        for (const seat of seats) {
          const action = chooseAction(random, round, seat);
          if (facingBet(round, seat)) expect(action).not.toBe('check');
          recordAction(round, seat, action);
          if (action !== 'fold') expect(facingBet(round, seat)).toBe(false);
        }
      }),
    );
  });
});

describe('virtual table: first inputs', () => {
  it('sets the table up, seats and senses the players, picks a button, then shuffles', () => {
    const inputs = createVirtualTable({
      seed: 3,
      seats: 6,
      players: 4,
      profile: 'bfp',
      irregularityRate: 0,
      startAt: 1000,
      profiles,
    }).start();
    expect(inputs[0]).toMatchObject({ type: 'command', name: 'setup', seats: 6, profile: 'bfp', at: 1000 });
    expect(inputs.filter((i) => i.type === 'command' && i.name === 'seat-player')).toHaveLength(4);
    expect(inputs.filter((i) => i.type === 'seat' && i.occupied)).toHaveLength(4);
    expect(inputs.some((i) => i.type === 'command' && i.name === 'set-button')).toBe(true);
    expect(inputs.some((i) => i.type === 'command' && i.name === 'levels-start')).toBe(false);
    const last = inputs.at(-1)!;
    expect(last.type).toBe('shuffle');
    // The seats have debounced (1000 ms in bfp) before the first shuffle.
    expect(last.at - inputs.filter((i) => i.type === 'seat').at(-1)!.at).toBeGreaterThan(1000);
  });

  it('refuses an unknown profile with a clear error', () => {
    const make = () =>
      createVirtualTable({ seed: 1, seats: 6, players: 4, profile: 'nope', irregularityRate: 0, startAt: 0, profiles });
    expect(make).toThrow(TableError);
    expect(make).toThrow(/no rule profile "nope".*tda/);
  });

  it('refuses a table it cannot play', () => {
    const make = (seats: number, players: number) => () =>
      createVirtualTable({ seed: 1, seats, players, profile: 'tda', irregularityRate: 0, startAt: 0, profiles });
    expect(make(6, 1)).toThrow(/players must be an integer from 2 to the 6 seats, got 1/);
    expect(make(6, 7)).toThrow(TableError);
    expect(make(1, 1)).toThrow(/seats/);
  });
});

describe('virtual table against the engine', () => {
  it('200 clean hands: no rejection, every hand ends, most reach a showdown', () => {
    const r = session({ hands: 200, seed: 11 });
    expect(r.rejected).toEqual([]);
    expect(r.hands).toBe(200);
    expect(r.counts['hand.started']).toBe(200);
    expect(r.counts['showdown']).toBeGreaterThan(100);
    expect(r.counts['showdown']).toBeLessThan(200); // some hands end by folds
    expect(r.counts['irregularity'] ?? 0).toBe(0);
    expect(r.counts['misdeal'] ?? 0).toBe(0);
    const kinds = kindsOf(r.eventList);
    for (const k of [
      'action:check:panel',
      'action:call:panel',
      'action:raise:panel',
      'action:fold:panel',
      'action:allin:panel',
      'ended:fold',
    ]) {
      expect(kinds).toContain(k);
    }
  });

  const rough = new Map<string, ReturnType<typeof session>>();
  const roughSession = (profile: string) => {
    if (!rough.has(profile)) rough.set(profile, session({ hands: 200, seed: 5, profile, irregularityRate: 0.5 }));
    return rough.get(profile)!;
  };

  it.each(['tda', 'bfp', 'club', 'robert'])(
    '200 hands with irregularities (%s): the dealer causes no rejection',
    (profile) => {
      const r = roughSession(profile);
      expect(r.rejected).toEqual([]);
      expect(r.hands).toBe(200);
      expect(r.counts['hand.started']).toBe(200);
      expect(r.counts['irregularity']).toBeGreaterThan(10);
      expect(r.counts['misdeal']).toBeGreaterThan(0);
      expect(r.counts['clock.called']).toBeGreaterThan(0);
      expect(r.counts['level.changed']).toBeGreaterThan(0);
      expect(r.counts['seat.vacated']).toBeGreaterThan(0);
      expect(r.counts['showdown']).toBeGreaterThan(50);
    },
  );

  it('the irregular sessions cover every irregularity the dealer can cause', () => {
    const kinds = new Set(['tda', 'bfp', 'club', 'robert'].flatMap((p) => [...kindsOf(roughSession(p).eventList)]));
    for (const k of [
      'irregularity:exposed-card',
      'irregularity:extra-card',
      'irregularity:flop-too-many',
      'irregularity:premature-flop',
      'irregularity:premature-turn',
      'irregularity:premature-river',
      'misdeal:exposed-early',
      'misdeal:dealer',
      'dead:absent',
      'dead:clock',
      'dead:penalty',
      'action:check:clock',
      'ended:showdown',
      'ended:fold',
      'ended:misdeal',
    ]) {
      expect(kinds, k).toContain(k);
    }
    const all = ['tda', 'bfp', 'club', 'robert'].flatMap((p) => roughSession(p).eventList);
    expect(all.some((e) => e.type === 'violation' && e.rule === 'R-STAY-SEATED')).toBe(true);
    // The four-card flop: tda scrambles (the dealer names the burn), robert redeals (an empty board, then a new flop).
    expect(roughSession('tda').eventList.some((e) => e.type === 'irregularity' && e.kind === 'flop-too-many')).toBe(
      true,
    );
    expect(roughSession('robert').eventList.some((e) => e.type === 'board' && e.cards.length === 0)).toBe(true);
  });

  it('with the shot clock on, players beat it or use a time bank (none runs out in clean play)', () => {
    const clean = session({ hands: 100, seed: 8, rules: { shotClock: { enabled: true } } });
    expect(clean.rejected).toEqual([]);
    expect(kindsOf(clean.eventList)).not.toContain('dead:shot-clock');
    const rough = session({ hands: 200, seed: 8, irregularityRate: 0.5, rules: { shotClock: { enabled: true } } });
    expect(rough.rejected).toEqual([]);
    expect(rough.counts['timebank.used']).toBeGreaterThan(0);
  });

  it('is deterministic for a seed, and another seed plays differently', () => {
    const a = session({ hands: 60, seed: 21, irregularityRate: 0.3 });
    const b = session({ hands: 60, seed: 21, irregularityRate: 0.3 });
    const c = session({ hands: 60, seed: 22, irregularityRate: 0.3 });
    expect(b.inputs).toEqual(a.inputs);
    expect(b.eventList).toEqual(a.eventList);
    expect(c.inputs).not.toEqual(a.inputs);
  });

  it('its inputs are in time order and replay to the same events', () => {
    const r = session({ hands: 80, seed: 4, irregularityRate: 0.5, profile: 'club' });
    for (let i = 1; i < r.inputs.length; i++) expect(r.inputs[i]!.at).toBeGreaterThanOrEqual(r.inputs[i - 1]!.at);
    const replay = numberedTable(createTable({ profiles }));
    const events = r.inputs.flatMap((input) => replay.apply(JSON.parse(JSON.stringify(input))));
    expect(events).toEqual(r.eventList);
  });

  it('reads tags by uid when given the enrolled deck', () => {
    const deck = new Map<string, string>();
    [...'AKQJT98765432'].forEach((r, i) =>
      [...'shdc'].forEach((s, j) => deck.set(`04aa${(i * 4 + j).toString(16).padStart(2, '0')}`, r + s)),
    );
    const r = session({ hands: 30, seed: 2, deck, irregularityRate: 0.3 });
    expect(r.rejected).toEqual([]);
    const reads = r.inputs.filter((i): i is Extract<Input, { type: 'card' }> => i.type === 'card');
    expect(reads.length).toBeGreaterThan(100);
    expect(reads.every((i) => i.uid !== undefined && i.card === undefined)).toBe(true);
    expect(r.eventList.some((e) => e.type === 'misdeal' && e.reason === 'unknown-card')).toBe(false);
  });

  it('extra calls with no events change nothing (a caller may call on every wake-up)', () => {
    const split = (v: VirtualTable): VirtualTable => ({
      start: () => v.start(),
      react: (events) => [...v.react([]), ...v.react(events), ...v.react([]), ...v.react([])],
    });
    const r = session({ hands: 100, seed: 9, irregularityRate: 0.5 }, split);
    expect(r.rejected).toEqual([]);
    expect(r.hands).toBe(100);
  });

  it('property: any seed, table size and irregularity rate plays its hands without a rejection', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: 2, max: 10 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.constantFrom('tda', 'bfp', 'club', 'robert'),
        (seed, players, rate, profile) => {
          const r = session({ hands: 25, seed, seats: 10, players, irregularityRate: rate, profile });
          expect(r.rejected).toEqual([]);
          expect(r.hands).toBe(25);
        },
      ),
      { numRuns: 40 },
    );
  });
});
