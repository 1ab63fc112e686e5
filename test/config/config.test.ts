// The table config loader and device definitions: the shipped files load, defaults are filled, the result is
// frozen, and every mistake is a TableError naming the file and the field.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEVICES_DIR,
  deviceKinds,
  listDefinitions,
  loadDeviceDefinition,
  resolveDevice,
} from '../../src/config/devices.ts';
import { checkTableConfig } from '../../src/app/table-checks.ts';
import { loadTableConfig } from '../../src/config/load.ts';
import { pinProblems } from '../../src/hardware/firmata/pins.ts';
import { TableError } from '../../src/domain/errors.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'config-test-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
function yamlFile(text: string): string {
  const file = join(dir, `t${++n}.yaml`);
  writeFileSync(file, text);
  return file;
}

function jsonFile(name: string, data: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, typeof data === 'string' ? data : JSON.stringify(data));
  return file;
}

function error(fn: () => unknown): TableError {
  try {
    fn();
  } catch (err) {
    if (err instanceof TableError) return err;
    throw err;
  }
  throw new Error('expected a TableError');
}

describe('table config', () => {
  it('loads the shipped example with every device definition', () => {
    const config = loadTableConfig('config/table.example.yaml');
    expect(config.source).toBe('config/table.example.yaml');
    expect(config.table).toMatchObject({
      id: 'table-07',
      seats: 9,
      profile: 'tda',
      deckFile: '/var/lib/pokertable/deck.json',
    });
    expect(config.table.rules).toEqual({ shotClock: { seconds: 30 }, shoe: { repeatReadMs: 500 } });
    expect(config.mqtt.external).toBeNull();
    expect(config.mqtt.embedded.users.map((u) => u.username)).toEqual(['floor', 'surveillance']);
    expect(config.devices.map((d) => d.name)).toEqual(['shoe', 'board', 'display']);
    const kinds = config.devices.map((ref) => resolveDevice(ref, resolve('config')).kind);
    expect(kinds).toEqual(['pcsc-shoe', 'firmata-board', 'serial-display']);
  });

  it('fills every default from a minimal file, resolves relative paths against the file, and freezes it deeply', () => {
    const file = yamlFile('table: {id: t1, deckFile: decks/deck.json}\n');
    const config = loadTableConfig(file);
    expect(config).toEqual({
      source: file.startsWith(process.cwd()) ? file.slice(process.cwd().length + 1) : file,
      table: {
        id: 't1',
        seats: 9,
        profile: 'tda',
        game: 'holdem',
        rules: {},
        deckFile: join(dir, 'decks/deck.json'),
        chipsFile: null,
      },
      storage: { dir: join(dir, 'var'), retentionDays: 30, fsync: 'every-input' },
      room: null,
      broadcast: null,
      mqtt: {
        baseTopic: 'pokertable',
        embedded: { host: '127.0.0.1', port: 1883, wsPort: 8083, anonymousRoles: ['display'], users: [] },
        external: null,
        secureDelayMs: 0,
      },
      http: { host: '127.0.0.1', port: 8080 },
      devices: [],
      log: { level: 'info' },
    });
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.mqtt.embedded.anonymousRoles)).toBe(true);
    expect(() => {
      (config.table as { seats: number }).seats = 3;
    }).toThrow(TypeError);
  });

  it('table.game: omaha-hilo is a game a table can deal (R-HILO); an unknown game is refused with the list', () => {
    expect(loadTableConfig(yamlFile('table: {id: t1, game: omaha-hilo}\n')).table.game).toBe('omaha-hilo');
    expect(() => loadTableConfig(yamlFile('table: {id: t1, game: stud8}\n'))).toThrow(
      /\/table\/game must be one of "holdem", "omaha", "omaha-hilo"/,
    );
  });

  it('broadcast: the feed is off by default, delaySeconds a whole number of seconds up to an hour, in words', () => {
    expect(loadTableConfig(yamlFile('table: {id: t1}\nbroadcast: {delaySeconds: 30}\n')).broadcast).toEqual({
      delaySeconds: 30,
    });
    expect(loadTableConfig(yamlFile('table: {id: t1}\nbroadcast: {delaySeconds: 0}\n')).broadcast).toEqual({
      delaySeconds: 0,
    });
    for (const bad of ['{delaySeconds: -1}', '{delaySeconds: 1.5}', '{delaySeconds: 3601}', '{}', '{delay: 30}'])
      expect(() => loadTableConfig(yamlFile(`table: {id: t1}\nbroadcast: ${bad}\n`))).toThrow(/broadcast/);
  });

  it('room: the id of the room the table plays in (issue 14), and the room role for an embedded account', () => {
    const file = yamlFile(
      'table: {id: t1}\nroom: main-event\nmqtt: {embedded: {users: [{username: r, password: room-secret, roles: [room]}]}}\n',
    );
    const config = loadTableConfig(file);
    expect(config.room).toBe('main-event');
    expect(config.mqtt.embedded.users[0]!.roles).toEqual(['room']);
    expect(() => loadTableConfig(yamlFile('table: {id: t1}\nroom: "main event"\n'))).toThrow(/\/room/);
    expect(() => loadTableConfig(yamlFile('table: {id: t1}\nroom: 7\n'))).toThrow(/\/room/);
  });

  it('keeps an external broker with TLS files (resolved, checked to exist) and defaults rejectUnauthorized', () => {
    writeFileSync(join(dir, 'ca.pem'), 'x');
    const config = loadTableConfig(
      yamlFile('table: {id: t}\nmqtt:\n  external: {url: "mqtts://b:8883", caFile: ca.pem}\n'),
    );
    expect(config.mqtt.external).toEqual({
      url: 'mqtts://b:8883',
      caFile: join(dir, 'ca.pem'),
      rejectUnauthorized: true,
    });
  });

  const bad: [string, string, string, RegExp][] = [
    [
      'a wrong type',
      'table: {id: t}\nmqtt: {embedded: {port: "1883x"}}\n',
      '/mqtt/embedded/port',
      /\/mqtt\/embedded\/port must be integer/,
    ],
    ['a missing table id', 'table: {seats: 6}\n', '/table/id', /\/table\/id is required/],
    ['an unknown key', 'table: {id: t, seat: 6}\n', '/table/seat', /\/table\/seat is not a known field/],
    ['too many seats', 'table: {id: t, seats: 11}\n', '/table/seats', /\/table\/seats must be <= 10/],
    ['a bad log level', 'table: {id: t}\nlog: {level: loud}\n', '/log/level', /must be one of "trace", "debug"/],
    ['a topic wildcard in the id', 'table: {id: "t/#"}\n', '/table/id', /\/table\/id must match pattern/],
    [
      'a role that does not exist',
      'table: {id: t}\nmqtt: {embedded: {anonymousRoles: [admin]}}\n',
      '/mqtt/embedded/anonymousRoles/0',
      /must be one of "display"/,
    ],
    [
      'two devices with one name',
      'table: {id: t}\ndevices:\n  - {name: shoe, definition: simulated-pcsc-shoe}\n  - {name: shoe, definition: vpcd-shoe.json}\n',
      '/devices/1/name',
      /"shoe" is already used by \/devices\/0/,
    ],
    [
      'a definition file that does not exist',
      'table: {id: t}\ndevices: [{name: shoe, definition: nope.json}]\n',
      '/devices/0/definition',
      /no such file nope\.json, neither beside the config \(.*nope\.json\) nor among the shipped devices\/ \(.*acr122u-shoe\.json/,
    ],
    [
      'a simulated kind that does not exist',
      'table: {id: t}\ndevices: [{name: x, definition: simulated-toaster}]\n',
      '/devices/0/definition',
      /unknown kind "toaster"/,
    ],
    [
      'a missing CA file',
      'table: {id: t}\nmqtt: {external: {url: "mqtts://b", caFile: nope.pem}}\n',
      '/mqtt/external/caFile',
      /does not exist/,
    ],
    [
      'a cert without its key',
      'table: {id: t}\nmqtt: {external: {url: "mqtts://b", certFile: ca.pem}}\n',
      '/mqtt/external/keyFile',
      /go together/,
    ],
    ['the web server on the MQTT port', 'table: {id: t}\nhttp: {port: 1883}\n', '/http/port', /already an MQTT port/],
    ['an empty file', '', '/', /must be a YAML mapping/],
  ];
  it.each(bad)('refuses %s with CONFIG_INVALID naming the file and the field', (_what, text, field, message) => {
    writeFileSync(join(dir, 'ca.pem'), 'x');
    const file = yamlFile(text);
    const err = error(() => loadTableConfig(file));
    expect(err.code).toBe('CONFIG_INVALID');
    expect(err.detail?.field).toBe(field);
    expect(err.detail?.file).toContain(`t${n}.yaml`);
    expect(err.message).toContain(`t${n}.yaml: ${field}`);
    expect(err.message).toMatch(message);
  });

  it('`http: null` turns the web server off, as the example says', () => {
    expect(loadTableConfig(yamlFile('table: {id: t}\nhttp: null\n')).http).toEqual({ host: '127.0.0.1', port: null });
    expect(loadTableConfig(yamlFile('table: {id: t}\nhttp: {port: null}\n')).http.port).toBeNull();
    expect(loadTableConfig(yamlFile('table: {id: t}\n')).http).toEqual({ host: '127.0.0.1', port: 8080 });
  });

  it('lists every problem at once, one line each', () => {
    const err = error(() => loadTableConfig(yamlFile('table: {id: t, seats: 1}\nhttp: {port: 0}\n')));
    expect(err.message.split('\n')).toHaveLength(2);
  });

  it('reports YAML syntax errors and duplicate keys with the line', () => {
    const err = error(() => loadTableConfig(yamlFile('table:\n  id: t\n  id: u\n')));
    expect(err.code).toBe('CONFIG_INVALID');
    expect(err.message).toMatch(/t\d+\.yaml:3:3: Map keys must be unique/);
    expect(error(() => loadTableConfig(yamlFile('table: {id: [\n'))).message).toMatch(/t\d+\.yaml:\d+:\d+: /);
  });

  it('says so when the file cannot be read', () => {
    expect(error(() => loadTableConfig(join(dir, 'missing.yaml'))).message).toMatch(/missing\.yaml: no such file/);
  });

  it('passes a bad definition file’s own errors on, under the config entry that named it', () => {
    jsonFile('my-shoe.json', { kind: 'pcsc-shoe', reader: { namePattern: 'X', waitMs: 'soon' } });
    const err = error(() =>
      loadTableConfig(yamlFile('table: {id: t}\ndevices: [{name: shoe, definition: ./my-shoe.json}]\n')),
    );
    expect(err.detail?.field).toBe('/devices/0/definition');
    expect(err.message).toMatch(/my-shoe\.json: \/reader\/waitMs must be integer/);
  });
});

describe('one clear sentence per mistake in a pin map', () => {
  const uno = (sensor: Record<string, unknown>) => ({
    kind: 'firmata-board',
    board: 'uno',
    seatSensors: [
      { seat: 1, type: 'digital', pin: 2 },
      { seat: 2, ...sensor },
    ],
  });
  it.each([
    [
      'a pin that is no pin',
      { type: 'digital', pin: 99 },
      '/seatSensors/1/pin',
      /must be a digital pin number .* or an analog input written "A0"/,
    ],
    [
      'an analog name that is no analog name',
      { type: 'digital', pin: 'A22' },
      '/seatSensors/1/pin',
      /must be a digital pin number/,
    ],
    [
      'a digital pin on an analog sensor',
      { type: 'analog', pin: 5, threshold: 300 },
      '/seatSensors/1/pin',
      /must be an analog input for an analog sensor/,
    ],
    ['a misspelt sensor type', { type: 'digitl', pin: 5 }, '/seatSensors/1/type', /must be one of "digital", "analog"/],
  ])('%s', (_what, sensor, field, sentence) => {
    const file = jsonFile(`pins-${field.replace(/\W/g, '')}-${String(sensor.pin)}.json`, uno(sensor));
    const err = error(() => loadDeviceDefinition(file));
    const lines = err.message.split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`${file.split('/').pop()}: ${field} `);
    expect(lines[0]).toMatch(sentence);
    expect(lines[0]).not.toMatch(/69|must be string|must be integer|is required|not a known field/);
  });
});

describe('pins the board does not have (start and doctor, src/hardware/firmata/pins.ts)', () => {
  it("names the board and its real range, never another board's", () => {
    const def = {
      kind: 'firmata-board' as const,
      board: 'uno',
      seatSensors: [{ seat: 1, type: 'digital' as const, pin: 30 }],
      seatLeds: [{ seat: 1, role: 'action' as const, pin: 'A7' }],
    };
    expect(pinProblems(def)).toEqual([
      {
        field: '/seatSensors/0/pin',
        message: '30 is not a pin of an Arduino Uno ("board": "uno"): its pins are 0 to 19 (A0 is 14)',
      },
      {
        field: '/seatLeds/0/pin',
        message: '"A7" is not an analog input of an Arduino Uno ("board": "uno"): it has A0 to A5',
      },
    ]);
    expect(pinProblems({ ...def, board: 'mega' })).toEqual([]);
  });

  it('the shipped pin maps and the example config pass the checks npm start runs', () => {
    for (const name of listDefinitions()) {
      const def = loadDeviceDefinition(join(DEVICES_DIR, name));
      if (def.kind === 'firmata-board') expect(pinProblems(def.spec as never), name).toEqual([]);
    }
    const example = loadTableConfig('config/table.example.yaml');
    expect(checkTableConfig(example, 'config/table.example.yaml', resolve('config')).problems).toEqual([]);
  });
});

describe('device definitions', () => {
  it('every shipped definition validates against its kind’s schema and names that schema in $schema', () => {
    const files = listDefinitions();
    expect(files).toEqual(expect.arrayContaining(['acr122u-shoe.json', 'vpcd-shoe.json']));
    for (const name of files) {
      const def = loadDeviceDefinition(join(DEVICES_DIR, name));
      expect(def.spec.$schema, name).toBe(`./schema/${def.kind}.schema.json`);
    }
  });

  it('the editor schema (device.schema.json) covers every kind that has a schema', () => {
    const editor = JSON.parse(readFileSync(join(DEVICES_DIR, 'schema/device.schema.json'), 'utf8')) as {
      properties: { kind: { enum: string[] } };
    };
    expect([...editor.properties.kind.enum].sort()).toEqual(deviceKinds());
    const settings = JSON.parse(readFileSync('.vscode/settings.json', 'utf8')) as { 'json.schemas': { url: string }[] };
    expect(settings['json.schemas'][0]?.url).toBe('./devices/schema/device.schema.json');
  });

  it('fills a shoe definition’s defaults and freezes it', () => {
    const def = loadDeviceDefinition(jsonFile('min-shoe.json', { kind: 'pcsc-shoe', reader: { namePattern: 'ACR' } }));
    expect(def.kind).toBe('pcsc-shoe');
    expect(def.spec).toEqual({
      kind: 'pcsc-shoe',
      reader: { namePattern: 'ACR', waitMs: 3000 },
      repeatReadMs: null,
      uidBytes: { min: 4, max: 10 },
      pcscd: { socket: '/run/pcscd/pcscd.comm' },
      reconnect: { initialMs: 250, maxMs: 10000 },
    });
    expect(Object.isFrozen(def.spec)).toBe(true);
  });

  const bad: [string, unknown, string, RegExp][] = [
    [
      'no kind',
      { reader: {} },
      '/kind',
      /\/kind is required: one of "firmata-board", "pcsc-antenna", "pcsc-chip-reader", "pcsc-shoe", "serial-display"/,
    ],
    [
      'a kind without a schema',
      { kind: 'toaster' },
      '/kind',
      /"toaster" has no schema toaster\.schema\.json \(known kinds: /,
    ],
    [
      'a wrong type',
      { kind: 'pcsc-shoe', reader: { namePattern: 'A' }, repeatReadMs: 'often' },
      '/repeatReadMs',
      /\/repeatReadMs must be integer \(or null\)$/,
    ],
    ['a missing field', { kind: 'pcsc-shoe' }, '/reader', /\/reader is required/],
    [
      'an unknown field',
      { kind: 'pcsc-shoe', reader: { namePattern: 'A', pattern: 'B' } },
      '/reader/pattern',
      /is not a known field/,
    ],
    [
      'a $schema of another kind',
      { $schema: './schema/firmata-board.schema.json', kind: 'pcsc-shoe', reader: { namePattern: 'A' } },
      '/$schema',
      /must name pcsc-shoe\.schema\.json \(kind is pcsc-shoe\)/,
    ],
    [
      'an absolute $schema of another kind',
      {
        $schema: '/opt/pokertable/devices/schema/firmata-board.schema.json',
        kind: 'pcsc-shoe',
        reader: { namePattern: 'A' },
      },
      '/$schema',
      /must name pcsc-shoe\.schema\.json/,
    ],
    ['not an object', [1, 2], '/', /must be a JSON object/],
  ];
  it.each(bad)('refuses %s with DEVICE_INVALID naming the file and the field', (_what, data, field, message) => {
    const file = jsonFile('bad.json', data);
    const err = error(() => loadDeviceDefinition(file));
    expect(err.code).toBe('DEVICE_INVALID');
    expect(err.detail?.field).toBe(field);
    expect(err.message).toMatch(/bad\.json: /);
    expect(err.message).toMatch(message);
  });

  it.each([
    join(DEVICES_DIR, 'schema/pcsc-shoe.schema.json'),
    `file://${join(DEVICES_DIR, 'schema/pcsc-shoe.schema.json')}`,
    'https://example.org/pokertable/devices/schema/pcsc-shoe.schema.json',
    '/opt/pokertable/devices/schema/device.schema.json',
  ])("accepts a venue's own file whose $schema is absolute (%s), for editor support", ($schema) => {
    const file = jsonFile('own-abs.json', { $schema, kind: 'pcsc-shoe', reader: { namePattern: 'ACR122' } });
    expect(loadDeviceDefinition(file).kind).toBe('pcsc-shoe');
  });

  it('refuses a file that is not JSON, naming it', () => {
    const err = error(() => loadDeviceDefinition(jsonFile('broken.json', '{"kind": ')));
    expect(err.message).toMatch(/broken\.json: not valid JSON/);
  });

  it('resolves simulated-<kind>, bare names from devices/, and paths relative to the config', () => {
    expect(resolveDevice({ name: 's', definition: 'simulated-pcsc-shoe' }, dir)).toMatchObject({
      simulated: true,
      kind: 'pcsc-shoe',
    });
    expect(resolveDevice({ name: 's', definition: 'vpcd-shoe.json' }, dir)).toMatchObject({
      simulated: false,
      kind: 'pcsc-shoe',
    });
    mkdirSync(join(dir, 'own'), { recursive: true });
    copyFileSync(join(DEVICES_DIR, 'vpcd-shoe.json'), join(dir, 'own/shoe.json'));
    // A venue's own file still finds the shipped schemas.
    const own = resolveDevice({ name: 's', definition: 'own/shoe.json' }, dir);
    expect(own.simulated ? null : own.definition.file).toContain('own/shoe.json');
    expect(readdirSync(join(dir, 'own'))).toEqual(['shoe.json']);
  });
});
