// `npm start -- --config FILE`: the table with its real devices, as systemd runs it.
import { dirname, resolve } from 'node:path';
import type { Logger } from 'pino';
import { loadTableConfig, type ResolvedDevice } from '../config/load.ts';
import { invalid } from '../config/schema.ts';
import type { TableConfig } from '../config/types.ts';
import { loadDeck } from '../deck/store.ts';
import { loadChips } from '../chips-enroll/store.ts';
import { CHIP_READER_KIND } from '../config/places.ts';
import type { Profile } from '../domain/profile.ts';
import { TableError } from '../domain/errors.ts';
import { specOf } from '../config/device-specs.ts';
import { createSimulatedBoard } from '../hardware/firmata/simulated.ts';
// Light: nfc-pcsc itself is loaded by the shoe when it starts (shoe/backend.ts).
import { createShoe, createSimulatedShoe, SHOE_KIND } from '../hardware/shoe/index.ts';
import { ANTENNA_KIND, antennaPlace, createAntenna, createSimulatedAntenna } from '../hardware/antenna/index.ts';
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

/** The serial drivers are loaded only for a table that has such a device: serialport and johnny-five (a Firmata
 * board, johnny.ts) and the serial display stay out of a table without them (docs/bench.md); so are the chip
 * readers. `chips` are the enrolled chip tags a chip reader needs (table.chipsFile). */
export async function buildDevice(
  resolved: ResolvedDevice,
  extras: { chips?: ReadonlyMap<string, number> } = {},
): Promise<Device> {
  const { ref } = resolved;
  if (resolved.kind === CHIP_READER_KIND) return buildChipReader(resolved, extras.chips ?? new Map());
  if (resolved.simulated) {
    if (resolved.kind === SHOE_KIND) return createSimulatedShoe(ref.name);
    if (resolved.kind === ANTENNA_KIND) return createSimulatedAntenna(ref.name, antennaPlace(ref));
    if (resolved.kind === 'firmata-board') return createSimulatedBoard({ name: ref.name });
    if (resolved.kind === 'serial-display') {
      return (await import('../hardware/serial-board/simulated.ts')).createSimulatedDisplay({ name: ref.name });
    }
  } else {
    if (resolved.kind === SHOE_KIND) return createShoe(resolved.definition, ref);
    if (resolved.kind === ANTENNA_KIND) return createAntenna(resolved.definition, ref);
    if (resolved.kind === 'firmata-board') {
      const { createFirmataBoard } = await import('../hardware/firmata/board.ts');
      return createFirmataBoard(
        { name: ref.name, ...(ref.port !== undefined ? { port: ref.port } : {}), file: resolved.definition.file },
        specOf(resolved.definition, 'firmata-board'),
      );
    }
    if (resolved.kind === 'serial-display') {
      const { createSerialDisplay } = await import('../hardware/serial-board/display.ts');
      return createSerialDisplay(
        { name: ref.name, ...(ref.port !== undefined ? { port: ref.port } : {}) },
        specOf(resolved.definition, 'serial-display'),
      );
    }
  }
  throw new TableError('DEVICE_INVALID', `device "${ref.name}": kind "${resolved.kind}" has no driver in this version`);
}

async function buildChipReader(resolved: ResolvedDevice, chips: ReadonlyMap<string, number>): Promise<Device> {
  const { createChipReader, createSimulatedChipReader, chipReaderSeat, DEFAULT_SETTLE_MS } =
    await import('../hardware/chip-reader/index.ts');
  if (!resolved.simulated) return createChipReader(resolved.definition, resolved.ref, chips);
  const { ref } = resolved;
  const settings = { name: ref.name, seat: chipReaderSeat(ref), settleMs: DEFAULT_SETTLE_MS, chips };
  return createSimulatedChipReader(settings);
}

/** The enrolled chips when a chip reader needs them, checked against the values in play (the profile's). */
function tableChips(config: TableConfig, devices: readonly ResolvedDevice[], profile: Profile, logger: Logger) {
  if (config.table.chipsFile === null || !devices.some((d) => d.kind === CHIP_READER_KIND)) return undefined;
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
