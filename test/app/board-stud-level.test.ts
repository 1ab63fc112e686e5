// A stud level has an ante and a bring-in, no blinds (R-STUD-BRING-IN): the board's level clock and floor feed and the
// floor page's sentences say its ante and bring-in, where a flop level shows its blinds (src/web/kit/board-clocks.js,
// src/web/table/board-feed.js, src/web/kit/floor-words.js: plain browser JS, run in a bare context here).
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, test } from 'vitest';

type Level = Record<string, unknown>;
const context: {
  BoardClocks?: { blindsText(l: Level): string; nextText(n: Level, l?: Level): string };
  BoardFeed?: { feedLine(e: Level, f: unknown): string[] };
  FloorWords?: { doneSentence(command: string, body: object, events: object[], ctx?: object): string };
} = {};
const files = [
  'kit/game-words.js',
  'kit/table-time.js',
  'kit/board-clocks.js',
  'kit/floor-words.js',
  'table/board-feed.js',
];
for (const file of files)
  runInNewContext(readFileSync(new URL(`../../src/web/${file}`, import.meta.url), 'utf8'), context);
const clocks = context.BoardClocks!;

const STUD = { level: 2, isBreak: false, smallBlind: null, bigBlind: null, ante: 5, bringIn: 10, minutes: 20 };
const FLOP = { level: 2, isBreak: false, smallBlind: 100, bigBlind: 200, ante: 25, minutes: 20 };

describe('a stud level on the board and the floor page', () => {
  test('the level clock: the bring-in, not blinds; the next level likewise', () => {
    expect(clocks.blindsText(STUD)).toBe('Bring-in 10');
    expect(clocks.blindsText(FLOP)).toBe('100 / 200');
    expect(clocks.nextText(STUD)).toBe('ante 5 · bring-in 10 · 20 min');
    expect(clocks.nextText(FLOP)).toBe('100 / 200 ante 25 · 20 min');
    // under limit a stud level's bets, and its game when the level before played another
    const limit = { ...STUD, game: 'razz', betting: 'limit', smallBet: 20, bigBet: 40 };
    expect(clocks.nextText(limit, { ...FLOP, game: 'holdem' })).toBe('20 / 40 ante 5 · 20 min · Limit Razz');
  });

  test("the floor feed's level line and the floor page's sentence", () => {
    const f = { money: (n: number) => String(n), clockText: (ms: number) => `${ms}ms`, moveOf: () => null };
    const changed = { type: 'level.changed', ...STUD, appliesToHand: 4 };
    expect(context.BoardFeed!.feedLine(changed, f)[1]).toBe('Level 2: ante 5 · bring-in 10');
    expect(context.FloorWords!.doneSentence('levels-start', { levels: [STUD] }, [changed])).toMatch(
      /^Structure started: level 2, ante 5, bring-in 10,/,
    );
  });
});
