// The room pages' words (src/web/room/room-words.js, plain browser JS): table names, moves as the board shows them,
// places, and the floor page's sentences, a refusal in plain words for every reason the room engine gives the floor.
import { TEST_DIR } from '../helpers/paths.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';

interface Words {
  tableName(id: string): string;
  ordinal(n: number): string;
  moveText(m: object): string;
  moveReason(m: object): string;
  refusal(code: string, body?: object, message?: string): string;
  done(name: string, body: object, ctx?: object): string;
  levelBets(level: object, ante: boolean): string;
}
let W: Words;
beforeAll(() => {
  // Run as the browser runs it: a plain script that sets a global.
  const sandbox: { RoomWords?: Words } = {};
  // after table-time.js, as every page loads it (the clocks' way of writing a time left is there)
  for (const file of ['../src/web/kit/table-time.js', '../src/web/room/room-words.js'])
    runInNewContext(readFileSync(join(TEST_DIR, file), 'utf8'), sandbox);
  W = sandbox.RoomWords!;
});

describe('room-words.js', () => {
  it('names tables as a floor person says them', () => {
    expect(W.tableName('table-07')).toBe('table 7');
    expect(W.tableName('T12')).toBe('table 12');
    expect(W.tableName('3')).toBe('table 3');
    expect(W.tableName('A')).toBe('table A');
    expect(W.tableName('main-1')).toBe('table main-1');
  });

  it('writes a move as "Anna: table 3 seat 5 → table 7 seat 2", a draw as where the player goes', () => {
    const move = { player: 'Anna', from: { table: 'table-03', seat: 5 }, to: { table: 'table-07', seat: 2 } };
    expect(W.moveText({ ...move, reason: 'balance' })).toBe('Anna: table 3 seat 5 → table 7 seat 2');
    expect(W.moveReason({ ...move, reason: 'break' })).toBe('table broken');
    expect(W.moveText({ player: 'Ben', from: null, to: { table: 'A', seat: 4 }, reason: 'draw' })).toBe(
      'Ben: drawn to table A seat 4',
    );
  });

  it('gives places as ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map((n) => W.ordinal(n))).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
      '111th',
    ]);
  });

  it('has a sentence of its own for every reason the room engine refuses a floor command with', () => {
    // Every `ctx.reject(<request>, '<reason>'` in the engine; setup and move-player are not the floor's commands.
    const dir = join(TEST_DIR, '../src/room/engine');
    const codes = new Set<string>();
    for (const file of [...readdirSync(dir), ...readdirSync(join(dir, 'money')).map((f) => `money/${f}`)]) {
      if (!file.endsWith('.ts')) continue;
      const text = readFileSync(join(dir, file), 'utf8');
      for (const m of text.matchAll(/(?:ctx\.reject|refuse)\(\s*(?:ctx, )?('([a-z-]+)'|[\w.]+),\s*'([a-z-]+)'/g))
        if (m[2] !== 'setup' && m[2] !== 'move-player') codes.add(m[3]!);
      // the entry refusals, returned as [reason, sentence] (money/ledger.ts)
      for (const m of text.matchAll(/return \['([a-z-]+)', /g)) codes.add(m[1]!);
    }
    // the level clock's refusals (pause, resume), returned by the clock core the room shares with the table
    const clockCore = readFileSync(join(TEST_DIR, '../src/domain/levels/clock.ts'), 'utf8');
    for (const m of clockCore.matchAll(/return '([a-z-]+)';/g)) codes.add(m[1]!);
    expect([...codes].sort()).toEqual([
      'add-on-closed',
      'already-added-on',
      'already-dealt',
      'already-open',
      'already-paused',
      'already-registered',
      'deal-players',
      'deal-total',
      'finished',
      'max-entries',
      'max-rebuys',
      'money-reached',
      'moving',
      'no-add-on',
      'no-levels',
      'no-money',
      'no-re-entry',
      'no-rebuys',
      'no-seat',
      'not-in-the-money',
      'not-paused',
      'not-playing',
      'not-set-up',
      're-entry-closed',
      'rebuys-closed',
      'registration-closed',
      'stack-above-threshold',
      'unknown-table',
    ]);
    for (const code of codes) expect(W.refusal(code, { player: 'Anna', table: 'T4' }), code).not.toMatch(/^Refused/);
    expect(
      W.refusal('stack-above-threshold', { player: 'Anna' }, 'Anna has 2000 chips: a rebuy needs 1000 or fewer'),
    ).toBe('Anna has 2000 chips: a rebuy needs 1000 or fewer.');
    expect(W.refusal('already-registered', { player: 'Anna' })).toBe(
      'Anna is already in the tournament: a player registers again only after being knocked out.',
    );
    expect(W.refusal('already-open', { table: 'table-04' })).toBe('Table 4 is already open.');
    expect(W.refusal('invalid', {}, 'register needs `player`')).toBe(
      'The room did not understand the request (register needs `player`).',
    );
    expect(W.refusal('something-new', {}, 'a new reason')).toBe('Refused: a new reason.');
  });

  it('says what an accepted command did', () => {
    const to = { table: 'table-02', seat: 7 };
    expect(W.done('register', { player: 'Anna' }, { move: { player: 'Anna', from: null, to } })).toBe(
      'Anna registered: table 2 seat 7',
    );
    const clock = { level: 3, isBreak: false, smallBlind: 200, bigBlind: 400, paused: true, endsAt: null };
    expect(W.done('levels-pause', {}, { clock: { ...clock, remainingMs: 751_000 } })).toBe(
      'Clock paused at 12:31 left',
    );
    const running = { ...clock, paused: false, endsAt: 1_600_000, remainingMs: 0 };
    expect(W.done('levels-resume', {}, { clock: running, now: 1_000_000 })).toBe('Clock running again: 10:00 left');
    expect(W.done('levels-start', {}, { clock: running, now: 1_000_000, structure: 'Daily' })).toBe(
      '“Daily” started: level 3, 200/400, 10:00 left',
    );
    // a stud level (R-STUD-BRING-IN): its ante and bring-in, no blinds
    const stud = { ...running, smallBlind: null, bigBlind: null, ante: 25, bringIn: 50 };
    expect(W.done('levels-start', {}, { clock: stud, now: 1_000_000 })).toBe(
      'Levels started: level 3, ante 25, bring-in 50, 10:00 left',
    );
    expect(W.levelBets({ smallBlind: 200, bigBlind: 400, ante: 50 }, true)).toBe('200/400 ante 50');
    expect(W.done('balance-at', { players: 2 })).toBe('Tables are now balanced when they differ by 2 players or more');
    expect(W.done('open-table', { table: 'C' })).toBe('Table C is open: new players can be drawn to it');
  });
});
