import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { loadProfiles } from '../../src/config/profiles.ts';
import { fullDeck } from '../../src/domain/cards.ts';
import { createTable } from '../../src/domain/table.ts';
import type { EngineEvent } from '../../src/domain/types.ts';

const profiles = loadProfiles();
const CARDS = fullDeck();

// Streams biased towards play: many card reads and panel actions, some of everything else, some garbage.
const seat = fc.integer({ min: 1, max: 7 });
const input = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...CARDS).map((card) => ({ type: 'card', card })) },
  {
    weight: 10,
    arbitrary: fc.constantFrom('check', 'call', 'raise', 'fold', 'allin').map((button) => ({ type: 'panel', button })),
  },
  { weight: 2, arbitrary: fc.constant({ type: 'shuffle' }) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('panel'),
      button: fc.constantFrom('exposed', 'misdeal', 'burn'),
      card: fc.constantFrom(...CARDS),
    }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('seat'), seat, occupied: fc.boolean() }) },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constant('clock-request'), by: fc.constantFrom('seat', 'dealer', 'floor'), seat }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('timebank'), seat }) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('command'),
      name: fc.constant('seat-player'),
      seat,
      player: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constant('command'), name: fc.constantFrom('remove-player', 'set-button'), seat }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('command'),
      name: fc.constant('penalty'),
      seat,
      rounds: fc.integer({ min: 0, max: 2 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.constant({
      type: 'command',
      name: 'levels-start',
      levels: [
        { smallBlind: 1, bigBlind: 2, minutes: 1 },
        { break: true, minutes: 1 },
        { smallBlind: 2, bigBlind: 4, minutes: 1 },
      ],
    }),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      { type: 'command', name: 'levels-pause' },
      { type: 'command', name: 'levels-resume' },
      { type: 'command', name: 'levels-adjust', minutes: 1 },
      { type: 'command', name: 'levels-adjust', minutes: -1 },
      { type: 'command', name: 'levels-adjust', step: 1 },
      { type: 'command', name: 'levels-adjust', step: -1 },
    ),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('card'), uid: fc.constantFrom('04aa', '04bb', 'zz') }) },
  { weight: 1, arbitrary: fc.anything().map((x) => ({ type: 'garbage', x })) },
  { weight: 1, arbitrary: fc.constant({ type: 'tick' }) },
);
const stream = fc.tuple(
  fc.constantFrom('tda', 'bfp', 'club', 'robert'),
  fc.boolean(),
  fc.array(fc.tuple(input, fc.integer({ min: 0, max: 40_000 })), { maxLength: 300 }),
);

function play(profile: string, shotClock: boolean, steps: [object, number][]): EngineEvent[] {
  const table = createTable({ profiles, deck: new Map([['04aa', 'As']]) });
  const rules = shotClock ? { shotClock: { enabled: true, seconds: 15 } } : undefined;
  const out = table.apply({ at: 0, type: 'command', name: 'setup', seats: 7, profile, rules });
  let at = 0;
  for (const p of [1, 2, 3, 4])
    out.push(...table.apply({ at, type: 'command', name: 'seat-player', seat: p, player: `p${p}` }));
  for (const p of [1, 2, 3, 4]) out.push(...table.apply({ at, type: 'seat', seat: p, occupied: true }));
  for (const [i, [inp, dt]] of steps.entries()) {
    at += dt;
    out.push(...table.apply({ ...inp, at }, i + 1));
  }
  return out;
}

/** The snapshot as displays see it, without what only moves with time (a running level's remainingMs). */
function visible(table: ReturnType<typeof createTable>): string {
  const { at: _at, level, ...rest } = table.snapshot();
  return JSON.stringify({ ...rest, level: level && { ...level, remainingMs: level.paused ? level.remainingMs : 0 } });
}

describe('property: random input streams', () => {
  test('an input that changes what the table shows always emits an event (displays refresh from events)', () => {
    // Long streams (fast-check's arrays are short by default): a pause needs a structure started before it.
    const long = fc.tuple(
      fc.constantFrom('tda', 'bfp', 'club', 'robert'),
      fc.boolean(),
      fc.array(fc.tuple(input, fc.integer({ min: 0, max: 40_000 })), { minLength: 50, maxLength: 300, size: 'max' }),
    );
    fc.assert(
      fc.property(long, ([profile, shot, steps]) => {
        const table = createTable({ profiles, deck: new Map([['04aa', 'As']]) });
        const rules = shot ? { shotClock: { enabled: true, seconds: 15 } } : undefined;
        table.apply({ at: 0, type: 'command', name: 'setup', seats: 7, profile, rules });
        let at = 0;
        for (const [inp, dt] of steps) {
          at += dt;
          const before = visible(table);
          const events = table.apply({ ...inp, at });
          if (visible(table) !== before) expect(events.length, JSON.stringify(inp)).toBeGreaterThan(0);
        }
      }),
      { numRuns: 200 },
    );
  });

  test('never throw, leave numbering to the runtime (no seq), and time never goes back', () => {
    fc.assert(
      fc.property(stream, ([profile, shot, steps]) => {
        const events = play(profile, shot, steps);
        for (const e of events) expect(e).not.toHaveProperty('seq');
        for (let i = 1; i < events.length; i++) expect(events[i]!.at).toBeGreaterThanOrEqual(events[i - 1]!.at);
      }),
      { numRuns: 300 },
    );
  });

  test('a replay is deterministic: the same inputs give the same events, byte for byte', () => {
    fc.assert(
      fc.property(stream, ([profile, shot, steps]) => {
        expect(JSON.stringify(play(profile, shot, steps))).toBe(JSON.stringify(play(profile, shot, steps)));
      }),
      { numRuns: 100 },
    );
  });

  test('a card is never dealt twice in a hand unless it went back to the stub', () => {
    fc.assert(
      fc.property(stream, ([profile, shot, steps]) => {
        let seen = new Set<string>();
        let returned = false;
        for (const e of play(profile, shot, steps)) {
          if (e.type === 'hand.started') {
            seen = new Set();
            returned = false;
          }
          if (e.type === 'irregularity' && /^premature-|flop-too-many/.test(e.kind)) returned = true;
          if (e.type === 'card.dealt' && e.card) {
            if (seen.has(e.card)) expect(returned).toBe(true);
            seen.add(e.card);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  test('every hand that starts ends exactly once, and events inside a hand carry its number', () => {
    fc.assert(
      fc.property(stream, ([profile, shot, steps]) => {
        let open: number | null = null;
        for (const e of play(profile, shot, steps)) {
          if (e.type === 'hand.started') {
            expect(open).toBeNull();
            open = e.hand!;
          } else if (open !== null) expect(e.hand).toBe(open);
          if (e.type === 'hand.ended') open = null;
        }
      }),
      { numRuns: 200 },
    );
  });
});
