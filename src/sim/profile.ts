// The virtual table needs the numbers of the profile the table runs (debounce, clock seconds, misdeal positions,
// remedies) to behave like a dealer who knows the house rules.
import { loadProfiles } from '../config/profiles.ts';
import { TableError } from '../domain/errors.ts';
import { checkProfile, mergeRules } from '../domain/profile/check.ts';
import type { Profile } from '../domain/profile/profile.ts';

export function resolveProfile(
  name: string,
  rules: Record<string, unknown> | undefined,
  profiles: Readonly<Record<string, Profile>> = loadProfiles(),
): Profile {
  const base = Object.hasOwn(profiles, name) ? profiles[name] : undefined;
  if (!base) {
    throw new TableError(
      'PROFILE_UNKNOWN',
      `virtual table: no rule profile "${name}" (known: ${Object.keys(profiles).sort().join(', ')})`,
    );
  }
  return rules ? checkProfile(mergeRules(base, rules), `rules for ${name}`) : base;
}
