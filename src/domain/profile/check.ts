// Validates a rule profile (config/rules/*.json, or a profile with a table's overrides) field by field. Pure: the
// loader in src/config reads the files; this names the file and the field of the first thing wrong.
import { PROFILE_FIELDS } from '../../protocol/generated/profile.ts';
import { TableError } from '../errors.ts';
import type { Profile } from './profile.ts';

type Spec =
  | 'ms'
  | 'count'
  | 'bool'
  | 'string'
  | 'positions'
  | 'strings'
  | 'chipValues'
  | readonly string[]
  | { [k: string]: Spec };

// The rule fields and what each holds, derived from config/rules/profile.schema.json by `npm run contract`: the
// schema says which fields a profile has, this check adds the limits a profile also needs (docs/contract.md).
// Chip values are amounts, not positions: their own check (ascending whole numbers from 1).
const SPEC: { [k: string]: Spec } = {
  ...PROFILE_FIELDS,
  chips: { ...PROFILE_FIELDS.chips, denominations: 'chipValues' },
};

/** Groups a profile may leave out (the schema does not require them): a venue's own profile written before chips
 * were tracked still loads, and the money rules take tda's values (src/domain/chips/rules.ts). */
const OPTIONAL_GROUPS: ReadonlySet<string> = new Set(['chips', 'bet', 'betting']);

function check(value: unknown, spec: Spec, field: string, source: string): void {
  const bad = (what: string) => {
    throw new TableError('PROFILE_INVALID', `${source}: ${field} ${what}`, { file: source, field });
  };
  if (Array.isArray(spec)) {
    if (!spec.includes(value as string)) bad(`must be one of ${spec.map((s) => `"${s}"`).join(', ')}`);
    return;
  }
  switch (spec) {
    case 'ms':
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 3_600_000)
        bad('must be milliseconds (an integer from 0)');
      return;
    case 'count':
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 100_000)
        bad('must be a whole number from 0');
      return;
    case 'bool':
      if (typeof value !== 'boolean') bad('must be true or false');
      return;
    case 'string':
      if (typeof value !== 'string' || value === '') bad('must be a non-empty string');
      return;
    case 'positions':
      if (!Array.isArray(value) || !value.every((v) => Number.isInteger(v) && v >= 1 && v <= 24))
        bad('must be a list of hole-card positions (1, 2, …)');
      return;
    case 'strings':
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && v !== ''))
        bad('must be a list of words');
      return;
    case 'chipValues':
      if (
        !Array.isArray(value) ||
        !value.every((v, i) => Number.isInteger(v) && v >= 1 && (i === 0 || v > value[i - 1]))
      )
        bad('must be a list of chip values (whole numbers from 1, smallest first)');
      return;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return bad('must be an object');
  const obj = value as Record<string, unknown>;
  for (const key of Object.keys(obj)) {
    const path = field ? `${field}.${key}` : key;
    if (!Object.hasOwn(spec, key))
      throw new TableError(
        'PROFILE_INVALID',
        `${source}: ${path} is not a profile field (known here: ${Object.keys(spec).join(', ')})`,
        { file: source, field: path },
      );
  }
  for (const [key, sub] of Object.entries(spec)) {
    if (!Object.hasOwn(obj, key) && field === '' && OPTIONAL_GROUPS.has(key)) continue;
    if (!Object.hasOwn(obj, key))
      throw new TableError('PROFILE_INVALID', `${source}: ${field ? field + '.' : ''}${key} is missing`, {
        file: source,
        field: `${field ? field + '.' : ''}${key}`,
      });
    check(obj[key], sub, field ? `${field}.${key}` : key, source);
  }
}

/** Checks a whole profile; returns it typed and frozen. `source` names the file in messages. */
export function checkProfile(value: unknown, source: string): Profile {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new TableError('PROFILE_INVALID', `${source}: a profile must be a JSON object`, { file: source });
  const { name, description, $schema: _schema, ...rules } = value as Record<string, unknown>;
  if (typeof name !== 'string' || !/^[a-z0-9][a-z0-9_-]*$/i.test(name))
    throw new TableError('PROFILE_INVALID', `${source}: name must be a profile name (letters, digits, - and _)`, {
      file: source,
      field: 'name',
    });
  if (description !== undefined && typeof description !== 'string')
    throw new TableError('PROFILE_INVALID', `${source}: description must be text`, {
      file: source,
      field: 'description',
    });
  check(rules, SPEC, '', source);
  return deepFreeze({ ...(value as object) }) as Profile;
}

/** A profile with a table's overrides on top (same shape as a profile file, any subset of fields). The result has
 * no prototype, so an override named `__proto__` or `constructor` is an own field that checkProfile refuses, not a
 * change of prototype or a member found on Object.prototype. */
export function mergeRules(base: object, overrides: Record<string, unknown>): object {
  const out: Record<string, unknown> = Object.assign(Object.create(null) as Record<string, unknown>, base);
  for (const [key, value] of Object.entries(overrides)) {
    const current = out[key];
    const isObj = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
    out[key] = isObj(current) && isObj(value) ? mergeRules(current as object, value as Record<string, unknown>) : value;
  }
  return out;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
