// `npm run doctor -- --config FILE`: every check, in the order a person would fix things.
import { dirname, resolve } from 'node:path';
import { loadTableConfig } from '../../config/load.ts';
import { invalid } from '../../config/schema.ts';
import type { TableConfig } from '../../config/types.ts';
import { checkBoardReach, checkDeck, checkExternalBroker, checkPorts, checkStorage, configError } from './checks.ts';
import { checkTableConfig } from '../table-checks.ts';
import { findKind } from '../../hardware/registry.ts';
import { checkChips } from './chips.ts';
import { checkOtherController } from './controller.ts';
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
  // Exactly the checks `npm start` runs before it starts (src/app/table-checks.ts), then the hardware.
  const configDir = dirname(resolve(file));
  const checked = checkTableConfig(config, file, configDir);
  if (checked.problems.length === 0) {
    results.push(
      ok(
        'config',
        `${file} is valid (table "${config.table.id}", ${config.table.seats} seats, ${config.devices.length} device${config.devices.length === 1 ? '' : 's'})`,
      ),
    );
  }
  for (const problem of checked.problems) {
    results.push(
      fail(
        problem.field.startsWith('/table/') ? 'profile' : 'config',
        invalid('CONFIG_INVALID', file, [problem]).message, // word for word what `npm start` says
        '`npm start` refuses this config until it is fixed',
      ),
    );
  }
  if (checked.profiles && Object.hasOwn(checked.profiles, config.table.profile))
    results.push(ok('profile', `"${config.table.profile}" loads and is valid`));

  for (const device of checked.devices) {
    try {
      results.push(await checkDevice(device, options));
    } catch (error) {
      results.push(
        fail(`device ${device.ref.name}`, (error as Error).message, 'fix the device entry or its definition file'),
      );
    }
  }
  if (config.devices.length === 0) results.push(skip('devices', 'none configured'));

  results.push(...(await checkPorts(config)));
  const reach = checkBoardReach(config);
  if (reach) results.push(reach);
  if (config.mqtt.external) {
    const broker = await checkExternalBroker(config, options.brokerTimeoutMs);
    results.push(broker);
    if (broker.status === 'ok') results.push(await checkOtherController(config));
  }
  results.push(checkStorage(config.storage.dir));
  results.push(checkJournal(config.storage.dir));
  results.push(checkDeck(config.table.deckFile));
  results.push(
    ...checkChips({
      file: config.table.chipsFile,
      readers: checked.devices.filter((d) => findKind(d.kind)?.needsChips).map((d) => d.ref.name),
      denominations: checked.profile?.chips?.denominations ?? [],
      config: file,
    }),
  );
  return results;
}
