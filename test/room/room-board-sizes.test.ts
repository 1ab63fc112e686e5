// The room board at 1920×1080, 1280×800 and on a phone (390×844), in headless Chromium: a paused level says
// "LEVEL 1 PAUSED" on one line, and no column is clipped (on a phone the three columns used to be cut to "LEV",
// "PA" and "TABLE 1" without its "9/9"): every label, number and table count is whole and on the screen, the phone
// scrolling down through the clock, the counts, the tables, the moves and the places. Screenshots in
// test-artifacts/room-board-<size>.png.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifacts, haveChromium, launchChromium } from '../helpers/chromium.ts';
import { connectClient, mosquittoMissing } from '../helpers/mosquitto.ts';
import { pageUsers as users, startRoomPageStack, type RoomPageStack } from '../helpers/room-page.ts';

const missing = mosquittoMissing();
const POLL = { timeout: 20_000 };
const json = (s: string) => JSON.parse(s) as Record<string, unknown>;
const NAMES = ['Anna Karenina', 'Bartholomew Fitzgerald-Smythe', 'Cy', 'Dimitrios Papadopoulos', 'Ed', 'Florentina'];

describe.skipIf(missing !== null || !haveChromium)('the room board at a TV, a laptop and a phone', () => {
  let stack: RoomPageStack;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    stack = await startRoomPageStack();
    browser = await launchChromium();
  }, 60_000);

  /** The room's own state and clock as a room of six full tables with its level paused would publish them. */
  async function publishRoom(): Promise<void> {
    await stack.seen.until((m) => m.some((x) => x.topic === 'room/main-event/state'), 'the room state');
    const real = stack.seen.messages.filter((m) => m.topic === 'room/main-event/state').at(-1)!.payload;
    const room = await connectClient(stack.broker.url, {
      username: 'room-main-event',
      password: users['room-main-event'],
      clientId: 'six-tables',
    });
    const state = {
      ...json(real),
      tables: Array.from({ length: 6 }, (_, t) => ({
        id: `table-${t + 1}`,
        seats: 9,
        open: true,
        online: true,
        players: Array.from({ length: 9 }, (_, p) => ({
          seat: p + 1,
          player: `${NAMES[(t + p) % NAMES.length]} ${t}${p}`,
          stack: 1_234_500 - p * 10_000,
        })),
      })),
      playersLeft: 54,
      entries: 60,
    };
    const clock = {
      level: 1,
      isBreak: false,
      smallBlind: 100,
      bigBlind: 200,
      ante: 25,
      endsAt: null,
      remainingMs: 14 * 60_000,
      paused: true,
      next: { level: 2, isBreak: false, smallBlind: 200, bigBlind: 400, ante: 50, minutes: 20 },
      nextBreak: null,
    };
    await room.publishAsync('room/main-event/state', JSON.stringify({ ...state, clock }), { qos: 1, retain: true });
    await room.publishAsync('room/main-event/clock', JSON.stringify(clock), { qos: 1, retain: true });
    await room.endAsync();
  }

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it.each([
    ['1920x1080', 1920, 1080],
    ['1280x800', 1280, 800],
    ['phone-390x844', 390, 844],
  ])(
    'at %s: the paused level on one line, every label, number and table whole and on the screen',
    async (name, w, h) => {
      const page = await browser.newPage({ viewport: { width: w, height: h } });
      await page.goto(stack.pages.url);
      await page.fill('#username', 'display');
      await page.fill('#password', users.display);
      await page.click('#login-button');
      await expect.poll(() => page.getAttribute('#conn', 'data-state'), POLL).toBe('live');
      await publishRoom();
      await expect.poll(() => page.locator('#tables .table').count(), POLL).toBe(6);
      await expect.poll(() => page.isVisible('#paused'), POLL).toBe(true);
      await page.screenshot({ path: join(artifacts, `room-board-${name}.png`), fullPage: true });
      const problems = (await page.evaluate(`(() => {
        const problems = [];
        const level = document.getElementById('level').getBoundingClientRect();
        const paused = document.getElementById('paused').getBoundingClientRect();
        if (Math.abs(level.top - paused.top) > 2) problems.push('"PAUSED" on a line of its own');
        const texts = document.querySelectorAll(
          '.level-line, #time-left, .blinds-line, .next-line, .count .label, .count .big, .t-name, .t-count, h2, #room-name, #conn');
        for (const el of texts) {
          const r = el.getBoundingClientRect();
          const what = (el.id || el.className) + ' "' + el.textContent.trim().slice(0, 20) + '"';
          if (el.scrollWidth > el.clientWidth + 1) problems.push(what + ' cut');
          if (r.left < -0.5 || r.right > window.innerWidth + 0.5) problems.push(what + ' off the screen');
          const panel = el.closest('.panel, .table');
          if (panel) {
            const p = panel.getBoundingClientRect();
            if (r.right > p.right + 0.5 || r.left < p.left - 0.5) problems.push(what + ' outside its panel');
          }
        }
        for (const t of document.querySelectorAll('#tables .table')) {
          const count = t.querySelector('.t-count');
          if (!/^\\d+\\/\\d+$/.test(count.textContent.trim())) problems.push('table count "' + count.textContent + '"');
        }
        // Every table reachable: in view on a screen, below on a phone (the page scrolls).
        const last = document.querySelector('#tables .table:last-child').getBoundingClientRect();
        if (last.bottom > document.documentElement.scrollHeight + 0.5) problems.push('the last table cut off');
        return problems;
      })()`)) as string[];
      expect(problems).toEqual([]);
      await page.close();
    },
    60_000,
  );
});
