// The doctor's check of the enrolled chips (table.chipsFile, docs/chips.md): present, readable, private (0600, the
// deck file's rule) and every entry a chip the table will take: a hex tag id listed once, a value in play (the
// profile's chips.denominations). Every problem is listed, not only the first one the table would stop at.
import { readFileSync, statSync } from 'node:fs';
import { chipCounts, valueProblem } from '../../enrolment/chips/store.ts';
import { normalizeUid } from '../../protocol/notation.ts';
import { fail, ok, warn, type CheckResult } from './report.ts';

export interface ChipsCheck {
  /** table.chipsFile (resolved), or null. */
  file: string | null;
  /** The names of the table's chip readers (pcsc-chip-reader devices, simulated ones included). */
  readers: readonly string[];
  /** The resolved profile's chips.denominations ([] takes any positive integer, as the engine does). */
  denominations: readonly number[];
  /** The config file, for the commands the fixes name. */
  config: string;
}

/** How many problems are shown; the rest are counted. */
const SHOWN = 4;

export function checkChips({ file, readers, denominations, config }: ChipsCheck): CheckResult[] {
  const enroll = (out: string) => `\`npm run chips -- enroll --config ${config} --value N --out ${out}\``;
  if (file === null) {
    // The config loader refuses a chip reader without a chips file already; kept for a config that got past it.
    if (readers.length === 0) return [];
    return [
      fail(
        'chips',
        `chip reader ${readers.map((r) => `"${r}"`).join(', ')} configured but no chips file (table.chipsFile: null)`,
        `enroll the chips with ${enroll('FILE')} and set table.chipsFile`,
      ),
    ];
  }
  let mode: number;
  let text: string;
  try {
    mode = statSync(file).mode & 0o777;
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    if (code === 'ENOENT')
      return [fail('chips', `${file} does not exist`, `enroll the chips with ${enroll(file)}, or fix table.chipsFile`)];
    return [
      fail(
        'chips',
        `${file} cannot be read (${code})`,
        code === 'EACCES'
          ? `the table runs as the pokertable user: \`sudo chown pokertable: ${file}\` (and chmod 600)`
          : `table.chipsFile must name the file \`npm run chips -- enroll\` wrote`,
      ),
    ];
  }
  const results: CheckResult[] = [];
  if ((mode & 0o077) !== 0) {
    results.push(
      fail(
        'chips',
        `${file} has mode ${mode.toString(8).padStart(4, '0')}: others can read which tag is which chip`,
        `chmod 600 ${file}`,
      ),
    );
  }
  const found = entryProblems(text, file, denominations);
  if ('error' in found) {
    results.push(fail('chips', found.error, `enroll the chips again into a new file: ${enroll('NEW-FILE')}`));
    return results;
  }
  const { chips, problems } = found;
  if (problems.length > 0) {
    const more = problems.length > SHOWN ? `; and ${problems.length - SHOWN} more` : '';
    results.push(
      fail(
        'chips',
        `${file}: ${problems.slice(0, SHOWN).join('; ')}${more}`,
        '`npm start` refuses these chips (CHIPS_INVALID): correct or remove those entries (keep the file mode 0600), ' +
          "add a value to the profile's chips.denominations (the config's rules:), or enroll the chips again into a " +
          `new file: ${enroll('NEW-FILE')}`,
      ),
    );
    return results;
  }
  if (chips.size === 0) {
    results.push(warn('chips', `${file} holds no chips: every chip read will be an unknown tag`, enroll(file)));
    return results;
  }
  const counts = chipCounts(chips)
    .map(({ value, count }) => `${value} ×${count}`)
    .join(', ');
  const summary = `${file}: ${chips.size} chip${chips.size === 1 ? '' : 's'} (${counts})`;
  if (readers.length === 0) {
    results.push(
      warn(
        'chips',
        `${summary}, but no chip reader is configured: the table does not read the file`,
        "add the seats' pcsc-chip-reader devices (docs/devices.md), or set table.chipsFile: null",
      ),
    );
  } else if (results.length === 0) results.push(ok('chips', `${summary}, mode 0600`));
  return results;
}

type Found = { chips: Map<string, number>; problems: string[] } | { error: string };

/** Every entry the table would refuse, named as the table's own error names it (`/chips/<tag>`), or why the file is
 * no chips file at all. */
function entryProblems(text: string, file: string, denominations: readonly number[]): Found {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { error: `${file}: not valid JSON (${(error as Error).message})` };
  }
  // `{chips: {...}}` is what enrollment writes; a bare `{uid: value}` map is accepted, as the table accepts it.
  const wrapped = data !== null && typeof data === 'object' && 'chips' in data;
  const map: unknown = wrapped ? (data as { chips: unknown }).chips : data;
  const base = wrapped ? '/chips' : '';
  if (map === null || typeof map !== 'object' || Array.isArray(map))
    return { error: `${file}: ${base || '/'} must be an object {"<tag id>": <value>}` };

  const problems: string[] = [];
  const chips = new Map<string, number>();
  const firstKey = new Map<string, string>();
  const notInPlay = new Map<number, number>();
  for (const [raw, value] of Object.entries(map as Record<string, unknown>)) {
    const uid = normalizeUid(raw);
    if (uid === null) {
      problems.push(`${base}/${raw} is not a hex tag id`);
      continue;
    }
    const earlier = firstKey.get(uid);
    if (earlier !== undefined) problems.push(`${base}/${raw} is listed twice (also as ${base}/${earlier})`);
    else firstKey.set(uid, raw);
    const problem = valueProblem(value, denominations);
    if (problem === null) chips.set(uid, value as number);
    else if (typeof value === 'number' && Number.isInteger(value) && value >= 1)
      notInPlay.set(value, (notInPlay.get(value) ?? 0) + 1);
    else problems.push(`${base}/${raw} ${JSON.stringify(value)} ${problem}`);
  }
  if (notInPlay.size > 0) {
    const which = [...notInPlay].map(([value, count]) => `${count} chip${count === 1 ? '' : 's'} of ${value}`);
    problems.unshift(
      `${which.join(', ')}: not ${notInPlay.size === 1 ? 'a value' : 'values'} in play (chips.denominations: ${denominations.join(', ')})`,
    );
  }
  // JSON.parse keeps the last of two equal keys: the table would read that tag at the last value without a word.
  for (const raw of repeatedKeys(text)) problems.push(`${base}/${raw} is written twice in the file`);
  return { chips, problems };
}

/** Keys that appear more than once in the text as tag ids (hand-edited files; enrollment never writes one twice). */
function repeatedKeys(text: string): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const match of text.matchAll(/"((?:[^"\\]|\\.)*)"\s*:/g)) {
    const raw = match[1]!;
    if (normalizeUid(raw) === null) continue;
    if (seen.has(raw)) repeated.add(raw);
    seen.add(raw);
  }
  return [...repeated];
}
