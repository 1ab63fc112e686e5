// The room's config (room.yaml, config/room.schema.json) and its profiles (config/room-rules/*.json): the shipped
// files load, defaults are filled, and every mistake is a TableError naming the file and the field.
import { TEST_DIR } from '../helpers/paths.ts';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TableError } from '../../src/domain/errors.ts';
import { loadRoomConfig, setupCommand } from '../../src/room/config/load.ts';
import { loadRoomProfiles, roomProfileDirs, SHIPPED_ROOM_RULES_DIR } from '../../src/room/config/profiles.ts';
import { createRoom } from '../../src/room/engine/engine.ts';

const EXAMPLE = resolve(TEST_DIR, '../config/room.example.yaml');
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'room-config-'));
  mkdirSync(join(dir, 'tls'));
  writeFileSync(join(dir, 'tls/ca.pem'), 'not a real CA, the loader only checks that it is there');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
function yamlFile(text: string, folder = dir): string {
  const file = join(folder, `room${++n}.yaml`);
  writeFileSync(file, text);
  return file;
}

function error(fn: () => unknown): TableError {
  try {
    fn();
  } catch (e) {
    if (e instanceof TableError) return e;
    throw e;
  }
  throw new Error('no error');
}

const MINIMAL = 'room: {id: r1}\ntables: [{id: T1}, {id: T2, seats: 6}]\nbreakOrder: [T2]\n';

describe('room config', () => {
  test('R-ROOM-DETAILS the example loads (its TLS file beside it), paths follow the file, the result is frozen', () => {
    const file = join(dir, 'example.yaml');
    copyFileSync(EXAMPLE, file);
    const config = loadRoomConfig(file);
    expect(config.room).toMatchObject({ id: 'main-event', profile: 'tda', startingStack: 20000 });
    expect(config.tables.map((t) => [t.id, t.open])).toEqual([
      ['table-01', true],
      ['table-02', true],
      ['table-03', true],
      ['table-04', false],
    ]);
    expect(config.mqtt.caFile).toBe(join(dir, 'tls/ca.pem'));
    expect(Object.isFrozen(config.tables[0])).toBe(true);
  });

  test('R-ROOM-DETAILS defaults: profile tda, 9 seats, open tables, chips off, the local broker, topics room/ and pokertable/', () => {
    const config = loadRoomConfig(yamlFile(MINIMAL));
    expect(config.room).toEqual({ id: 'r1', profile: 'tda', rules: {}, startingStack: null });
    expect(config.tables).toEqual([
      { id: 'T1', seats: 9, open: true },
      { id: 'T2', seats: 6, open: true },
    ]);
    expect(config.mqtt).toEqual({
      url: 'mqtt://127.0.0.1:1883',
      baseTopic: 'room',
      tableBaseTopic: 'pokertable',
      rejectUnauthorized: true,
    });
  });

  test.each([
    ['room: {id: r1}\ntables: [{id: T1, seatss: 9}]\nbreakOrder: []\n', '/tables/0/seatss', 'is not a known field'],
    ['room: {id: r1, profle: tda}\ntables: [{id: T1}]\nbreakOrder: []\n', '/room/profle', 'is not a known field'],
    ['room: {id: r1}\ntables: [{id: T1, seats: 11}]\nbreakOrder: []\n', '/tables/0/seats', 'must be <= 10'],
    ['room: {id: r1}\ntables: [{id: T1}]\nbreakOrder: [T9]\n', '/breakOrder/0', '"T9" is not one of the tables'],
    ['room: {id: r1}\ntables: [{id: T1}, {id: T1}]\nbreakOrder: []\n', '/tables/1/id', 'is already /tables/0'],
    ['room: {id: r1}\ntables: [{id: T1}]\nbreakOrder: [T1, T1]\n', '/breakOrder/1', 'listed twice'],
    [
      'room: {id: r1, profile: pokerstars}\ntables: [{id: T1}]\nbreakOrder: []\n',
      '/room/profile',
      'not a room profile',
    ],
    [
      'room: {id: r1, rules: {room: {balanceAt: 1}}}\ntables: [{id: T1}]\nbreakOrder: []\n',
      '/room/rules/room/balanceAt',
      'must be >= 2',
    ],
    ['room: {id: "r 1"}\ntables: [{id: T1}]\nbreakOrder: []\n', '/room/id', 'must match pattern'],
    ['room: {id: r1}\ntables: [{id: T1}]\n', '/breakOrder', 'is required'],
    ['room: {id: r1}\ntables: [{id: T1}]\nbreakOrder: []\nmqtt: {username: room}\n', '/mqtt/password', 'go together'],
    [
      'room: {id: r1}\ntables: [{id: T1}]\nbreakOrder: []\nmqtt: {caFile: nowhere.pem}\n',
      '/mqtt/caFile',
      'does not exist',
    ],
  ])('R-ROOM-DETAILS CONFIG_INVALID names the file and the field: %s', (text, field, message) => {
    const file = yamlFile(text);
    const e = error(() => loadRoomConfig(file));
    expect(e.code).toBe('CONFIG_INVALID');
    expect(e.detail?.field).toBe(field);
    expect(e.detail?.file).toBe(file);
    expect(e.message).toContain(message);
  });

  test('R-ROOM-DETAILS a YAML mistake names the line; an unreadable file says so', () => {
    expect(error(() => loadRoomConfig(yamlFile('room: {id: r1\n'))).message).toMatch(/room\d+\.yaml:\d+:\d+/);
    expect(error(() => loadRoomConfig(join(dir, 'missing.yaml'))).code).toBe('CONFIG_INVALID');
  });

  test('R-ROOM-DETAILS setupCommand gives the engine a setup it accepts, with the seed', () => {
    const config = loadRoomConfig(yamlFile(MINIMAL));
    const room = createRoom({ profiles: loadRoomProfiles() });
    expect(room.apply({ at: 0, type: 'command', ...setupCommand(config, 77) })).toEqual([]);
    expect(room.snapshot()).toMatchObject({
      profile: 'tda',
      balanceAt: 3,
      balancePick: 'next-big-blind',
      breakOrder: ['T2'],
    });
  });
});

describe('room profiles', () => {
  test('R-ROOM-BALANCE tda, bfp, robert: 3 and next-big-blind; club: 2 and random', () => {
    const profiles = loadRoomProfiles();
    expect(
      Object.fromEntries(Object.entries(profiles).map(([k, p]) => [k, [p.room.balanceAt, p.room.balancePick]])),
    ).toEqual({
      bfp: [3, 'next-big-blind'],
      club: [2, 'random'],
      robert: [3, 'next-big-blind'],
      tda: [3, 'next-big-blind'],
    });
  });

  test('R-ROOM-BALANCE every table profile has its room profile, by the same name', () => {
    const tableProfiles = ['bfp', 'club', 'robert', 'tda'];
    expect(Object.keys(loadRoomProfiles()).sort()).toEqual(tableProfiles);
    for (const p of tableProfiles)
      expect(JSON.parse(readFileSync(join(SHIPPED_ROOM_RULES_DIR, `${p}.json`), 'utf8'))).toHaveProperty('name', p);
  });

  test("R-ROOM-BALANCE a venue's room-rules/ beside the room config adds or overrides profiles; a bad one names file and field", () => {
    const venue = mkdtempSync(join(tmpdir(), 'room-venue-'));
    try {
      mkdirSync(join(venue, 'room-rules'));
      writeFileSync(
        join(venue, 'room-rules/ours.json'),
        JSON.stringify({ name: 'ours', room: { balanceAt: 2, balancePick: 'next-big-blind' } }),
      );
      const file = yamlFile('room: {id: r1, profile: ours}\ntables: [{id: T1}]\nbreakOrder: []\n', venue);
      expect(loadRoomConfig(file).room.profile).toBe('ours');
      expect(loadRoomProfiles(roomProfileDirs(file)).ours!.room).toEqual({
        balanceAt: 2,
        balancePick: 'next-big-blind',
      });
      writeFileSync(
        join(venue, 'room-rules/bad.json'),
        JSON.stringify({ name: 'bad', room: { balanceAt: 3, balancePik: 'random' } }),
      );
      const e = error(() => loadRoomConfig(file));
      expect(e.code).toBe('PROFILE_INVALID');
      expect(e.message).toContain('/room/balancePik is not a known field');
      expect(e.message).toContain('/room/balancePick is required');
      expect(e.detail?.file).toMatch(/bad\.json$/);
    } finally {
      rmSync(venue, { recursive: true, force: true });
    }
  });
});

describe('room config: money', () => {
  test('the example config carries money; setup passes it to the engine, which takes it as journaled', () => {
    const file = join(dir, 'money-example.yaml');
    copyFileSync(EXAMPLE, file); // beside the test's tls/ca.pem
    const setup = setupCommand(loadRoomConfig(file), 5);
    expect(setup.money).toMatchObject({ buyIn: 10000, fee: 1000, guarantee: 1000000, payout: { standard: true } });
    const room = createRoom({ profiles: loadRoomProfiles() });
    // the setup as the journal holds it, read back through the engine's own check
    const outs = room.apply(JSON.parse(JSON.stringify({ type: 'command', ...setup, at: 0 })));
    expect(outs.filter((o) => o.type.endsWith('rejected'))).toEqual([]);
    expect(outs.at(-1)).toMatchObject({ type: 'prizes', pool: 1000000, overlay: 1000000, cashTaken: 0 });
  });

  test('mistakes name the field: a schema error, and the shares that do not make 100 %', () => {
    const wrongField = yamlFile(`${MINIMAL.replace('room: {id: r1}', 'room: {id: r1, money: {buyIn: 100, rake: 5}}')}`);
    expect(error(() => loadRoomConfig(wrongField)).message).toMatch(/\/room\/money\/rake is not a known field/);
    const shares = yamlFile(
      MINIMAL.replace('room: {id: r1}', 'room: {id: r1, money: {buyIn: 100, payout: {places: [6000, 3000]}}}'),
    );
    expect(error(() => loadRoomConfig(shares)).message).toMatch(
      /\/room\/money payout\/places adds up to 90 %: the shares must make exactly 100 % \(10000\)/,
    );
  });
});
