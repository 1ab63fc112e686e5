// The room's money on its pages in headless Chromium (docs/room-money.md), against the room service on a real
// mosquitto with the shipped ACL and fake tables over MQTT: the board's money panel (prize pool, places paid, the
// bubble, the prizes, the bounties) and its average stack with the rebuys' chips; the floor page's cash taken and its
// one-tap Rebuy, Add-on and Re-enter, each answered in words, the rebuy reaching the table as add-chips. Screenshots
// in test-artifacts/ (room-money-board-1920.png, room-money-board-1280.png, room-money-floor.png).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifacts, haveChromium, launchChromium } from '../helpers/chromium.ts';
import { mosquittoMissing } from '../helpers/mosquitto.ts';
import { pageUsers as users, startRoomPageStack, type RoomPageStack } from '../helpers/room-page.ts';
import { waitFor } from '../helpers/room-mqtt.ts';

const missing = mosquittoMissing();
const POLL = { timeout: 20_000 };
const MONEY =
  '{ buyIn: 10000, fee: 1000, guarantee: 100000, reEntry: { untilLevel: 4, maxEntries: 2 },' +
  ' rebuy: { untilLevel: 4, maxStack: 1000, chips: 1000, price: 10000 }, bounty: { amount: 2500, progressive: 50 },' +
  ' payout: { places: [5000, 3000, 2000] } }';
const PLAYERS = ['Anna', 'Bruno', 'Chloé', 'Dmitri', 'Eva', 'Farid', 'Greta', 'Hugo'];

describe.skipIf(missing !== null || !haveChromium)('the room money on the board and the floor page in Chromium', () => {
  let stack: RoomPageStack;
  let browser: Browser;
  let board: Page;
  let floor: Page;

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    stack = await startRoomPageStack({ money: MONEY });
    browser = await launchChromium();
    board = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    floor = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    await board.goto(stack.pages.url);
    await floor.goto(`${stack.pages.url}floor`);
    await board.fill('#username', 'display');
    await board.fill('#password', users.display);
    await board.click('#login-button');
    await floor.fill('#password', users.floor);
    await floor.click('#login-button');
    await floor.waitForSelector('#conn[data-state="live"]', { timeout: 20_000 });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  async function act(selector: string): Promise<{ kind: string; text: string }> {
    await floor.evaluate("document.getElementById('result').dataset.kind = 'waiting'");
    await floor.click(selector);
    await expect.poll(() => floor.getAttribute('#result', 'data-kind'), POLL).toMatch(/^(ok|error)$/);
    return { kind: (await floor.getAttribute('#result', 'data-kind'))!, text: (await floor.textContent('#result'))! };
  }

  it('entries make the pool: the board shows the guarantee, the places paid and the bubble; the floor the cash taken', async () => {
    for (const p of PLAYERS) {
      await floor.fill('#player-name', p);
      await act('#register');
    }
    await expect.poll(() => board.textContent('#money-panel .money-pool'), POLL).toBe('1,000 EUR');
    expect(await board.textContent('#money-panel .money-note')).toBe('guaranteed · 200 EUR overlay');
    expect(await board.textContent('#money-panel .money-facts')).toBe('3 paid · 8 entries');
    expect(await board.textContent('#money-panel .money-bubble')).toBe('5 players from the money (3 paid)');
    expect(await board.locator('#money-panel .money-prizes li').allTextContents()).toEqual([
      '1st500.00',
      '2nd300.00',
      '3rd200.00',
    ]);
    await expect.poll(() => floor.textContent('#m-cash'), POLL).toBe('1,080.00 EUR');
    await expect.poll(() => floor.locator('#money-players li').count(), POLL).toBe(8);
  }, 60_000);

  it('one tap rebuys: the floor says so, the table gets add-chips, the pool and the average stack grow', async () => {
    const result = await act('#money-players li[data-player="Anna"] button[data-money="rebuy"]');
    expect(result).toEqual({ kind: 'ok', text: 'Anna rebought: the chips go to the table before the next hand' });
    const table = Object.values(stack.tables).find((t) => t.fake.players.includes('Anna'))!;
    await waitFor(() => table.named('add-chips').length === 1, 'add-chips at Anna’s table');
    expect(table.named('add-chips')[0]).toMatchObject({ player: 'Anna', chips: 1000 });
    await expect.poll(() => board.textContent('#money-panel .money-pool'), POLL).toBe('1,000 EUR');
    await expect.poll(() => board.textContent('#money-panel .money-facts'), POLL).toBe('3 paid · 8 entries · 1 rebuy');
    await expect.poll(() => board.textContent('#average'), POLL).toBe('1,125'); // 9,000 chips for 8 players
    // a second rebuy: Anna now has 2,000 chips, above the 1,000 threshold
    const again = await act('#money-players li[data-player="Anna"] button[data-money="rebuy"]');
    expect(again).toEqual({ kind: 'error', text: 'Anna has 2000 chips: a rebuy needs 1000 or fewer.' });
  }, 60_000);

  it('a knockout moves the bounty; the player out re-enters with one tap', async () => {
    const table = Object.values(stack.tables).find((t) => t.fake.players.filter(Boolean).length >= 2)!;
    const seats = table.fake.players.flatMap((p, i) => (p ? [i + 1] : []));
    const [winner, loser] = [seats[0]!, seats[1]!];
    const loserName = table.fake.players[loser - 1]!;
    const winnerName = table.fake.players[winner - 1]!;
    table.publish(table.fake.startHand());
    table.publish(table.fake.endHand([{ seat: loser, stackAtStart: 500 }], [], winner));
    await expect
      .poll(() => board.locator('#money-panel .money-heads li').first().textContent(), POLL)
      .toBe(`${winnerName}37.50`);
    await expect.poll(() => floor.locator(`#money-players li.out[data-player="${loserName}"]`).count(), POLL).toBe(1);
    const result = await act(`#money-players li[data-player="${loserName}"] button[data-money="register"]`);
    expect(result.kind).toBe('ok');
    expect(result.text).toMatch(new RegExp(`^${loserName} registered: table . seat \\d$`));
    await expect
      .poll(() => board.textContent('#money-panel .money-facts'), POLL)
      .toBe('3 paid · 9 entries · 1 re-entry · 1 rebuy');
    await expect.poll(() => board.textContent('#players-left'), POLL).toBe('8');
    await board.screenshot({ path: join(artifacts, 'room-money-board-1920.png') });
    await board.setViewportSize({ width: 1280, height: 800 });
    await board.screenshot({ path: join(artifacts, 'room-money-board-1280.png') });
  }, 60_000);

  it('down to the money: the floor shows the chops and enters the ICM deal with one tap; the room pays it', async () => {
    // bust players one hand at a time until three are left (3 places paid)
    for (let left = 8; left > 3; left--) {
      const table = Object.values(stack.tables).find((t) => t.fake.players.filter(Boolean).length >= 2)!;
      const seats = table.fake.players.flatMap((p, i) => (p ? [i + 1] : []));
      table.publish(table.fake.startHand());
      table.publish(table.fake.endHand([{ seat: seats[1]!, stackAtStart: 500 }], [], seats[0]!));
      await expect.poll(() => board.textContent('#players-left'), POLL).toBe(String(left - 1));
    }
    await expect.poll(() => floor.locator('#m-chop .chop-line').count(), POLL).toBe(3);
    expect(await board.textContent('#money-panel .money-bubble')).toBe('Next pay jump in 1 out: 300 EUR');
    const result = await act('#m-chop button[data-deal="icm"]');
    expect(result.kind).toBe('ok');
    expect(result.text).toMatch(/^Deal entered: .+ EUR, .+ EUR, .+ EUR$/);
    const deals = () =>
      stack.seen.messages.filter((m) => m.topic === 'room/main-event/money' && m.payload.includes('"deal":true'));
    await expect.poll(() => deals().length, POLL).toBe(3);
    const prizes = deals().reduce((n, m) => n + (JSON.parse(m.payload) as { prize: number }).prize, 0);
    expect(prizes).toBe(100000); // the 1,000.00 guaranteed, all three places
    await expect
      .poll(() => board.textContent('#money-panel .money-bubble'), POLL)
      .toBe('Deal made: the prizes are shared');
    expect(await board.locator('#money-panel .money-prizes li').count()).toBe(3);
    await board.setViewportSize({ width: 1920, height: 1080 });
    await board.screenshot({ path: join(artifacts, 'room-money-board-final.png') });
    await floor.screenshot({ path: join(artifacts, 'room-money-floor.png'), fullPage: true });
    await floor.locator('#money-card').screenshot({ path: join(artifacts, 'room-money-floor-card.png') });
  }, 90_000);
});
