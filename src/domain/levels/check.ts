// The one check of a blind structure (levels-start), shared by the engine's input validation and the MQTT command
// parser, so the floor hears the same sentence whichever way the structure came in.
import { BETTING_NAMES, GAME_NAMES, gameOf, isBettingName, isGameName, structureOf } from '../games/index.ts';
import type { BettingName, GameName } from '../games/index.ts';
import type { Level, PlayingLevel } from '../types.ts';

const MAX_MINUTES = 24 * 60;
const LEVEL_FIELDS: ReadonlySet<string> = new Set([
  'smallBlind',
  'bigBlind',
  'ante',
  'minutes',
  'break',
  'game',
  'betting',
  'smallBet',
  'bigBet',
  'bringIn',
]);

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
    const level: PlayingLevel = { minutes: l.minutes };
    // R-STUD-BRING-IN: a stud level has no blinds (its bring-in is checked with its game below)
    if (!isStudLevel(l)) {
      if (!isChips(l.smallBlind, 1) || !isChips(l.bigBlind, 1))
        return `${where} needs smallBlind and bigBlind as whole numbers of chips from 1 (got ${show(l.smallBlind)} / ${show(l.bigBlind)}), or "break": true`;
      if (l.smallBlind > l.bigBlind)
        return `${where}: the small blind (${l.smallBlind}) is larger than the big blind (${l.bigBlind})`;
      level.smallBlind = l.smallBlind;
      level.bigBlind = l.bigBlind;
    }
    if (l.ante !== undefined && !isChips(l.ante, 0))
      return `${where}: ante must be a whole number of chips, 0 or more (got ${show(l.ante)})`;
    if (l.ante !== undefined) level.ante = l.ante as number;
    const game = checkGame(l, level, where);
    if (game !== null) return game;
    levels.push(level);
  }
  if (!levels.some((l) => !('break' in l))) return 'at least one level must not be a break';
  return levels;
}

/** A level written without blinds as a stud level: it names a stud game, or it has a bring-in and names no game (a
 * stud table's). Blinds on a stud level are checked and kept, not used (R-STUD-BRING-IN). */
function isStudLevel(l: Obj): boolean {
  if (l.smallBlind !== undefined || l.bigBlind !== undefined) return false;
  if (l.game === undefined) return l.bringIn !== undefined;
  return isGameName(l.game) && gameOf(l.game).forcedBets === 'ante-bring-in';
}

/** R-GAME-MIXED, R-BET-LIMIT: a level's game, structure and fixed bets, copied onto `level`; a reason, or null. A
 * level whose own structure (its `betting`, else its game's) needs fixed bets must carry them; one that keeps the
 * table's structure is checked against it when the structure starts (levels.ts). */
function checkGame(l: Obj, level: PlayingLevel, where: string): string | null {
  if (l.game !== undefined) {
    if (!isGameName(l.game)) return `${where}: game must be ${GAME_NAMES.join(' or ')} (got ${show(l.game)})`;
    level.game = l.game;
  }
  if (l.betting !== undefined) {
    if (!isBettingName(l.betting))
      return `${where}: betting must be ${BETTING_NAMES.join(', ')} (got ${show(l.betting)})`;
    level.betting = l.betting;
  }
  for (const key of ['smallBet', 'bigBet', 'bringIn'] as const) {
    if (l[key] === undefined) continue;
    if (!isChips(l[key], 1)) return `${where}: ${key} must be a whole number of chips from 1 (got ${show(l[key])})`;
    level[key] = l[key];
  }
  if (level.smallBet !== undefined && level.bigBet !== undefined && level.smallBet > level.bigBet)
    return `${where}: the small bet (${level.smallBet}) is larger than the big bet (${level.bigBet})`;
  if (level.game !== undefined) {
    const missing = missingBringIn(level, level.game, where);
    if (missing !== null) return missing;
  }
  const own = level.betting ?? (level.game !== undefined ? gameOf(level.game).defaultBetting : null);
  return own === null ? null : missingBets(level, own, where);
}

/** R-STUD-BRING-IN: the reason a playing level cannot be played as `game` (a stud game without its bring-in), or
 * null. */
export function missingBringIn(level: PlayingLevel, game: GameName, where: string): string | null {
  if (gameOf(game).forcedBets !== 'ante-bring-in' || level.bringIn !== undefined) return null;
  return `${where} is played as ${game}, which has a bring-in and no blinds: it needs bringIn (e.g. 50 beside an ante of 25 and bets of 100 and 200), and bringIn is missing`;
}

/** R-STUD-BRING-IN: the reason a level without blinds (a stud level) cannot be played as `game`, a flop game, or
 * null. */
export function missingBlinds(level: PlayingLevel, game: GameName, where: string): string | null {
  if (gameOf(game).forcedBets !== 'blinds' || level.bigBlind !== undefined) return null;
  return `${where} is played as ${game}, which has blinds: it needs smallBlind and bigBlind (e.g. 100 and 200), and they are missing`;
}

/** R-BET-LIMIT: the reason a playing level cannot be played under `betting` (its fixed bets missing), or null. */
export function missingBets(level: PlayingLevel, betting: BettingName, where: string): string | null {
  const { levelFields, label } = structureOf(betting);
  const missing = levelFields.filter((key) => level[key] === undefined);
  if (missing.length === 0) return null;
  return `${where} is played ${label.toLowerCase()}: it needs ${levelFields.join(' and ')} (the fixed bets, e.g. 200 and 400), and ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing`;
}

/** The game and betting structure a level plays (R-GAME-MIXED): its own, its game's default structure when it names
 * a game alone, else the table's. */
export function levelGame(
  level: PlayingLevel | null,
  table: { game: GameName; betting: BettingName },
): { game: GameName; betting: BettingName } {
  if (!level || (level.game === undefined && level.betting === undefined)) return table;
  const game = level.game ?? table.game;
  const betting = level.betting ?? (level.game !== undefined ? gameOf(level.game).defaultBetting : table.betting);
  return { game, betting };
}

function show(v: unknown): string {
  return v === undefined ? 'nothing' : (JSON.stringify(v)?.slice(0, 20) ?? String(v));
}
