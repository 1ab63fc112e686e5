// The enrolled chips file: chip tag uid → value, JSON, mode 0600, kept beside the deck and as secret as it (anyone
// with it could make tags that read as chips). Written and read like the deck (src/enrolment/deck/secret-file.ts).
import type { Logger } from 'pino';
import { readSecretJson, writeSecretFile } from '../deck/secret-file.ts';
import { normalizeUid } from '../../hardware/shoe/spec.ts';
import { TableError } from '../../protocol/errors.ts';

declare module '../../protocol/errors.ts' {
  interface TableErrorCodes {
    /** The enrolled chips file is wrong: the file and the tag are named. */
    CHIPS_INVALID: true;
  }
}

export interface ChipsFile {
  version: 1;
  enrolledAt: string;
  /** uid (lower-case hex) → the chip's value. */
  chips: Record<string, number>;
}

/** Why a value cannot be a chip of the table, or null: a positive integer, one of `denominations` when the profile
 * lists any ([] takes any integer, as the engine does: R-CHIPS-COLOR-UP). */
export function valueProblem(value: unknown, denominations: readonly number[]): string | null {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) return 'is not a chip value (an integer ≥ 1)';
  if (denominations.length > 0 && !denominations.includes(value))
    return `is not a value in play (chips.denominations: ${denominations.join(', ')})`;
  return null;
}

export function saveChips(file: string, chips: ReadonlyMap<string, number>, enrolledAt: Date = new Date()): void {
  parseChips(Object.fromEntries(chips), file, []);
  const body: ChipsFile = { version: 1, enrolledAt: enrolledAt.toISOString(), chips: Object.fromEntries(chips) };
  writeSecretFile(file, `${JSON.stringify(body, null, 2)}\n`);
}

/** Validates chips read from a file: every uid hex and listed once, every value a chip of `denominations`. */
export function parseChips(data: unknown, file: string, denominations: readonly number[]): Map<string, number> {
  const bad = (field: string, message: string): TableError =>
    new TableError('CHIPS_INVALID', `${file}: ${field} ${message}`, { file, field });
  // `{chips: {...}}` is what enrollment writes; a bare `{uid: value}` map is accepted for hand-made files.
  const chips =
    data !== null && typeof data === 'object' && 'chips' in data ? (data as { chips: unknown }).chips : data;
  const base = chips === data ? '' : '/chips';
  if (chips === null || typeof chips !== 'object' || Array.isArray(chips))
    throw bad(base || '/', 'must be an object {"<uid>": <value>}');
  const out = new Map<string, number>();
  for (const [raw, value] of Object.entries(chips as Record<string, unknown>)) {
    const uid = normalizeUid(raw);
    if (uid === null) throw bad(`${base}/${raw}`, 'is not a hex tag id');
    if (out.has(uid)) throw bad(`${base}/${raw}`, 'is listed twice');
    const problem = valueProblem(value, denominations);
    if (problem) throw bad(`${base}/${raw}`, `${JSON.stringify(value)} ${problem}`);
    out.set(uid, value as number);
  }
  return out;
}

/** Reads the enrolled chips; `denominations` are the table profile's (a value not in play is refused). */
export function loadChips(file: string, denominations: readonly number[], logger?: Logger): Map<string, number> {
  const data = readSecretJson(file, {
    code: 'CHIPS_INVALID',
    what: 'the chips',
    remedy: `enroll them with \`npm run chips -- enroll --value N --out ${file}\``,
    logger,
  });
  return parseChips(data, file, denominations);
}

/** How many chips of each value, highest first (what `npm run chips -- list` prints: no tag ids). */
export function chipCounts(chips: ReadonlyMap<string, number>): { value: number; count: number }[] {
  const counts = new Map<number, number>();
  for (const value of chips.values()) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => b.value - a.value);
}
