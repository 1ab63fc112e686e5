// The pages' /mqtt answers a plain GET (no WebSocket upgrade) with how long the asking address must still wait
// before a login of its is looked at (src/web/serve.ts `sendLoginWait`), for the room's pages and the table's alike:
// the page kit's link (link.js, test/web/web-link.test.ts) says "try again in N s" with it, as a page cannot read the
// 429 its WebSocket was answered. Nothing is dialled: the broker URL is never reached.
import { appendFileSync, rmSync } from 'node:fs';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startBoardServer } from '../../src/app/http.ts';
import { LoginBackoff } from '../../src/mqtt/auth-backoff.ts';
import { loadRoomConfig } from '../../src/room/config/load.ts';
import { startRoomPages } from '../../src/room/service/pages.ts';
import { fakeClock } from '../../src/runtime/clock.ts';
import { freePort } from '../helpers/mosquitto.ts';
import { writeRoomConfig } from '../helpers/room-mqtt.ts';

const logger = pino({ level: 'silent' });
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe("the pages' /mqtt tells a page how long its address waits", () => {
  it('the room pages: 0 at first, the lock-out in whole seconds after wrong passwords, 0 again after it', async () => {
    const { file, dir } = writeRoomConfig('mqtt://127.0.0.1:1', { id: 'main-event' });
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    appendFileSync(file, `web: { port: ${await freePort()} }\n`);
    const clock = fakeClock(1_000_000);
    const backoff = new LoginBackoff({ now: clock.now, setTimer: clock.setTimer, logger, what: "the pages' /mqtt" });
    cleanups.push(() => backoff.close());
    const pages = await startRoomPages({ config: loadRoomConfig(file), now: () => 0, logger, loginBackoff: backoff });
    cleanups.push(() => pages.close());
    const wait = async () => (await (await fetch(new URL('/mqtt', pages.url))).json()) as { retryInS: number };

    expect(await wait()).toEqual({ retryInS: 0 });
    for (let i = 0; i < 5; i++) backoff.failed('127.0.0.1', 'floor'); // 3 free, then 1 s, then 2 s
    expect(await wait()).toEqual({ retryInS: 2 });
    clock.advance(1500);
    expect(await wait()).toEqual({ retryInS: 1 });
    clock.advance(600);
    expect(await wait()).toEqual({ retryInS: 0 });
  });

  it("the table's pages on an external broker answer the same at their passthrough path; without one it is no page", async () => {
    const start = (pipe: boolean) =>
      startBoardServer({
        host: '127.0.0.1',
        port: 0,
        now: () => 0,
        speed: 1,
        logger,
        page: { tableId: 't1', base: 'pokertable/t1', mqtt: { url: null, port: pipe ? null : 8083, path: '/mqtt' } },
        ...(pipe ? { pipe: { url: 'mqtt://127.0.0.1:1', rejectUnauthorized: true } } : {}),
      });
    const piped = await start(true);
    cleanups.push(() => piped.close());
    const res = await fetch(new URL('/mqtt', piped.url));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ retryInS: 0 });
    const direct = await start(false);
    cleanups.push(() => direct.close());
    expect((await fetch(new URL('/mqtt', direct.url))).status).toBe(404);
  });
});
