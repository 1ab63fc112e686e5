// Issue 22, item 2: password guessing is slowed and seen. On the real stacks, on a fake clock so that hours of
// lock-out take no wall time: the embedded broker (TCP, and WebSocket) behind a table's bridge, and the room pages'
// /mqtt passthrough to mosquitto. 500 wrong passwords from one address need hours of waiting (they took 0.9 s before);
// the right password from another address gets in at once; one log line per burst, with its count; the burst is on
// the table's health topic while it lasts. The passthrough also refuses a WebSocket from another site's page.
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import mqtt, { type IClientOptions } from 'mqtt';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { healthHooks, LoginBackoff, LOGINS_COMPONENT } from '../../src/mqtt/auth-backoff.ts';
import { startEmbeddedBroker } from '../../src/mqtt/broker.ts';
import { fakeClock, type FakeClock } from '../../src/runtime/clock.ts';
import { TableHealth } from '../../src/runtime/health.ts';
import { loadRoomConfig } from '../../src/room/config/load.ts';
import { startRoomPages } from '../../src/room/service/pages.ts';
import { collect, connectClient, freePort, mosquittoMissing, startMosquitto } from '../helpers/mosquitto.ts';
import { BASE, startInputTable } from '../helpers/input-table.ts';
import { embeddedMqtt } from '../helpers/mqtt-config.ts';
import { writeRoomConfig } from '../helpers/room-mqtt.ts';

const missing = mosquittoMissing();
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function capture() {
  const lines: { level: number; msg: string; failures?: number }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const text of String(chunk).split('\n')) if (text) lines.push(JSON.parse(text) as (typeof lines)[number]);
      done();
    },
  });
  return { lines, logger: pino({ level: 'info' }, stream) };
}

function backoffOn(clock: FakeClock, logger: pino.Logger, what: string, health?: TableHealth): LoginBackoff {
  return new LoginBackoff({
    now: clock.now,
    setTimer: clock.setTimer,
    logger,
    what,
    ...(health ? healthHooks(health) : {}),
  });
}

/** One login: true when taken. `localAddress` picks the address it comes from (any 127.x on loopback). */
async function login(
  url: string,
  password: string,
  localAddress?: string,
  extra: IClientOptions = {},
): Promise<boolean> {
  const options: IClientOptions = { username: 'floor', password, reconnectPeriod: 0, connectTimeout: 5000, ...extra };
  const client = localAddress
    ? new mqtt.MqttClient(() => {
        const u = new URL(url);
        return tcpConnect({ host: u.hostname, port: Number(u.port), localAddress });
      }, options)
    : mqtt.connect(url, options);
  try {
    return await new Promise<boolean>((resolve) => {
      client.once('connect', () => resolve(true));
      client.once('error', () => resolve(false));
      client.once('close', () => resolve(false));
    });
  } finally {
    client.end(true);
  }
}

/** Guesses as a patient attacker would: each after waiting out the lock-out. The virtual time it took. */
async function guess(n: number, url: string, backoff: LoginBackoff, clock: FakeClock, address: string) {
  const start = clock.now();
  let taken = 0;
  for (let i = 0; i < n; i++) {
    clock.advance(backoff.retryInMs(address));
    if (await login(url, `guess-${i}`)) taken++;
  }
  return { ms: clock.now() - start, taken };
}

describe('the embedded broker', () => {
  it('500 wrong passwords over TCP need hours; the right one from elsewhere is in at once; one line; on health', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pt-guess-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const { lines, logger } = capture();
    const clock = fakeClock(1_780_000_000_000);
    const health = new TableHealth(clock.now, pino({ level: 'silent' }));
    const backoff = backoffOn(clock, logger, 'MQTT', health);
    const t = await startInputTable(dir, logger, { clock, broker: { loginBackoff: backoff }, bridge: { health } });
    cleanups.push(() => t.close());
    const watcher = await connectClient(t.url, { username: 'panel', password: 'panel-pw', clientId: 'health-watch' });
    cleanups.push(() => void watcher.end(true));
    const seen = collect(watcher);
    await watcher.subscribeAsync(`${BASE}/health`, { qos: 1 });

    const wall = Date.now();
    const { ms, taken } = await guess(500, t.url, backoff, clock, '127.0.0.1');
    const wallMs = Date.now() - wall;
    expect(taken).toBe(0);
    // 3 free, then 1 s, 2 s, 4 s … up to a minute each: 500 guesses are hours, not a second
    expect(ms).toBeGreaterThan(8 * 3600_000);
    console.log(
      `login back-off: 500 wrong passwords over TCP need ${(ms / 3600_000).toFixed(1)} h of waiting ` +
        `(${(500 / (ms / 60_000)).toFixed(2)} a minute; ${wallMs} ms of wall time here on the fake clock)`,
    );
    // while locked out, even the right password from that address is not looked at; from another it is, at once
    expect(await login(t.url, 'floor-pw')).toBe(false);
    expect(await login(t.url, 'floor-pw', '127.0.0.2')).toBe(true);
    // the burst is on the table's health topic while it lasts
    await seen.until(
      (m) =>
        m.some((x) =>
          (JSON.parse(x.payload) as { reasons: { component: string }[] }).reasons.some(
            (r) => r.component === LOGINS_COMPONENT,
          ),
        ),
      'the burst on health',
    );
    expect(health.report().reasons.map((r) => r.detail)).toEqual([expect.stringMatching(/127\.0\.0\.1.*slowed/)]);
    // quiet for two minutes: one line with the count, and health is ok again
    clock.advance(backoff.retryInMs('127.0.0.1') + 121_000);
    await seen.until((m) => (JSON.parse(m.at(-1)!.payload) as { state: string }).state === 'ok', 'health ok again');
    const guessLines = lines.filter((l) => /password/.test(l.msg));
    expect(guessLines.map((l) => l.msg)).toEqual([
      'MQTT login refused: bad username or password',
      'MQTT: 500 wrong passwords from 127.0.0.1 (1 more refused while it was slowed), now quiet',
    ]);
    // after the burst, a login of that address is judged at once again
    expect(await login(t.url, 'floor-pw')).toBe(true);
  }, 120_000);

  it('the same over WebSocket: guesses slowed, one line', async () => {
    const { lines, logger } = capture();
    const clock = fakeClock(1_000_000);
    const backoff = backoffOn(clock, logger, 'MQTT');
    const config = embeddedMqtt([{ username: 'floor', password: 'floor-pw', roles: ['floor'] }], { wsPort: 0 });
    const broker = await startEmbeddedBroker({ embedded: config.embedded, base: BASE, logger, loginBackoff: backoff });
    cleanups.push(() => broker.close());
    const url = `ws://127.0.0.1:${broker.wsPort}`;
    const { ms, taken } = await guess(100, url, backoff, clock, '127.0.0.1');
    expect(taken).toBe(0);
    expect(ms).toBeGreaterThan(90 * 60_000);
    clock.advance(backoff.retryInMs('127.0.0.1') + 121_000);
    expect(lines.filter((l) => /password/.test(l.msg)).map((l) => l.failures ?? null)).toEqual([null, 100]);
  }, 60_000);
});

describe.skipIf(missing !== null)(`the room pages' /mqtt to mosquitto (${missing ?? 'real broker'})`, () => {
  async function serve(web = '') {
    const { lines, logger } = capture();
    const broker = await startMosquitto({
      users: { floor: 'floor-pw' },
      config: ['allow_anonymous false', 'password_file {dir}/passwd'],
    });
    cleanups.push(() => broker.dispose());
    const { file, dir } = writeRoomConfig(broker.url, { id: 'main-event' });
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    appendFileSync(file, `web: { port: ${await freePort()}${web} }\n`);
    const clock = fakeClock(1_000_000);
    const backoff = backoffOn(clock, logger, "the pages' /mqtt");
    const pages = await startRoomPages({ config: loadRoomConfig(file), now: () => 0, logger, loginBackoff: backoff });
    cleanups.push(() => pages.close());
    return { url: `ws://127.0.0.1:${pages.port}/mqtt`, port: pages.port, lines, backoff, clock };
  }

  it('guesses through the pages are slowed as at the embedded broker (HTTP 429 while locked out)', async () => {
    const { url, lines, backoff, clock } = await serve();
    expect(await login(url, 'floor-pw')).toBe(true);
    for (let i = 0; i < 4; i++) expect(await login(url, `guess-${i}`)).toBe(false);
    expect(backoff.retryInMs('127.0.0.1')).toBe(1000);
    expect(await rawStatus(url)).toBe(429);
    const { ms } = await guess(100, url, backoff, clock, '127.0.0.1');
    expect(ms).toBeGreaterThan(90 * 60_000);
    clock.advance(backoff.retryInMs('127.0.0.1') + 121_000);
    expect(lines.filter((l) => /password/.test(l.msg)).map((l) => l.msg)).toEqual([
      "the pages' /mqtt: 104 wrong passwords from 127.0.0.1 (1 more refused while it was slowed), now quiet",
    ]);
  }, 60_000);

  it("a WebSocket from another site's page is refused; the page's own origin and web.allowedOrigins are not", async () => {
    const { url, port, lines } = await serve(', allowedOrigins: ["https://floor.example.org"]');
    expect(await rawStatus(url, 'http://evil.example')).toBe(403);
    expect(await rawStatus(url, `http://127.0.0.1:${port}`)).toBe(101);
    expect(await rawStatus(url, 'https://floor.example.org')).toBe(101);
    expect(await rawStatus(url)).toBe(101); // no Origin: not a browser page
    expect(lines.filter((l) => /another site/.test(l.msg))).toHaveLength(1);
  });
});

/** The HTTP status of a WebSocket upgrade to `url` (101 once open). */
function rawStatus(url: string, origin?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, 'mqtt', origin ? { origin } : {});
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('open', () => {
      resolve(101);
      ws.terminate();
    });
    ws.once('error', (err) => reject(err));
  });
}
