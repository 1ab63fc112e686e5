// The room's pages (docs/room.md, "The room's pages") in headless Chromium, against the room service on a real
// mosquitto with the shipped ACL (config/mosquitto/pokertable.acl) and fake tables that answer over MQTT: the board
// (display account) shows the tables, the level clock, a registration's draw, a balancing move and the places as the
// room publishes them; the floor page (floor account) registers players, starts and pauses the clock, and shows each
// answer, a refusal in words. The browsers reach the broker through the pages' own /mqtt. Screenshots of the board at
// 1920x1080 and 1280x800 and of the floor page go to test-artifacts/ (not in git).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifacts, haveChromium, launchChromium } from '../helpers/chromium.ts';
import { connectClient, mosquittoMissing } from '../helpers/mosquitto.ts';
import { pageUsers as users, startRoomPageStack, type RoomPageStack } from '../helpers/room-page.ts';
import { waitFor } from '../helpers/room-mqtt.ts';

const missing = mosquittoMissing();
const json = (s: string) => JSON.parse(s) as Record<string, unknown>;
const POLL = { timeout: 20_000 };

describe.skipIf(missing !== null || !haveChromium)('the room board and floor page in Chromium', () => {
  let stack: RoomPageStack;
  let tables: RoomPageStack['tables'];
  let pages: RoomPageStack['pages'];
  let observer: RoomPageStack['observer'];
  let seen: RoomPageStack['seen'];
  let browser: Browser;
  let board: Page;
  let floor: Page;

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    stack = await startRoomPageStack();
    ({ tables, pages, observer, seen } = stack);
    browser = await launchChromium();
    board = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    floor = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    await board.goto(pages.url);
    await floor.goto(`${pages.url}floor`);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  /** Clicks, then waits for the floor page's answer (ok or error) and returns it. */
  async function act(selector: string): Promise<{ kind: string; text: string }> {
    await floor.evaluate("document.getElementById('result').dataset.kind = 'waiting'");
    await floor.click(selector);
    await expect.poll(() => floor.getAttribute('#result', 'data-kind'), POLL).toMatch(/^(ok|error)$/);
    return { kind: (await floor.getAttribute('#result', 'data-kind'))!, text: (await floor.textContent('#result'))! };
  }
  const movesOf = (player: string) =>
    seen.messages
      .filter((m) => m.topic === 'room/main-event/moves')
      .map((m) => json(m.payload))
      .filter((m) => m.player === player);

  it('the board asks for an account (the broker takes no anonymous client); with a display account it shows the open tables', async () => {
    await expect.poll(() => board.isVisible('#login'), POLL).toBe(true);
    expect(await board.getAttribute('#conn', 'data-state')).toBe('refused');
    await board.fill('#username', 'display');
    await board.fill('#password', 'wrong-one');
    await board.click('#login-button');
    await expect.poll(() => board.textContent('#login-error'), POLL).toBe('Wrong username or password.');
    await board.fill('#password', users.display);
    await board.click('#login-button');
    await expect.poll(() => board.getAttribute('#conn', 'data-state'), POLL).toBe('live');
    expect(await board.isVisible('#login')).toBe(false);
    await expect.poll(() => board.locator('#tables .table').count(), POLL).toBe(2);
    expect(await board.textContent('#tables .table[data-table="A"] .t-name')).toBe('Table A');
    expect(await board.textContent('#tables .table[data-table="A"] .t-count')).toBe('0/6');
    expect(await board.textContent('#players-left')).toBe('0');
    expect(await board.textContent('#level')).toBe('No levels running');
  }, 60_000);

  it('the floor logs in and registers Anna: the floor says where she sits, the board shows the draw and her seat', async () => {
    await floor.fill('#password', users.floor);
    await floor.click('#login-button');
    await expect.poll(() => floor.getAttribute('#conn', 'data-state'), POLL).toBe('live');
    await expect.poll(() => floor.locator('#table-list li').count(), POLL).toBe(3);

    await floor.fill('#player-name', 'Anna');
    const registered = await act('#register');
    await seen.until(() => movesOf('Anna').length > 0, "Anna's draw");
    const to = movesOf('Anna')[0]!.to as { table: string; seat: number };
    expect(registered).toEqual({ kind: 'ok', text: `Anna registered: table ${to.table} seat ${to.seat}` });

    await expect
      .poll(() => board.textContent('#moves li:first-child .what'), POLL)
      .toBe(`Anna: drawn to table ${to.table} seat ${to.seat}`);
    expect(await board.textContent('#moves li:first-child .why')).toBe('registration');
    const seat = board.locator(`#tables .table[data-table="${to.table}"] li[data-seat="${to.seat}"]`);
    await expect.poll(() => seat.locator('.s-name').textContent(), POLL).toBe('Anna');
    // Chips tracked at the fake tables: the starting stack of room.yaml.
    expect(await seat.locator('.s-stack').textContent()).toBe('1,000');
    expect(await board.textContent('#players-left')).toBe('1');
    expect(await board.textContent('#entries')).toBe('1');
    expect(await board.textContent('#average')).toBe('1,000');
  }, 60_000);

  it('a refused registration shows its reason in words; nothing changes on the board', async () => {
    await floor.fill('#player-name', 'Anna');
    const again = await act('#register');
    expect(again).toEqual({
      kind: 'error',
      text: 'Anna is already in the tournament: a player registers again only after being knocked out.',
    });
    expect(await floor.textContent('#log li:first-child')).toContain('already in the tournament');
    // one person whatever the keyboard (src/protocol/names.ts, the page's /player-names.js): sent cleaned, refused
    await floor.fill('#player-name', '  \uff21NNA ');
    expect(await act('#register')).toEqual({
      kind: 'error',
      text: 'ＡNNA is already in the tournament: a player registers again only after being knocked out.',
    });
    expect(movesOf('Anna')).toHaveLength(1);
    expect(await board.textContent('#entries')).toBe('1');
  }, 60_000);

  it('a floor account whose ACL lacks register gets no answer (mosquitto drops it): the page says why and who can fix it', async () => {
    const desk = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await desk.goto(`${pages.url}floor`);
    await desk.fill('#username', 'floor-desk');
    await desk.fill('#password', users['floor-desk']);
    await desk.click('#login-button');
    await expect.poll(() => desk.getAttribute('#conn', 'data-state'), POLL).toBe('live');
    await desk.fill('#player-name', 'Zed');
    await desk.click('#register');
    await expect.poll(() => desk.getAttribute('#result', 'data-kind'), POLL).toBe('error');
    expect(await desk.textContent('#result')).toBe(
      'The room service is running but did not answer “register” within 5 seconds: this account (floor-desk) is ' +
        'probably not allowed to send it (the broker drops such a command without a word). Try once more; if it ' +
        "stays silent, ask the technician to check the broker's ACL for floor-desk: " +
        'topic write room/main-event/cmd/register.',
    );
    expect(movesOf('Zed')).toEqual([]);
    await desk.close();
  }, 60_000);

  it('the floor starts a structure and pauses it; the board shows the level, PAUSED and the break to come', async () => {
    await floor.selectOption('#structure', 'turbo');
    await floor.click('#start-structure');
    const started = await act('#start-structure');
    expect(started.kind).toBe('ok');
    expect(started.text).toMatch(/^“Turbo 10-minute levels” started: level 1, 100\/200, (10:00|09:5\d) left$/);
    await expect.poll(() => board.textContent('#blinds'), POLL).toBe('100 / 200');
    expect(await board.textContent('#level')).toBe('Level 1');
    const paused = await act('#pause');
    expect(paused.text).toMatch(/^Clock paused at \d\d:\d\d left$/);
    await expect.poll(() => board.isVisible('#paused'), POLL).toBe(true);
    expect((await act('#pause')).text).toBe('The clock is already paused.');
    expect((await act('#resume')).text).toMatch(/^Clock running again: \d\d:\d\d left$/);
    await expect.poll(() => board.isVisible('#paused'), POLL).toBe(false);
  }, 60_000);

  it('a balancing move appears on the board as it happens, and the places as they are given', async () => {
    let n = 0;
    for (const player of ['Ben', 'Carl', 'Dora', 'Eve', 'Finn', 'Gus', 'Hana', 'Ivo', 'Jo']) {
      const id = `obs-${++n}`;
      observer.publish('room/main-event/cmd/register', JSON.stringify({ id, player }), { qos: 1 });
      await seen.until(
        (m) => m.some((x) => x.topic === 'room/main-event/cmd/result' && json(x.payload).id === id),
        `the answer for ${player}`,
      );
    }
    await waitFor(() => tables.A.count() === 5 && tables.B.count() === 5, 'five players at each table');
    await expect.poll(() => board.textContent('#players-left'), POLL).toBe('10');
    // Table A's hand busts three players: A has 2, B 5, a gap of 3 (TDA balances at 3): one moves from B to A.
    const out = tables.A.fake.players.flatMap((p, i) => (p === null ? [] : [i + 1])).slice(0, 3);
    const busted = out.map((seat) => tables.A.fake.players[seat - 1]!);
    tables.A.hand(out.map((seat, i) => ({ seat, stackAtStart: 1000 + i })));
    await seen.until(
      (m) => m.some((x) => x.topic === 'room/main-event/moves' && json(x.payload).reason === 'balance'),
      'a balance move',
    );
    const move = seen.messages
      .filter((m) => m.topic === 'room/main-event/moves')
      .map((m) => json(m.payload))
      .find((m) => m.reason === 'balance')!;
    const from = move.from as { table: string; seat: number };
    const to = move.to as { table: string; seat: number };
    expect([from.table, to.table]).toEqual(['B', 'A']);
    await expect
      .poll(() => board.textContent('#moves li:first-child .what'), POLL)
      .toBe(`${String(move.player)}: table B seat ${from.seat} → table A seat ${to.seat}`);
    expect(await board.textContent('#moves li:first-child .why')).toBe('balancing');
    await expect
      .poll(() => board.textContent(`#tables .table[data-table="A"] li[data-seat="${to.seat}"] .s-name`), POLL)
      .toBe(move.player);
    // Places 10, 9 and 8: the smallest stack at the start of the hand goes out first.
    await expect.poll(() => board.locator('#places li.place').count(), POLL).toBe(3);
    expect(await board.locator('#places li .rank').allTextContents()).toEqual(['8th', '9th', '10th']);
    expect(await board.locator('#places li .who').allTextContents()).toEqual([busted[2], busted[1], busted[0]]);
    expect(await board.textContent('#players-left')).toBe('7');
    expect(await board.textContent('#entries')).toBe('10');
    expect(await board.textContent('#average')).toBe('1,000');

    // The table's own state: its hand number and the level the room set.
    await expect.poll(() => board.textContent('#tables .table[data-table="A"] .t-info'), POLL).toBe('Hand 1 · Level 1');
  }, 90_000);

  it('the floor changes balanceAt and opens table C; the board shows the new table', async () => {
    expect(await floor.textContent('#balance-now')).toBe(
      'Now: a player moves when two tables differ by 3 players or more (the next big blind).',
    );
    await floor.fill('#balance-at', '1');
    expect(await act('#set-balance')).toEqual({
      kind: 'error',
      text: 'Balancing needs a whole number of players, 2 or more.',
    });
    await floor.fill('#balance-at', '4');
    expect(await act('#set-balance')).toEqual({
      kind: 'ok',
      text: 'Tables are now balanced when they differ by 4 players or more',
    });
    await expect
      .poll(() => floor.textContent('#balance-now'), POLL)
      .toBe('Now: a player moves when two tables differ by 4 players or more (the next big blind).');

    expect(await floor.textContent('#table-list li[data-table="C"] .t-what')).toBe('closed · 6 seats');
    expect(await act('#table-list li[data-table="C"] button.open-table')).toEqual({
      kind: 'ok',
      text: 'Table C is open: new players can be drawn to it',
    });
    await expect.poll(() => board.locator('#tables .table').count(), POLL).toBe(3);
    expect(await board.textContent('#tables .table[data-table="C"] .t-count')).toBe('0/6');
    await expect
      .poll(() => floor.textContent('#table-list li[data-table="C"] .t-what'), POLL)
      .toBe('0 of 6 seats taken');
    expect(await floor.locator('#table-list button.open-table').count()).toBe(0);

    await board.screenshot({ path: join(artifacts, 'room-board-1920.png') });
    await board.setViewportSize({ width: 1280, height: 800 });
    await board.screenshot({ path: join(artifacts, 'room-board-1280.png') });
    await floor.evaluate('window.scrollTo(0, 0)');
    await floor.screenshot({ path: join(artifacts, 'room-floor-phone.png'), fullPage: true });
    await floor.setViewportSize({ width: 1280, height: 800 });
    await floor.screenshot({ path: join(artifacts, 'room-floor-1280.png') });
  }, 90_000);

  it("a table's refusal of the room's seat-player: the room seats the player elsewhere, the floor page says so", async () => {
    await floor.fill('#player-name', 'Nora');
    expect((await act('#register')).kind).toBe('ok');
    const sent = () =>
      Object.values(tables).flatMap((t) =>
        t.commands.map((c) => ({ t, c })).filter((x) => x.c.command.name === 'seat-player'),
      );
    const nora = () => sent().filter((x) => (x.c.command as { player: string }).player === 'Nora');
    await expect.poll(() => nora().length, POLL).toBe(1);
    const { t, c } = nora()[0]!;
    // the table answers as its bridge would had the floor seated someone there meanwhile
    const table = await connectClient(stack.broker.url, {
      username: 'pokertable-controller',
      password: users['pokertable-controller'],
      protocolVersion: 4,
    });
    await table.publishAsync(
      `pokertable/${t.id}/cmd/result`,
      JSON.stringify({ id: c.id, ok: false, command: 'seat-player', code: 'seat-taken', message: 'seat taken' }),
      { qos: 1 },
    );
    await table.endAsync();
    await expect.poll(() => nora().length, POLL).toBe(2);
    await expect
      .poll(() => floor.textContent('#log li:first-child'), POLL)
      .toMatch(new RegExp(`Table ${t.id} seat \\d+ was taken: Nora goes to table [ABC] seat \\d+\\.`));
  }, 60_000);
});
