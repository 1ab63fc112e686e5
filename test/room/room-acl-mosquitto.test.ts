// Issue 14, item 5 on a real mosquitto run with the shipped example ACL (config/mosquitto/pokertable.acl) and the
// example config's security lines: the room account sends tables only seat-player, move-player and level-set; only
// the floor sends the room its commands; and the room service itself runs under that account.
import { readFileSync } from 'node:fs';
import type { MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadRoomConfig } from '../../src/room/config/load.ts';
import { loadRoomProfiles } from '../../src/room/config/profiles.ts';
import { startRoomService } from '../../src/room/service/service.ts';
import { collect, connectClient, mosquittoMissing, startMosquitto, type Mosquitto } from '../helpers/mosquitto.ts';
import { writeRoomConfig } from '../helpers/room-mqtt.ts';
import { exampleSecurityLines } from '../helpers/mosquitto-example.ts';

const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });
const missing = mosquittoMissing();
const users = {
  'pokertable-controller': 'ctl-pw',
  display: 'display-pw',
  floor: 'floor-pw',
  'room-main-event': 'room-password',
};
type User = keyof typeof users;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe.skipIf(missing !== null)(`room ACL on mosquitto (${missing ?? 'real broker'})`, () => {
  let broker: Mosquitto;
  beforeAll(async () => {
    const security = exampleSecurityLines();
    expect(security).toHaveLength(4);
    broker = await startMosquitto({
      users,
      files: { 'pokertable.acl': readFileSync('config/mosquitto/pokertable.acl', 'utf8') },
      config: [...security, 'use_username_as_clientid true'],
    });
  });
  afterAll(async () => {
    await broker?.dispose();
  });

  async function as(user: User): Promise<MqttClient> {
    const client = await connectClient(broker.url, { username: user, password: users[user], protocolVersion: 4 });
    cleanups.push(() => void client.end(true));
    return client;
  }

  it('the room account: seat-player, move-player, level-set reach a table; shuffle, setup, input do not', async () => {
    const controller = await as('pokertable-controller');
    const got = collect(controller);
    await controller.subscribeAsync('pokertable/#', { qos: 1 });
    const room = await as('room-main-event');
    // Refused ones first: from one client in order, had any got through it would arrive before the last allowed one.
    for (const name of ['shuffle', 'setup', 'remove-player', 'levels-start', 'result'])
      await room.publishAsync(`pokertable/t1/cmd/${name}`, '{}', { qos: 1 });
    await room.publishAsync('pokertable/t1/input', '{"type":"panel","button":"fold"}', { qos: 1 });
    await room.publishAsync('pokertable/t1/events', '{"type":"hand.ended"}', { qos: 1 });
    for (const name of ['seat-player', 'move-player', 'level-set'])
      await room.publishAsync(`pokertable/t1/cmd/${name}`, '{}', { qos: 1 });
    await got.until((m) => m.some((x) => x.topic === 'pokertable/t1/cmd/level-set'), 'level-set at the table');
    expect(got.messages.map((m) => m.topic)).toEqual([
      'pokertable/t1/cmd/seat-player',
      'pokertable/t1/cmd/move-player',
      'pokertable/t1/cmd/level-set',
    ]);
    // It reads the public stream, never the secure one (mosquitto grants the subscription, delivers nothing).
    const roomGot = collect(room);
    await room.subscribeAsync(['pokertable/t1/secure/events', 'pokertable/t1/events'], { qos: 1 });
    await controller.publishAsync('pokertable/t1/secure/events', '{"secret":true}', { qos: 1 });
    await controller.publishAsync('pokertable/t1/events', '{"public":true}', { qos: 1 });
    await roomGot.until((m) => m.length > 0, 'the public event');
    expect(roomGot.messages.map((m) => m.topic)).toEqual(['pokertable/t1/events']);
  });

  it('nobody but the room sends a table move-player or level-set; only the floor sends the room commands', async () => {
    const controller = await as('pokertable-controller');
    const atTable = collect(controller);
    await controller.subscribeAsync('pokertable/+/cmd/+', { qos: 1 });
    const room = await as('room-main-event');
    const atRoom = collect(room);
    await room.subscribeAsync('room/main-event/cmd/+', { qos: 1 });
    const display = await as('display');
    const floor = await as('floor');
    for (const c of [display, floor]) {
      await c.publishAsync('pokertable/t1/cmd/move-player', '{}', { qos: 1 });
      await c.publishAsync('pokertable/t1/cmd/level-set', '{}', { qos: 1 });
    }
    await display.publishAsync('room/main-event/cmd/register', '{"player":"display"}', { qos: 1 });
    await display.publishAsync('room/main-event/cmd/result', '{"ok":true}', { qos: 1 });
    await display.publishAsync('room/main-event/state', '{}', { qos: 1 });
    await floor.publishAsync('room/main-event/cmd/result', '{"ok":true}', { qos: 1 });
    await floor.publishAsync('room/main-event/cmd/register', '{"player":"floor"}', { qos: 1 });
    await floor.publishAsync('pokertable/t1/cmd/seat-player', '{"player":"floor"}', { qos: 1 });
    await atRoom.until((m) => m.some((x) => x.payload.includes('"floor"')), "the floor's register");
    await atTable.until((m) => m.some((x) => x.payload.includes('"floor"')), "the floor's seat-player");
    expect(atRoom.messages.map((m) => `${m.topic} ${m.payload}`)).toEqual([
      'room/main-event/cmd/register {"player":"floor"}',
    ]);
    expect(atTable.messages.map((m) => m.topic)).toEqual(['pokertable/t1/cmd/seat-player']);
  });

  it('the room service runs under the room account: online, and a floor registration seats the player', async () => {
    const controller = await as('pokertable-controller');
    const atTable = collect(controller);
    await controller.subscribeAsync('pokertable/+/cmd/+', { qos: 1 });
    const display = await as('display');
    const board = collect(display);
    await display.subscribeAsync('room/main-event/#', { qos: 1 });
    const { file } = writeRoomConfig(broker.url, {
      id: 'main-event',
      mqtt: `username: room-main-event, password: ${users['room-main-event']}`,
    });
    const service = startRoomService({ config: loadRoomConfig(file), profiles: loadRoomProfiles(), logger, seed: 3 });
    cleanups.push(() => service.close());
    await service.whenConnected();
    await board.until((m) => m.some((x) => x.topic === 'room/main-event/status' && x.payload === 'online'), 'online');
    const floor = await as('floor');
    const answers = collect(floor);
    await floor.subscribeAsync('room/main-event/cmd/result', { qos: 1 });
    await floor.publishAsync('room/main-event/cmd/register', '{"player":"Anna","id":"f1"}', { qos: 1 });
    await answers.until((m) => m.length > 0, 'the answer');
    expect(JSON.parse(answers.messages[0]!.payload)).toEqual({ id: 'f1', ok: true });
    await atTable.until((m) => m.some((x) => x.topic.endsWith('/cmd/seat-player')), 'seat-player at a table');
    expect(JSON.parse(atTable.messages[0]!.payload)).toMatchObject({ player: 'Anna', chips: 1000 });
    await board.until(
      (m) => m.some((x) => x.topic === 'room/main-event/moves') && m.some((x) => x.topic === 'room/main-event/state'),
      'the move and the state on the board',
    );
  });
});
