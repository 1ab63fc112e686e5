// The profile a table config asks for, resolved once, at load: the named profile with the config's `rules:` merged
// over it (objects field by field; a number, string or list replaces), validated against
// config/rules/profile.schema.json and the engine's own check. A typo is CONFIG_INVALID naming the config file and
// the field (`/table/rules/shotClock/enabld`), so the table does not start and doctor says the same.
import { TableError } from '../domain/errors.ts';
import { checkProfile, mergeRules } from '../domain/profile/check.ts';
import type { Profile } from '../domain/profile/profile.ts';
import { validateProfile } from '../protocol/generated/validate-config.ts';
import { loadProfiles, profileDirs } from './profiles.ts';
import { fieldErrors, invalid, type FieldError } from './schema.ts';
import type { TableConfig } from './types.ts';

const RULES = '/table/rules';

type TableRulesConfig = { source: string; table: Pick<TableConfig['table'], 'profile' | 'rules'> };

/** The config's profile with its overrides; throws PROFILE_UNKNOWN for a name no folder has, CONFIG_INVALID for
 * overrides that do not make a valid profile. `profiles` are the loaded files (loadProfiles). */
export function resolveTableProfile(config: TableRulesConfig, profiles: Readonly<Record<string, Profile>>): Profile {
  const { profile: name, rules } = config.table;
  if (!Object.hasOwn(profiles, name)) {
    throw new TableError(
      'PROFILE_UNKNOWN',
      `${config.source}: table.profile "${name}" is not a profile (known: ${Object.keys(profiles).sort().join(', ')})`,
      { file: config.source, field: '/table/profile' },
    );
  }
  const problems: FieldError[] = [];
  for (const key of ['name', '$schema'])
    if (Object.hasOwn(rules, key)) problems.push({ field: `${RULES}/${key}`, message: 'is chosen by table.profile' });
  if (problems.length > 0) throw invalid('CONFIG_INVALID', config.source, problems);

  const merged = mergeRules(profiles[name]!, rules);
  // A plain copy: the schema's check and the engine see the same thing a journal will hold.
  const candidate = JSON.parse(JSON.stringify(merged)) as Record<string, unknown>;
  if (!validateProfile(candidate)) {
    const errors = fieldErrors(validateProfile.errors).map((e) => ({
      field: e.field === '/' ? RULES : `${RULES}${e.field}`,
      message: e.message,
    }));
    throw invalid('CONFIG_INVALID', config.source, errors);
  }
  try {
    return checkProfile(candidate, config.source);
  } catch (err) {
    // The schema is for editors; the engine's check decides (limits the schema does not state).
    if (!(err instanceof TableError)) throw err;
    const field = err.detail?.field ? `${RULES}/${err.detail?.field.replace(/\./g, '/')}` : RULES;
    const message = err.message.replace(`${config.source}: ${err.detail?.field ?? ''}`, '').trim();
    throw invalid('CONFIG_INVALID', config.source, [{ field, message }]);
  }
}

/** The profiles a config can name (shipped, then `rules/` beside it) and its resolved profile. */
export function loadTableProfile(config: TableRulesConfig): { profile: Profile; profiles: Record<string, Profile> } {
  const profiles = loadProfiles(profileDirs(config.source));
  return { profile: resolveTableProfile(config, profiles), profiles };
}
