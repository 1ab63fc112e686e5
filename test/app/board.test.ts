// The display board in headless Chromium against a real MQTT broker over WebSocket (aedes + ws, as embedded).
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import pino from 'pino';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer, createWebSocketStream } from 'ws';
import { startBoardServer, type BoardServer } from '../../src/app/http.ts';
import type { TableSnapshot } from '../../src/domain/snapshot/types.ts';
import { artifacts, haveChromium, launchChromium } from '../helpers/chromium.ts';

const MQTT_PORT = 18841;
const WS_PORT = 18842;
const HTTP_PORT = 18843;
const base = 'pokertable/t1';

/** A broker whose WebSocket listener can be stopped and started again, like a broker restart seen from a browser. */
async function testBroker() {
  const aedes = await Aedes.createBroker();
  const tcp: Server = createServer(aedes.handle);
  await new Promise<void>((r) => tcp.listen(MQTT_PORT, '127.0.0.1', r));
  let wss: WebSocketServer | null = null;
  const startWs = () =>
    new Promise<void>((resolve) => {
      wss = new WebSocketServer({ port: WS_PORT, host: '127.0.0.1' }, resolve);
      wss.on('connection', (socket, req) => aedes.handle(createWebSocketStream(socket), req));
    });
  const stopWs = () =>
    new Promise<void>((resolve) => {
      if (!wss) return resolve();
      for (const c of wss.clients) c.terminate();
      wss.close(() => resolve());
      wss = null;
    });
  await startWs();
  return {
    startWs,
    stopWs,
    close: async () => {
      await stopWs();
      await new Promise<void>((r) => tcp.close(() => r()));
      await new Promise<void>((r) => aedes.close(() => r()));
    },
  };
}

function snapshot(at: number, over: Partial<TableSnapshot> = {}): TableSnapshot {
  const names = ['Ana', 'Bo', 'Cy', 'Di', 'Ed', 'Flo'];
  return {
    at,
    seq: 10,
    seats: 6,
    profile: 'tda-2024',
    game: 'holdem',
    betting: 'no-limit',
    seatInfo: names.map((player, i) => ({
      seat: i + 1,
      player,
      present: i !== 4,
      dealtIn: true,
      dead: i === 4,
      folded: i === 1,
      allIn: false,
      waiting: false,
      penaltyHands: 0,
      timeBanks: 2,
    })),
    button: 1,
    smallBlindSeat: 2,
    bigBlindSeat: 3,
    smallBlind: 2,
    bigBlind: 3,
    hand: 7,
    phase: 'betting',
    street: 'flop',
    boardSize: 3,
    board: ['Ah', 'Td', '7c'],
    onAction: { seat: 4, street: 'flop', deadline: at + 600_000 },
    clockCall: over.clock ?? null,
    clock: null,
    level: null,
    ...over,
  };
}

const describeBoard = haveChromium ? describe : describe.skip;

describeBoard('display board in Chromium', () => {
  let broker: Awaited<ReturnType<typeof testBroker>>;
  let server: BoardServer;
  let publisher: MqttClient;
  let browser: Browser;
  let page: Page;
  // The table's clock as the server reports it: virtual, 10× wall time, like --speed 10.
  const t0 = 1_800_000_000_000;
  const wall0 = Date.now();
  const tableNow = () => t0 + (Date.now() - wall0) * 10;

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    broker = await testBroker();
    server = await startBoardServer({
      host: '127.0.0.1',
      port: HTTP_PORT,
      now: tableNow,
      speed: 10,
      logger: pino({ level: 'silent' }),
      page: { tableId: 't1', base, mqtt: { url: null, port: WS_PORT, path: '' } },
    });
    publisher = await mqtt.connectAsync(`mqtt://127.0.0.1:${MQTT_PORT}`, { protocolVersion: 4 });
    const now = tableNow();
    await publisher.publishAsync(`${base}/status`, 'online', { retain: true, qos: 1 });
    await publisher.publishAsync(`${base}/state`, JSON.stringify(snapshot(now)), { retain: true, qos: 1 });
    await publisher.publishAsync(
      `${base}/clock`,
      JSON.stringify({
        level: 3,
        isBreak: false,
        smallBlind: 100,
        bigBlind: 200,
        ante: 25,
        endsAt: now + 12 * 60_000 + 34_000,
        remainingMs: 754_000,
        paused: false,
        next: { level: 4, isBreak: false, smallBlind: 150, bigBlind: 300, ante: 25, minutes: 20 },
      }),
      { retain: true, qos: 1 },
    );
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`http://127.0.0.1:${HTTP_PORT}/`);
  });

  afterAll(async () => {
    await browser?.close();
    await publisher?.endAsync();
    await server?.close();
    await broker?.close();
  });

  it('shows the level, blinds, ante, next level and a running time left', async () => {
    await expect.poll(() => page.textContent('#conn')).toBe('Live');
    await expect.poll(() => page.textContent('#level')).toBe('Level 3');
    expect(await page.textContent('#blinds')).toBe('100 / 200');
    expect(await page.textContent('#ante')).toBe('Ante 25');
    expect(await page.textContent('#next-level')).toBe('150 / 300 ante 25 · 20 min');
    // A plain structure: the header names the table's game (state, R-GAME-LIST); the clock does not repeat it.
    expect(await page.textContent('#table-info [data-item="game"]')).toBe("No-Limit Hold'em");
    expect(await page.textContent('#game')).toBe('');
    const first = await page.textContent('#time-left');
    expect(first).toMatch(/^1[0-2]:\d\d$/);
    await expect.poll(() => page.textContent('#time-left'), { timeout: 10_000 }).not.toBe(first);
  });

  it('highlights the seat on action with its countdown, and shows the button, blinds, dead hand and board', async () => {
    await expect.poll(() => page.getAttribute('.seat[data-seat="4"]', 'class')).toContain('on-action');
    expect(await page.getAttribute('.seat[data-seat="3"]', 'class')).not.toContain('on-action');
    expect(await page.textContent('#shot-seat')).toBe('Seat 4 · Di');
    expect(await page.textContent('#shot-time')).toMatch(/^\d+:\d\d$|^[1-9]\d?$/);
    expect(await page.textContent('.seat[data-seat="1"] .badges')).toContain('D');
    expect(await page.textContent('.seat[data-seat="2"] .badges')).toContain('SB');
    expect(await page.textContent('.seat[data-seat="3"] .badges')).toContain('BB');
    expect(await page.textContent('.seat[data-seat="5"] .badges')).toContain('DEAD');
    expect(await page.textContent('.seat[data-seat="5"] .badges')).toContain('AWAY');
    expect(await page.textContent('#board-cards')).toBe('A♥10♦7♣');

    const now = tableNow();
    await publisher.publishAsync(
      `${base}/state`,
      JSON.stringify(
        snapshot(now, {
          onAction: { seat: 6, street: 'flop', deadline: now + 600_000 },
          clock: { kind: 'clock', seat: 6, deadline: now + 600_000, countdownAt: now + 590_000 },
        }),
      ),
      { retain: true, qos: 1 },
    );
    await expect.poll(() => page.getAttribute('.seat[data-seat="6"]', 'class')).toContain('on-action');
    expect(await page.getAttribute('.seat[data-seat="4"]', 'class')).not.toContain('on-action');
    expect(await page.textContent('#shot-title')).toBe('Clock called');
  });

  it('shows an irregularity as it happens', async () => {
    await publisher.publishAsync(
      `${base}/events`,
      JSON.stringify({
        seq: 11,
        at: tableNow(),
        hand: 7,
        type: 'irregularity',
        kind: 'exposed-card',
        remedy: 'Show the card to all players, then use it as the burn card',
        card: null,
      }),
      { qos: 1 },
    );
    await expect.poll(() => page.textContent('#feed li:first-child .what')).toBe('#7 Irregularity: exposed card');
    expect(await page.textContent('#feed li:first-child .detail')).toContain('burn card');
    await page.screenshot({ path: join(artifacts, 'board.png') });
  });

  it('shows a misplaced card with the seat it was seen at and where it was dealt (R-CARD-PLACE)', async () => {
    const misplaced = (seq: number, expected: object | null, seen: object) =>
      publisher.publishAsync(
        `${base}/events`,
        JSON.stringify({ seq, at: tableNow(), hand: 7, type: 'card.misplaced', card: null, expected, seen }),
        { qos: 1 },
      );
    await misplaced(20, { to: 'seat', seat: 3 }, { place: 'seat', seat: 4 });
    await expect.poll(() => page.textContent('#feed li:first-child .what')).toBe('#7 Misplaced card at seat 4');
    expect(await page.textContent('#feed li:first-child .detail')).toBe('dealt to seat 3');
    await misplaced(21, null, { place: 'muck' });
    await expect.poll(() => page.textContent('#feed li:first-child .what')).toBe('#7 Misplaced card in the muck');
    expect(await page.textContent('#feed li:first-child .detail')).toBe('not dealt in this hand: the floor looks');
  });

  it('shows a violation as a sentence, not a rule id alone', async () => {
    await publisher.publishAsync(
      `${base}/events`,
      JSON.stringify({
        seq: 12,
        at: tableNow(),
        hand: 7,
        type: 'violation',
        seat: 3,
        rule: 'R-STAY-SEATED',
        message: 'Seat 3 left the seat during a live hand (R-STAY-SEATED)',
      }),
      { qos: 1 },
    );
    await expect.poll(() => page.textContent('#feed li:first-child .what')).toBe('#7 Seat 3: violation');
    expect(await page.textContent('#feed li:first-child .detail')).toBe(
      'Seat 3 left the seat during a live hand (R-STAY-SEATED)',
    );
  });

  it('shows reconnecting when the broker drops and goes live again when it is back', async () => {
    await broker.stopWs();
    await expect.poll(() => page.getAttribute('#conn', 'data-state')).toBe('reconnecting');
    expect(await page.isVisible('#overlay')).toBe(true);
    await page.screenshot({ path: join(artifacts, 'board-reconnecting.png') });
    await broker.startWs();
    await expect.poll(() => page.getAttribute('#conn', 'data-state'), { timeout: 15_000 }).toBe('live');
    expect(await page.isVisible('#overlay')).toBe(false);
    // The retained state arrives again after the resubscribe.
    await expect.poll(() => page.getAttribute('.seat[data-seat="6"]', 'class')).toContain('on-action');
  });

  it('says so when the table itself is offline (last will)', async () => {
    await publisher.publishAsync(`${base}/status`, 'offline', { retain: true, qos: 1 });
    await expect.poll(() => page.getAttribute('#conn', 'data-state')).toBe('offline');
    await publisher.publishAsync(`${base}/status`, 'online', { retain: true, qos: 1 });
    await expect.poll(() => page.getAttribute('#conn', 'data-state')).toBe('live');
  });

  it('shows a banner while the table is degraded (its journal cannot be written), and hides it when it is ok', async () => {
    expect(await page.isVisible('#health')).toBe(false);
    const since = tableNow();
    const degraded = {
      state: 'degraded',
      since,
      reasons: [
        { component: 'storage', detail: 'disk full: the journal cannot be written', code: 'STORAGE_FULL', since },
      ],
    };
    await publisher.publishAsync(`${base}/health`, JSON.stringify(degraded), { retain: true, qos: 1 });
    await expect.poll(() => page.isVisible('#health')).toBe(true);
    expect(await page.textContent('#health')).toMatch(
      /^Table degraded since .+: storage: disk full: the journal cannot be written\. Call the floor\.$/,
    );
    await page.screenshot({ path: join(artifacts, 'board-degraded.png') });
    await publisher.publishAsync(`${base}/health`, JSON.stringify({ state: 'ok', since, reasons: [] }), {
      retain: true,
      qos: 1,
    });
    await expect.poll(() => page.isVisible('#health')).toBe(false);
  });

  it("shows the level's game and structure with its fixed bets, and the next level's game (R-GAME-MIXED)", async () => {
    const now = tableNow();
    const clock = (game: Record<string, unknown>, next: Record<string, unknown>) =>
      JSON.stringify({
        level: 5,
        isBreak: false,
        smallBlind: 100,
        bigBlind: 200,
        ante: 0,
        ...game,
        endsAt: now + 10 * 60_000,
        remainingMs: 600_000,
        paused: false,
        next: { level: 6, isBreak: false, smallBlind: 200, bigBlind: 400, ante: 0, ...next, minutes: 20 },
      });
    await publisher.publishAsync(
      `${base}/clock`,
      clock({ game: 'holdem', betting: 'limit', smallBet: 200, bigBet: 400 }, { game: 'omaha', betting: 'pot-limit' }),
      { retain: true, qos: 1 },
    );
    await expect.poll(() => page.textContent('#game')).toBe("Limit Hold'em 200/400");
    expect(await page.textContent('#next-level')).toBe('200 / 400 · 20 min · Pot-Limit Omaha');
    await page.screenshot({ path: join(artifacts, 'board-limit-holdem.png') });
  });

  it('serves config.json and table time', async () => {
    const config = (await (await fetch(`http://127.0.0.1:${HTTP_PORT}/config.json`)).json()) as Record<string, unknown>;
    expect(config).toMatchObject({ tableId: 't1', base, mqtt: { port: WS_PORT }, time: { speed: 10 } });
    expect((await fetch(`http://127.0.0.1:${HTTP_PORT}/nope`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${HTTP_PORT}/vendor/mqtt.min.js`)).status).toBe(200);
  });
});
