// The room board's layout in headless Chromium (docs/room.md, "The room board"): a room of 60 tables fits a
// 1920x1080 screen with every table in view and its number readable from across the room, and a room service gone
// offline is said over what the board last showed. The room's state is the one a room of 60 tables would publish
// (published with the room's account on a real mosquitto with the example ACL); screenshots go to test-artifacts/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifacts, haveChromium, launchChromium } from '../helpers/chromium.ts';
import { connectClient, mosquittoMissing } from '../helpers/mosquitto.ts';
import { pageUsers as users, startRoomPageStack, type RoomPageStack } from '../helpers/room-page.ts';

const missing = mosquittoMissing();
/** The browser's getComputedStyle, for code run in the page (the tests compile without the DOM's types). */
type Styled = { getComputedStyle(e: unknown): { fontSize: string } };
const json = (s: string) => JSON.parse(s) as Record<string, unknown>;
const POLL = { timeout: 20_000 };

describe.skipIf(missing !== null || !haveChromium)('the room board with many tables, in Chromium', () => {
  let stack: RoomPageStack;
  let browser: Browser;
  let board: Page;

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    stack = await startRoomPageStack();
    browser = await launchChromium();
    board = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await board.goto(stack.pages.url);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('a room of 60 tables fits the 1920x1080 board: every table in view, its name and count readable', async () => {
    await board.fill('#username', 'display');
    await board.fill('#password', users.display);
    await board.click('#login-button');
    await expect.poll(() => board.getAttribute('#conn', 'data-state'), POLL).toBe('live');
    await stack.seen.until((m) => m.some((x) => x.topic === 'room/main-event/state'), 'the room state');
    const room = await connectClient(stack.broker.url, {
      username: 'room-main-event',
      password: users['room-main-event'],
      clientId: 'a-bigger-room',
    });
    const real = stack.seen.messages.filter((m) => m.topic === 'room/main-event/state').at(-1)!.payload;
    // The room's own state, as a room of 60 tables of 9 would publish it (the layout is what is tested here).
    const big = {
      ...json(real),
      tables: Array.from({ length: 60 }, (_, t) => ({
        id: `table-${String(t + 1).padStart(2, '0')}`,
        seats: 9,
        open: true,
        online: t !== 7,
        players: Array.from({ length: 8 }, (_, p) => ({ seat: p + 1, player: `Player ${t}-${p}`, stack: 20_000 })),
      })),
      playersLeft: 480,
      entries: 512,
    };
    await room.publishAsync('room/main-event/state', JSON.stringify(big), { qos: 1, retain: true });
    await expect.poll(() => board.locator('#tables .table').count(), POLL).toBe(60);
    await board.screenshot({ path: join(artifacts, 'room-board-60-tables.png') });
    const area = (await board.locator('#tables').boundingBox())!;
    for (const card of await board.locator('#tables .table').all()) {
      const box = (await card.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(area.y + area.height + 1);
      expect(box.x + box.width).toBeLessThanOrEqual(area.x + area.width + 1);
    }
    const name = board.locator('#tables .table[data-table="table-60"] .t-name');
    expect(await name.textContent()).toBe('Table 60');
    // Big enough to read from across the room: at least 40 px at 1080 lines.
    expect(
      await name.evaluate((e) => parseFloat((globalThis as unknown as Styled).getComputedStyle(e).fontSize)),
    ).toBeGreaterThanOrEqual(40);
    expect(await board.getAttribute('#tables', 'data-density')).toBe('numbers');
    await room.publishAsync('room/main-event/state', real, { qos: 1, retain: true });
    // The room service's last will: the board says so over what it last showed.
    await room.publishAsync('room/main-event/status', 'offline', { qos: 1, retain: true });
    await expect.poll(() => board.getAttribute('#conn', 'data-state'), POLL).toBe('offline');
    expect(await board.isVisible('#overlay')).toBe(true);
    expect(await board.textContent('#overlay-text')).toBe('ROOM SERVICE OFFLINE');
    await board.screenshot({ path: join(artifacts, 'room-board-offline.png') });
    await room.publishAsync('room/main-event/status', 'online', { qos: 1, retain: true });
    await expect.poll(() => board.isVisible('#overlay'), POLL).toBe(false);
    await room.endAsync();
  }, 60_000);
});
