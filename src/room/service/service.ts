// The room service: the room engine between MQTT and its journal. Every input (a room command, a table's event,
// state or status, a timer's tick) is journaled before the engine sees it; the engine's outputs go to the room's
// topics and to the tables' `cmd/<name>`; a restarted service replays its journal and publishes only what the
// broker had not acknowledged yet. Time comes from an injected clock (the system's in production).
import { randomInt } from 'node:crypto';
import type { IClientOptions, MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import { systemClock } from '../../runtime/clock.ts';
import { DeadlineTimer } from '../../runtime/deadline.ts';
import type { Rate } from '../../mqtt/rate-limit.ts';
import type { Clock } from '../../runtime/types.ts';
import { setupCommand } from '../config/load.ts';
import type { RoomConfig } from '../config/types.ts';
import type { Room } from '../engine/engine.ts';
import type { RoomProfile } from '../engine/types.ts';
import { createBatcher, type Batcher } from './batch.ts';
import { brokerTrouble } from './broker-trouble.ts';
import { roomAtCheckpoint, roomCheckpoints } from './checkpoint.ts';
import { createRoomHealth, type RoomHealth } from './health.ts';
import { connectRoomClient } from './client.ts';
import { openRoomJournal, type RoomJournal } from './journal.ts';
import { createOutputPublisher, writeSummary } from './outputs.ts';
import { replayInputs, type Replayed } from './replay.ts';
import { createStatePublisher, type StatePublisher, type StateTimer } from './state-publisher.ts';
import { roomTopics, type RoomTopics } from './topics.ts';
import { listen } from './listen.ts';

export interface RoomServiceOptions {
  config: Readonly<RoomConfig>;
  profiles: Readonly<Record<string, RoomProfile>>;
  logger: Logger;
  /** Default: the system clock. */
  clock?: Clock;
  /** The draws' seed for a new journal. Default: a fresh random one. */
  seed?: number;
  /** The retained `state` is published at most this often (ms). Default STATE_EVERY_MS. */
  stateEveryMs?: number;
  /** The state's throttle (tests: a manual one). Default: setTimeout. */
  stateTimer?: StateTimer;
  /** Room commands from the floor, all together (default: the table's, 20 a second in bursts of 50); null: none. */
  commandRate?: Rate | null;
  /** Extra MQTT.js options (tests: reconnectPeriod). */
  mqttOptions?: IClientOptions;
  /** `--new-journal`: a damaged or emptied journal is kept aside and a new one, with a new epoch, begun. */
  newJournal?: boolean;
}

export interface RoomService {
  readonly room: Room;
  readonly journal: RoomJournal;
  whenConnected(): Promise<void>;
  /** Marks the room offline, waits for what is in flight, closes the journal. */
  close(): Promise<void>;
}

type Obj = Record<string, unknown>;

export const STATE_EVERY_MS = 250;

export function startRoomService(options: RoomServiceOptions): RoomService {
  const { config } = options;
  const log = options.logger.child({ module: 'room', room: config.room.id });
  const clock = options.clock ?? systemClock();
  const topics = roomTopics(config);
  const roomId = config.room.id;
  const health = createRoomHealth(clock, log);
  const journal = openJournal(options, health, log);
  const { room, replayed, fresh } = replay(journal, options, clock, log);

  let client: MqttClient;
  try {
    client = connectRoomClient(config, topics, options.mqttOptions);
  } catch (err) {
    journal.close(); // an unreadable TLS file: the lock goes with it, and the config error names the file
    throw err;
  }
  const trouble = brokerTrouble(log, config.mqtt.url);
  client.on('error', (err) => trouble.error(err));

  let closed = false;
  const isClosed = () => closed;
  const states = roomStates(room, journal.epoch, client, topics, log, options);
  const checkpoints = roomCheckpoints(journal, room, { profiles: options.profiles }, config.storage, log);
  const outputs = createOutputPublisher({
    client,
    topics,
    roomId,
    journal,
    log,
    isClosed,
    finished: () => writeSummary(room, roomId, config.storage.dir, log),
  });
  const queueTick = () => batch.enqueue({ type: 'tick', at: clock.now() });
  // The engine's next deadline on the clock, as the table's runtime arms it: a tick is queued when it comes.
  const timer = new DeadlineTimer({
    clock,
    logger: log,
    nextDeadline: () => room.nextDeadline(),
    tick: queueTick,
    isClosed,
  });
  const batch: Batcher = createBatcher({
    journal,
    apply: (input) => {
      const out = room.apply(input);
      outputs.publish(out);
      return out;
    },
    after: (count) => {
      states.changed();
      timer.schedule();
      checkpoints.after(count);
    },
    isClosed,
    log,
  });
  health.attach({ client, topic: topics.health, epoch: journal.epoch, probe: queueTick });

  if (fresh) {
    const setup = setupInput(config, options.seed, clock, log);
    if (journalOne(journal, setup, log)) {
      outputs.publish(room.apply(setup));
      states.changed();
    }
  }
  outputs.publish(replayed.pending);
  timer.schedule();

  const rate = options.commandRate;
  const connection = listen({ client, config, topics, log, clock, batch, rate, states, health, trouble, isClosed });

  return {
    room,
    journal,
    whenConnected: connection.whenConnected,
    async close() {
      if (closed) return;
      batch.flush(); // what arrived is journaled and applied before the room goes
      timer.cancel();
      health.stop();
      states.flush(client.connected);
      if (client.connected) {
        await outputs.settled();
        await client.publishAsync(topics.status, 'offline', { qos: 1, retain: true }).catch(() => undefined);
      }
      closed = true;
      await client.endAsync(!client.connected);
      journal.close();
    },
  };
}

/** The journal in `storage.dir`: a write that fails (a full disk) or passes again goes to the room's health. */
function openJournal(options: RoomServiceOptions, health: RoomHealth, log: Logger): RoomJournal {
  const journal = openRoomJournal(options.config.storage.dir, options.config.room.id, {
    newJournal: options.newJournal,
    onWritable: (problem) => health.onWritable(problem),
    onDiskError: (err) => log.error({ err: err.message }, 'the room journal: the disk is failing'),
  });
  if (journal.setAside) {
    log.warn(
      { damaged: journal.setAside, epoch: journal.epoch },
      'the damaged journal was kept aside; a new one starts',
    );
  } else if (options.newJournal) log.warn('--new-journal: the journal is sound, so it is kept (the flag did nothing)');
  return journal;
}

/** Replay from the newest usable checkpoint: the same inputs through the engine give the same outputs, the same seqs. */
function replay(journal: RoomJournal, options: RoomServiceOptions, clock: Clock, log: Logger) {
  const published = journal.published();
  const start = roomAtCheckpoint(journal, { profiles: options.profiles }, published, log);
  const replayed: Replayed = replayInputs(journal.each(start.afterId), start.room, published);
  clock.resume?.(Math.max(start.at, replayed.lastAt));
  log.info(
    { inputs: replayed.inputs, checkpoint: start.afterId, published, journal: journal.path, epoch: journal.epoch },
    'room journal opened',
  );
  return { room: start.room, replayed, fresh: start.afterId === 0 && replayed.inputs === 0 };
}

/** A new journal's first input: the config's setup, with the seed given or a fresh random one. */
function setupInput(config: RoomConfig, given: number | undefined, clock: Clock, log: Logger): Obj {
  const seed = given ?? randomInt(2 ** 31);
  log.info({ seed }, 'room set up from its config');
  return { type: 'command', ...setupCommand(config, seed), at: clock.now() };
}

/** Writes one input before it is applied; false (logged) when the journal refused it. */
function journalOne(journal: RoomJournal, input: Obj, log: Logger): boolean {
  try {
    journal.append(input);
    return true;
  } catch (err) {
    log.error({ err: (err as Error).message, input }, 'room journal write failed: input dropped');
    return false;
  }
}

/** At most every STATE_EVERY_MS, and one at a time (state-publisher.ts): the snapshot of a room of hundreds of
 * tables is hundreds of kB, and re-serialising it after every input was what kept the service from keeping up
 * (docs/scaling.md). The last change always goes. */
function roomStates(
  room: Room,
  epoch: string,
  client: MqttClient,
  topics: RoomTopics,
  log: Logger,
  options: Pick<RoomServiceOptions, 'stateEveryMs' | 'stateTimer'>,
): StatePublisher {
  return createStatePublisher({
    // The journal's epoch, as the table's `state` carries it: a new journal numbers seqs from 1 again.
    serialise: () => JSON.stringify({ ...room.snapshot(), epoch }),
    send: (payload) =>
      client
        .publishAsync(topics.state, payload, { qos: 1, retain: true })
        .catch((err: unknown) => log.warn({ err: String(err) }, 'room state not acknowledged')),
    everyMs: options.stateEveryMs ?? STATE_EVERY_MS,
    timer: options.stateTimer,
  });
}
