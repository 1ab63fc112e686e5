// The table's own board in headless Chromium (issue 14, item 4): when the room moves a player of this table, the
// floor feed says where to ("Anna → table B seat 2"), from the table's `player.moved` and the room's
// `room/<id>/moves` (readable by every account), here on a real mosquitto over WebSocket.
import pino from 'pino';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBoardServer, type BoardServer } from '../../src/app/http.ts';
import { join } from 'node:path';
import { artifacts, haveChromium, launchChromium } from '../helpers/chromium.ts';
import { connectClient, freePort, mosquittoMissing, startMosquitto, type Mosquitto } from '../helpers/mosquitto.ts';
import type { MqttClient } from 'mqtt';

const missing = mosquittoMissing();
const base = 'pokertable/A';
const t0 = 1_800_000_000_000;

describe.skipIf(!haveChromium || missing !== null)("the table's board shows where the room sends a player", () => {
  let broker: Mosquitto;
  let server: BoardServer;
  let client: MqttClient;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    const wsPort = await freePort();
    broker = await startMosquitto({
      config: ['allow_anonymous true', `listener ${wsPort} 127.0.0.1`, 'protocol websockets'],
    });
    server = await startBoardServer({
      host: '127.0.0.1',
      port: 0,
      now: () => t0,
      speed: 1,
      logger: pino({ level: 'silent' }),
      page: {
        tableId: 'A',
        base,
        roomBase: 'room/main-event',
        mqtt: { url: `ws://127.0.0.1:${wsPort}`, port: null, path: '' },
      },
    });
    client = await connectClient(broker.url, { protocolVersion: 4 });
    await client.publishAsync(`${base}/status`, 'online', { qos: 1, retain: true });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(server.url);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    client?.end(true);
    await server?.close();
    await broker?.dispose();
  });

  const event = (seq: number, body: object) =>
    client.publishAsync(`${base}/events`, JSON.stringify({ seq, at: t0 + seq, ...body }), { qos: 1 });
  const move = (seq: number, player: string, from: object, to: object) =>
    client.publishAsync(
      'room/main-event/moves',
      JSON.stringify({ seq, at: t0 + seq, player, from, to, reason: 'balance' }),
      { qos: 1 },
    );
  const moved = (player: string) => page.locator('#feed li[data-type="player.moved"]', { hasText: player });

  it('player.moved first says "another table", then the table and seat the room gave', async () => {
    await expect.poll(() => page.getAttribute('#conn', 'data-state'), { timeout: 20_000 }).toBe('live');
    // the subscriptions are made once connected: wait until the board takes events
    await expect
      .poll(
        async () => {
          await event(1, { type: 'stack.set', seat: 1, chips: 500 });
          return page.locator('#feed li[data-type="stack.set"]').count();
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    await event(10, { type: 'player.moved', seat: 3, player: 'Anna', chips: 1200 });
    await expect.poll(() => moved('Anna').textContent(), { timeout: 10_000 }).toContain('Anna → another table');
    expect(await moved('Anna').textContent()).toContain('from seat 3');
    // a move from another table names nobody here; the one from this table names the new table and seat
    await move(4, 'Bob', { table: 'C', seat: 1 }, { table: 'A', seat: 5 });
    await move(5, 'Anna', { table: 'A', seat: 3 }, { table: 'B', seat: 2 });
    await expect.poll(() => moved('Anna').textContent(), { timeout: 10_000 }).toContain('Anna → table B seat 2');
    expect(await page.locator('#feed li', { hasText: 'Bob' }).count()).toBe(0);
  }, 60_000);

  it("a room that keeps money: each player's bounty as a badge on the seat (room/<id>/prizes)", async () => {
    const seatInfo = [1, 2, 3, 4, 5, 6].map((seat) => ({ seat, player: { 1: 'Chloé', 2: 'Dmitri' }[seat] ?? null }));
    await client.publishAsync(
      `${base}/state`,
      JSON.stringify({ seq: 20, seats: 6, hand: null, seatInfo, button: null, board: [] }),
      { qos: 1, retain: true },
    );
    await expect.poll(() => page.textContent('.seat[data-seat="1"] .name'), { timeout: 10_000 }).toBe('Chloé');
    const heads = [
      { player: 'Chloé', head: 3750, won: 1250 },
      { player: 'Dmitri', head: 2500, won: 0 },
      { player: 'Zoe', head: 2500, won: 0 },
    ];
    const prizes = { currency: 'EUR', bounty: { amount: 2500, progressive: 50 }, heads };
    await client.publishAsync('room/main-event/prizes', JSON.stringify(prizes), { qos: 1, retain: true });
    await expect
      .poll(() => page.textContent('.seat[data-seat="1"] .badge.bounty'), { timeout: 10_000 })
      .toBe('★ 37.50');
    expect(await page.textContent('.seat[data-seat="2"] .badge.bounty')).toBe('★ 25.00');
    expect(await page.locator('.seat[data-seat="3"] .badge.bounty').count()).toBe(0);
    await page.screenshot({ path: join(artifacts, 'board-bounties.png') });
  }, 60_000);
});
