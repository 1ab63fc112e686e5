// Reads room profiles (config/room-rules/*.json and a venue's room-rules/ folder beside its room config): the
// `room.*` fields of each rule profile, validated against config/room-rules/room-profile.schema.json (compiled by
// `npm run contract`), naming file and field on an error.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadProfileFolders, venueDirs } from '../../config/profiles.ts';
import { fieldErrors, invalid, readJson } from '../../config/schema.ts';
import { validateRoomProfile as validate } from '../../protocol/generated/validate-room.ts';
import type { RoomProfile } from '../engine/types.ts';

export const SHIPPED_ROOM_RULES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../config/room-rules');

export function loadRoomProfileFile(file: string): RoomProfile {
  const value = readJson(file, 'PROFILE_INVALID');
  if (!validate(value)) throw invalid('PROFILE_INVALID', file, fieldErrors(validate.errors));
  const profile = value as RoomProfile & { $schema?: string; description?: string };
  const expected = file.replace(/^.*[\\/]/, '').replace(/\.json$/, '');
  if (profile.name !== expected)
    throw invalid('PROFILE_INVALID', file, [{ field: '/name', message: `must match the file name "${expected}"` }]);
  return { name: profile.name, room: { balanceAt: profile.room.balanceAt, balancePick: profile.room.balancePick } };
}

/** Every `*.json` room profile in the folders, later folders overriding earlier ones by name. */
export function loadRoomProfiles(dirs: readonly string[] = [SHIPPED_ROOM_RULES_DIR]): Record<string, RoomProfile> {
  return loadProfileFolders(dirs, loadRoomProfileFile, 'room profiles');
}

/** A venue's own room profiles live in `room-rules/` beside the room config and override shipped ones by name. */
export function roomProfileDirs(configFile: string): string[] {
  return venueDirs(configFile, 'room-rules', SHIPPED_ROOM_RULES_DIR);
}
