// The broadcast overlay (/broadcast) in headless Chromium on the real stack: the real runtime, the bridge with the
// broadcast feed, the embedded broker over WebSocket, the web server. It logs in with the production account (a floor
// account is refused), and as the scripted hand is played it shows the players, their hole cards, equity bars as
// the feed gives them, the outs, the board, the pot and the action; `?transparent` clears the background.
// Screenshots (1920 × 1080) go to test-artifacts/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBoardServer } from '../../src/app/http.ts';
import { equityOf } from '../../src/domain/equity/equity.ts';
import { artifacts, haveChromium, launchChromium } from '../helpers/chromium.ts';
import { BROADCAST_HAND as hand } from '../helpers/broadcast-hand.ts';
import { continueHand, playHand, setUpTable } from '../helpers/broadcast-play.ts';
import { BASE as base, cleanupsAfterEach, embeddedMqtt, startRealTable, type RealTable } from '../helpers/mqtt-table.ts';

const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });
const cleanups = cleanupsAfterEach();
const mqtt = embeddedMqtt(
  [
    { username: 'production', password: 'production-pw', roles: ['production'] },
    { username: 'floor', password: 'floor-pw', roles: ['floor'] },
  ],
  { wsPort: 0 },
);

describe.skipIf(!haveChromium)('broadcast overlay page', () => {
  let browser: Browser;
  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  async function overlay(table: RealTable, query = ''): Promise<Page> {
    const server = await startBoardServer({
      host: '127.0.0.1',
      port: 0,
      now: () => table.clock.now(),
      speed: 1,
      logger,
      page: { tableId: 't1', base, mqtt: { url: null, port: table.broker!.wsPort, path: '' } },
    });
    cleanups.push(() => server.close());
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    cleanups.push(() => page.close());
    await page.goto(`${server.url}broadcast${query}`);
    return page;
  }

  async function logIn(page: Page, username: string, password: string) {
    await page.fill('#username', username);
    await page.fill('#password', password);
    await page.click('#login-button');
  }

  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

  it('refuses a floor account, then shows the hand as the feed tells it', async () => {
    const table = await startRealTable(cleanups, { logger, mqtt, broadcast: { delaySeconds: 0 } });
    const page = await overlay(table);
    await page.screenshot({ path: join(artifacts, 'broadcast-login.png') });
    await logIn(page, 'floor', 'floor-pw');
    await expect.poll(() => page.textContent('#login-error'), { timeout: 10_000 }).toContain('no production role');
    await logIn(page, 'production', 'production-pw');
    await expect.poll(() => page.isVisible('#overlay'), { timeout: 10_000 }).toBe(true);

    await setUpTable(table.runtime, table.clock, hand);
    // up to the flop's first action: the deal, the fold and the flop
    await playHand(table.runtime, table.clock, hand, () => table.runtime.snapshot().street === 'flop');
    await continueHand(table.runtime, table.clock, hand, () => table.runtime.snapshot().boardSize === 3);
    await expect.poll(() => page.locator('#board .card').count(), { timeout: 10_000 }).toBe(3);
    const flop = equityOf({
      game: 'holdem',
      holes: [
        ['7c', '8d'],
        ['As', 'Ks'],
      ],
      board: ['2s', '7s', '9d'],
      dead: ['Qh', 'Qd'],
    });
    await expect
      .poll(() => page.textContent('.player[data-seat="2"] .pct'), { timeout: 10_000 })
      .toBe(pct(flop.hands[1]!.win));
    expect(await page.textContent('.player[data-seat="1"] .pct')).toBe(pct(flop.hands[0]!.win));
    // hole cards, names, the folded seat dimmed, outs listed for the hand behind
    const cards = (seat: number) =>
      page.$$eval(`.player[data-seat="${seat}"] .hole .card`, (els) => els.map((e) => e.getAttribute('data-card')));
    expect(await cards(2)).toEqual(['As', 'Ks']);
    expect(await cards(3)).toEqual(['Qh', 'Qd']);
    expect(await page.getAttribute('.player[data-seat="3"]', 'class')).toContain('folded');
    expect(await page.textContent('.player[data-seat="2"] .who')).toBe('P2');
    expect(await page.textContent('.player[data-seat="2"] .outs')).toMatch(/^\d+ outs: /);
    expect(await page.textContent('#street')).toBe(' · Flop');
    // no chips tracked: the table knows no amounts, so no pot line
    expect(await page.isVisible('.pot-line')).toBe(false);
    await page.screenshot({ path: join(artifacts, 'broadcast-flop.png') });

    await continueHand(table.runtime, table.clock, hand);
    await expect.poll(() => page.textContent('#action'), { timeout: 10_000 }).toBe('P1 wins: Pair of Sevens');
    expect(await page.textContent('.player[data-seat="1"] .pct')).toBe('100.0%');
    expect(await page.getAttribute('.player[data-seat="1"]', 'class')).toContain('winner');
    expect(await page.locator('#board .card').count()).toBe(5);
    await page.screenshot({ path: join(artifacts, 'broadcast-showdown.png') });
  }, 60_000);

  it('chips tracked: the pot is the bets the feed carried, the stacks beside the names', async () => {
    const table = await startRealTable(cleanups, { logger, mqtt, broadcast: { delaySeconds: 0 } });
    const page = await overlay(table, '#user=production&password=production-pw');
    await expect.poll(() => page.isVisible('#overlay'), { timeout: 10_000 }).toBe(true);
    const chips = { ...hand, chips: true };
    await setUpTable(table.runtime, table.clock, chips);
    await playHand(table.runtime, table.clock, chips, () => table.runtime.snapshot().boardSize === 3);
    const events = table.runtime.outbox.read(0, 10_000);
    const pot =
      events.reduce((n, e) => n + (e.type === 'bet.placed' ? e.amount : 0), 0) -
      events.reduce((n, e) => n + (e.type === 'bet.returned' ? e.amount : 0), 0);
    expect(pot).toBeGreaterThan(0);
    await expect.poll(() => page.textContent('#pot'), { timeout: 10_000 }).toBe(pot.toLocaleString('en-US'));
    expect(await page.isVisible('.pot-line')).toBe(true);
    const stack = events.findLast((e) => e.type === 'bet.placed' && e.seat === 2);
    expect(await page.textContent('.player[data-seat="2"] .stack')).toBe(
      (stack as { stack: number }).stack.toLocaleString('en-US'),
    );
    await page.screenshot({ path: join(artifacts, 'broadcast-chips.png') });
  }, 60_000);

  it('?transparent and a login in the fragment: a browser source with a clear background', async () => {
    const table = await startRealTable(cleanups, { logger, mqtt, broadcast: { delaySeconds: 0 } });
    const page = await overlay(table, '?transparent#user=production&password=production-pw');
    await expect.poll(() => page.isVisible('#overlay'), { timeout: 10_000 }).toBe(true);
    expect(await page.$eval('body', (b) => b.ownerDocument.defaultView!.getComputedStyle(b).backgroundColor)).toBe(
      'rgba(0, 0, 0, 0)',
    );
    await setUpTable(table.runtime, table.clock, hand);
    await playHand(table.runtime, table.clock, hand, () => table.runtime.snapshot().boardSize === 3);
    await expect.poll(() => page.locator('#board .card').count(), { timeout: 10_000 }).toBe(3);
    await expect.poll(() => page.locator('.player .pct:not(:empty)').count(), { timeout: 10_000 }).toBe(2);
    await page.screenshot({ path: join(artifacts, 'broadcast-transparent.png'), omitBackground: true });
  }, 60_000);
});
