// What the room hears on MQTT, routed: its own commands (`room/<id>/cmd/<name>`, commands.ts) and its tables'
// `events`, `state`, `status` and `cmd/result`, each turned into an engine input (inbound.ts) and queued for the
// journal. A gap in a table's events, or a new connection, makes the room's picture of that table stale until a
// fresh state (views.ts).
import type { IPublishPacket } from 'mqtt';
import type { Logger } from 'pino';
import type { RoomConfig } from '../config/types.ts';
import { MONEY_EVENT_TYPES, parseObject, ROOM_EVENT_TYPES, stateDigest, tableInput } from './inbound.ts';
import { refusalOf, tableViews } from './views.ts';
import { TABLE_TOPICS, type RoomTopics, type TableTopic } from './topics.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface RoomInbound {
  onMessage(topic: string, payload: Buffer, packet: IPublishPacket): void;
  /** A new connection: every table is stale, and the retained states that come are journaled even if unchanged. */
  connected(): void;
  /** What the room subscribes to. */
  subscriptions(): string[];
}

export function createRoomInbound(options: {
  config: RoomConfig;
  topics: RoomTopics;
  log: Logger;
  now(): number;
  enqueue(input: Obj): void;
  onCommand(name: string, payload: Buffer, packet: IPublishPacket): void;
}): RoomInbound {
  const { config, topics, log, now, enqueue } = options;
  const roomId = config.room.id;
  const tableIds = new Set(config.tables.map((t) => t.id));
  const tablePrefix = `${config.mqtt.tableBaseTopic}/`;
  const eventTypes = config.room.money ? MONEY_EVENT_TYPES : ROOM_EVENT_TYPES;
  const digests = new Map<string, string>(); // table → what its last journaled state said
  const views = tableViews();

  function onTableTopic(topic: string, table: string, kind: string | undefined, payload: Buffer): void {
    const input = tableInput(table, kind as TableTopic, payload, now());
    if (typeof input === 'string') return log.warn({ topic, reason: input }, 'table message dropped');
    // Events the room never got (a seq beyond the next one) make its picture of the table stale until a state as new.
    const gap = views.saw(table, isObj(input.event) ? input.event.seq : isObj(input.state) ? input.state.seq : null);
    if (gap !== null) enqueue({ type: 'table', table, stale: gap, at: now() });
    if (isObj(input.event) && !eventTypes.has(String(input.event.type))) return;
    if (isObj(input.state)) {
      const digest = stateDigest(input.state);
      if (digests.get(table) === digest) return;
      digests.set(table, digest);
    }
    enqueue(input);
  }

  function onMessage(topic: string, payload: Buffer, packet: IPublishPacket): void {
    if (topic.startsWith(topics.cmd)) {
      const name = topic.slice(topics.cmd.length);
      if (name === 'result' || name.includes('/')) return;
      return options.onCommand(name, payload, packet);
    }
    if (!topic.startsWith(tablePrefix)) return;
    const [table, kind, sub] = topic.slice(tablePrefix.length).split('/');
    if (!table || !tableIds.has(table)) return;
    if (kind === 'cmd' && sub === 'result') {
      // The table's refusal of one of the room's commands is an input: the engine retries or reports it (answers.ts).
      const answer = refusalOf(roomId, payload);
      if (answer === null) return;
      log.warn({ table, answer: parseObject(payload) }, 'table refused');
      return enqueue({ type: 'table', table, answer, at: now() });
    }
    if (!(TABLE_TOPICS as readonly string[]).includes(kind ?? '') || sub !== undefined) return;
    onTableTopic(topic, table, kind, payload);
  }

  return {
    onMessage,
    connected() {
      // Whatever the room knew of each table may be out of date now: it acts on none until a fresh state (views.ts);
      // the retained states that come with the subscriptions are journaled even when they look like the last ones.
      digests.clear();
      for (const table of tableIds) enqueue({ type: 'table', table, stale: 0, at: now() });
    },
    subscriptions() {
      const subs: string[] = [`${topics.cmd}+`];
      for (const id of tableIds) {
        for (const kind of TABLE_TOPICS) subs.push(`${topics.table(id)}/${kind}`);
        subs.push(`${topics.table(id)}/cmd/result`);
      }
      return subs;
    },
  };
}
