// `npm start -- --config FILE`: the table with its real devices, as systemd runs it.
import { dirname, resolve } from 'node:path';
import type { Logger } from 'pino';
import { loadTableConfig, type ResolvedDevice } from '../config/load.ts';
import { invalid } from '../config/schema.ts';
import type { TableConfig } from '../config/types.ts';
import { loadDeck } from '../enrolment/deck/store.ts';
import { loadChips } from '../enrolment/chips/store.ts';
import type { Profile } from '../domain/profile/profile.ts';
import type { DeviceExtras } from '../hardware/kind.ts';
import { findKind, kindOf } from '../hardware/registry.ts';
import type { Device } from '../hardware/types.ts';
import { systemClock } from '../runtime/clock.ts';
import type { StartArgs } from './args.ts';
import { checkTableConfig } from './table-checks.ts';
import { clockStepReporter } from './clock-steps.ts';
import { hardwareBanner } from './banner.ts';
import { startTableApp, type TableApp } from './table-app.ts';
import { setUpTable } from './table-setup.ts';

/** The config with the command line's port overrides applied. */
export function configWithArgs(config: Readonly<TableConfig>, args: StartArgs): TableConfig {
  const embedded = {
    ...config.mqtt.embedded,
    ...(args.mqttPort !== null ? { port: args.mqttPort } : {}),
    ...(args.wsPort !== null ? { wsPort: args.wsPort } : {}),
  };
  return {
    ...config,
    mqtt: { ...config.mqtt, embedded },
    http: { ...config.http, ...(args.httpPort !== null ? { port: args.httpPort } : {}) },
    log: { level: args.logLevel ?? config.log.level },
  };
}

/** A device's driver, or its simulated twin, from its kind's entry in the device registry. Drivers are loaded only
 * for a table that has such a device: serialport and johnny-five (a Firmata board, johnny.ts), the serial display and
 * the chip readers stay out of a table without them (docs/bench.md). `chips` are the enrolled chip tags a chip reader
 * needs (table.chipsFile). */
export async function buildDevice(resolved: ResolvedDevice, extras: DeviceExtras = {}): Promise<Device> {
  const entry = kindOf(resolved.kind, resolved.ref.name);
  return resolved.simulated
    ? entry.simulate(resolved.ref, extras)
    : entry.create(resolved.definition, resolved.ref, extras);
}

/** The enrolled chips when a chip reader needs them, checked against the values in play (the profile's). */
function tableChips(config: TableConfig, devices: readonly ResolvedDevice[], profile: Profile, logger: Logger) {
  if (config.table.chipsFile === null || !devices.some((d) => findKind(d.kind)?.needsChips)) return undefined;
  const denominations = profile.chips?.denominations ?? [];
  return loadChips(config.table.chipsFile, denominations, logger);
}

/** The table and the lines a terminal shows once it is up (banner.ts). */
export type HardwareTable = TableApp & { readonly banner: readonly string[] };

export async function startHardwareTable(
  args: StartArgs & { config: string },
  logger: Logger,
  logs = 'standard output',
): Promise<HardwareTable> {
  const config = configWithArgs(loadTableConfig(args.config), args);
  logger.level = config.log.level;
  // The same checks as `npm run doctor`: a config the doctor passes is one the table starts with.
  const checked = checkTableConfig(config, args.config, dirname(resolve(args.config)));
  if (checked.problems.length > 0 || !checked.profiles) throw invalid('CONFIG_INVALID', args.config, checked.problems);
  const { profiles, profile } = checked;
  if (!profile) throw invalid('CONFIG_INVALID', args.config, checked.problems);
  const devices: Device[] = [];
  const chips = tableChips(config, checked.devices, profile, logger);
  for (const device of checked.devices) devices.push(await buildDevice(device, chips ? { chips } : {}));
  const deck = config.table.deckFile !== null ? loadDeck(config.table.deckFile, logger) : undefined;
  const steps = clockStepReporter(logger);
  const app = await startTableApp({
    config,
    clock: systemClock({ onStep: steps.onStep }),
    speed: 1,
    profiles,
    ...(deck ? { deck } : {}),
    devices,
    structures: checked.structures,
    logger,
    newJournal: args.newJournal,
    prepare: (runtime) => {
      steps.attach(runtime);
      setUpTable(runtime, config, profile, logger);
    },
  });
  return Object.assign(app, { banner: hardwareBanner(config, app, logs) });
}
