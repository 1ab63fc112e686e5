// The running table, whatever drives it: journal + engine (runtime), MQTT (embedded broker or external), devices,
// the display board over HTTP. Built in dependency order and stopped in the order shutdown needs: offline on MQTT
// first, then devices dark, then the journal flushed and closed.
import type { Logger } from 'pino';
import type { BlindStructure } from '../config/structures.ts';
import type { TableConfig } from '../config/types.ts';
import { TableError } from '../domain/errors.ts';
import type { Profile } from '../domain/profile/profile.ts';
import type { TableEvent } from '../domain/types.ts';
import type { Device } from '../hardware/types.ts';
import { startEmbeddedBroker, startMqttBridge, type EmbeddedBroker, type MqttBridge } from '../mqtt/index.ts';
import { TableHealth } from '../runtime/health.ts';
import { tableLoginBackoff } from '../mqtt/auth-backoff.ts';
import { createRuntime, type TableRuntime } from '../runtime/runtime.ts';
import { StorageWatch } from '../runtime/storage-watch.ts';
import type { Clock } from '../runtime/types.ts';
import { openStore } from '../store/store.ts';
import { afterStart, AFTER_START_MS } from './after-start.ts';
import { claimTable } from './controller-claim.ts';
import type { BoardServer } from './http.ts';
import { startBoard, tableUrls, type TableUrls } from './table-board.ts';

const BROKER_LINGER_MS = 300;
const MQTT_WAIT_MS = 5000;
const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

export interface TableAppOptions {
  config: Readonly<TableConfig>;
  clock: Clock;
  /** How fast `clock` runs against the wall clock (1 in production); the board page needs it. */
  speed: number;
  profiles: Readonly<Record<string, Profile>>;
  deck?: ReadonlyMap<string, string>;
  devices: Device[];
  /** Saved blind structures, offered on the floor page. */
  structures?: readonly BlindStructure[];
  logger: Logger;
  /** `--new-journal`: a damaged journal is moved aside and a new one started (docs/durability.md). */
  newJournal?: boolean;
  /** Runs on the recovered runtime before anything can reach it (MQTT, devices): e.g. the config's `setup`. */
  prepare?: (runtime: TableRuntime) => void;
  /** Another controller for this table won on the broker after start (docs/mqtt.md). Default: log, stop, exit 1. */
  onConflict?: (error: Error, app: TableApp) => void;
}

export interface TableApp {
  readonly runtime: TableRuntime;
  readonly bridge: MqttBridge;
  readonly broker: EmbeddedBroker | null;
  readonly board: BoardServer | null;
  /** `ok`, or `degraded` with reasons (a journal that cannot be written); retained on `<base>/health`. */
  readonly health: TableHealth;
  readonly urls: TableUrls;
  /** Idempotent; never rejects (each step logs its own failure and the next one still runs). */
  stop(): Promise<void>;
}

/** Shutdown steps, run in the reverse order of start; a step that fails is logged and the next one still runs. */
class Cleanups {
  private readonly steps: { name: string; run: () => Promise<void> | void }[] = [];
  constructor(private readonly log: Logger) {}

  add(name: string, run: () => Promise<void> | void): void {
    this.steps.push({ name, run });
  }

  async runAll(): Promise<void> {
    for (const step of this.steps.splice(0).reverse()) {
      try {
        await step.run();
      } catch (error) {
        this.log.error({ err: error, step: step.name }, 'shutdown step failed');
      }
    }
  }
}

export async function startTableApp(options: TableAppOptions): Promise<TableApp> {
  const { config, clock, logger } = options;
  const log = logger.child({ module: 'app' });
  const cleanups = new Cleanups(log);
  try {
    // Before the journal: a table another controller holds is not ours to touch.
    const claim = await claimTable(config, logger);
    const health = new TableHealth(clock.now, logger.child({ module: 'health' }));
    const runtime = openRuntime(options, health, log, cleanups);
    options.prepare?.(runtime);
    const broker = await startBroker(config, health, logger, cleanups);
    // The secure stream's delay counts on the table's clock, the one that stamps the events.
    const bridge = startMqttBridge({
      runtime,
      config,
      logger,
      broker,
      presence: claim.presence,
      health,
      now: clock.now,
      setTimer: clock.setTimer,
    });
    // Publishes `offline` (retained) and confirms delivered events: the first thing shutdown does.
    cleanups.add('mqtt', () => bridge.close());
    await waitForMqtt(bridge, claim.conflict, log);
    // Devices after the bridge, so it sees their `device.online` and retains `devices/<name>`.
    await startDevices(options, runtime, log, cleanups);
    const board = await startBoard({ options, runtime, bridge, broker, log });
    if (board) cleanups.add('http', () => board.close());
    let stopping: Promise<void> | null = null;
    const app: TableApp = {
      runtime,
      bridge,
      broker,
      board,
      health,
      urls: tableUrls(config, broker, board),
      stop: () => (stopping ??= cleanups.runAll()),
    };
    claim.conflict.catch((error: Error) => (options.onConflict ?? exitOnConflict(logger))(error, app));
    setTimeout(afterStart, AFTER_START_MS).unref();
    return app;
  } catch (error) {
    await cleanups.runAll();
    throw error;
  }
}

/** The journal (set aside first if damaged and --new-journal says so) and the runtime on it. */
function openRuntime(options: TableAppOptions, health: TableHealth, log: Logger, cleanups: Cleanups): TableRuntime {
  const { config, clock, logger } = options;
  const storage = new StorageWatch({ health, clock, logger });
  const store = openStore({
    dir: config.storage.dir,
    fsync: config.storage.fsync,
    onDiskError: (err) => logger.error({ err, dir: config.storage.dir }, 'journal disk error (fsync or checkpoint)'),
    newJournalIfDamaged: options.newJournal ?? false,
    onWritable: storage.onWritable,
  });
  if (store.setAside) {
    log.warn({ damaged: store.setAside, epoch: store.epoch }, 'the damaged journal was kept aside; a new one starts');
  } else if (options.newJournal) log.warn('--new-journal: the journal is sound, so it is kept (the flag did nothing)');
  const runtime = createRuntime({
    table: { profiles: options.profiles, ...(options.deck ? { deck: options.deck } : {}) },
    store,
    clock,
    logger,
    retentionDays: config.storage.retentionDays,
  });
  storage.attach(runtime.submit);
  // Closing the runtime flushes and closes the journal: the last thing to go.
  cleanups.add('journal', () => {
    storage.stop();
    runtime.close();
  });
  return runtime;
}

async function startBroker(
  config: Readonly<TableConfig>,
  health: TableHealth,
  logger: Logger,
  cleanups: Cleanups,
): Promise<EmbeddedBroker | null> {
  if (config.mqtt.external) return null;
  const broker = await startEmbeddedBroker({
    embedded: config.mqtt.embedded,
    base: `${config.mqtt.baseTopic}/${config.table.id}`,
    logger,
    // password guessing slowed per address, and shown on the table's health while it lasts
    loginBackoff: tableLoginBackoff(health, logger),
  });
  cleanups.add('broker', async () => {
    // `offline` was confirmed to the table's own client; give the broker a moment to write it to the room's
    // subscribers before their connections are cut.
    await delay(BROKER_LINGER_MS);
    await broker.close();
  });
  return broker;
}

/** Ready means on MQTT too, when the broker can be had: the embedded one answers at once; an external one that is
 * down at boot must not keep the table from starting (the bridge keeps trying, the journal keeps everything). */
async function waitForMqtt(bridge: MqttBridge, conflict: Promise<never>, log: Logger): Promise<void> {
  const connected = await Promise.race([
    bridge.whenConnected().then(() => true),
    delay(MQTT_WAIT_MS).then(() => false),
    conflict,
  ]);
  if (!connected) log.warn({ waitedMs: MQTT_WAIT_MS }, 'MQTT broker not reachable yet; starting anyway and retrying');
}

async function startDevices(options: TableAppOptions, runtime: TableRuntime, log: Logger, cleanups: Cleanups) {
  const { logger, clock } = options;
  const ctx = {
    submit: (input: Parameters<typeof runtime.submit>[0]) => {
      try {
        runtime.submit(input);
      } catch (error) {
        // A journal that refuses inputs is the table's health's to report (once), not each device's to crash on.
        if (!(error instanceof TableError && (error.code === 'STORAGE_FULL' || error.code === 'JOURNAL_FAILED'))) {
          throw error;
        }
        log.debug({ err: error, input: input.type }, 'a device input was refused by the journal');
      }
    },
    logger,
    now: clock.now,
  };
  const started: Device[] = [];
  for (const device of options.devices) {
    await device.start({ ...ctx, logger: logger.child({ device: device.name }) });
    started.push(device);
  }
  // Stopping a device turns its outputs off (LEDs dark, digits blank).
  cleanups.add('devices', async () => {
    await Promise.all(
      started.map((d) =>
        d.stop().catch((error: unknown) => log.error({ err: error, device: d.name }, 'device stop failed')),
      ),
    );
  });
  const render = (events: readonly TableEvent[]) => {
    const snapshot = runtime.snapshot();
    for (const d of started) {
      try {
        d.render?.(events, snapshot);
      } catch (error) {
        log.error({ err: error, device: d.name }, 'device render failed');
      }
    }
  };
  const unrender = runtime.onEvents(render);
  cleanups.add('render', () => unrender());
  render([]);
}

function exitOnConflict(logger: Logger) {
  return (error: Error, app: TableApp) => {
    logger.fatal({ err: error }, 'another controller holds this table; stopping');
    process.stderr.write(`pokertable: ${error.message}\n`);
    void app.stop().finally(() => process.exit(1));
  };
}
