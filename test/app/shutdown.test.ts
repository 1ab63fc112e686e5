// Shutdown of the real process (node --import tsx src/app/main.ts, as systemd runs it) on SIGTERM and SIGINT: it
// publishes `offline`, turns the LEDs off (a seat LED on StandardFirmata in avr8js behind a socat pty), flushes the
// journal, and exits 0.
import { TEST_DIR } from '../helpers/paths.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TableEvent } from '../../src/domain/types.ts';
import { openStore } from '../../src/store/store.ts';
import { firmataHexAvailable } from '../helpers/avr.ts';
import { wireUno, type WiredUno } from '../helpers/avr-bridge.ts';
import { openPtyPair, requireSocat, waitFor, type PtyPair } from '../helpers/pty.ts';
import { listening } from '../helpers/net.ts';

const root = join(TEST_DIR, '..');
const MQTT_PORT = 18844;
const LED_PIN = 9;

interface Running {
  child: ChildProcess;
  exit: Promise<number | null>;
  output: () => string;
}

function startTable(configFile: string): Running {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/app/main.ts', '--config', configFile, '--log-level', 'warn'],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (b: Buffer) => (output += b.toString()));
  child.stderr?.on('data', (b: Buffer) => (output += b.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exit, output: () => output };
}

/** Connects once the table's broker listens; collects status and events. */
async function watch(
  port: number,
  table: Running,
): Promise<{ client: MqttClient; statuses: string[]; events: TableEvent[] }> {
  return watchTable(port, table, 'pokertable/t1');
}

async function watchTable(
  port: number,
  table: Running,
  base: string,
): Promise<{ client: MqttClient; statuses: string[]; events: TableEvent[] }> {
  for (let i = 0; !(await listening(port)); i++) {
    if (i > 300 || table.child.exitCode !== null)
      throw new Error(`the table's broker never listened on ${port}:\n${table.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { protocolVersion: 4 });
  const statuses: string[] = [];
  const events: TableEvent[] = [];
  client.on('message', (topic, payload) => {
    if (topic.endsWith('/status')) statuses.push(payload.toString());
    if (topic.endsWith('/events')) events.push(JSON.parse(payload.toString()) as TableEvent);
  });
  await client.subscribeAsync([`${base}/status`, `${base}/events`], { qos: 1 });
  return { client, statuses, events };
}

const hexReady = firmataHexAvailable();
if (!hexReady && process.env.CI) throw new Error('StandardFirmata hex missing: run test/helpers/fetch-firmata.sh');
const run = hexReady && requireSocat();

describe.skipIf(!run)('shutdown of npm start --config', () => {
  let dir: string;
  let pty: PtyPair;
  let uno: WiredUno;
  let configFile: string;
  let table: Running | null = null;
  let client: MqttClient | null = null;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pokertable-shutdown-'));
    pty = await openPtyPair();
    uno = await wireUno(pty.b, { setup: (u) => u.setPin(2, false) });
    writeFileSync(
      join(dir, 'board.json'),
      JSON.stringify({
        kind: 'firmata-board',
        board: 'uno',
        seatSensors: [{ seat: 1, type: 'digital', pin: 2 }],
        seatLeds: [{ seat: 1, role: 'absent', pin: LED_PIN }],
      }),
    );
    configFile = join(dir, 'table.json.yaml');
    writeFileSync(
      configFile,
      JSON.stringify({
        table: { id: 't1', seats: 4 },
        storage: { dir: join(dir, 'var') },
        mqtt: {
          embedded: {
            port: MQTT_PORT,
            wsPort: null,
            users: [{ username: 'floor', password: 'floor-password', roles: ['floor'] }],
          },
        },
        http: { port: null },
        devices: [{ name: 'board', definition: './board.json', port: pty.a }],
      }),
    );
  });

  afterEach(async () => {
    await client?.endAsync(true);
    client = null;
    if (table && table.child.exitCode === null) table.child.kill('SIGKILL');
    table = null;
  });

  afterAll(async () => {
    await uno?.stop();
    await pty?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('on SIGTERM: offline published, seat LED dark, journal complete, exit 0', async () => {
    table = startTable(configFile);
    const watcher = await watch(MQTT_PORT, table);
    client = watcher.client;
    await waitFor(() => watcher.statuses.at(-1) === 'online', 'status online', 20_000);

    // A player seated but not in the chair: the seat's "absent" LED lights on the real firmware.
    const floor = await mqtt.connectAsync(`mqtt://127.0.0.1:${MQTT_PORT}`, {
      protocolVersion: 4,
      username: 'floor',
      password: 'floor-password',
    });
    await floor.publishAsync('pokertable/t1/cmd/seat-player', JSON.stringify({ id: 'a', seat: 1, player: 'Ana' }), {
      qos: 1,
    });
    await floor.endAsync();
    await waitFor(() => uno.uno.output(LED_PIN), 'the absent LED to light', 10_000);
    await waitFor(() => watcher.events.some((e) => e.type === 'player.seated'), 'player.seated on MQTT', 5000);

    table.child.kill('SIGTERM');
    expect(await table.exit, table.output()).toBe(0);
    expect(watcher.statuses.at(-1)).toBe('offline');
    // The last writes are still in the pty when the table exits (see the SIGINT test below).
    await waitFor(() => !uno.uno.output(LED_PIN), 'the LED dark after the stop', 10_000);

    // Every event the room saw is in the journal, which closed cleanly (it opens again at once).
    const store = openStore({ dir: join(dir, 'var') });
    try {
      const lastSeen = Math.max(...watcher.events.map((e) => e.seq));
      expect(store.lastSeq()).toBeGreaterThanOrEqual(lastSeen);
      expect(store.readEvents(0, 1000).map((e) => e.type)).toContain('player.seated');
    } finally {
      store.close();
    }
  });

  it('on SIGTERM while the board is still connecting: waits for the start to finish, then stops cleanly with exit 0', async () => {
    table = startTable(configFile);
    // The broker listens before the devices start; the Firmata handshake takes a moment more.
    for (let i = 0; !(await listening(MQTT_PORT)); i++) {
      if (i > 300 || table.child.exitCode !== null)
        throw new Error(`the table's broker never listened:\n${table.output()}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    table.child.kill('SIGTERM');
    expect(await table.exit, table.output()).toBe(0);
    expect(uno.uno.output(LED_PIN)).toBe(false);
  });

  it('on SIGINT (Ctrl-C) after a restart: recovers from the journal, then stops with exit 0', async () => {
    table = startTable(configFile);
    const watcher = await watch(MQTT_PORT, table);
    client = watcher.client;
    await waitFor(() => watcher.statuses.at(-1) === 'online', 'status online', 20_000);
    // The journal remembered the seated player: the LED lights again without any command.
    await waitFor(() => uno.uno.output(LED_PIN), 'the absent LED after the restart', 10_000);
    table.child.kill('SIGINT');
    expect(await table.exit, table.output()).toBe(0);
    expect(watcher.statuses.at(-1)).toBe('offline');
    // The last writes sit in the pty when the table exits; the emulated Uno, slower under load, reads them after.
    await waitFor(() => !uno.uno.output(LED_PIN), 'the LED dark after the stop', 10_000);
  });
});

describe('shutdown of the simulated table', () => {
  it('one Ctrl-C delivered twice (terminal group + npm/tsx relay) still stops cleanly with exit 0', async () => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/app/main.ts',
        '--speed',
        '20',
        '--mqtt-port',
        '18849',
        '--ws-port',
        '18850',
        '--http-port',
        '0',
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr.on('data', (b: Buffer) => (output += b.toString()));
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const table: Running = { child, exit, output: () => output };
    const watcher = await watchTable(18849, table, 'pokertable/sim');
    await waitFor(() => watcher.statuses.at(-1) === 'online', 'status online', 20_000);
    await waitFor(() => watcher.events.some((e) => e.type === 'hand.started'), 'a hand', 20_000);
    child.kill('SIGINT');
    // The relayed copy comes a moment later (two signals at once would merge into one).
    await new Promise((r) => setTimeout(r, 100));
    child.kill('SIGINT');
    expect(await exit, output).toBe(0);
    expect(watcher.statuses.at(-1)).toBe('offline');
    expect(output).toMatch(/pokertable: stopped after \d+ hands?/);
    await watcher.client.endAsync(true);
  });
});
