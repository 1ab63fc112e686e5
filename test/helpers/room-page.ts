// The room pages' tests' stack: a real mosquitto with the example's security lines and ACL (plus a floor account
// narrowed by hand, floor-desk, that may not register), fake tables A, B and C (C closed at first) that answer over
// MQTT with a state that has a hand number and a level as a real table's does, the room service (room main-event,
// TDA, starting stack 1000) and its pages, and an observer of room/main-event/# with the floor account.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MqttClient } from 'mqtt';
import pino from 'pino';
import { loadStructures } from '../../src/config/structures.ts';
import { loadRoomConfig } from '../../src/room/config/load.ts';
import { loadRoomProfiles } from '../../src/room/config/profiles.ts';
import { startRoomPages, type RoomPages } from '../../src/room/service/pages.ts';
import { startRoomService, type RoomService } from '../../src/room/service/service.ts';
import { systemClock } from '../../src/runtime/clock.ts';
import { collect, connectClient, freePort, startMosquitto, type Mosquitto } from './mosquitto.ts';
import { MqttTable } from './room-mqtt.ts';
import { exampleSecurityLines } from './mosquitto-example.ts';

export const pageUsers = {
  'pokertable-controller': 'ctl-pw',
  display: 'display-pw',
  floor: 'floor-pw',
  'room-main-event': 'room-password',
  // A floor account narrowed by hand that was never given `register`: the broker drops its registrations silently.
  'floor-desk': 'desk-pw',
};
const NARROWED_ACCOUNT = ['user floor-desk', 'topic read room/+/cmd/result', 'topic write room/+/cmd/levels-pause', ''];

export interface RoomPageStack {
  broker: Mosquitto;
  tables: { A: MqttTable; B: MqttTable; C: MqttTable };
  service: RoomService;
  pages: RoomPages;
  observer: MqttClient;
  seen: ReturnType<typeof collect>;
  stop(): Promise<void>;
}

/** `money`: a room.money in YAML flow style (test/room/room-page-money.test.ts). */
export async function startRoomPageStack(options: { money?: string } = {}): Promise<RoomPageStack> {
  const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });
  // The example's security lines (no anonymous client, the password file, the ACL), as room-acl-mosquitto does.
  const security = exampleSecurityLines();
  const broker = await startMosquitto({
    users: pageUsers,
    files: {
      'pokertable.acl': `${readFileSync('config/mosquitto/pokertable.acl', 'utf8')}\n${NARROWED_ACCOUNT.join('\n')}`,
    },
    config: security,
  });
  const table = { username: 'pokertable-controller', password: pageUsers['pokertable-controller'] };
  const tables = {
    A: await MqttTable.start(broker.url, 'A', 6, table),
    B: await MqttTable.start(broker.url, 'B', 6, table),
    C: await MqttTable.start(broker.url, 'C', 6, table),
  };
  // A table's state also has its hand number and the level in force (the room's last level-set), as a real one.
  for (const t of Object.values(tables)) {
    const plain = t.fake.state.bind(t.fake);
    t.fake.state = () => ({ ...plain(), hand: t.fake.hand || null, level: t.named('level-set').at(-1) ?? null });
  }
  const observer = await connectClient(broker.url, { username: 'floor', password: 'floor-pw', clientId: 'observer' });
  const seen = collect(observer);
  await observer.subscribeAsync(['room/main-event/#'], { qos: 1 });

  const dir = mkdtempSync(join(tmpdir(), 'pokertable-room-pages-'));
  const file = join(dir, 'room.yaml');
  writeFileSync(
    file,
    [
      `room: { id: main-event, profile: tda, startingStack: 1000${options.money ? `, money: ${options.money}` : ''} }`,
      'tables: [{ id: A, seats: 6 }, { id: B, seats: 6 }, { id: C, seats: 6, open: false }]',
      'breakOrder: [C, A, B]',
      `mqtt: { url: "${broker.url}", username: room-main-event, password: ${pageUsers['room-main-event']} }`,
      'storage: { dir: journal }',
      'log: { level: warn }',
      `web: { port: ${await freePort()} }`,
      '',
    ].join('\n'),
  );
  const config = loadRoomConfig(file);
  const clock = systemClock();
  const service = startRoomService({ config, profiles: loadRoomProfiles(), logger, clock, seed: 11 });
  await service.whenConnected();
  const pages = await startRoomPages({ config, now: clock.now, logger, structures: loadStructures() });
  for (const t of Object.values(tables)) t.online();
  return {
    broker,
    tables,
    service,
    pages,
    observer,
    seen,
    async stop() {
      await pages.close();
      await service.close();
      for (const t of Object.values(tables)) await t.close();
      observer.end(true);
      await broker.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
