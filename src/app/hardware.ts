// `npm start -- --config FILE`: the table with its real devices, as systemd runs it.
import { dirname, resolve } from 'node:path';
import type { Logger } from 'pino';
import { loadTableConfig, resolveDevice, type ResolvedDevice } from '../config/load.ts';
import { loadProfiles } from '../config/profiles.ts';
import { profileDirs } from './profile-dirs.ts';
import type { TableConfig } from '../config/types.ts';
import { loadDeck } from '../deck/store.ts';
import { TableError } from '../domain/errors.ts';
import type { FirmataBoardDefinition } from '../hardware/firmata/definition.ts';
import type { SerialDisplayDefinition } from '../hardware/serial-board/definition.ts';
import { createSimulatedBoard } from '../hardware/firmata/simulated.ts';
// Light: nfc-pcsc itself is loaded by the shoe when it starts (shoe/backend.ts).
import { createShoe, createSimulatedShoe, SHOE_KIND } from '../hardware/shoe/index.ts';
import type { Device } from '../hardware/types.ts';
import { systemClock } from '../runtime/clock.ts';
import type { Runtime } from '../runtime/types.ts';
import type { StartArgs } from './args.ts';
import { startTableApp, type TableApp } from './table-app.ts';

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
 * board, johnny.ts) and the serial display stay out of a table without them (docs/bench.md). */
export async function buildDevice(resolved: ResolvedDevice): Promise<Device> {
  const { ref } = resolved;
  if (resolved.simulated) {
    if (resolved.kind === SHOE_KIND) return createSimulatedShoe(ref.name);
    if (resolved.kind === 'firmata-board') return createSimulatedBoard({ name: ref.name });
    if (resolved.kind === 'serial-display') {
      return (await import('../hardware/serial-board/simulated.ts')).createSimulatedDisplay({ name: ref.name });
    }
  } else {
    if (resolved.kind === SHOE_KIND) return createShoe(resolved.definition, ref);
    if (resolved.kind === 'firmata-board') {
      const { createFirmataBoard } = await import('../hardware/firmata/board.ts');
      return createFirmataBoard(
        { name: ref.name, ...(ref.port !== undefined ? { port: ref.port } : {}), file: resolved.definition.file },
        resolved.definition.spec as unknown as FirmataBoardDefinition,
      );
    }
    if (resolved.kind === 'serial-display') {
      const { createSerialDisplay } = await import('../hardware/serial-board/display.ts');
      return createSerialDisplay(
        { name: ref.name, ...(ref.port !== undefined ? { port: ref.port } : {}) },
        resolved.definition.spec as unknown as SerialDisplayDefinition,
      );
    }
  }
  throw new TableError('DEVICE_INVALID', `device "${ref.name}": kind "${resolved.kind}" has no driver in this version`);
}

export async function startHardwareTable(args: StartArgs & { config: string }, logger: Logger): Promise<TableApp> {
  const config = configWithArgs(loadTableConfig(args.config), args);
  logger.level = config.log.level;
  const profiles = loadProfiles(profileDirs(args.config));
  if (!Object.hasOwn(profiles, config.table.profile)) {
    throw new TableError(
      'PROFILE_UNKNOWN',
      `${config.source}: table.profile "${config.table.profile}" is not a profile ` +
        `(known: ${Object.keys(profiles).sort().join(', ')})`,
      { file: config.source, field: '/table/profile' },
    );
  }
  const configDir = dirname(resolve(args.config));
  const devices: Device[] = [];
  for (const ref of config.devices) devices.push(await buildDevice(resolveDevice(ref, configDir)));
  const deck = config.table.deckFile !== null ? loadDeck(config.table.deckFile, logger) : undefined;
  return startTableApp({
    config,
    clock: systemClock(),
    speed: 1,
    profiles,
    ...(deck ? { deck } : {}),
    devices,
    logger,
    prepare: (runtime) => setUpTable(runtime, config, logger),
  });
}

/** A table starting on an empty journal gets its `setup` from the config; after that the journal remembers. A config
 * whose seats or profile changed sets the table up again, but never in the middle of a hand. */
function setUpTable(runtime: Runtime, config: TableConfig, logger: Logger): void {
  const snapshot = runtime.snapshot();
  if (snapshot.seats === config.table.seats && snapshot.profile === config.table.profile) return;
  if (snapshot.hand !== null) {
    logger.warn(
      {
        journal: { seats: snapshot.seats, profile: snapshot.profile },
        config: { seats: config.table.seats, profile: config.table.profile },
      },
      "the config changed seats or profile during a hand; keeping the journal's until a restart between hands",
    );
    return;
  }
  runtime.submit({
    type: 'command',
    name: 'setup',
    seats: config.table.seats,
    profile: config.table.profile,
    ...(Object.keys(config.table.rules).length > 0 ? { rules: config.table.rules } : {}),
  });
}
