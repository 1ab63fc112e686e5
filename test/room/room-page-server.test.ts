// The room's pages on the server side (src/room/service/pages.ts, broker-pipe.ts): room.yaml's `web:` section (off by
// default), what is served (the two pages, their scripts, config.json, /time, nothing else), MQTT over WebSocket on
// /mqtt carried to a real mosquitto, and `npm run room`'s entry point serving them from its config.
import { TEST_DIR } from '../helpers/paths.ts';
import { spawn } from 'node:child_process';
import { appendFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRoomConfig } from '../../src/room/config/load.ts';
import { startRoomPages } from '../../src/room/service/pages.ts';
import { pageHtml } from '../../src/web/serve.ts';
import { collect, connectClient, freePort, mosquittoMissing, startMosquitto } from '../helpers/mosquitto.ts';
import { writeRoomConfig } from '../helpers/room-mqtt.ts';

const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });
const missing = mosquittoMissing();
const web = join(TEST_DIR, '../src/web/room');
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function roomFile(url: string, webLine?: string): string {
  const { file, dir } = writeRoomConfig(url, { id: 'main-event' });
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  if (webLine) appendFileSync(file, `${webLine}\n`);
  return file;
}

describe('room.yaml web:', () => {
  it('is off by default; a port turns the pages on; mistakes name the field', () => {
    expect(loadRoomConfig(roomFile('mqtt://127.0.0.1:1883')).web).toEqual({
      host: '127.0.0.1',
      port: null,
      brokerUrl: null,
      maxConnections: 50,
      maxMessageBytes: 65536,
      allowedOrigins: [],
    });
    const on = loadRoomConfig(roomFile('mqtt://127.0.0.1:1883', 'web: { host: 0.0.0.0, port: 8090 }'));
    expect(on.web).toMatchObject({ host: '0.0.0.0', port: 8090, brokerUrl: null });
    expect(() => loadRoomConfig(roomFile('mqtt://127.0.0.1:1883', 'web: { maxConnections: 0 }'))).toThrow(
      /\/web\/maxConnections/,
    );
    expect(() => loadRoomConfig(roomFile('mqtt://127.0.0.1:1883', 'web: { maxMessageBytes: 100 }'))).toThrow(
      /\/web\/maxMessageBytes/,
    );
    expect(() => loadRoomConfig(roomFile('mqtt://127.0.0.1:1883', 'web: { port: "8090x" }'))).toThrow(/\/web\/port/);
    expect(() => loadRoomConfig(roomFile('mqtt://127.0.0.1:1883', 'web: { brokerUrl: "mqtt://b:1883" }'))).toThrow(
      /\/web\/brokerUrl/,
    );
    expect(() => loadRoomConfig(roomFile('mqtt://127.0.0.1:1883', 'web: { prot: 1 }'))).toThrow(/\/web\/prot/);
  });
});

describe.skipIf(missing !== null)(`the room pages' server (${missing ?? 'real broker'})`, () => {
  async function serve(webLine?: string) {
    const broker = await startMosquitto();
    cleanups.push(() => broker.dispose());
    const port = await freePort();
    const config = loadRoomConfig(roomFile(broker.url, webLine ?? `web: { port: ${port} }`));
    const pages = await startRoomPages({ config, now: () => 1_234_567, logger });
    cleanups.push(() => pages.close());
    const get = (path: string, init?: RequestInit) => fetch(new URL(path, pages.url), init);
    return { broker, pages, get };
  }

  it('serves the board at /, the floor page at /floor, their files, config.json and /time; nothing else', async () => {
    const { get } = await serve();
    const board = await get('/');
    expect(board.headers.get('content-type')).toBe('text/html; charset=utf-8');
    // Each page as its file says, with the kit's pieces in place (src/web/serve.ts `pageHtml`).
    expect(await board.text()).toBe(pageHtml(join(web, 'room-board.html')));
    expect(await (await get('/floor')).text()).toBe(pageHtml(join(web, 'room-floor.html')));
    const slash = await get('/floor/', { redirect: 'manual' });
    expect(slash.status).toBe(301);
    // Every script and style the two pages load is served.
    for (const page of ['room-board.html', 'room-floor.html']) {
      const html = pageHtml(join(web, page));
      const files = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
      for (const f of files) expect((await get(`/${f}`)).status, `${page}: ${f}`).toBe(200);
    }
    const config = (await (await get('/config.json')).json()) as Record<string, unknown>;
    expect(config).toMatchObject({
      roomId: 'main-event',
      base: 'room/main-event',
      tableBase: 'pokertable',
      tables: [
        { id: 'A', seats: 6 },
        { id: 'B', seats: 6 },
      ],
      startingStack: 1000,
      mqtt: { url: null, path: '/mqtt' },
      time: { now: 1_234_567, speed: 1 },
      structures: [],
    });
    expect(await (await get('/time')).json()).toEqual({ now: 1_234_567, speed: 1 });
    // The table's own pages and anything outside the list are not the room's.
    for (const path of ['/index.html', '/board.js', '/floor.js', '/room.yaml', '/../room.yaml', '/journal/room.db'])
      expect((await get(path)).status, path).toBe(404);
    expect((await get('/', { method: 'POST' })).status).toBe(405);
  });

  it('carries MQTT over WebSocket on /mqtt to the broker: a page is a client of its own there', async () => {
    const { broker, pages } = await serve();
    const ws = `ws://127.0.0.1:${pages.port}/mqtt`;
    const page = await connectClient(ws, { clientId: 'a-page', protocolVersion: 4 });
    cleanups.push(() => void page.end(true));
    const got = collect(page);
    await page.subscribeAsync('room/main-event/state', { qos: 1 });
    const tcp = await connectClient(broker.url, { clientId: 'tcp' });
    cleanups.push(() => void tcp.end(true));
    const tcpGot = collect(tcp);
    await tcp.subscribeAsync('room/main-event/cmd/+', { qos: 1 });
    await tcp.publishAsync('room/main-event/state', '{"seq":1}', { qos: 1, retain: true });
    await got.until((m) => m.some((x) => x.payload === '{"seq":1}'), 'the state through the pipe');
    await page.publishAsync('room/main-event/cmd/register', '{"player":"Anna"}', { qos: 1 });
    await tcpGot.until((m) => m.some((x) => x.payload === '{"player":"Anna"}'), 'the command from the page');
    // Another path is not a way in.
    await expect(
      connectClient(`ws://127.0.0.1:${pages.port}/other`, { clientId: 'b', connectTimeout: 2000 }),
    ).rejects.toThrow();
  });

  it('with web.brokerUrl the pages go to the broker’s own WebSocket listener, and /mqtt carries nothing', async () => {
    const port = await freePort();
    const { pages, get } = await serve(`web: { port: ${port}, brokerUrl: "wss://broker.casino.lan:8084" }`);
    const config = (await (await get('/config.json')).json()) as { mqtt: unknown };
    expect(config.mqtt).toEqual({ url: 'wss://broker.casino.lan:8084', path: '/mqtt' });
    await expect(
      connectClient(`ws://127.0.0.1:${pages.port}/mqtt`, { clientId: 'c', connectTimeout: 2000 }),
    ).rejects.toThrow();
  });

  it('npm run room serves the pages from its config, and stops with them on SIGTERM', async () => {
    const broker = await startMosquitto();
    cleanups.push(() => broker.dispose());
    const port = await freePort();
    const file = roomFile(broker.url, `web: { port: ${port} }`);
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/cli/room.ts', '--config', file, '--log-level', 'info'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    cleanups.push(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    for (let i = 0; i < 3000 && !output.includes('"room pages"'); i++) await new Promise((r) => setTimeout(r, 10));
    expect(output).toContain('"room pages"');
    expect(output).toContain(`"floor":"http://127.0.0.1:${port}/floor"`);
    const config = (await (await fetch(`http://127.0.0.1:${port}/config.json`)).json()) as { roomId: string };
    expect(config.roomId).toBe('main-event');
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  }, 60_000);
});
