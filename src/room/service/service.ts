// The room service: the room engine between MQTT and its journal. Every input (a room command, a table's event,
// state or status, a timer's tick) is journaled before the engine sees it; the engine's outputs go to the room's
// topics and to the tables' `cmd/<name>`; a restarted service replays its journal and publishes only what the
// broker had not acknowledged yet. Time comes from an injected clock (the system's in production).
import { randomInt } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import mqtt, { type IClientOptions, type IClientPublishOptions, type MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import { systemClock } from '../../runtime/clock.ts';
import type { Rate } from '../../mqtt/rate-limit.ts';
import type { Clock } from '../../runtime/types.ts';
import { setupCommand } from '../config/load.ts';
import type { RoomConfig } from '../config/types.ts';
import { createRoom, type Room } from '../engine/engine.ts';
import type { RoomOutput, RoomProfile } from '../engine/types.ts';
import { createRoomCommands } from './commands.ts';
import { MONEY_EVENT_TYPES, parseObject, ROOM_EVENT_TYPES, stateDigest, tableInput } from './inbound.ts';
import { refusalOf, tableViews } from './views.ts';
import { createBatcher } from './batch.ts';
import { brokerTrouble } from './broker-trouble.ts';
import { createStatePublisher, type StateTimer } from './state-publisher.ts';
import { openRoomJournal, type RoomJournal } from './journal.ts';
import { replayInputs } from './replay.ts';
import { outputMessage, roomTopics, TABLE_TOPICS, type TableTopic } from './topics.ts';

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
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export function startRoomService(options: RoomServiceOptions): RoomService {
  const { config, logger } = options;
  const log = logger.child({ module: 'room', room: config.room.id });
  const clock = options.clock ?? systemClock();
  const topics = roomTopics(config);
  const roomId = config.room.id;
  const tableIds = new Set(config.tables.map((t) => t.id));
  const room = createRoom({ profiles: options.profiles });
  const journal = openRoomJournal(config.storage.dir);

  // Replay: the same inputs through a fresh engine give the same outputs, the same seqs.
  const published = journal.published();
  const replayed = replayInputs(journal.each(), room, published);
  clock.resume?.(replayed.lastAt);
  log.info({ inputs: replayed.inputs, published, journal: journal.path }, 'room journal opened');

  const mqttConfig = config.mqtt;
  const client: MqttClient = mqtt.connect(mqttConfig.url, {
    clientId: `room-${roomId}`,
    // A persistent session: the tables' events published while the room is down wait at the broker.
    clean: false,
    username: mqttConfig.username,
    password: mqttConfig.password,
    ca: mqttConfig.caFile ? readFileSync(mqttConfig.caFile) : undefined,
    cert: mqttConfig.certFile ? readFileSync(mqttConfig.certFile) : undefined,
    key: mqttConfig.keyFile ? readFileSync(mqttConfig.keyFile) : undefined,
    rejectUnauthorized: mqttConfig.rejectUnauthorized,
    will: { topic: topics.status, payload: Buffer.from('offline'), qos: 1, retain: true },
    // Not mqtt-packet's table of 65,536 two-byte Buffers for message ids: 6 MB of heap, a quarter of the room's.
    writeCache: false,
    ...options.mqttOptions,
  });
  const trouble = brokerTrouble(log, mqttConfig.url);
  client.on('error', (err) => trouble.error(err));

  const qos1: IClientPublishOptions = { qos: 1 };
  let chain: Promise<void> = Promise.resolve();
  // At most every STATE_EVERY_MS, and one at a time (state-publisher.ts): the snapshot of a room of hundreds of
  // tables is hundreds of kB, and re-serialising it after every input was what kept the service from keeping up
  // (docs/scaling.md). The last change always goes.
  const states = createStatePublisher({
    serialise: () => JSON.stringify(room.snapshot()),
    send: (payload) =>
      client
        .publishAsync(topics.state, payload, { qos: 1, retain: true })
        .catch((err: unknown) => log.warn({ err: String(err) }, 'room state not acknowledged')),
    everyMs: options.stateEveryMs ?? STATE_EVERY_MS,
    timer: options.stateTimer,
  });
  const publishState = () => states.changed();

  /** Publishes outputs in order; once the broker has them all, the journal records how far publishing got. */
  const publish = (outputs: RoomOutput[]) => {
    if (outputs.length === 0) return;
    const acks: Promise<unknown>[] = [];
    for (const o of outputs) {
      if (o.type === 'request.rejected' || o.type === 'input.rejected') log.info({ output: o }, 'room refusal');
      const m = outputMessage(topics, roomId, o);
      // Caught at once: a refusal (an ACL, a closing client) must not wait unhandled behind earlier steps. A message
      // the broker refused would be refused again, so it does not hold the others back.
      if (m)
        acks.push(
          client
            .publishAsync(m.topic, m.payload, { ...qos1, retain: m.retain })
            .catch((err: unknown) => log.warn({ err: String(err), topic: m.topic }, 'room output not acknowledged')),
        );
    }
    // Place 1: the tournament is over; its money's summary goes beside the journal (docs/room-money.md).
    if (outputs.some((o) => o.type === 'place' && o.place === 1)) writeSummary();
    const last = outputs[outputs.length - 1]!.seq;
    chain = chain
      .then(() => Promise.all(acks))
      .then(() => {
        if (!closed) journal.markPublished(last);
      })
      .catch((err: unknown) => log.error({ err: String(err), seq: last }, 'room journal: publishing not recorded'));
  };

  const writeSummary = () => {
    const files = room.summaryFiles(roomId);
    if (!files) return;
    const dir = config.storage.dir;
    try {
      writeFileSync(join(dir, 'summary.json'), files.json);
      writeFileSync(join(dir, 'summary.csv'), files.csv);
      writeFileSync(join(dir, 'summary.ots'), files.ots);
      log.info({ dir, pool: files.summary.pool, paidOut: files.summary.paidOut }, 'room summary written');
    } catch (err) {
      log.error({ err: (err as Error).message, dir }, 'room summary not written');
    }
  };

  let cancelTimer = () => {};
  let closed = false;
  const arm = () => {
    cancelTimer();
    cancelTimer = () => {};
    const due = room.nextDeadline();
    if (due === null || closed) return;
    cancelTimer = clock.setTimer(due, () => {
      cancelTimer = () => {};
      batch.enqueue({ type: 'tick', at: clock.now() });
    });
  };

  /** Journals the input, applies it, publishes what follows. Null when the journal cannot be written. */
  const step = (input: Obj): RoomOutput[] | null => {
    if (closed) return null;
    try {
      journal.append(input);
    } catch (err) {
      log.error({ err: (err as Error).message, input }, 'room journal write failed: input dropped');
      return null;
    }
    const outputs = room.apply(input);
    publish(outputs);
    publishState();
    arm();
    return outputs;
  };

  const batch = createBatcher({
    journal,
    apply: (input) => {
      const outputs = room.apply(input);
      publish(outputs);
      return outputs;
    },
    after: () => {
      publishState();
      arm();
    },
    isClosed: () => closed,
    log,
  });

  if (replayed.inputs === 0) {
    const seed = options.seed ?? randomInt(2 ** 31);
    step({ type: 'command', ...setupCommand(config, seed), at: clock.now() });
    log.info({ seed }, 'room set up from its config');
  }
  publish(replayed.pending);
  arm();

  const commands = createRoomCommands({
    topics,
    tableBaseTopic: mqttConfig.tableBaseTopic,
    client,
    now: () => clock.now(),
    log,
    enqueue: (input, done) => batch.enqueue(input, done),
    rate: options.commandRate,
  });

  const tablePrefix = `${mqttConfig.tableBaseTopic}/`;
  const eventTypes = config.room.money ? MONEY_EVENT_TYPES : ROOM_EVENT_TYPES;
  const digests = new Map<string, string>(); // table → what its last journaled state said
  const views = tableViews();
  client.on('message', (topic, payload, packet) => {
    if (closed) return;
    if (topic.startsWith(topics.cmd)) {
      const name = topic.slice(topics.cmd.length);
      if (name === 'result' || name.includes('/')) return;
      return commands.onCommand(name, payload, packet);
    }
    if (!topic.startsWith(tablePrefix)) return;
    const [table, kind, sub] = topic.slice(tablePrefix.length).split('/');
    if (!table || !tableIds.has(table)) return;
    if (kind === 'cmd' && sub === 'result') {
      // The table's refusal of one of the room's commands is an input: the engine retries or reports it (answers.ts).
      const answer = refusalOf(roomId, payload);
      if (answer === null) return;
      log.warn({ table, answer: parseObject(payload) }, 'table refused');
      return batch.enqueue({ type: 'table', table, answer, at: clock.now() });
    }
    if (!(TABLE_TOPICS as readonly string[]).includes(kind ?? '') || sub !== undefined) return;
    const input = tableInput(table, kind as TableTopic, payload, clock.now());
    if (typeof input === 'string') return log.warn({ topic, reason: input }, 'table message dropped');
    // Events the room never got (a seq beyond the next one) make its picture of the table stale until a state as new.
    const gap = views.saw(table, isObj(input.event) ? input.event.seq : isObj(input.state) ? input.state.seq : null);
    if (gap !== null) batch.enqueue({ type: 'table', table, stale: gap, at: clock.now() });
    if (isObj(input.event) && !eventTypes.has(String(input.event.type))) return;
    if (isObj(input.state)) {
      const digest = stateDigest(input.state);
      if (digests.get(table) === digest) return;
      digests.set(table, digest);
    }
    batch.enqueue(input);
  });

  let ready = false;
  const connectedWaiters: (() => void)[] = [];
  client.on('connect', () => {
    // Whatever the room knew of each table may be out of date now: it acts on none until a fresh state (views.ts);
    // the retained states that come with the subscriptions are journaled even when they look like the last ones.
    digests.clear();
    for (const table of tableIds) batch.enqueue({ type: 'table', table, stale: 0, at: clock.now() });
    trouble.connected();
    client.publish(topics.status, 'online', { qos: 1, retain: true });
    states.connected();
    const subs: string[] = [`${topics.cmd}+`];
    for (const id of tableIds) {
      for (const kind of TABLE_TOPICS) subs.push(`${topics.table(id)}/${kind}`);
      subs.push(`${topics.table(id)}/cmd/result`);
    }
    client.subscribe(subs, { qos: 1 }, (err, granted) => {
      if (err) return log.error({ err: err.message }, 'room subscribe failed');
      const refused = (granted ?? []).filter((g) => g.qos === 128).map((g) => g.topic);
      if (refused.length > 0) log.error({ refused }, 'the broker refused subscriptions (check the ACL)');
      log.info({ tables: tableIds.size }, 'room online');
      ready = true;
      for (const w of connectedWaiters.splice(0)) w();
    });
  });

  return {
    room,
    journal,
    whenConnected: () => new Promise<void>((resolve) => (ready ? resolve() : connectedWaiters.push(resolve))),
    async close() {
      if (closed) return;
      batch.flush(); // what arrived is journaled and applied before the room goes
      cancelTimer();
      states.flush(client.connected);
      if (client.connected) {
        await chain;
        await client.publishAsync(topics.status, 'offline', { qos: 1, retain: true }).catch(() => undefined);
      }
      closed = true;
      await client.endAsync(!client.connected);
      journal.close();
    },
  };
}
