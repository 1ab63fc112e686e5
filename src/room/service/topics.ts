// The room's topics (protocol.md, "The room") and what each of the engine's outputs becomes on MQTT.
import type { RoomConfig } from '../config/types.ts';
import type { RoomOutput } from '../engine/types.ts';

export interface RoomTopics {
  /** `room/<id>` */
  base: string;
  status: string;
  /** Retained: `{state: "ok" | "degraded", reasons, since, epoch}`, as a table's `<base>/health` (health.ts). */
  health: string;
  clock: string;
  state: string;
  moves: string;
  places: string;
  /** The money's events (rebuy, add-on, bounty, payout), and the retained prize pool. */
  money: string;
  prizes: string;
  /** `room/<id>/cmd/` (then the command's name) */
  cmd: string;
  cmdResult: string;
  /** A table's base topic: `pokertable/<table>` */
  table(id: string): string;
}

export function roomTopics(config: Readonly<RoomConfig>): RoomTopics {
  const base = `${config.mqtt.baseTopic}/${config.room.id}`;
  return {
    base,
    status: `${base}/status`,
    health: `${base}/health`,
    clock: `${base}/clock`,
    state: `${base}/state`,
    moves: `${base}/moves`,
    places: `${base}/places`,
    money: `${base}/money`,
    prizes: `${base}/prizes`,
    cmd: `${base}/cmd/`,
    cmdResult: `${base}/cmd/result`,
    table: (id) => `${config.mqtt.tableBaseTopic}/${id}`,
  };
}

/** What the room reads from each table: never `secure/`. */
export const TABLE_TOPICS = ['events', 'state', 'status'] as const;
export type TableTopic = (typeof TABLE_TOPICS)[number];

export interface Message {
  topic: string;
  payload: string;
  retain: boolean;
}

/** The id the room puts in a command it sends a table, so the table's `cmd/result` answer can be told apart. */
export function sentCommandId(roomId: string, seq: number): string {
  return `room-${roomId}-${seq}`;
}

/** The message an output is published as, or null for those only answered or logged (rejections). */
export function outputMessage(topics: RoomTopics, roomId: string, o: RoomOutput): Message | null {
  switch (o.type) {
    case 'send': {
      const { name, ...fields } = o.command;
      const payload = { ...fields, id: sentCommandId(roomId, o.seq) };
      return { topic: `${topics.table(o.table)}/cmd/${name}`, payload: JSON.stringify(payload), retain: false };
    }
    case 'move': {
      const { seq, at, player, from, to, reason } = o;
      return { topic: topics.moves, payload: JSON.stringify({ seq, at, player, from, to, reason }), retain: false };
    }
    case 'clock': {
      // The same payload as a table's `<base>/clock`: the clock snapshot alone.
      const { type: _type, seq: _seq, at: _at, ...clock } = o;
      return { topic: topics.clock, payload: JSON.stringify(clock), retain: true };
    }
    case 'place': {
      const { seq, at, player, place } = o;
      return { topic: topics.places, payload: JSON.stringify({ seq, at, player, place }), retain: false };
    }
    case 'prizes': {
      const { type: _type, seq, at, ...prizes } = o;
      return { topic: topics.prizes, payload: JSON.stringify({ seq, at, ...prizes }), retain: true };
    }
    case 'rebuy':
    case 'add-on':
    case 'bounty':
    case 'payout': {
      const { seq, at, ...event } = o;
      return { topic: topics.money, payload: JSON.stringify({ seq, at, ...event }), retain: false };
    }
    case 'request.rejected':
    case 'input.rejected':
      return null;
  }
}
