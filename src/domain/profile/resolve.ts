// One way from a `setup` (profile name + rules) to the profile a table plays, for the engine, the runtime (which
// journals the result) and the config loader. Pure.
import { TableError } from '../errors.ts';
import { checkProfile, mergeRules } from './check.ts';
import type { Profile } from './profile.ts';

/** A profile's rule values: everything but its name, description and schema link. A `setup` whose `rules` hold all
 * of them needs no profile file: this is what the journal keeps, so that a replay never depends on today's files. */
export function rulesOf(profile: object): Record<string, unknown> {
  const { name: _name, description: _description, $schema: _schema, ...rules } = profile as Record<string, unknown>;
  return structuredClone(rules);
}

/** The named profile with `rules` merged over it (objects field by field, any other value replaces), checked.
 * A name missing from `profiles` still resolves when `rules` is a whole profile (a journal written elsewhere or
 * before a profile file changed). Throws TableError: PROFILE_UNKNOWN, or PROFILE_INVALID naming the field. */
export function resolveProfile(
  profiles: Readonly<Record<string, Profile>>,
  name: string,
  rules: Record<string, unknown> | undefined,
  source = `setup rules for ${name}`,
): Profile {
  // Own names only: a profile called "toString" or "__proto__" is unknown, not Object.prototype's member
  const base = Object.hasOwn(profiles, name) ? profiles[name] : undefined;
  if (!base) {
    if (rules) {
      try {
        return checkProfile(mergeRules({ name }, rules), source);
      } catch {
        // not a whole profile: the name is what is wrong
      }
    }
    throw new TableError('PROFILE_UNKNOWN', `${name} (known: ${Object.keys(profiles).join(', ')})`, {
      field: 'profile',
    });
  }
  if (!rules) return base;
  return checkProfile(mergeRules(base, rules), source);
}
