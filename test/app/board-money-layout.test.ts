// Money at a glance on the display board (chips tracked, `npm start -- --chips`), in headless Chromium at 1920×1080,
// 1280×800 and portrait: nine seats with long names, each stack and bet, two pots and the amount to call, the flop,
// the game and its betting structure ("Pot-Limit Omaha"). The centre's text and cards, each seat's chips and the
// info strip must be whole and clear of every seat (at 1920×1080 "POT 2,700 · TO CALL 400" used to hide behind
// seats 1 and 9, and the flop overlapped seat 5's badge). Screenshots in test-artifacts/board-money-*.png.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { MqttClient } from 'mqtt';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardServer } from '../../src/app/http.ts';
import { startBoardStack, type BoardStack } from '../helpers/board-stack.ts';
import { artifacts, haveChromium, launchChromium } from '../helpers/chromium.ts';

const base = 'pokertable/t9';
const FLOOR_PASSWORD = 'floor-money-secret';
const t0 = 1_800_000_000_000;
const NAMES = [
  'Anna',
  'Bartholomew Fitzgerald-Smythe',
  'Cy',
  'Dimitrios Papadopoulos',
  'Ed',
  'Florentina',
  'Gus',
  'Hildegard von Bingen',
  'Ivo',
];
const STACKS = [1_234_500, 0, 98_400, 20_000, 1_500_000, 7_300, 45_600, 250_000, 19_900];
const BETS = [0, 12_500, 400, 0, 400, 0, 0, 400, 400];

function snapshot() {
  return {
    at: t0,
    seq: 40,
    seats: 9,
    profile: 'tda',
    game: 'omaha',
    betting: 'pot-limit',
    seatInfo: NAMES.map((player, i) => ({
      seat: i + 1,
      player,
      present: true,
      dealtIn: true,
      dead: false,
      folded: i === 5,
      allIn: i === 1,
      waiting: false,
      penaltyHands: 0,
      timeBanks: 2,
      stack: STACKS[i],
      bet: BETS[i],
    })),
    button: 5,
    smallBlind: 6,
    bigBlind: 7,
    hand: 212,
    phase: 'betting',
    street: 'flop',
    boardSize: 3,
    board: ['Ah', 'Td', '7c'],
    onAction: { seat: 9, street: 'flop', deadline: null },
    clock: null,
    level: null,
    pots: [
      { amount: 1_202_700, seats: [1, 2, 3, 5, 7, 8, 9] },
      { amount: 37_500, seats: [1, 3, 5] },
    ],
    toCall: 12_100,
    minRaiseTo: 24_600,
  };
}

// A level running, with its next level and break: the clocks keep every line though they give the table room.
const levelClock = {
  level: 7,
  isBreak: false,
  smallBlind: 10_000,
  bigBlind: 20_000,
  ante: 20_000,
  endsAt: t0 + 12 * 60_000,
  remainingMs: 12 * 60_000,
  paused: false,
  next: { level: 8, isBreak: false, smallBlind: 15_000, bigBlind: 30_000, ante: 30_000, minutes: 20 },
  nextBreak: { level: 8, minutes: 15, afterMs: 20 * 60_000 },
};

describe.skipIf(!haveChromium)('the board with chips tracked: money at a glance', () => {
  let stack: BoardStack;
  let server: BoardServer;
  let table: MqttClient;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    const users = [{ username: 'floor', password: FLOOR_PASSWORD, roles: ['floor' as const] }];
    stack = await startBoardStack({ base, tableId: 't9', now: () => t0, users });
    ({ server, table } = stack);
    for (const [topic, payload] of [
      ['status', 'online'],
      ['state', JSON.stringify(snapshot())],
      ['clock', JSON.stringify(levelClock)],
    ] as const)
      await table.publishAsync(`${base}/${topic}`, payload, { qos: 1, retain: true });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  /** Geometry measured in the page: the text's own extent (a range), not the blocks'. */
  const measure = (page: Page) =>
    page.evaluate(`(() => {
      const r = (el) => { const range = document.createRange(); range.selectNodeContents(el); return range.getBoundingClientRect(); };
      const b = (el) => el.getBoundingClientRect();
      const meet = (a, c) => a.left < c.right && c.left < a.right && a.top < c.bottom && c.top < a.bottom;
      const within = (a, c) => a.left >= c.left - 0.5 && a.right <= c.right + 0.5 && a.top >= c.top - 0.5 && a.bottom <= c.bottom + 0.5;
      const seats = [...document.querySelectorAll('.seat')];
      const panel = b(document.getElementById('table-view'));
      const centre = [document.getElementById('board-cards'), ...document.querySelectorAll('#phase > *')].map(r);
      const problems = [];
      centre.forEach((c, i) => {
        if (!within(c, panel)) problems.push('centre part ' + i + ' outside the panel');
        seats.forEach((s) => { if (meet(c, b(s))) problems.push('centre part ' + i + ' under seat ' + s.dataset.seat); });
      });
      seats.forEach((s) => {
        const chips = s.querySelector('.chips');
        if (!within(r(chips), b(s))) problems.push('seat ' + s.dataset.seat + ' chips cut');
        if (!within(b(s), panel)) problems.push('seat ' + s.dataset.seat + ' outside the panel');
        seats.forEach((o) => { if (o !== s && o.dataset.seat > s.dataset.seat && meet(b(s), b(o))) problems.push('seats ' + s.dataset.seat + ' and ' + o.dataset.seat); });
      });
      for (const id of ['level-clock', 'shot-clock']) {
        const el = document.getElementById(id);
        if (el.scrollHeight > el.clientHeight + 1) problems.push(id + ' cut');
      }
      const info = document.getElementById('table-info');
      if (info && info.scrollWidth > info.clientWidth + 1) problems.push('info strip cut');
      const pots = document.querySelector('#money .pots');
      const strip = document.getElementById('money');
      if (strip.scrollWidth > strip.clientWidth + 1) problems.push('pots line cut');
      if (!within(r(strip), panel)) problems.push('pots line outside the panel');
      seats.forEach((s) => { if (meet(r(strip), b(s))) problems.push('pots line under seat ' + s.dataset.seat); });
      const size = (el) => parseFloat(getComputedStyle(el).fontSize);
      return {
        problems,
        potsPx: pots ? size(pots) : 0,
        chipsPx: size(document.querySelector('.seat .chips')),
      };
    })()`) as Promise<{ problems: string[]; potsPx: number; chipsPx: number }>;

  it.each([
    ['1920x1080', 1920, 1080],
    ['1280x800', 1280, 800],
    ['portrait', 800, 1280],
  ])(
    'at %s: stacks, bets, pots and the call whole and clear of the seats; game and structure shown',
    async (name, w, h) => {
      const page = await browser.newPage({ viewport: { width: w, height: h } });
      await page.goto(server.url);
      await expect.poll(() => page.getAttribute('#conn', 'data-state'), { timeout: 10_000 }).toBe('live');
      await expect.poll(() => page.locator('.seat').count()).toBe(9);
      await expect.poll(() => page.textContent('#money .pots')).toBe('pot 1,202,700 · side 1 37,500');
      expect(await page.textContent('#money .to-call')).toBe('to call 12,100');
      await page.screenshot({ path: join(artifacts, `board-money-${name}.png`) });
      expect(await page.textContent('#table-info [data-item="game"]')).toBe('Pot-Limit Omaha');
      expect(await page.textContent('.seat[data-seat="1"] .chips')).toBe('1,234,500');
      expect(await page.textContent('.seat[data-seat="2"] .chips')).toBe('0\nbet 12,500');
      const m = await measure(page);
      expect(m.problems).toEqual([]);
      // Legible from across a room: the money is not small print.
      expect(m.potsPx).toBeGreaterThanOrEqual(w >= 1900 ? 26 : 18);
      expect(m.chipsPx).toBeGreaterThanOrEqual(w >= 1900 ? 20 : 14);
      await page.close();
    },
    60_000,
  );

  it("the floor page shows every seat's stack and bet, the pots, the call and the game (390×844)", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    await page.goto(`${server.url}floor`);
    await page.fill('#password', FLOOR_PASSWORD);
    await page.click('#login-button');
    await expect.poll(() => page.getAttribute('#conn', 'data-state'), { timeout: 10_000 }).toBe('live');
    await expect.poll(() => page.locator('#seat-grid .seat').count()).toBe(9);
    await expect.poll(() => page.textContent('#seat-money .pots')).toBe('Pot 1,202,700 · side 1 37,500');
    expect(await page.textContent('#seat-money .to-call')).toBe('to call 12,100');
    expect(await page.textContent('#f-info [data-item="game"]')).toBe('Pot-Limit Omaha');
    const stacks = await page.locator('#seat-grid .seat .m').allTextContents();
    expect(stacks).toEqual(STACKS.map((n) => n.toLocaleString('en-US')));
    const bets = await page.locator('#seat-grid .seat .b').allTextContents();
    expect(bets).toEqual(BETS.map((n) => (n ? `bet ${n.toLocaleString('en-US')}` : '')));
    await page.locator('#seat-grid').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(artifacts, 'floor-money-390x844.png'), fullPage: true });
    // Every stack and bet whole inside its seat button.
    const cut = await page.evaluate(`[...document.querySelectorAll('#seat-grid .seat')].filter((b) =>
      [...b.querySelectorAll('.m, .b, .n')].some((el) => el.scrollWidth > el.clientWidth + 1 ||
        el.getBoundingClientRect().right > b.getBoundingClientRect().right + 0.5)).map((b) => b.dataset.seat)`);
    expect(cut).toEqual([]);
    await page.close();
  }, 60_000);
});
