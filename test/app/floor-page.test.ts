// The floor page (/floor) in headless Chromium against the whole simulated table: it logs in with the floor account
// the simulated table makes (POKERTABLE_FLOOR_PASSWORD here), gives commands, shows each answer as a sentence, and
// the display board, open beside it, changes. Screenshots at phone size go to test-artifacts/.
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

const PASSWORD = 'floor-test-secret';

describe.skipIf(!haveChromium)('floor page on a live simulated table', () => {
  let stateDir: string;
  let table: RunningTable;
  let terminal = '';
  let browser: Browser;
  let floor: Page;
  let board: Page;

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    stateDir = mkdtempSync(join(tmpdir(), 'pokertable-floor-page-'));
    const args = parseStartArgs(
      ['--speed', '3', '--seed', '5', '--irregularities', '0.3', '--seats', '6'].concat([
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
    const out = new Writable({
      write: (c: Buffer, _e, cb) => {
        terminal += c.toString();
        cb();
      },
    });
    table = await startSimulatedTable(args, {
      createVirtualTable,
      logger: pino({ level: 'silent' }),
      out,
      env: { POKERTABLE_FLOOR_PASSWORD: PASSWORD },
    });
    browser = await launchChromium();
    floor = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    board = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await board.goto(table.app.urls.board!);
    await floor.goto(table.app.urls.floor!);
  });

  afterAll(async () => {
    await browser?.close();
    await table?.stop();
    rmSync(stateDir, { recursive: true, force: true });
  });

  const result = () => floor.textContent('#result');
  /** Clicks, then waits for the answer's sentence (ok or error) and returns it. */
  async function act(selector: string): Promise<{ kind: string; text: string }> {
    await floor.evaluate("document.getElementById('result').dataset.kind = 'waiting'");
    await floor.click(selector);
    await expect.poll(() => floor.getAttribute('#result', 'data-kind'), { timeout: 10_000 }).toMatch(/^(ok|error)$/);
    return { kind: (await floor.getAttribute('#result', 'data-kind'))!, text: (await result())! };
  }

  it('prints the floor page and its account at start, and refuses a wrong password', async () => {
    expect(terminal).toContain(
      `floor page     ${table.app.urls.floor}   user floor, password from POKERTABLE_FLOOR_PASSWORD`,
    );
    await expect.poll(() => floor.textContent('#table-name')).toBe('sim');
    await floor.screenshot({ path: join(artifacts, 'floor-login.png') });
    await floor.fill('#password', 'not-it');
    await floor.click('#login-button');
    await expect.poll(() => floor.isVisible('#login-error'), { timeout: 10_000 }).toBe(true);
    expect(await floor.textContent('#login-error')).toBe('Wrong username or password.');
    expect(await floor.isVisible('#desk')).toBe(false);
  });

  it('logs in, pauses the levels and the board shows PAUSED; each answer is a sentence', async () => {
    await floor.fill('#password', PASSWORD);
    await floor.click('#login-button');
    await expect.poll(() => floor.getAttribute('#conn', 'data-state'), { timeout: 10_000 }).toBe('live');
    await expect.poll(() => floor.textContent('#f-level'), { timeout: 20_000 }).toMatch(/^Level \d+ · |^Break/);
    await expect.poll(() => board.getAttribute('#conn', 'data-state'), { timeout: 10_000 }).toBe('live');

    const paused = await act('#pause');
    expect(paused).toMatchObject({ kind: 'ok' });
    expect(paused.text).toMatch(/^Level \d+ paused at \d\d:\d\d left$/);
    await expect.poll(() => board.isVisible('#paused'), { timeout: 5000 }).toBe(true);
    expect(await floor.isVisible('#f-paused')).toBe(true);

    const again = await act('#pause');
    expect(again.kind).toBe('error');
    expect(again.text.toLowerCase()).toContain('already paused');

    expect((await act('#plus')).text).toMatch(/^One minute added to level \d+: \d\d:\d\d left \(paused\)$/);
    expect((await act('#minus')).text).toMatch(/^One minute taken off level \d+: \d\d:\d\d left \(paused\)$/);
    expect((await act('#resume')).text).toMatch(/^Level \d+ running again: \d\d:\d\d left$/);
    await expect.poll(() => board.isVisible('#paused'), { timeout: 5000 }).toBe(false);
  }, 60_000);

  it('starts a saved structure, steps levels, and the board follows', async () => {
    await floor.selectOption('#structure', 'turbo');
    expect(await floor.textContent('#structure-info')).toContain('from 100/200');
    await floor.click('#start-structure');
    expect(await floor.textContent('#start-structure')).toBe('Tap again to start');
    const started = await act('#start-structure');
    expect(started.text).toBe('“Turbo 10-minute levels” started: level 1, 100/200, 10:00 left');
    await expect.poll(() => board.textContent('#blinds'), { timeout: 5000 }).toBe('100 / 200');

    const back = await act('#previous');
    expect(back).toMatchObject({ kind: 'error' });
    expect(back.text.toLowerCase()).toContain('first level');

    expect((await act('#next')).text).toMatch(/^Next level: level 2, 200\/300 ante 300, 10:00 left$/);
    await expect.poll(() => board.textContent('#blinds'), { timeout: 5000 }).toBe('200 / 300');
    await expect.poll(() => board.textContent('#level'), { timeout: 5000 }).toBe('Level 2');
  }, 60_000);

  it('acts on a seat: penalty, the button, a clock call only on the seat to act', async () => {
    await expect.poll(() => floor.locator('#seat-grid .seat').count(), { timeout: 10_000 }).toBe(6);
    await floor.click('#seat-grid .seat[data-seat="3"]');
    expect(await floor.textContent('#seat-title')).toMatch(/^Seat 3 · /);
    await floor.fill('#penalty-hands', '2');
    expect((await act('#penalty')).text).toMatch(/^Seat 3 \(.+\): penalty of 2 hands$/);
    await expect.poll(() => board.textContent('.seat[data-seat="3"] .badges'), { timeout: 5000 }).toContain('PEN');

    expect((await act('#set-button')).text).toBe('Button moved to seat 3 for the next hand');

    // The clock goes on the player to act: another seat is refused with a sentence, by the page. The hand may end
    // between the look and the tap ("No hand is under way"): look again at the next hand then.
    let refused = { kind: '', text: '' };
    let other = 0;
    for (let attempt = 0; attempt < 5 && !refused.text.startsWith(`Seat ${other} is not on action`); attempt++) {
      await expect.poll(() => floor.locator('#seat-grid .seat.on-action').count(), { timeout: 30_000 }).toBe(1);
      const onAction = Number(await floor.getAttribute('#seat-grid .seat.on-action', 'data-seat'));
      other = onAction === 1 ? 2 : 1;
      await floor.click(`#seat-grid .seat[data-seat="${other}"]`);
      refused = await act('#clock-call');
    }
    expect(refused.kind).toBe('error');
    expect(refused.text).toMatch(new RegExp(`^Seat ${other} is not on action`));
    // On the seat to act, the table calls the clock and the page says for how long. The virtual players act on
    // their own, so the seat to act may move on between the look and the tap: try again then.
    let called = { kind: '', text: '' };
    for (let attempt = 0; attempt < 5 && called.kind !== 'ok'; attempt++) {
      await expect.poll(() => floor.locator('#seat-grid .seat.on-action').count(), { timeout: 30_000 }).toBe(1);
      await floor.click('#seat-grid .seat.on-action');
      called = await act('#clock-call');
    }
    expect(called.text).toMatch(/^Clock called on seat \d+ \(.+\): \d+ seconds to act$/);
    // The board's floor feed keeps the call (its shot-clock panel shows it only until the player acts, which the
    // virtual player may do before a loaded machine repaints).
    const calledSeat = Number(/^Clock called on seat (\d+)/.exec(called.text)![1]);
    await expect
      .poll(() => board.textContent('#feed'), { timeout: 10_000 })
      .toMatch(new RegExp(`Clock on seat ${calledSeat}\\s*called by floor`));

    // Seat and remove a player (last: the virtual dealer does not expect the floor to change its players).
    await floor.click('#seat-grid .seat[data-seat="6"]');
    const removed = await act('#remove-player');
    expect(removed.text).toMatch(/^.+ removed from seat 6$/);
    await expect.poll(() => floor.isVisible('#seat-player-row')).toBe(true);
    await floor.fill('#player-name', 'Zoë Quinn');
    expect((await act('#seat-player')).text).toBe('Zoë Quinn seated at seat 6');
    await expect.poll(() => board.textContent('.seat[data-seat="6"] .name'), { timeout: 5000 }).toBe('Zoë Quinn');
    await floor.click('#seat-grid .seat[data-seat="1"]');
    await floor.evaluate('window.scrollTo(0, 0)');
    await floor.screenshot({ path: join(artifacts, 'floor-desk.png') });
    await floor.locator('#seat-actions').scrollIntoViewIfNeeded();
    await floor.screenshot({ path: join(artifacts, 'floor-seats.png') });
    await board.screenshot({ path: join(artifacts, 'board-after-floor.png') });
  }, 60_000);

  /** A start that restarts the levels: the first tap arms, the second sends; its answer. */
  async function startTwice(selector: string): Promise<{ kind: string; text: string }> {
    await floor.click(selector);
    expect(await floor.textContent(selector)).toBe('Tap again to start');
    return act(selector);
  }

  it('sets the game from the next hand: razz, its bring-in and bets, no blinds asked; the board names it', async () => {
    await floor.selectOption('#game', 'razz');
    expect(await floor.inputValue('#betting')).toBe('limit'); // the game's own structure
    expect(await floor.isVisible('#g-bigBlind')).toBe(false);
    expect(await floor.isVisible('#g-bringIn')).toBe(true);
    for (const [key, value] of Object.entries({ smallBet: 100, bigBet: 200, bringIn: 25, ante: 10, minutes: 15 }))
      await floor.fill(`#g-${key}`, String(value));
    const razz = '“Limit Razz” started: level 1, 100/200 ante 10 bring-in 25, 15:00 left';
    expect(await startTwice('#play-game')).toEqual({ kind: 'ok', text: razz });
    await expect.poll(() => board.textContent('#game'), { timeout: 5000 }).toBe('Limit Razz 100/200');
    expect(await board.textContent('#blinds')).toBe('Bring-in 25');
    await floor.locator('#game-card').scrollIntoViewIfNeeded();
    await floor.screenshot({ path: join(artifacts, 'floor-game.png') });
  }, 60_000);

  it('loads H.O.R.S.E.: the table takes it, the board shows limit hold’em and Omaha hi-lo next', async () => {
    await floor.selectOption('#structure', 'horse');
    expect(await floor.textContent('#structure-info')).toContain(
      "playing Limit Hold'em, Limit Omaha Hi-Lo, Limit Razz, Limit Stud, Limit Stud Hi-Lo in turn",
    );
    const horse = '“H.O.R.S.E. 20-minute levels” started: level 1, 50/100, 20:00 left';
    expect(await startTwice('#start-structure')).toEqual({ kind: 'ok', text: horse });
    await expect.poll(() => board.textContent('#game'), { timeout: 5000 }).toBe("Limit Hold'em 100/200");
    expect(await board.textContent('#next-level')).toBe('100 / 200 · 20 min · Limit Omaha Hi-Lo 200/400');
  }, 60_000);
});
