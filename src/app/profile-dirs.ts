import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { SHIPPED_RULES_DIR } from '../config/profiles.ts';

/** A venue's own profiles live in `rules/` beside the table config and override shipped ones by name. */
export function profileDirs(configFile: string): string[] {
  const venue = join(dirname(resolve(configFile)), 'rules');
  return existsSync(venue) && venue !== SHIPPED_RULES_DIR ? [SHIPPED_RULES_DIR, venue] : [SHIPPED_RULES_DIR];
}
