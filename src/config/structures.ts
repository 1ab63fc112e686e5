// Blind structures saved for the floor: one JSON file per structure, shipped ones in config/structures/ and a venue's
// own in `structures/` beside the table config (same name: the venue's wins). Each is checked at start with the
// engine's own check of `levels-start` (src/domain/levels/check.ts), so a saved structure is one the table accepts. A
// structure that names a mixed game (`"mixed": "horse"`, R-GAME-MIXED) gives its levels' blinds and minutes; each
// playing level then plays the rotation's next game with what it needs (src/domain/games/mixed.ts, as the
// simulator's levels do).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TableError } from '../domain/errors.ts';
import { MIXED_GAMES, levelPlaying } from '../domain/games/mixed.ts';
import { checkLevels } from '../domain/levels/check.ts';
import type { Level } from '../domain/types.ts';

export const SHIPPED_STRUCTURES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../config/structures');

export interface BlindStructure {
  /** The file name without `.json`. */
  name: string;
  /** What the floor page shows; the name when the file has none. */
  title: string;
  levels: Level[];
}

const FIELDS = new Set(['$schema', 'name', 'title', 'mixed', 'levels']);

/** Shipped structures, then the venue's folder beside the table config when there is one. */
export function structureDirs(configFile: string | null): string[] {
  if (configFile === null) return [SHIPPED_STRUCTURES_DIR];
  const venue = join(dirname(resolve(configFile)), 'structures');
  return existsSync(venue) && venue !== SHIPPED_STRUCTURES_DIR
    ? [SHIPPED_STRUCTURES_DIR, venue]
    : [SHIPPED_STRUCTURES_DIR];
}

export function loadStructureFile(file: string): BlindStructure {
  const shown = relative(process.cwd(), file) || file;
  const fail = (field: string, message: string) =>
    new TableError('CONFIG_INVALID', `${shown}: ${field ? `${field}: ` : ''}${message}`, { file: shown, field });
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw fail('', `not readable JSON (${(e as Error).message})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw fail('', 'a structure is an object: {"name": "…", "title": "…", "levels": […]}');
  const o = value as Record<string, unknown>;
  for (const key of Object.keys(o))
    if (!FIELDS.has(key)) throw fail(`/${key}`, 'unknown field (fields: name, title, mixed, levels)');
  const expected = file.replace(/^.*[\\/]/, '').replace(/\.json$/, '');
  if (o.name !== expected)
    throw fail('/name', `must be "${expected}", the file's name (got ${JSON.stringify(o.name)})`);
  if (o.title !== undefined && (typeof o.title !== 'string' || o.title.trim() === ''))
    throw fail('/title', 'must be a non-empty string when given');
  const mixed = o.mixed;
  if (mixed !== undefined && (typeof mixed !== 'string' || !Object.hasOwn(MIXED_GAMES, mixed)))
    throw fail('/mixed', `must be one of ${Object.keys(MIXED_GAMES).join(', ')} when given`);
  const levels = checkLevels(o.levels);
  if (typeof levels === 'string') throw fail('/levels', levels);
  const played = mixed === undefined ? levels : checkLevels(rotate(levels, mixed));
  if (typeof played === 'string') throw fail('/levels', played);
  return { name: expected, title: typeof o.title === 'string' ? o.title : expected, levels: played };
}

/** R-GAME-MIXED: the playing levels in turn play the rotation's games, a game a level; breaks stay as they are. */
function rotate(levels: readonly Level[], mixed: string): Level[] {
  const parts = MIXED_GAMES[mixed]!;
  let played = 0;
  return levels.map((l) => ('break' in l ? l : levelPlaying(l, parts[played++ % parts.length]!, true)));
}

/** Every `*.json` structure in the folders (not `*.schema.json`), later folders replacing earlier ones by name. */
export function loadStructures(dirs: readonly string[] = [SHIPPED_STRUCTURES_DIR]): BlindStructure[] {
  const byName = new Map<string, BlindStructure>();
  for (const dir of dirs) {
    let files: string[];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json'));
    } catch (e) {
      throw new TableError('CONFIG_INVALID', `${dir}: cannot read the structures folder (${(e as Error).message})`, {
        file: dir,
      });
    }
    for (const f of files.sort()) {
      const s = loadStructureFile(join(dir, f));
      byName.set(s.name, s);
    }
  }
  return [...byName.values()];
}
