// The virtual dealer resuming a table it did not play (src/sim/resume.ts), against the real engine in virtual time:
// a session is cut off after any input (as a kill would), and a new virtual table started on what is left must end
// the hand under way and play on without the table refusing anything but the misdeal it may try first.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadProfiles } from '../../src/config/profiles.ts';
import { createTable } from '../../src/domain/table.ts';
import type { TableEvent } from '../../src/domain/types.ts';
import { runSession, type SessionOptions } from '../../src/sim/index.ts';
import { pushNumbered } from '../helpers/numbered-table.ts';

const profiles = loadProfiles();
const START = 1_767_000_000_000;

class Killed extends Error {}

function killAndResume(seed: number, stopAfter: number, rate: number, profile = 'tda', game?: SessionOptions['game']) {
  const options: SessionOptions = {
    seed,
    seats: 9,
    players: 8,
    profile,
    ...(game ? { game } : {}),
    irregularityRate: rate,
    startAt: START,
    profiles,
    hands: 1_000,
  };
  const table = createTable({ profiles });
  const before: TableEvent[] = [];
  let applied = 0;
  try {
    runSession(
      {
        ...options,
        keepInputs: false,
        onInput: (_input, events) => {
          pushNumbered(before, events);
          if (++applied >= stopAfter) throw new Killed();
        },
      },
      table,
    );
  } catch (error) {
    if (!(error instanceof Killed)) throw error;
  }
  const snapshot = table.snapshot();
  const start = before.findLastIndex((e) => e.type === 'hand.started');
  const handEvents = snapshot.hand === null || start < 0 ? [] : before.slice(start);
  const after: TableEvent[] = [];
  const result = runSession(
    {
      ...options,
      seed: seed + 1,
      startAt: snapshot.at + 1_000,
      hands: 3,
      resume: { snapshot, handEvents },
      onInput: (_input, events) => pushNumbered(after, events),
    },
    table,
  );
  return { snapshot, before, after, result };
}

const ended = (events: TableEvent[], hand: number | null) =>
  events.find((e) => e.type === 'hand.ended' && e.hand === hand) as { reason: string } | undefined;

/** The recovered hand ended, three more played, nothing refused but the misdeal button after substantial action. */
function expectPlaysOn({ snapshot, after, result }: ReturnType<typeof killAndResume>): void {
  const refused = result.rejected.filter(
    (e) => !(e.type === 'request.rejected' && e.request === 'misdeal' && e.reason === 'substantial-action'),
  );
  expect(refused).toEqual([]);
  if (snapshot.hand !== null) expect(ended(after, snapshot.hand)).toBeDefined();
  expect(result.hands).toBe(3);
}

describe('the virtual dealer on a recovered table', () => {
  it('cut off while the hole cards go out: the misdeal button ends the hand, then it plays on', () => {
    const { snapshot, after, result } = killAndResume(4, 40, 0);
    expect(snapshot.phase).toBe('dealing');
    expect(ended(after, snapshot.hand)?.reason).toBe('misdeal');
    expect(result.rejected).toEqual([]);
    expect(after.filter((e) => e.type === 'table.ready')).toEqual([]); // not set up again
  });

  it('cut off after the flop: the misdeal is refused (substantial action), the hand is folded down', () => {
    let stopAfter = 60;
    let run = killAndResume(4, stopAfter, 0);
    while (run.snapshot.street !== 'flop' && run.snapshot.street !== 'turn' && stopAfter < 400) {
      stopAfter += 5;
      run = killAndResume(4, stopAfter, 0);
    }
    expect(['flop', 'turn']).toContain(run.snapshot.street);
    expect(run.result.rejected).toEqual([
      expect.objectContaining({ type: 'request.rejected', request: 'misdeal', reason: 'substantial-action' }),
    ]);
    expect(['fold', 'showdown']).toContain(ended(run.after, run.snapshot.hand)?.reason);
    expect(run.after.filter((e) => e.type === 'hand.ended')).toHaveLength(3);
  });

  it('cut off during set-up: it finishes seating the table and plays', () => {
    const { snapshot, result, after } = killAndResume(9, 5, 0.2);
    expect(snapshot.seats).toBe(9);
    expect(result.rejected).toEqual([]);
    expect(after.filter((e) => e.type === 'player.seated').length).toBeGreaterThan(0);
    expect(after.filter((e) => e.type === 'hand.ended')).toHaveLength(3);
  });

  it('property: cut off after any input, with irregularities, it ends the hand and plays three more', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 700 }),
        fc.constantFrom(0, 0.3, 1),
        fc.constantFrom('tda', 'club', 'robert'),
        (seed, stopAfter, rate, profile) => expectPlaysOn(killAndResume(seed, stopAfter, rate, profile)),
      ),
      { numRuns: 60, seed: 20261130 },
    );
  });

  it('property: a stud game cut off after any input: it ends the hand and plays on', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 900 }),
        fc.constantFrom(0, 0.3),
        fc.constantFrom('stud', 'razz', 'stud-hilo') as fc.Arbitrary<SessionOptions['game']>,
        (seed, stopAfter, rate, game) => expectPlaysOn(killAndResume(seed, stopAfter, rate, 'tda', game)),
      ),
      { numRuns: 30, seed: 20261204 },
    );
  });
});
