// The display board's layout and what a clock screen must show, in headless Chromium at 1920×1080, 1280×800 and a
// portrait tablet: ten seats with long names and every badge, the top seat inside its panel, ante and next level
// apart, the time to the next break, the public board cards, the retained floor feed for a late board, the final
// level without a red 00:00, and "table offline" looking unlike "reconnecting". Screenshots in test-artifacts/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { MqttClient } from 'mqtt';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardServer } from '../../src/app/http.ts';
import type { LevelClockSnapshot, TableSnapshot } from '../../src/domain/snapshot/types.ts';
import type { EmbeddedBroker } from '../../src/mqtt/broker.ts';
import { startBoardStack, type BoardStack } from '../helpers/board-stack.ts';
import { artifacts, haveChromium, launchChromium } from '../helpers/chromium.ts';

const base = 'pokertable/t9';
const MIN = 60_000;
const t0 = 1_800_000_000_000;
const wall0 = Date.now();
const tableNow = () => t0 + (Date.now() - wall0);

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
  'Jo',
];

function snapshot(over: Partial<TableSnapshot> = {}): TableSnapshot {
  return {
    at: tableNow(),
    seq: 40,
    seats: 10,
    profile: 'tda',
    seatInfo: NAMES.map((player, i) => ({
      seat: i + 1,
      player,
      present: i !== 6,
      dealtIn: true,
      dead: i === 6,
      folded: i === 2,
      allIn: i === 1,
      waiting: false,
      penaltyHands: i === 1 ? 3 : 0,
      timeBanks: 2,
    })),
    // Seat 2 (top of the oval) carries the most badges: button, all-in, penalty.
    button: 2,
    smallBlind: 3,
    bigBlind: 4,
    hand: 12,
    phase: 'betting',
    street: 'turn',
    boardSize: 4,
    board: ['Ah', 'Td', '7c', '2s'],
    onAction: { seat: 5, street: 'turn', deadline: null },
    clock: null,
    level: null,
    ...over,
  } as TableSnapshot;
}

const clock = (over: Partial<LevelClockSnapshot> = {}): LevelClockSnapshot => ({
  level: 7,
  isBreak: false,
  smallBlind: 10_000,
  bigBlind: 20_000,
  ante: 20_000,
  endsAt: tableNow() + 12 * MIN,
  remainingMs: 12 * MIN,
  paused: false,
  next: { level: 8, isBreak: false, smallBlind: 15_000, bigBlind: 30_000, ante: 30_000, minutes: 20 },
  nextBreak: { level: 8, minutes: 15, afterMs: 20 * MIN },
  ...over,
});

const describeBoard = haveChromium ? describe : describe.skip;

describeBoard('display board layout and content in Chromium', () => {
  let stack: BoardStack;
  let broker: EmbeddedBroker;
  let server: BoardServer;
  let table: MqttClient;
  let browser: Browser;

  const publish = (topic: string, payload: unknown) =>
    table.publishAsync(`${base}/${topic}`, typeof payload === 'string' ? payload : JSON.stringify(payload), {
      qos: 1,
      retain: topic !== 'events',
    });

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    // The controller's own in-process connection (stack.table): the only one allowed to publish retained topics.
    stack = await startBoardStack({ base, tableId: 't9', now: tableNow });
    ({ broker, server, table } = stack);
    await publish('status', 'online');
    await publish('state', snapshot());
    await publish('clock', clock());
    // The floor feed as the controller retains it: a board opened now must show it and the hand header.
    await publish('feed', {
      seq: 39,
      hand: { seq: 30, at: t0, type: 'hand.started', hand: 12, button: 2, smallBlind: 3, bigBlind: 4, dealtIn: [] },
      items: [
        { seq: 39, at: t0, hand: 12, type: 'clock.called', seat: 5, by: 'floor', deadline: t0 + MIN, countdownAt: t0 },
        { seq: 35, at: t0, hand: 12, type: 'penalty.started', seat: 2, hands: 3 },
        { seq: 33, at: t0, hand: 12, type: 'misdeal', reason: 'exposed-two' },
        { seq: 31, at: t0, hand: 12, type: 'irregularity', kind: 'exposed-card', remedy: 'Replace it.', card: null },
      ],
    });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  async function open(width: number, height: number): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height } });
    await page.goto(server.url);
    await expect.poll(() => page.getAttribute('#conn', 'data-state'), { timeout: 10_000 }).toBe('live');
    await expect.poll(() => page.locator('.seat').count()).toBe(10);
    return page;
  }

  type Box = { x: number; y: number; width: number; height: number };
  const box = async (page: Page, selector: string): Promise<Box> => (await page.locator(selector).boundingBox())!;
  const inside = (a: Box, b: Box) =>
    a.x >= b.x - 0.5 &&
    a.y >= b.y - 0.5 &&
    a.x + a.width <= b.x + b.width + 0.5 &&
    a.y + a.height <= b.y + b.height + 0.5;
  const overlap = (a: Box, b: Box) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  it.each([
    ['1920x1080', 1920, 1080],
    ['1280x800', 1280, 800],
    ['portrait', 800, 1280],
  ])(
    'at %s: every seat and badge inside its panel, ante apart from next, long names readable',
    async (name, w, h) => {
      const page = await open(w, h);
      await expect.poll(() => page.locator('#feed li').count()).toBe(4);
      await page.screenshot({ path: join(artifacts, `board-${name}.png`) });
      const panel = await box(page, '#table-view');
      for (let seat = 1; seat <= 10; seat++) {
        const s = await box(page, `.seat[data-seat="${seat}"]`);
        expect(inside(s, panel), `seat ${seat} inside the table panel at ${name}`).toBe(true);
        for (const badge of await page.locator(`.seat[data-seat="${seat}"] .badge`).all()) {
          expect(inside((await badge.boundingBox())!, s), `seat ${seat}'s badges inside the seat at ${name}`).toBe(
            true,
          );
        }
      }
      // No two seats on top of each other.
      for (let a = 1; a <= 10; a++)
        for (let b = a + 1; b <= 10; b++)
          expect(overlap(await box(page, `.seat[data-seat="${a}"]`), await box(page, `.seat[data-seat="${b}"]`))).toBe(
            false,
          );
      expect(overlap(await box(page, '.ante-line'), await box(page, '.next-line'))).toBe(false);
      expect(overlap(await box(page, '.next-line'), await box(page, '#break-in'))).toBe(false);
      expect(inside(await box(page, '#break-in'), await box(page, '#level-clock'))).toBe(true);
      // A long name: smaller, and whole in a tooltip.
      expect(await page.getAttribute('.seat[data-seat="2"]', 'title')).toBe('Seat 2: Bartholomew Fitzgerald-Smythe');
      expect(await page.getAttribute('.seat[data-seat="2"] .name', 'class')).toContain('very-long');
      await page.close();
    },
    60_000,
  );

  it('shows blinds, ante, the next level, the time to the next break, the board cards and the retained feed', async () => {
    const page = await open(1280, 800);
    expect(await page.textContent('#blinds')).toBe('10,000 / 20,000');
    expect(await page.textContent('#ante')).toBe('Ante 20,000');
    expect(await page.textContent('#next-level')).toBe('15,000 / 30,000 ante 30,000 · 20 min');
    // 12 minutes of this level, then 20 of the next: the break in 32 minutes.
    expect(await page.textContent('#break-in')).toMatch(/^Break in 3[12]:\d\d$/);
    expect(await page.locator('#board-cards .card').allTextContents()).toEqual(['A♥', '10♦', '7♣', '2♠']);
    // The late board has the hand header and the feed, though it saw none of the events.
    expect(await page.textContent('#hand-info')).toBe('Hand 12 · button seat 2');
    expect(await page.locator('#feed li').first().getAttribute('data-type')).toBe('clock.called');
    // A river card comes as a public `board` event: shown at once; a new hand clears the board.
    await publish('events', {
      seq: 41,
      at: tableNow(),
      hand: 12,
      type: 'board',
      street: 'river',
      cards: ['Ah', 'Td', '7c', '2s', 'Kh'],
    });
    await expect.poll(() => page.locator('#board-cards .card').count()).toBe(5);
    // A live floor event after the feed: the feed topic brings it, highlighted.
    await publish('feed', {
      seq: 42,
      hand: null,
      items: [{ seq: 42, at: tableNow(), type: 'levels.paused', level: 7, remainingMs: 11 * MIN }],
    });
    await expect.poll(() => page.textContent('#feed li:first-child .what')).toBe('Level 7 paused');
    expect(await page.getAttribute('#feed li:first-child', 'class')).toContain('fresh');
    await page.close();
  }, 60_000);

  it('after the final level: no red 00:00, it says final level', async () => {
    await publish(
      'clock',
      clock({ level: 12, endsAt: tableNow() - 5 * MIN, remainingMs: 0, next: null, nextBreak: null }),
    );
    const page = await open(1280, 800);
    await expect.poll(() => page.textContent('#time-left')).toBe('Final level');
    expect(await page.getAttribute('#time-left', 'class')).not.toContain('ending');
    expect(await page.textContent('#next-level')).toBe('none: this is the final level');
    expect(await page.isVisible('#break-in')).toBe(false);
    await page.screenshot({ path: join(artifacts, 'board-final-level.png') });
    await publish('clock', clock());
    await page.close();
  }, 60_000);

  it('chime: off by default, a toggle on the page, rung at a level change', async () => {
    const page = await open(1280, 800);
    expect(await page.textContent('#chime')).toContain('Chime off');
    await page.click('#chime');
    expect(await page.textContent('#chime')).toContain('Chime on');
    await publish('events', {
      seq: 50,
      at: tableNow(),
      type: 'level.changed',
      level: 8,
      smallBlind: 15_000,
      bigBlind: 30_000,
      ante: 30_000,
      appliesToHand: 13,
    });
    await expect.poll(() => page.getAttribute('#chime', 'data-last')).toBe('level');
    // One minute before the level ends: one tone, once.
    await publish('clock', clock({ endsAt: tableNow() + 58_000, remainingMs: 58_000 }));
    await expect.poll(() => page.getAttribute('#chime', 'data-last')).toBe('minute');
    const count = await page.getAttribute('#chime', 'data-count');
    await new Promise((r) => setTimeout(r, 600));
    expect(await page.getAttribute('#chime', 'data-count')).toBe(count);
    await publish('clock', clock());
    await page.close();
  }, 60_000);
  it('table offline looks unlike reconnecting to the broker', async () => {
    const page = await open(1280, 800);
    await publish('status', 'offline');
    await expect.poll(() => page.getAttribute('#overlay', 'data-state')).toBe('offline');
    expect(await page.textContent('#overlay-text')).toBe('TABLE OFFLINE');
    const offlineColour = await page.evaluate("getComputedStyle(document.getElementById('overlay-box')).borderColor");
    await page.screenshot({ path: join(artifacts, 'board-offline.png') });
    await publish('status', 'online');
    await expect.poll(() => page.isVisible('#overlay')).toBe(false);
    // The page's own link to the broker goes: "reconnecting", in another colour and words.
    // The broker goes away (as when the table's machine is unreachable): the board can only say it lost the broker.
    await broker.close();
    await expect.poll(() => page.getAttribute('#overlay', 'data-state'), { timeout: 15_000 }).toBe('reconnecting');
    const reconnectingColour = await page.evaluate(
      "getComputedStyle(document.getElementById('overlay-box')).borderColor",
    );
    expect(reconnectingColour).not.toBe(offlineColour);
    expect(await page.textContent('#overlay-detail')).toContain('reconnecting');
    await page.screenshot({ path: join(artifacts, 'board-reconnecting-broker.png') });
    await page.close();
  }, 60_000);
});
