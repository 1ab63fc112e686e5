// Room service tests on a real broker: fake tables (test/helpers/room.ts) that listen on their `cmd/<name>` topics and
// publish their events, retained state and status as a table does, and a room config file for the service.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MqttClient } from 'mqtt';
import pino from 'pino';
import { fakeClock } from '../../src/runtime/clock.ts';
import { loadRoomConfig } from '../../src/room/config/load.ts';
import { loadRoomProfiles } from '../../src/room/config/profiles.ts';
import { startRoomService, type RoomService, type RoomServiceOptions } from '../../src/room/service/service.ts';
import type { TableCommand } from '../../src/room/engine/types.ts';
import { connectClient } from './mosquitto.ts';
import { FakeTable } from './room.ts';

type Event = Record<string, unknown>;

export class MqttTable {
  readonly fake: FakeTable;
  /** Every command that reached the table over MQTT, with the topic it came on and its id. */
  readonly commands: { topic: string; command: TableCommand; id: unknown }[] = [];
  private constructor(
    readonly client: MqttClient,
    readonly id: string,
    seats: number,
  ) {
    this.fake = new FakeTable(id, seats);
  }

  /** `answers`: each command is answered on `cmd/result` as a table's bridge answers it (`{id, ok}`, or `ok: false`
   * with the table's `code`: `seat-empty` for a move-player of an empty seat, `seat-taken`), refusals kept in
   * `refused`. */
  readonly refused: { id: unknown; code: string }[] = [];

  static async start(
    url: string,
    id: string,
    seats: number,
    auth: object = {},
    options: { answers?: boolean } = {},
  ): Promise<MqttTable> {
    const client = await connectClient(url, { clientId: `fake-${id}`, ...auth });
    const t = new MqttTable(client, id, seats);
    client.on('message', (topic, payload) => {
      const name = topic.slice(`pokertable/${id}/cmd/`.length);
      const body = JSON.parse(payload.toString()) as Record<string, unknown>;
      const command = { ...body, name } as unknown as TableCommand;
      t.commands.push({ topic, command, id: body.id });
      const events = t.fake.receive(command);
      t.publish(events);
      if (!options.answers) return;
      const no = events.find((e) => e.type === 'request.rejected');
      const code = no ? (no.reason === 'no-player' ? 'seat-empty' : String(no.reason)) : null;
      if (code !== null) t.refused.push({ id: body.id, code });
      const answer = code === null ? { id: body.id, ok: true } : { id: body.id, ok: false, code, message: code };
      client.publish(`pokertable/${id}/cmd/result`, JSON.stringify(answer), { qos: 1 });
    });
    await client.subscribeAsync(`pokertable/${id}/cmd/+`, { qos: 1 });
    return t;
  }

  get base(): string {
    return `pokertable/${this.id}`;
  }

  online(): void {
    this.client.publish(`${this.base}/status`, 'online', { qos: 1, retain: true });
  }

  /** Events in order, then the retained state, as the table's bridge publishes them. */
  publish(events: Event[]): void {
    for (const e of events) this.client.publish(`${this.base}/events`, JSON.stringify(e), { qos: 1 });
    if (events.length > 0)
      this.client.publish(`${this.base}/state`, JSON.stringify(this.fake.state()), { qos: 1, retain: true });
  }

  /** One hand: starts, busts these seats (with their stacks at the start), ends. */
  hand(busts: { seat: number; stackAtStart?: number }[] = []): void {
    this.publish(this.fake.startHand());
    this.publish(this.fake.endHand(busts));
  }

  named(name: string): TableCommand[] {
    return this.commands.map((c) => c.command).filter((c) => c.name === name);
  }

  count(): number {
    return this.fake.players.filter((p) => p !== null).length;
  }

  async close(): Promise<void> {
    await this.client.endAsync(true);
  }
}

export interface RoomFile {
  file: string;
  dir: string;
}

/** A room.yaml in a temp dir (its journal under it): tables A and B of 6, TDA, starting stack 1000. */
export function writeRoomConfig(url: string, extra: { mqtt?: string; id?: string } = {}): RoomFile {
  const dir = mkdtempSync(join(tmpdir(), 'pokertable-room-'));
  const file = join(dir, 'room.yaml');
  writeFileSync(
    file,
    [
      `room: { id: ${extra.id ?? 'r1'}, profile: tda, startingStack: 1000 }`,
      'tables: [{ id: A, seats: 6 }, { id: B, seats: 6 }]',
      'breakOrder: [A, B]',
      `mqtt: { url: "${url}", baseTopic: room, tableBaseTopic: pokertable${extra.mqtt ? `, ${extra.mqtt}` : ''} }`,
      'storage: { dir: journal }',
      'log: { level: warn }',
      '',
    ].join('\n'),
  );
  return { file, dir };
}

/** The room service on `url` with writeRoomConfig's room, the shipped room profiles, a quiet logger, a fake clock at
 * 1,000,000 and seed 11; `options` replaces any of them. The caller closes it. */
export function startRoomOn(url: string, options: Partial<RoomServiceOptions> = {}): RoomService {
  return startRoomService({
    config: loadRoomConfig(writeRoomConfig(url).file),
    profiles: loadRoomProfiles(),
    logger: pino({ level: process.env.LOG_LEVEL ?? 'silent' }),
    clock: fakeClock(1_000_000),
    seed: 11,
    ...options,
  });
}

/** Polls a condition on what other clients (the fake tables) received: `collect().until` re-checks only on its own
 * client's messages. */
export async function waitFor(pred: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    if (pred()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}
