// design.md "Games are data" (issue: every game on one seam): nothing outside the game and betting descriptors
// (src/domain/games/) branches on a game's or a betting structure's name. A comparison with, or a `case` on, one of
// the names is the branch this test refuses; the descriptors' own fields are what code reads instead.
import { TEST_DIR } from '../helpers/paths.ts';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { BETTING_NAMES, GAME_NAMES, gameOf, structureOf } from '../../src/domain/games/index.ts';

const root = join(TEST_DIR, '..');
/** The names a branch could test: the games and structures of today, and those the contract names for later. */
const NAMES = [...GAME_NAMES, ...BETTING_NAMES, 'omaha-hilo', 'stud', 'stud-hilo', 'razz'];
const name = `['"\`](?:${NAMES.map((n) => n.replace(/-/g, '\\-')).join('|')})['"\`]`;
const BRANCH = new RegExp(`[!=]==?\\s*${name}|${name}\\s*[!=]==?|\\bcase\\s+${name}`);
/** Outside the fence: the descriptors themselves, and the validators generated from the schemas' enums. */
const ALLOWED = ['src/domain/games/', 'src/protocol/generated/'];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const path = join(dir, f);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|js|mjs)$/.test(f) ? [path] : [];
  });
}

/** Each line of `text` that branches on a name, as "path:line: text". */
function branches(path: string, text: string): string[] {
  return text
    .split('\n')
    .map((line, i) => [line, i + 1] as const)
    .filter(([line]) => BRANCH.test(line) && !line.trim().startsWith('//') && !line.trim().startsWith('*'))
    .map(([line, n]) => `${path}:${n}: ${line.trim()}`);
}

describe('games are data: no branch on a game or betting structure name outside the descriptors', () => {
  const sources = ['src', 'bench', 'scripts'].flatMap((d) => files(join(root, d)));

  test('src, bench and scripts hold no such branch', () => {
    const found = sources
      .map((path) => relative(root, path))
      .filter((path) => !ALLOWED.some((allowed) => path.startsWith(allowed)))
      .flatMap((path) => branches(path, readFileSync(join(root, path), 'utf8')));
    expect(found).toEqual([]);
  });

  test('the check finds the branches it is written against (it can fail)', () => {
    expect(branches('x.ts', "if (state.game === 'omaha') {")).toHaveLength(1);
    expect(branches('x.ts', "  else if (hand.game !== 'omaha') {")).toHaveLength(1);
    expect(branches('x.ts', "const cap = 'limit' === betting;")).toHaveLength(1);
    expect(branches('x.ts', "    case 'pot-limit':")).toHaveLength(1);
    expect(branches('x.ts', 'if (betting == `no-limit`) {')).toHaveLength(1);
    expect(branches('x.ts', "const game = input.game ?? 'holdem';")).toEqual([]);
    expect(branches('x.ts', "// pot-limit was once `game === 'omaha'`")).toEqual([]);
  });

  test('every game and structure has its descriptor, named as listed', () => {
    for (const g of GAME_NAMES) expect(gameOf(g).name).toBe(g);
    for (const b of BETTING_NAMES) expect(structureOf(b).name).toBe(b);
    expect(BETTING_NAMES).toContain(gameOf('holdem').defaultBetting);
  });
});
