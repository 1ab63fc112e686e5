// The one check of a blind structure (levels-start), shared by the engine's input validation and the MQTT command
// parser, so the floor hears the same sentence whichever way the structure came in.
import type { Level } from './types.ts';

const MAX_MINUTES = 24 * 60;
const LEVEL_FIELDS: ReadonlySet<string> = new Set(['smallBlind', 'bigBlind', 'ante', 'minutes', 'break']);

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isChips = (v: unknown, min: number): v is number => Number.isInteger(v) && (v as number) >= min;

/** The levels, or a reason naming the level (from 1, as the floor counts them) and what would be right. */
export function checkLevels(raw: unknown): Level[] | string {
  if (!Array.isArray(raw) || raw.length === 0) return 'levels must be a non-empty list of levels';
  const levels: Level[] = [];
  for (const [i, l] of raw.entries()) {
    const where = `level ${i + 1} of the structure`;
    if (!isObj(l)) return `${where} must be an object like {"smallBlind": 100, "bigBlind": 200, "minutes": 20}`;
    // Own keys only, checked against a Set: `constructor` or `toString` is an unknown field like any other.
    const extra = Object.keys(l).find((key) => !LEVEL_FIELDS.has(key));
    if (extra !== undefined) return `${where} has an unknown field "${extra.slice(0, 40)}"`;
    if (typeof l.minutes !== 'number' || !(l.minutes > 0) || l.minutes > MAX_MINUTES)
      return `${where}: minutes must be more than 0 and at most ${MAX_MINUTES} (got ${show(l.minutes)})`;
    if (l.break === true) {
      levels.push({ break: true, minutes: l.minutes });
      continue;
    }
    if (l.break !== undefined) return `${where}: break must be true, or left out for a playing level`;
    if (!isChips(l.smallBlind, 1) || !isChips(l.bigBlind, 1))
      return `${where} needs smallBlind and bigBlind as whole numbers of chips from 1 (got ${show(l.smallBlind)} / ${show(l.bigBlind)}), or "break": true`;
    if (l.smallBlind > l.bigBlind)
      return `${where}: the small blind (${l.smallBlind}) is larger than the big blind (${l.bigBlind})`;
    if (l.ante !== undefined && !isChips(l.ante, 0))
      return `${where}: ante must be a whole number of chips, 0 or more (got ${show(l.ante)})`;
    const level: Level = { smallBlind: l.smallBlind, bigBlind: l.bigBlind, minutes: l.minutes };
    if (l.ante !== undefined) level.ante = l.ante as number;
    levels.push(level);
  }
  if (!levels.some((l) => !('break' in l))) return 'at least one level must not be a break';
  return levels;
}

function show(v: unknown): string {
  return v === undefined ? 'nothing' : (JSON.stringify(v)?.slice(0, 20) ?? String(v));
}
