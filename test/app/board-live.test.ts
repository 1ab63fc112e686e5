// The display board in headless Chromium against the whole simulated table (`npm start` in-process parts: engine,
// journal, embedded broker over WebSocket, virtual dealer), with a screenshot of a real game.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStartArgs } from '../../src/app/args.ts';
import { startSimulatedTable, type RunningTable } from '../../src/app/simulated.ts';
import { createVirtualTable } from '../../src/sim/index.ts';
import { artifacts, haveChromium, launchChromium } from '../helpers/chromium.ts';

describe.skipIf(!haveChromium)('display board on a live simulated table', () => {
  let stateDir: string;
  let table: RunningTable;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    stateDir = mkdtempSync(join(tmpdir(), 'pokertable-board-live-'));
    const args = parseStartArgs([
      '--speed',
      '15',
      '--seed',
      '11',
      '--irregularities',
      '1',
      '--seats',
      '8',
      '--mqtt-port',
      '18864',
      '--ws-port',
      '18865',
      '--http-port',
      '18866',
      '--state-dir',
      stateDir,
    ]);
    const quiet = new Writable({ write: (_c, _e, cb) => cb() });
    table = await startSimulatedTable(args, { createVirtualTable, logger: pino({ level: 'silent' }), out: quiet });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto('http://127.0.0.1:18866/');
  });

  afterAll(async () => {
    await browser?.close();
    await table?.stop();
    rmSync(stateDir, { recursive: true, force: true });
  });

  it('shows the running level clock, the seat on action and the floor feed as the table plays', async () => {
    await expect.poll(() => page.getAttribute('#conn', 'data-state'), { timeout: 15_000 }).toBe('live');
    // Level and blinds read together: right after the page connects, the retained clock topic may still say "no
    // levels" (published at start) while the state already shows level 1; the next clock message settles it.
    await expect
      .poll(async () => `${await page.textContent('#level')} | ${await page.textContent('#blinds')}`, {
        timeout: 20_000,
      })
      .toMatch(/^(Level \d+ \| \d[\d,]* \/ \d[\d,]*|Break \| BREAK)$/);
    const shown = await page.textContent('#time-left');
    expect(shown).toMatch(/^\d\d:\d\d$/);
    await expect.poll(() => page.textContent('#time-left'), { timeout: 10_000 }).not.toBe(shown);

    // Someone is on action: the highlighted seat is the one the shot-clock panel names.
    await expect.poll(() => page.locator('.seat.on-action').count(), { timeout: 20_000 }).toBe(1);
    // Read both in one go: the table plays on between two reads, and the action may move in between.
    const sameSeat = () =>
      page.evaluate(`(() => {
        const seat = document.querySelector('.seat.on-action')?.getAttribute('data-seat');
        const shot = document.querySelector('#shot-seat')?.textContent ?? '';
        return seat != null && shot.includes('Seat ' + seat);
      })()`);
    await expect.poll(sameSeat, { timeout: 10_000 }).toBe(true);
    // Eight seats drawn round the felt, with a dealer button somewhere.
    expect(await page.locator('.seat').count()).toBe(8);
    await expect.poll(() => page.locator('.badge.button').count(), { timeout: 10_000 }).toBe(1);

    // With an irregularity in every hand, one reaches the floor feed as it happens.
    const floorItems =
      '#feed li[data-type="irregularity"], #feed li[data-type="misdeal"], #feed li[data-type="hand.dead"], ' +
      '#feed li[data-type="clock.called"], #feed li[data-type="timebank.used"]';
    await expect.poll(() => page.locator(floorItems).count(), { timeout: 60_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.seat.on-action').count(), { timeout: 20_000 }).toBe(1);
    await page.screenshot({ path: join(artifacts, 'board-live.png') });

    // A reload (or a board switched on now) shows the same floor feed and hand header at once, from the retained feed.
    const feedBefore = await page.locator('#feed li').count();
    await page.reload();
    await expect.poll(() => page.getAttribute('#conn', 'data-state'), { timeout: 15_000 }).toBe('live');
    await expect
      .poll(() => page.locator('#feed li').count(), { timeout: 5000 })
      .toBeGreaterThanOrEqual(Math.min(feedBefore, 1));
    expect(await page.locator(floorItems).count()).toBeGreaterThan(0);
    expect(await page.textContent('#hand-info')).toMatch(/^Hand \d+/);
  }, 120_000);
});
