// The room config loader: YAML in, a validated, defaulted, deeply frozen RoomConfig out, or one TableError
// ('CONFIG_INVALID') naming the file and the field, as the table's config loader does (src/config/load.ts).
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { deepFreeze, displayPath, fieldErrors, invalid, type FieldError } from '../../config/schema.ts';
import { readYamlMapping } from '../../config/yaml.ts';
import { validateRoomConfig } from '../../protocol/generated/validate-room.ts';
import { validateMoney } from '../engine/money/validate.ts';
import type { MoneyRules } from '../engine/money/types.ts';
import type { RoomCommand } from '../engine/types.ts';
import { loadRoomProfiles, roomProfileDirs } from './profiles.ts';
import type { RoomConfig } from './types.ts';

export function loadRoomConfig(file: string): Readonly<RoomConfig> {
  const data = readYamlMapping(file, '`room`, `tables`, `breakOrder`');
  // compiled from config/room.schema.json by `npm run contract`
  if (!validateRoomConfig(data)) throw invalid('CONFIG_INVALID', file, fieldErrors(validateRoomConfig.errors));

  const config = data as Omit<RoomConfig, 'source'>;
  const configDir = dirname(resolve(file));
  const problems: FieldError[] = [];
  const ids = config.tables.map((t) => t.id);
  ids.forEach((id, i) => {
    if (ids.indexOf(id) !== i)
      problems.push({ field: `/tables/${i}/id`, message: `"${id}" is already /tables/${ids.indexOf(id)}` });
  });
  config.breakOrder.forEach((id, i) => {
    if (!ids.includes(id)) problems.push({ field: `/breakOrder/${i}`, message: `"${id}" is not one of the tables` });
    else if (config.breakOrder.indexOf(id) !== i)
      problems.push({ field: `/breakOrder/${i}`, message: `"${id}" is listed twice` });
  });
  if (config.room.money !== undefined) {
    // what a schema cannot say (shares adding up to 100 %, rows in order), in the engine's own words
    const money = validateMoney(config.room.money);
    if (typeof money === 'string')
      problems.push({ field: '/room/money', message: money.replace(/^setup: money\//, '') });
  }
  const profiles = loadRoomProfiles(roomProfileDirs(file));
  if (!Object.hasOwn(profiles, config.room.profile))
    problems.push({
      field: '/room/profile',
      message: `"${config.room.profile}" is not a room profile (known: ${Object.keys(profiles).sort().join(', ')})`,
    });
  config.storage.dir = resolve(configDir, config.storage.dir);
  const mqtt = config.mqtt;
  for (const key of ['caFile', 'certFile', 'keyFile'] as const) {
    const value = mqtt[key];
    if (value === undefined) continue;
    mqtt[key] = resolve(configDir, value);
    if (!existsSync(mqtt[key])) problems.push({ field: `/mqtt/${key}`, message: `file ${mqtt[key]} does not exist` });
  }
  if ((mqtt.certFile === undefined) !== (mqtt.keyFile === undefined))
    problems.push({ field: '/mqtt/keyFile', message: 'certFile and keyFile go together (client certificate)' });
  if ((mqtt.username === undefined) !== (mqtt.password === undefined))
    problems.push({ field: '/mqtt/password', message: 'username and password go together' });
  if (problems.length > 0) throw invalid('CONFIG_INVALID', file, problems);
  return deepFreeze({ source: displayPath(file), ...config });
}

/** The room engine's `setup` command for a config; `seed` is the draws' seed (journaled with the command). */
export function setupCommand(config: Readonly<RoomConfig>, seed: number): Extract<RoomCommand, { name: 'setup' }> {
  const command: Extract<RoomCommand, { name: 'setup' }> = {
    name: 'setup',
    tables: config.tables.map((t) => ({ id: t.id, seats: t.seats, open: t.open })),
    breakOrder: [...config.breakOrder],
    profile: config.room.profile,
    seed,
  };
  if (config.room.rules.room) command.rules = { room: { ...config.room.rules.room } };
  if (config.room.startingStack !== null) command.startingStack = config.room.startingStack;
  if (config.room.money !== undefined) command.money = validateMoney(config.room.money) as MoneyRules;
  return command;
}
