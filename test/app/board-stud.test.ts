// A stud hand on the display board, in headless Chromium at 1280×800 and 1920×1080: a razz hand of six played through
// the engine with chips tracked, its public events and state published as the table publishes them. The board shows
// each seat's up cards and never a down card (R-STUD-DEAL), who brought in and who completed (R-STUD-BRING-IN),
// "capped" once the round has a completion and three raises (R-BET-LIMIT), and the level as "Limit Razz 100/200"
// with the next level's game (R-GAME-MIXED). Screenshots in test-artifacts/board-stud-*.png.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { MqttClient } from 'mqtt';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardServer } from '../../src/app/http.ts';
import { toPublic } from '../../src/domain/secrecy.ts';
import { startBoardStack, type BoardStack } from '../helpers/board-stack.ts';
import { artifacts, haveChromium, launchChromium } from '../helpers/chromium.ts';
import { scenario, type Scenario } from '../helpers/scenario.ts';

const base = 'pokertable/t5';
const t0 = 1_800_000_000_000;
const wall0 = Date.now();
const SEATS = [1, 2, 3, 4, 5, 6];
const RAZZ = { smallBlind: 50, bigBlind: 100, ante: 10, bringIn: 25, smallBet: 100, bigBet: 200, minutes: 20 };
const STUD_HILO = { smallBlind: 100, bigBlind: 200, ante: 20, bringIn: 50, smallBet: 200, bigBet: 400, minutes: 20 };
// Third street's down cards and each street's up cards, seat 1 first; the king of clubs (seat 2) brings in at razz.
const DOWN = ['3s 4s', '6d 8h', 'Qd Jd', 'Tc Th', '9d 9h', '2c 2h'].map((p) => p.split(' '));
const UP = ['5h Kc 2d 9s 7c Ah', '3d 4d 5d 6s 7s 8s', '3h 4h 6h 7h 8d Td', 'Jc Qc Kd Ks Qh Jh'].map((p) =>
  p.split(' '),
);
const BURNS = ['As', 'Ad', 'Ac'];

const text = (card: string) => `${card[0] === 'T' ? '10' : card[0]}${{ s: '♠', h: '♥', d: '♦', c: '♣' }[card[1]!]}`;

describe.skipIf(!haveChromium)('a stud hand on the board', () => {
  let stack: BoardStack;
  let server: BoardServer;
  let table: MqttClient;
  let browser: Browser;
  let s: Scenario;
  const pages: [string, Page][] = [];

  /** One input to the engine: its events on <base>/events in their public form, then the state and the clock. */
  async function play(input: () => unknown): Promise<void> {
    const before = s.events.length;
    input();
    for (const e of s.events.slice(before)) {
      const pub = toPublic(e);
      if (pub) await table.publishAsync(`${base}/events`, JSON.stringify(pub), { qos: 1 });
    }
    const state = s.table.snapshot();
    await table.publishAsync(`${base}/state`, JSON.stringify(state), { qos: 1, retain: true });
    await table.publishAsync(`${base}/clock`, JSON.stringify(state.level), { qos: 1, retain: true });
  }

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    stack = await startBoardStack({ base, tableId: 't5', now: () => t0 + (Date.now() - wall0) });
    ({ server, table } = stack);
    await table.publishAsync(`${base}/status`, 'online', { qos: 1, retain: true });
    s = scenario({ players: SEATS, seats: 8, game: 'razz', rules: { chips: { mode: 'tracked' } } });
    s.at = t0;
    for (const seat of SEATS) s.send({ type: 'command', name: 'set-stack', seat, chips: 20_000 }, 0);
    const levels = [
      { ...RAZZ, game: 'razz', betting: 'limit' },
      { ...STUD_HILO, game: 'stud-hilo', betting: 'limit' },
      { break: true, minutes: 10 }, // the clock's tallest form: a break line too
    ];
    await play(() => s.send({ type: 'command', name: 'levels-start', levels }, 0));
    browser = await launchChromium();
    for (const [name, width, height] of [
      ['1280x800', 1280, 800],
      ['1920x1080', 1920, 1080],
    ] as const) {
      const page = await browser.newPage({ viewport: { width, height } });
      await page.goto(server.url);
      await page.waitForSelector('#conn[data-state="live"]', { timeout: 10_000 });
      pages.push([name, page]);
    }
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  /** What must hold on every page: the seats and the centre inside the table panel, apart, each up card inside its
   * seat, the level clock whole; and no down card anywhere on the page. */
  const problems = (page: Page, down: string[]) =>
    page.evaluate(
      `((down) => {
        const b = (el) => el.getBoundingClientRect();
        const meet = (a, c) => a.left < c.right && c.left < a.right && a.top < c.bottom && c.top < a.bottom;
        const within = (a, c) => a.left >= c.left - 0.5 && a.right <= c.right + 0.5 && a.top >= c.top - 0.5 && a.bottom <= c.bottom + 0.5;
        const out = [];
        const seats = [...document.querySelectorAll('.seat')];
        const panel = b(document.getElementById('table-view'));
        const centre = ['board-cards', 'phase', 'round-notes'].map((id) => document.getElementById(id));
        seats.forEach((s) => {
          if (!within(b(s), panel)) out.push('seat ' + s.dataset.seat + ' outside the panel');
          s.querySelectorAll('.up .card').forEach((c) => { if (!within(b(c), b(s))) out.push('seat ' + s.dataset.seat + ' up card cut'); });
          seats.forEach((o) => { if (o.dataset.seat > s.dataset.seat && meet(b(s), b(o))) out.push('seats ' + s.dataset.seat + ' and ' + o.dataset.seat); });
          centre.forEach((c) => { if (c.textContent && meet(b(c), b(s))) out.push(c.id + ' under seat ' + s.dataset.seat); });
        });
        for (const id of ['level-clock', 'shot-clock']) {
          const el = document.getElementById(id);
          if (el.scrollHeight > el.clientHeight + 1) out.push(id + ' cut');
        }
        const shown = document.body.innerText;
        for (const card of down) if (shown.includes(card)) out.push('down card ' + card + ' shown');
        return out;
      })(${JSON.stringify(down.map(text))})`,
    ) as Promise<string[]>;

  const downCards = DOWN.flat();
  const upOf = (seat: number, streets: number) => UP.slice(0, streets).map((pass) => text(pass[seat - 1]!));

  it('third street: up cards, the bring-in and its completion, capped, "Limit Razz 100/200"', async () => {
    await play(() => s.send({ type: 'shuffle' }));
    for (let pass = 0; pass < 3; pass++)
      for (const seat of SEATS) await play(() => s.cards(pass < 2 ? DOWN[seat - 1]![pass]! : UP[0]![seat - 1]!));
    await play(() => s.act('call')); // seat 2 (king up) brings in
    await play(() => s.act('raise')); // seat 3 completes to the small bet
    for (let i = 0; i < 3; i++) await play(() => s.act('raise')); // seats 4, 5 and 6: the cap
    expect(s.table.snapshot()).toMatchObject({ capped: true, onAction: { seat: 1 } });
    for (const [name, page] of pages) {
      await expect.poll(() => page.isVisible('#capped')).toBe(true);
      expect(await page.textContent('#capped')).toBe('Capped');
      expect(await page.textContent('#bring-in')).toBe('Bring-in: seat 2 · P2 · 25; seat 3 · P3 completes to 100');
      for (const seat of SEATS)
        expect(await page.locator(`.seat[data-seat="${seat}"] .up .card`).allTextContents()).toEqual(upOf(seat, 1));
      expect(await page.textContent('#game')).toBe('Limit Razz 100/200');
      expect(await page.textContent('#blinds')).toBe('Bring-in 25');
      expect(await page.textContent('#ante')).toBe('Ante 10');
      expect(await page.textContent('#next-level')).toBe('200 / 400 ante 20 · 20 min · Limit Stud Hi-Lo');
      expect(await page.textContent('#table-info [data-item="game"]')).toBe('Limit Razz');
      expect(await page.textContent('#hand-info')).toBe('Hand 1'); // no button in stud
      expect(await page.textContent('#break-in')).toMatch(/^Break in 39:\d\d$/);
      await page.screenshot({ path: join(artifacts, `board-stud-third-${name}.png`) });
      expect(await problems(page, downCards)).toEqual([]);
    }
  }, 120_000);

  it('sixth street: four up cards a seat, no bring-in line, not capped, still no down card', async () => {
    await play(() => s.act('call', 'call', 'call', 'call', 'call')); // seats 1 to 5 call the cap
    for (let street = 1; street <= 3; street++) {
      await play(() => s.cards(BURNS[street - 1]!));
      for (const seat of SEATS) await play(() => s.cards(UP[street]![seat - 1]!));
      if (street < 3) await play(() => s.act(...SEATS.map(() => 'check')));
    }
    expect(s.table.snapshot()).toMatchObject({ street: 'sixth', phase: 'betting' });
    for (const [name, page] of pages) {
      await expect.poll(() => page.locator('.seat[data-seat="6"] .up .card').count()).toBe(4);
      for (const seat of SEATS)
        expect(await page.locator(`.seat[data-seat="${seat}"] .up .card`).allTextContents()).toEqual(upOf(seat, 4));
      expect(await page.isVisible('#capped')).toBe(false);
      expect(await page.isVisible('#bring-in')).toBe(false);
      await page.screenshot({ path: join(artifacts, `board-stud-sixth-${name}.png`) });
      expect(await problems(page, [...downCards, ...BURNS])).toEqual([]);
    }
  }, 120_000);
});
