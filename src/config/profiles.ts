// Reads rule profiles (config/rules/*.json and any venue folder) and validates each one, naming file and field.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TableError } from '../domain/errors.ts';
import { checkProfile } from '../domain/profile/check.ts';
import type { Profile } from '../domain/profile/profile.ts';

/** The shipped profiles' folder. */
export const SHIPPED_RULES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../config/rules');

export function loadProfileFile(file: string): Profile {
  const shown = relative(process.cwd(), file) || file;
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new TableError('PROFILE_INVALID', `${shown}: not readable JSON (${(e as Error).message})`, { file: shown });
  }
  const profile = checkProfile(value, shown);
  const expected = file.replace(/^.*[\\/]/, '').replace(/\.json$/, '');
  if (profile.name !== expected)
    throw new TableError('PROFILE_INVALID', `${shown}: name "${profile.name}" must match the file name "${expected}"`, {
      file: shown,
      field: 'name',
    });
  return profile;
}

/** Every `*.json` profile in the folders, later folders overriding earlier ones by name. */
export function loadProfiles(dirs: readonly string[] = [SHIPPED_RULES_DIR]): Record<string, Profile> {
  return loadProfileFolders(dirs, loadProfileFile, 'profiles');
}

/** Every `*.json` file (schemas aside) of the folders, each read by `load`, later folders overriding earlier ones by
 * name: the table's rule profiles and the room's alike. `what` names the folder in the error. */
export function loadProfileFolders<P extends { name: string }>(
  dirs: readonly string[],
  load: (file: string) => P,
  what: string,
): Record<string, P> {
  const profiles: Record<string, P> = {};
  for (const dir of dirs) {
    let files: string[];
    try {
      files = readdirSync(dir)
        .filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json'))
        .sort();
    } catch (e) {
      throw new TableError('PROFILE_INVALID', `${dir}: cannot read the ${what} folder (${(e as Error).message})`, {
        file: dir,
      });
    }
    for (const f of files) {
      const profile = load(join(dir, f));
      profiles[profile.name] = profile;
    }
  }
  return profiles;
}

/** The shipped folder, and `folder` beside the config file when the venue has one (its files override by name). */
export function venueDirs(configFile: string, folder: string, shipped: string): string[] {
  const venue = join(dirname(resolve(configFile)), folder);
  return existsSync(venue) && venue !== shipped ? [shipped, venue] : [shipped];
}

/** A venue's own profiles live in `rules/` beside the table config and override shipped ones by name. */
export function profileDirs(configFile: string): string[] {
  return venueDirs(configFile, 'rules', SHIPPED_RULES_DIR);
}
