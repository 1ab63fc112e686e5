// The pages of a chips-tracked table (`npm start -- --chips`) in headless Chromium against the whole simulated table:
// the display board shows the stacks, the bets, the pots, the amount to call and a bust-out (amounts are public); the
// floor page gives a bet's total for the seat on action (its amount pad, a panel input on <base>/input) and sets a
// stack (an add-on, a correction). Screenshots go to test-artifacts/ (not in git).
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

const PASSWORD = 'floor-chips-secret';
const MONEY = String.raw`\d{1,3}(?:,\d{3})*`;

describe.skipIf(!haveChromium)('board and floor page on a chips-tracked simulated table', () => {
  let stateDir: string;
  let table: RunningTable;
  let browser: Browser;
  let floor: Page;
  let board: Page;

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    stateDir = mkdtempSync(join(tmpdir(), 'pokertable-chips-pages-'));
    const args = parseStartArgs(
      ['--chips', '--speed', '4', '--seed', '11', '--irregularities', '0', '--seats', '6'].concat([
        '--mqtt-port',
        '0',
        '--ws-port',
        '0',
        '--http-port',
        '0',
        '--state-dir',
        stateDir,
      ]),
    );
    table = await startSimulatedTable(args, {
      createVirtualTable,
      logger: pino({ level: 'silent' }),
      out: new Writable({ write: (_c, _e, cb) => cb() }),
      env: { POKERTABLE_FLOOR_PASSWORD: PASSWORD },
    });
    browser = await launchChromium();
    board = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    floor = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    await board.goto(table.app.urls.board!);
    // Every feed line the board ever shows, kept in the page: a line scrolls out of the feed as play goes on.
    await board.evaluate(`(() => {
      window.feedSeen = [];
      new MutationObserver(() => {
        for (const li of document.querySelectorAll('#feed li'))
          if (!window.feedSeen.includes(li.textContent)) window.feedSeen.push(li.textContent);
      }).observe(document.getElementById('feed'), { childList: true, subtree: true });
    })()`);
    await floor.goto(table.app.urls.floor!);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await table?.stop();
    rmSync(stateDir, { recursive: true, force: true });
  });

  const feedSeen = (): Promise<string[]> => board.evaluate('window.feedSeen') as Promise<string[]>;

  it('the board shows each stack and bet, the pots and the amount to call', async () => {
    await expect.poll(() => board.getAttribute('#conn', 'data-state'), { timeout: 20_000 }).toBe('live');
    // Every seated player's stack under the name.
    await expect
      .poll(async () => (await board.locator('.seat .chips').allTextContents()).filter((t) => /^\d/.test(t)).length, {
        timeout: 20_000,
      })
      .toBe(6);
    // A bet in front of a seat, and the pot with the amount to call in the centre, at the same moment.
    await expect
      .poll(
        async () => {
          const pots = `${await board.textContent('#money .pots')} · ${await board.textContent('#money .to-call')}`;
          const chips = await board.locator('.seat .chips').allTextContents();
          return new RegExp(`^pot ${MONEY}.* · to call ${MONEY}$`).test(pots) && chips.some((t) => /\nbet \d/.test(t));
        },
        { timeout: 60_000, interval: 50 },
      )
      .toBe(true);
    await board.screenshot({ path: join(artifacts, 'board-chips.png') });
    // The board cards, the hand, the pot and the call stay clear of every seat and inside the felt's panel.
    const clash = await board.evaluate(`(() => {
      const box = (el) => el.getBoundingClientRect();
      // The text's and the cards' own extent (the blocks are as wide as the centre column).
      const range = document.createRange();
      range.selectNodeContents(document.getElementById('center'));
      const p = range.getBoundingClientRect();
      const panel = box(document.getElementById('table-view'));
      const seats = [...document.querySelectorAll('.seat')].map(box);
      const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      const inside = p.left >= panel.left && p.right <= panel.right && p.top >= panel.top && p.bottom <= panel.bottom;
      return { seats: seats.filter((s) => meet(s, p)).length, inside };
    })()`);
    expect(clash).toEqual({ seats: 0, inside: true });
    const chips = await board.locator('.seat .chips').allTextContents();
    for (const t of chips) expect(t).toMatch(new RegExp(`^${MONEY}(\\nbet ${MONEY})?$`));
  }, 90_000);

  it('the board shows a pot awarded and a bust-out in its feed', async () => {
    await expect
      .poll(async () => (await feedSeen()).some((t) => /Seat \d+: .+ busts out/.test(t)), {
        timeout: 240_000,
        interval: 200,
      })
      .toBe(true);
    const seen = await feedSeen();
    expect(seen.some((t) => new RegExp(`Pots? awarded.*seat \\d+ ${MONEY}`).test(t))).toBe(true);
    expect(seen.find((t) => /busts out/.test(t))).toMatch(new RegExp(`busts out.*started the hand with ${MONEY}`));
    await board.screenshot({ path: join(artifacts, 'board-chips-bust.png') });
  }, 300_000);

  /** Clicks, then waits for the answer's sentence (ok or error) and returns it. */
  async function act(selector: string): Promise<{ kind: string; text: string }> {
    await floor.evaluate("document.getElementById('result').dataset.kind = 'waiting'");
    await floor.click(selector);
    await expect.poll(() => floor.getAttribute('#result', 'data-kind'), { timeout: 10_000 }).toMatch(/^(ok|error)$/);
    return { kind: (await floor.getAttribute('#result', 'data-kind'))!, text: (await floor.textContent('#result'))! };
  }

  it('the floor page bets for the seat on action with its amount pad', async () => {
    await floor.fill('#password', PASSWORD);
    await floor.click('#login-button');
    await expect.poll(() => floor.getAttribute('#conn', 'data-state'), { timeout: 10_000 }).toBe('live');
    // The virtual players act on their own: the turn may move on between the look and the tap. The page sends the
    // seq it showed, so a total meant for one seat is refused (stale), never taken for the next: try again then.
    let bet = { kind: '', text: '' };
    const refusals: string[] = [];
    for (let attempt = 0; attempt < 12 && bet.kind !== 'ok'; attempt++) {
      // A seat that may raise (one whose stack does not cover more than the call has no minimum raise).
      await expect
        .poll(async () => (await floor.isVisible('#amount-card')) && (await floor.isEnabled('#amount-min')), {
          timeout: 30_000,
          interval: 20,
        })
        .toBe(true);
      await floor.click('#amount-min');
      expect(await floor.textContent('#amount-send')).toMatch(new RegExp(`^(Bet|Raise to) ${MONEY}$`));
      bet = await act('#amount-send');
      if (bet.kind !== 'ok') refusals.push(bet.text);
    }
    expect(bet.text).toMatch(new RegExp(`^Seat \\d \\(.+\\) (bets|raises to) ${MONEY}$`));
    await floor.screenshot({ path: join(artifacts, 'floor-amount.png') });
    // A refusal is a sentence (a turn that moved on, never a bet taken for another seat).
    for (const text of refusals) expect(text).toMatch(/^[A-Z].+/);
  }, 120_000);

  it('the floor page sets a stack between hands: an add-on adds to it, and the board shows the new stack', async () => {
    await floor.click('#seat-grid .seat[data-seat="2"]');
    await expect.poll(() => floor.isVisible('#stack-box')).toBe(true);
    await floor.selectOption('#stack-reason', 'add-on');
    let done = { kind: '', text: '' };
    let expected = '';
    for (let attempt = 0; attempt < 30 && done.kind !== 'ok'; attempt++) {
      // Between hands only (R-CHIPS-STACK): wait for the board's "Waiting for the shuffle", then tap.
      await expect.poll(() => floor.textContent('#f-hand'), { timeout: 30_000, interval: 20 }).toBe('Between hands');
      await floor.fill('#stack-amount', '5000');
      const preview = (await floor.textContent('#stack-preview'))!;
      const m = new RegExp(`^Stack (${MONEY}) → (${MONEY})$`).exec(preview);
      expect(m).not.toBeNull();
      expect(Number(m![2]!.replace(/,/g, '')) - Number(m![1]!.replace(/,/g, ''))).toBe(5000);
      expected = m![2]!;
      done = await act('#set-stack');
      if (done.kind !== 'ok') expect(done.text).toBe('Not during a hand: wait for the hand to end');
    }
    expect(done.text).toBe(`Seat 2 (${await playerAt(2)}): stack ${expected} (add-on of 5,000)`);
    await expect
      .poll(async () => (await feedSeen()).some((t) => t.includes('Seat 2: stack set') && t.includes(expected)), {
        timeout: 10_000,
      })
      .toBe(true);
    await floor.locator('#seat-actions').scrollIntoViewIfNeeded();
    await floor.screenshot({ path: join(artifacts, 'floor-stack.png') });

    // A correction sets the stack as typed; during a hand it is refused with a sentence.
    await floor.selectOption('#stack-reason', 'correction');
    await floor.fill('#stack-amount', '12345');
    expect(await floor.textContent('#stack-preview')).toMatch(new RegExp(`^Stack ${MONEY} → 12,345$`));
  }, 180_000);

  async function playerAt(seat: number): Promise<string> {
    const title = (await floor.textContent('#seat-title'))!;
    return new RegExp(`^Seat ${seat} · (.+?)( · |$)`).exec(title)![1]!;
  }
});
