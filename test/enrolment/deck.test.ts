// Deck registry: the enrollment state machine, the floor's deck check, and the deck file (atomic, 0600).
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TableError } from '../../src/domain/errors.ts';
import { ENROLL_ORDER, isCard } from '../../src/enrolment/deck/cards.ts';
import {
  begin,
  createEnrollment,
  enrollRead,
  expected,
  pause,
  type EnrollOutcome,
  type EnrollState,
} from '../../src/enrolment/deck/enrollment.ts';
import { loadDeck, parseDeck, saveDeck } from '../../src/enrolment/deck/store.ts';
import { formatReport, verifyReads } from '../../src/enrolment/deck/verify.ts';

const uidOf = (i: number): string => `04${i.toString(16).padStart(2, '0')}11223344aa`;
const fullDeck = (): Map<string, string> => new Map(ENROLL_ORDER.map((card, i) => [uidOf(i), card]));

describe('cards', () => {
  it('asks for As Ks Qs … 2s, then hearts, diamonds, clubs, 52 distinct cards', () => {
    expect(ENROLL_ORDER.slice(0, 3)).toEqual(['As', 'Ks', 'Qs']);
    expect(ENROLL_ORDER.slice(12, 14)).toEqual(['2s', 'Ah']);
    expect(ENROLL_ORDER.at(-1)).toBe('2c');
    expect(new Set(ENROLL_ORDER).size).toBe(52);
    expect(ENROLL_ORDER.every(isCard)).toBe(true);
    expect(['1s', 'Ax', 'A', 'Ass', 'as'].some(isCard)).toBe(false);
  });
});

describe('enrollment', () => {
  const run = (state: EnrollState, reads: string[]): { state: EnrollState; outcomes: EnrollOutcome[] } => {
    const outcomes: EnrollOutcome[] = [];
    for (const r of reads) {
      const step = enrollRead(state, r);
      state = step.state;
      outcomes.push(step.outcome);
    }
    return { state, outcomes };
  };

  const rows: { given: string; reads: string[]; expect: Partial<EnrollOutcome>[] }[] = [
    { given: 'idle (reader not ready)', reads: ['0401020304'], expect: [{ kind: 'not-expecting', uid: '0401020304' }] },
    {
      given: 'expecting As',
      reads: ['04:01:02:03:04'],
      expect: [{ kind: 'enrolled', card: 'As', uid: '0401020304', count: 1, next: 'Ks' }],
    },
    {
      given: 'expecting As',
      reads: ['0401020304', '0401020304', '0499999999'],
      expect: [
        { kind: 'enrolled', card: 'As' },
        { kind: 'repeated-tag', card: 'As', expected: 'Ks' },
        { kind: 'enrolled', card: 'Ks', count: 2 },
      ],
    },
    { given: 'expecting As', reads: ['not-hex'], expect: [{ kind: 'bad-uid', raw: 'not-hex' }] },
  ];
  it.each(rows)('$given, reads $reads', ({ given, reads, expect: want }) => {
    const start = given.startsWith('idle') ? createEnrollment() : begin(createEnrollment());
    const { outcomes } = run(start, reads);
    outcomes.forEach((o, i) => expect(o).toMatchObject(want[i] ?? {}));
  });

  it('binds 52 tags in order, then expects nothing and refuses further reads', () => {
    const { state, outcomes } = run(
      begin(createEnrollment()),
      ENROLL_ORDER.map((_, i) => uidOf(i)),
    );
    expect(outcomes.every((o) => o.kind === 'enrolled')).toBe(true);
    expect(outcomes.at(-1)).toMatchObject({ card: '2c', count: 52, total: 52, next: null });
    expect(state.phase).toBe('done');
    expect(expected(state)).toBeNull();
    expect([...state.tags]).toEqual([...fullDeck()]);
    expect(enrollRead(state, '04ffffffff').outcome).toEqual({ kind: 'not-expecting', uid: '04ffffffff' });
  });

  it('pauses while the reader is away and resumes at the same card', () => {
    let { state } = run(begin(createEnrollment()), [uidOf(0), uidOf(1)]);
    state = pause(state);
    expect(expected(state)).toBeNull();
    expect(enrollRead(state, uidOf(2)).outcome.kind).toBe('not-expecting');
    state = begin(state);
    expect(expected(state)).toBe('Qs');
  });
});

describe('verifyReads', () => {
  const deck = fullDeck();
  const all = [...deck.keys()];

  it('a whole deck in any order is OK', () => {
    const shuffled = [...all].reverse();
    const r = verifyReads(deck, shuffled);
    expect(r).toMatchObject({ ok: true, known: 52, reads: 52, foreign: [], missing: [], duplicates: [] });
    expect(formatReport(r)[0]).toBe('Deck check: OK');
  });

  it('reports a missing card, a foreign tag and a duplicate, and fails', () => {
    const reads = all.filter((u) => deck.get(u) !== '7h');
    reads.push('04deadbeef', uidOf(0));
    const r = verifyReads(deck, reads);
    expect(r.ok).toBe(false);
    expect(r.missing).toEqual(['7h']);
    expect(r.foreign).toEqual(['04deadbeef']);
    expect(r.duplicates).toEqual([{ uid: uidOf(0), card: 'As', count: 2 }]);
    const text = formatReport(r).join('\n');
    expect(text).toContain('missing (1): 7h');
    expect(text).toContain('04deadbeef');
    expect(text).toContain('As ×2');
  });

  it('fails on a foreign tag alone, even with all 52 known tags read (a 53rd card in the deck)', () => {
    expect(verifyReads(deck, [...all, '04deadbeef']).ok).toBe(false);
  });

  it('fails when the enrolled deck itself is short', () => {
    const short = new Map([...deck].slice(0, 51));
    expect(verifyReads(short, [...short.keys()]).ok).toBe(false);
  });
});

describe('deck file', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'deck-test-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is written with mode 0600, atomically (no temp file left), and reads back the same map', () => {
    const file = join(dir, 'sub', 'deck.json');
    saveDeck(file, fullDeck(), new Date('2026-01-02T03:04:05Z'));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(dir, 'sub'))).toEqual(['deck.json']);
    const body = JSON.parse(readFileSync(file, 'utf8')) as {
      version: number;
      enrolledAt: string;
      cards: Record<string, string>;
    };
    expect(body.version).toBe(1);
    expect(body.enrolledAt).toBe('2026-01-02T03:04:05.000Z');
    expect(body.cards[uidOf(0)]).toBe('As');
    expect(loadDeck(file)).toEqual(fullDeck());
  });

  it('replaces an existing deck in one step', () => {
    const file = join(dir, 'deck.json');
    saveDeck(file, fullDeck());
    const other = new Map([...fullDeck()].map(([uid, card]) => [`ff${uid}`, card]));
    saveDeck(file, other);
    expect(loadDeck(file)).toEqual(other);
  });

  it('refuses to write a deck that is not 52 distinct cards', () => {
    const short = new Map([...fullDeck()].slice(0, 50));
    expect(() => saveDeck(join(dir, 'deck.json'), short)).toThrow(TableError);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('makes a world-readable deck private on load, with a warning', () => {
    const file = join(dir, 'deck.json');
    saveDeck(file, fullDeck());
    chmodSync(file, 0o644);
    const warnings: unknown[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line)) });
    expect(loadDeck(file, logger).size).toBe(52);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings[0])).toContain('chmod 600');
  });

  const bad: [string, unknown, RegExp][] = [
    [
      'a card that is not a card',
      { cards: { ...Object.fromEntries(fullDeck()), [uidOf(0)]: 'Zz' } },
      /is "Zz", not a card like "As"/,
    ],
    [
      'a tag that is not hex',
      { cards: { ...Object.fromEntries([...fullDeck()].slice(1)), 'zz-top': 'As' } },
      /zz-top is not a hex tag id/,
    ],
    [
      'one card on two tags',
      { cards: { ...Object.fromEntries([...fullDeck()].slice(1)), '04ff': 'Ks' } },
      /is Ks, which tag .* already is/,
    ],
    ['51 cards', { cards: Object.fromEntries([...fullDeck()].slice(1)) }, /has 51 cards, not 52 \(missing As\)/],
    ['not an object', { cards: [] }, /\/cards must be an object/],
  ];
  it.each(bad)('refuses %s with DECK_INVALID naming the field', (_what, data, message) => {
    let err: unknown;
    try {
      parseDeck(data, 'deck.json');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(TableError);
    expect((err as TableError).code).toBe('DECK_INVALID');
    expect((err as TableError).message).toMatch(message);
  });

  it('accepts a bare {uid: card} map (hand-made files) and upper-case uids', () => {
    const upper = Object.fromEntries([...fullDeck()].map(([u, c]) => [u.toUpperCase(), c]));
    expect(parseDeck(upper, 'deck.json')).toEqual(fullDeck());
  });

  it('says how to enroll when the file is missing', () => {
    expect(() => loadDeck(join(dir, 'nope.json'))).toThrow(/nope\.json: no such file .*npm run deck -- enroll/);
  });

  it('refuses invalid JSON', () => {
    const file = join(dir, 'deck.json');
    writeFileSync(file, '{', { mode: 0o600 });
    expect(() => loadDeck(file)).toThrow(/not valid JSON/);
  });
});
