// The checks a table config must pass beyond its schema, run by `npm start` (which refuses to start on any problem)
// and by `npm run doctor` (which lists them with the rest): one function, so the doctor never passes a config the
// table then refuses. Nothing here touches hardware; the doctor opens the devices afterwards.
import { existsSync, realpathSync } from 'node:fs';
import { resolveDevice, type ResolvedDevice } from '../config/load.ts';
import { loadProfiles } from '../config/profiles.ts';
import { resolveTableProfile } from '../config/rules.ts';
import { loadStructures, structureDirs, type BlindStructure } from '../config/structures.ts';
import type { FieldError } from '../config/schema.ts';
import type { TableConfig } from '../config/types.ts';
import { TableError } from '../domain/errors.ts';
import type { Profile } from '../domain/profile/profile.ts';
import { findKind } from '../hardware/registry.ts';
import { profileDirs } from '../config/profiles.ts';

export interface TableChecks {
  /** One sentence per mistake, with the config field it belongs to. Empty: the table may start. */
  problems: FieldError[];
  /** The profiles, when they loaded. */
  profiles: Record<string, Profile> | null;
  /** The table's profile with the config's `rules:` merged in and validated, when it resolved. */
  profile: Profile | null;
  /** The devices that resolved, in config order. */
  devices: ResolvedDevice[];
  /** The saved blind structures the floor page offers (config/structures/ and `structures/` beside the config). */
  structures: BlindStructure[];
}

export function checkTableConfig(config: Readonly<TableConfig>, configFile: string, configDir: string): TableChecks {
  const problems: FieldError[] = [];
  let profiles: Record<string, Profile> | null = null;
  try {
    profiles = loadProfiles(profileDirs(configFile));
  } catch (error) {
    problems.push({ field: '/table/profile', message: `the profiles do not load: ${(error as Error).message}` });
  }
  let profile: Profile | null = null;
  if (profiles && !Object.hasOwn(profiles, config.table.profile)) {
    problems.push({
      field: '/table/profile',
      message: `"${config.table.profile}" is not a profile (known: ${Object.keys(profiles).sort().join(', ')}; your own goes in rules/${config.table.profile}.json beside the config)`,
    });
  } else if (profiles) {
    // The profile with the config's overrides, merged and validated as the journal will keep it (config/rules.ts).
    try {
      profile = resolveTableProfile({ source: configFile, table: config.table }, profiles);
    } catch (error) {
      if (!(error instanceof TableError)) throw error;
      problems.push({ field: error.detail?.field ?? '/table/rules', message: error.message });
    }
  }

  let structures: BlindStructure[] = [];
  try {
    structures = loadStructures(structureDirs(configFile));
  } catch (error) {
    if (!(error instanceof TableError)) throw error;
    problems.push({ field: 'blind structure', message: error.message });
  }

  const devices: ResolvedDevice[] = [];
  const ports = new Map<string, { name: string; index: number }>();
  config.devices.forEach((ref, i) => {
    let device: ResolvedDevice;
    try {
      device = resolveDevice(ref, configDir);
    } catch (error) {
      problems.push({ field: `/devices/${i}/definition`, message: (error as Error).message.replace(/\n/g, '; ') });
      return;
    }
    devices.push(device);
    if (device.simulated) return;
    const entry = findKind(device.kind);
    for (const p of entry?.definitionProblems?.(device.definition, config.table.seats) ?? [])
      problems.push({
        field: `/devices/${i}/definition`,
        message: `${device.definition.file}: ${p.field}: ${p.message}`,
      });
    if (entry?.serialPort && ref.port) {
      const key = existsSync(ref.port) ? realpathSync(ref.port) : ref.port;
      const other = ports.get(key);
      if (other) {
        problems.push({
          field: `/devices/${i}/port`,
          message: `${ref.port} is already the port of device "${other.name}" (/devices/${other.index}/port): each board needs its own serial port`,
        });
      } else ports.set(key, { name: ref.name, index: i });
    }
  });
  return { problems, profiles, profile, devices, structures };
}
