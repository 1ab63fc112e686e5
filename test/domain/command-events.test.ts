// Every accepted command that changes the table's state says so with an event: the displays and retained topics are
// refreshed from the event stream, and a replay or an audit reads what the floor did from it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { KNOWN_REASONS, violationMessage } from '../../src/domain/reasons.ts';
import type { TableEvent } from '../../src/domain/types.ts';
import { scenario, type Scenario } from '../helpers/scenario.ts';

const levels = [
  { smallBlind: 100, bigBlind: 200, minutes: 20 },
  { break: true, minutes: 10 },
  { smallBlind: 200, bigBlind: 400, ante: 50, minutes: 20 },
];
const MIN = 60_000;

function withLevels(): Scenario {
  const s = scenario({ players: [1, 2, 3] });
  s.send({ type: 'command', name: 'levels-start', levels });
  return s;
}

/** The state as the outside world can see it, without the fields that only move with time. */
function visible(s: Scenario): string {
  const { at: _a, seq: _s, level, ...rest } = s.table.snapshot();
  return JSON.stringify({ ...rest, level: level && { ...level, remainingMs: level.paused ? level.remainingMs : 0 } });
}

const commands: [string, (s: Scenario) => void, Record<string, unknown>, string][] = [
  ['setup', () => undefined, { name: 'setup', seats: 8, profile: 'tda' }, 'table.ready'],
  ['seat-player', () => undefined, { name: 'seat-player', seat: 5, player: 'Eve' }, 'player.seated'],
  ['remove-player', () => undefined, { name: 'remove-player', seat: 2 }, 'player.removed'],
  ['set-button', () => undefined, { name: 'set-button', seat: 3 }, 'button.set'],
  ['penalty (rounds)', () => undefined, { name: 'penalty', seat: 1, rounds: 1 }, 'penalty.started'],
  ['penalty (hands)', () => undefined, { name: 'penalty', seat: 1, hands: 2 }, 'penalty.started'],
  ['levels-start', () => undefined, { name: 'levels-start', levels }, 'level.changed'],
  [
    'levels-pause',
    (s) => s.send({ type: 'command', name: 'levels-start', levels }),
    { name: 'levels-pause' },
    'levels.paused',
  ],
  [
    'levels-resume',
    (s) => {
      s.send({ type: 'command', name: 'levels-start', levels });
      s.send({ type: 'command', name: 'levels-pause' });
    },
    { name: 'levels-resume' },
    'levels.resumed',
  ],
  [
    'levels-adjust minutes',
    (s) => s.send({ type: 'command', name: 'levels-start', levels }),
    { name: 'levels-adjust', minutes: 2 },
    'level.adjusted',
  ],
  [
    'levels-adjust step',
    (s) => s.send({ type: 'command', name: 'levels-start', levels }),
    { name: 'levels-adjust', step: 1 },
    'level.adjusted',
  ],
];

describe('every accepted command emits an event', () => {
  test.each(commands)('%s', (_label, before, command, expected) => {
    const s = scenario({ players: [1, 2, 3] });
    before(s);
    const events = s.send({ type: 'command', ...command });
    expect(events.map((e) => e.type)).toContain(expected);
    expect(events.filter((e) => e.type.endsWith('rejected'))).toEqual([]);
  });

  test.each(commands)('%s: a command that changes what the table shows is never silent', (_label, before, command) => {
    const s = scenario({ players: [1, 2, 3] });
    before(s);
    const was = visible(s);
    const events = s.send({ type: 'command', ...command }, 0);
    if (visible(s) !== was) expect(events.length).toBeGreaterThan(0);
  });
});

describe('level clock commands', () => {
  test('pause and resume say how much time is left', () => {
    const s = withLevels();
    const [paused] = s.send({ type: 'command', name: 'levels-pause' }, 5 * MIN);
    expect(paused).toMatchObject({ type: 'levels.paused', level: 1, remainingMs: 15 * MIN });
    const [resumed] = s.send({ type: 'command', name: 'levels-resume' }, 60 * MIN);
    expect(resumed).toMatchObject({ type: 'levels.resumed', level: 1, remainingMs: 15 * MIN, endsAt: s.at + 15 * MIN });
  });

  test('adding and removing minutes moves the end of the level, paused or running', () => {
    const s = withLevels();
    const [added] = s.send({ type: 'command', name: 'levels-adjust', minutes: 3 }, 0);
    expect(added).toMatchObject({ type: 'level.adjusted', level: 1, minutes: 3, paused: false, remainingMs: 23 * MIN });
    expect(s.table.snapshot().level).toMatchObject({ endsAt: s.at + 23 * MIN });
    s.send({ type: 'command', name: 'levels-pause' }, MIN);
    const [removed] = s.send({ type: 'command', name: 'levels-adjust', minutes: -2 }, 0);
    expect(removed).toMatchObject({ type: 'level.adjusted', paused: true, remainingMs: 20 * MIN, endsAt: null });
    expect(s.table.snapshot().level).toMatchObject({ paused: true, remainingMs: 20 * MIN });
  });

  test('next and previous level announce the level and restart its time', () => {
    const s = withLevels();
    const next = s.send({ type: 'command', name: 'levels-adjust', step: 1 }, MIN);
    expect(next.map((e) => e.type)).toEqual(['level.adjusted', 'level.changed']);
    expect(next[1]).toMatchObject({ break: true });
    s.send({ type: 'command', name: 'levels-adjust', step: 1 }, MIN);
    expect(s.table.snapshot().level).toMatchObject({ level: 2, smallBlind: 200, remainingMs: 20 * MIN });
    const prev = s.send({ type: 'command', name: 'levels-adjust', step: -1 }, MIN);
    expect(prev[0]).toMatchObject({ type: 'level.adjusted', step: -1, remainingMs: 10 * MIN });
  });

  test.each([
    [{ step: -1 }, 'no-previous-level'],
    [{ minutes: -20 }, 'not-enough-time'],
  ])('levels-adjust %j is refused (%s) and changes nothing', (change, reason) => {
    const s = withLevels();
    const before = JSON.stringify(s.table.snapshot().level);
    const [e] = s.send({ type: 'command', name: 'levels-adjust', ...change }, 0);
    expect(e).toMatchObject({ type: 'request.rejected', request: 'levels-adjust', reason });
    expect(JSON.stringify(s.table.snapshot().level)).toBe(before);
  });

  test('stepping past the last level is refused', () => {
    const s = withLevels();
    s.send({ type: 'command', name: 'levels-adjust', step: 1 });
    s.send({ type: 'command', name: 'levels-adjust', step: 1 });
    const [e] = s.send({ type: 'command', name: 'levels-adjust', step: 1 });
    expect(e).toMatchObject({ type: 'request.rejected', reason: 'no-next-level' });
  });

  test('penalty in hands counts hands, not rounds', () => {
    const s = scenario({ players: [1, 2, 3] });
    const [e] = s.send({ type: 'command', name: 'penalty', seat: 2, hands: 2 }) as TableEvent[];
    expect(e).toMatchObject({ type: 'penalty.started', seat: 2, hands: 2 });
  });
});

describe('refusals and violations carry words for people', () => {
  test('request.rejected has a stable code and a sentence', () => {
    const s = scenario({ players: [1, 2, 3] });
    const [e] = s.send({ type: 'command', name: 'remove-player', seat: 5 });
    expect(e).toMatchObject({
      type: 'request.rejected',
      reason: 'seat-empty',
      code: 'seat-empty',
      message: 'Seat 5 is empty',
    });
    const [bad] = s.send({ type: 'command', name: 'setup', seats: 6, profile: 'nope' });
    expect(bad).toMatchObject({
      code: 'unknown-profile',
      message: expect.stringMatching(/^There is no rule profile nope/),
    });
  });

  test('every reason the engine gives has its own sentence, not the fallback', () => {
    const dir = join(import.meta.dirname, '../../src/domain');
    const codes = new Set<string>();
    for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'))) {
      const text = readFileSync(join(dir, file), 'utf8');
      for (const m of text.matchAll(/reject\([^,]+,\s*[`']([a-z-]+)/g)) codes.add(m[1]!);
    }
    expect(codes.size).toBeGreaterThan(20);
    const missing = [...codes].filter((code) => !KNOWN_REASONS.includes(code));
    expect(missing).toEqual([]);
  });

  test('a violation names the rule in words, never the id alone', () => {
    expect(violationMessage(3, 'R-STAY-SEATED', 'warning')).toBe(
      'Seat 3 left the seat during a live hand (R-STAY-SEATED): warning',
    );
  });
});
