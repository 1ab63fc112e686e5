// `npm run doctor -- --config FILE`: every check, in the order a person would fix things.
import { dirname, resolve } from 'node:path';
import { loadTableConfig, resolveDevice } from '../../config/load.ts';
import type { TableConfig } from '../../config/types.ts';
import {
  checkBoardReach,
  checkDeck,
  checkExternalBroker,
  checkPorts,
  checkProfile,
  checkStorage,
  configError,
} from './checks.ts';
import { checkDevice, type DeviceCheckOptions } from './devices.ts';
import { checkJournal } from './journal.ts';
import { fail, ok, skip, type CheckResult } from './report.ts';

export interface DoctorOptions extends DeviceCheckOptions {
  brokerTimeoutMs?: number;
}

export async function runDoctor(file: string, options: DoctorOptions = {}): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  let config: Readonly<TableConfig>;
  try {
    config = loadTableConfig(file);
  } catch (error) {
    results.push(configError(file, error));
    results.push(skip('devices', 'not checked: the config must load first'));
    return results;
  }
  results.push(
    ok(
      'config',
      `${file} is valid (table "${config.table.id}", ${config.table.seats} seats, ${config.devices.length} device${config.devices.length === 1 ? '' : 's'})`,
    ),
  );
  results.push(checkProfile(config));

  const configDir = dirname(resolve(file));
  for (const ref of config.devices) {
    try {
      results.push(await checkDevice(resolveDevice(ref, configDir), options));
    } catch (error) {
      results.push(fail(`device ${ref.name}`, (error as Error).message, 'fix the device entry or its definition file'));
    }
  }
  if (config.devices.length === 0) results.push(skip('devices', 'none configured'));

  results.push(...(await checkPorts(config)));
  const reach = checkBoardReach(config);
  if (reach) results.push(reach);
  if (config.mqtt.external) results.push(await checkExternalBroker(config, options.brokerTimeoutMs));
  results.push(checkStorage(config.storage.dir));
  results.push(checkJournal(config.storage.dir));
  results.push(checkDeck(config.table.deckFile));
  return results;
}
