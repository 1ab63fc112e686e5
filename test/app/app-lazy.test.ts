// A table loads only the drivers it uses (docs/bench.md, footprint): ws only with a WebSocket port, serialport and
// johnny-five only with a Firmata board or serial display, nfc-pcsc only once a real shoe starts, mqtt.js only for an
// external broker (on its embedded one the table publishes straight into it, src/mqtt/local-client.ts), and ajv never
// (the config schemas are compiled by `npm run contract`). Each case is a fresh process (this one has loaded everything
// already), started the way `npm start -- --config` starts.
import { TEST_DIR } from '../helpers/paths.ts';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';

const root = join(TEST_DIR, '..');
const HEAVY = ['ws', 'serialport', '@serialport/bindings-cpp', 'johnny-five', 'nfc-pcsc', 'mqtt', 'ajv'];

const childCode = `
import { createRequire } from 'node:module';
import pino from 'pino';
import { parseStartArgs } from './src/app/args.ts';
import { startHardwareTable } from './src/app/hardware.ts';
const app = await startHardwareTable(parseStartArgs(process.argv.slice(1)), pino({ level: 'silent' }));
// CommonJS files loaded through import are in require.cache too.
const files = Object.keys(createRequire(import.meta.url).cache);
const loaded = ${JSON.stringify(HEAVY)}.filter((name) => files.some((f) => f.includes('/node_modules/' + name + '/')));
await app.stop();
console.log(JSON.stringify(loaded));
`;

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function loadedBy(config: { wsPort: number | null; devices: string[] }): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'pt-lazy-'));
  dirs.push(dir);
  const file = join(dir, 'table.yaml');
  writeFileSync(
    file,
    [
      'table: { id: lazy }',
      `storage: { dir: ${JSON.stringify(join(dir, 'state'))} }`,
      `mqtt: { embedded: { host: 127.0.0.1, wsPort: ${config.wsPort ?? 'null'} } }`,
      'http: { port: null }',
      `devices: [${config.devices.join(', ')}]`,
    ].join('\n'),
  );
  const r = spawnSync(
    process.execPath,
    [
      ...['--import', 'tsx', '--input-type=module', '-e', childCode, '--', '--config', file, '--mqtt-port', '0'],
      ...(config.wsPort !== null ? ['--ws-port', '0'] : []),
    ],
    { cwd: root, encoding: 'utf8', timeout: 60_000 },
  );
  if (r.status !== 0) throw new Error(`the table did not start: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as string[];
}

it('a table with a simulated shoe and no WebSocket port loads none of ws, serialport, johnny-five, nfc-pcsc, mqtt, ajv', () => {
  expect(loadedBy({ wsPort: null, devices: ['{ name: shoe, definition: simulated-pcsc-shoe }'] })).toEqual([]);
});

it('a WebSocket port loads ws, a serial display serialport (and still no johnny-five)', () => {
  const devices = ['{ name: display, definition: simulated-serial-display }'];
  expect(loadedBy({ wsPort: 8083, devices }).sort()).toEqual(['@serialport/bindings-cpp', 'serialport', 'ws']);
});

// What doctor, deck, chips and the room load to read their files: every shipped definition, profile and example.
const loadersCode = `
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEVICES_DIR, listDefinitions, loadDeviceDefinition } from './src/config/devices.ts';
import { loadTableConfig } from './src/config/load.ts';
import { loadTableProfile } from './src/config/rules.ts';
import { loadRoomConfig } from './src/room/config/load.ts';
import { loadRoomProfiles } from './src/room/config/profiles.ts';
import './src/app/doctor/run.ts';
const config = loadTableConfig('config/table.example.yaml');
loadTableProfile(config);
const definitions = listDefinitions().map((name) => loadDeviceDefinition(DEVICES_DIR + '/' + name).kind);
const roomFile = join(mkdtempSync(join(tmpdir(), 'pt-lazy-room-')), 'room.yaml');
writeFileSync(roomFile, 'room: {id: r1}\\ntables: [{id: T1}, {id: T2, seats: 6}]\\nbreakOrder: [T2]\\n');
const room = loadRoomConfig(roomFile);
rmSync(join(roomFile, '..'), { recursive: true });
const roomProfiles = Object.keys(loadRoomProfiles());
const files = Object.keys(createRequire(import.meta.url).cache);
console.log(JSON.stringify({ ajv: files.filter((f) => f.includes('/node_modules/ajv/')), definitions: definitions.length, room: room.room.profile, roomProfiles: roomProfiles.length }));
`;

it('reading the config, rule profiles, device definitions and the room config loads no ajv (doctor, deck, chips, room)', () => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', loadersCode], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (r.status !== 0) throw new Error(`the loaders failed: ${r.stderr}`);
  const out = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as { ajv: string[]; definitions: number };
  expect(out.definitions).toBeGreaterThan(5);
  expect(out.ajv).toEqual([]);
});
