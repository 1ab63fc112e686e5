// The running table, whatever drives it: journal + engine (runtime), MQTT (embedded broker or external), devices,
// the display board over HTTP. Built in dependency order and stopped in the order shutdown needs: offline on MQTT
// first, then devices dark, then the journal flushed and closed.
import { readFileSync } from 'node:fs';
import type { Logger } from 'pino';
import type { BlindStructure } from '../config/structures.ts';
import type { TableConfig } from '../config/types.ts';
import { TableError } from '../domain/errors.ts';
import type { Profile } from '../domain/profile.ts';
import type { TableEvent } from '../domain/types.ts';
import type { Device } from '../hardware/types.ts';
import { startEmbeddedBroker, startMqttBridge, type EmbeddedBroker, type MqttBridge } from '../mqtt/index.ts';
import type { BrokerTarget } from '../mqtt/broker-pipe.ts';
import { TableHealth } from '../runtime/health.ts';
import { tableLoginBackoff } from '../mqtt/auth-backoff.ts';
import { createRuntime, type TableRuntime } from '../runtime/runtime.ts';
import { StorageWatch } from '../runtime/storage-watch.ts';
import type { Clock } from '../runtime/types.ts';
import { openStore } from '../store/store.ts';
import { afterStart, AFTER_START_MS } from './after-start.ts';
import { claimTable } from './controller-claim.ts';
import { tableHealth } from './health.ts';
import { startBoardServer, type BoardPageConfig, type BoardServer } from './http.ts';

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
  readonly urls: { mqtt: string; ws: string | null; board: string | null; floor: string | null };
  /** Idempotent; never rejects (each step logs its own failure and the next one still runs). */
  stop(): Promise<void>;
}

export async function startTableApp(options: TableAppOptions): Promise<TableApp> {
  const { config, clock, logger } = options;
  const log = logger.child({ module: 'app' });
  const cleanups: { name: string; run: () => Promise<void> | void }[] = [];
  const stopAll = async () => {
    // Reverse order of start.
    for (const step of cleanups.splice(0).reverse()) {
      try {
        await step.run();
      } catch (error) {
        log.error({ err: error, step: step.name }, 'shutdown step failed');
      }
    }
  };

  try {
    // Before the journal: a table another controller holds is not ours to touch.
    const claim = await claimTable(config, logger);
    const health = new TableHealth(clock.now, logger.child({ module: 'health' }));
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
    } else if (options.newJournal)
      log.warn('--new-journal: the journal is sound, so it is kept (the flag did nothing)');
    const runtime = createRuntime({
      table: { profiles: options.profiles, ...(options.deck ? { deck: options.deck } : {}) },
      store,
      clock,
      logger,
      retentionDays: config.storage.retentionDays,
    });
    storage.attach(runtime.submit);
    // Closing the runtime flushes and closes the journal: the last thing to go.
    cleanups.push({
      name: 'journal',
      run: () => {
        storage.stop();
        runtime.close();
      },
    });
    options.prepare?.(runtime);

    const broker = config.mqtt.external
      ? null
      : await startEmbeddedBroker({
          embedded: config.mqtt.embedded,
          base: `${config.mqtt.baseTopic}/${config.table.id}`,
          logger,
          // password guessing slowed per address, and shown on the table's health while it lasts
          loginBackoff: tableLoginBackoff(health, logger),
        });
    if (broker) {
      cleanups.push({
        name: 'broker',
        run: async () => {
          // `offline` was confirmed to the table's own client; give the broker a moment to write it to the room's
          // subscribers before their connections are cut.
          await delay(BROKER_LINGER_MS);
          await broker.close();
        },
      });
    }

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
    cleanups.push({ name: 'mqtt', run: () => bridge.close() });
    // Ready means on MQTT too, when the broker can be had: the embedded one answers at once; an external one that is
    // down at boot must not keep the table from starting (the bridge keeps trying, the journal keeps everything).
    const connected = await Promise.race([
      bridge.whenConnected().then(() => true),
      delay(MQTT_WAIT_MS).then(() => false),
      claim.conflict,
    ]);
    if (!connected) log.warn({ waitedMs: MQTT_WAIT_MS }, 'MQTT broker not reachable yet; starting anyway and retrying');

    // Devices after the bridge, so it sees their `device.online` and retains `devices/<name>`.
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
    cleanups.push({
      name: 'devices',
      run: async () => {
        await Promise.all(
          started.map((d) =>
            d.stop().catch((error: unknown) => log.error({ err: error, device: d.name }, 'device stop failed')),
          ),
        );
      },
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
    cleanups.push({ name: 'render', run: () => unrender() });
    render([]);

    let board: BoardServer | null = null;
    const pipe = config.http.port !== null ? pipeTarget(config) : null;
    if (config.http.port !== null) {
      board = await startBoardServer({
        host: config.http.host,
        port: config.http.port,
        now: clock.now,
        speed: options.speed,
        logger,
        health: tableHealth(runtime, bridge, clock.now(), clock.now),
        page: {
          tableId: config.table.id,
          base: bridge.base,
          structures: options.structures ?? [],
          roomBase: config.room ? `room/${config.room}` : null,
          mqtt: pageBroker(config, broker),
        },
        ...(pipe ? { pipe } : {}),
      });
      if (broker && broker.wsPort === null)
        log.warn(
          'the display board and the floor page cannot reach the broker: mqtt.embedded.wsPort is null; ' +
            'set it (8083), or set http.port: null if no board is wanted',
        );
      const b = board;
      cleanups.push({ name: 'http', run: () => b.close() });
    }

    const shownHost = (h: string) => (h === '0.0.0.0' || h === '::' ? 'localhost' : h);
    const urls = {
      mqtt: broker ? `mqtt://${shownHost(broker.host)}:${broker.port}` : (config.mqtt.external?.url ?? ''),
      ws: broker?.wsPort ? `ws://${shownHost(broker.host)}:${broker.wsPort}` : null,
      board: board?.url ?? null,
      floor: board ? `${board.url}floor` : null,
    };
    let stopping: Promise<void> | null = null;
    const app: TableApp = {
      runtime,
      bridge,
      broker,
      board,
      health,
      urls,
      stop: () => (stopping ??= stopAll()),
    };
    claim.conflict.catch((error: Error) => (options.onConflict ?? exitOnConflict(logger))(error, app));
    setTimeout(afterStart, AFTER_START_MS).unref();
    return app;
  } catch (error) {
    await stopAll();
    throw error;
  }
}

function exitOnConflict(logger: Logger) {
  return (error: Error, app: TableApp) => {
    logger.fatal({ err: error }, 'another controller holds this table; stopping');
    process.stderr.write(`pokertable: ${error.message}\n`);
    void app.stop().finally(() => process.exit(1));
  };
}

/** Where the pages find the broker: the embedded one's WebSocket port; an external broker's own ws(s):// URL; or
 * `/mqtt` on the board's port, carried to an external mqtt(s):// broker (pipeTarget), as the room's pages do. */
function pageBroker(config: Readonly<TableConfig>, broker: EmbeddedBroker | null): BoardPageConfig['mqtt'] {
  if (broker) return { url: null, port: broker.wsPort, path: '' };
  const url = config.mqtt.external?.url ?? '';
  return /^wss?:\/\//.test(url) ? { url, port: null, path: '' } : { url: null, port: null, path: BOARD_PIPE_PATH };
}

const BOARD_PIPE_PATH = '/mqtt';

/** The external broker the board's `/mqtt` carries browsers to, when the browsers cannot reach it themselves. Each
 * browser logs in with its own account (the board anonymously, the floor page with a floor account): the table lends
 * them neither its account nor its client certificate. */
function pipeTarget(config: Readonly<TableConfig>): BrokerTarget | null {
  const ext = config.mqtt.external;
  if (!ext || !/^mqtts?:\/\//.test(ext.url)) return null;
  return {
    url: ext.url,
    rejectUnauthorized: ext.rejectUnauthorized,
    ...(ext.caFile ? { ca: readFileSync(ext.caFile) } : {}),
  };
}
