// The room's pages (docs/room.md, "The room's pages") in headless Chromium, against the room service on a real
// mosquitto with the shipped ACL (config/mosquitto/pokertable.acl) and fake tables that answer over MQTT: the board
// (display account) shows the tables, the level clock, a registration's draw, a balancing move and the places as the
// room publishes them; the floor page (floor account) registers players, starts and pauses the clock, and shows each
// answer, a refusal in words. The browsers reach the broker through the pages' own /mqtt. Screenshots of the board at
// 1920x1080 and 1280x800 and of the floor page go to test-artifacts/ (not in git).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MqttClient } from 'mqtt';
import pino from 'pino';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStructures } from '../src/config/structures.ts';
import { loadRoomConfig } from '../src/room/config/load.ts';
import { loadRoomProfiles } from '../src/room/config/profiles.ts';
import { startRoomPages, type RoomPages } from '../src/room/service/pages.ts';
import { startRoomService, type RoomService } from '../src/room/service/service.ts';
import { systemClock } from '../src/runtime/clock.ts';
import { artifacts, haveChromium, launchChromium } from './helpers/chromium.ts';
import {
  collect,
  connectClient,
  freePort,
  mosquittoMissing,
  startMosquitto,
  type Mosquitto,
} from './helpers/mosquitto.ts';
import { MqttTable, waitFor } from './helpers/room-mqtt.ts';

const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });
const missing = mosquittoMissing();
const users = {
  'pokertable-controller': 'ctl-pw',
  display: 'display-pw',
  floor: 'floor-pw',
  'room-main-event': 'room-password',
};
/** The browser's getComputedStyle, for code run in the page (the tests compile without the DOM's types). */
type Styled = { getComputedStyle(e: unknown): { fontSize: string } };
const json = (s: string) => JSON.parse(s) as Record<string, unknown>;
const POLL = { timeout: 20_000 };

describe.skipIf(missing !== null || !haveChromium)('the room board and floor page in Chromium', () => {
  let broker: Mosquitto;
  let tables: { A: MqttTable; B: MqttTable; C: MqttTable };
  let service: RoomService;
  let pages: RoomPages;
  let observer: MqttClient;
  let seen: ReturnType<typeof collect>;
  let browser: Browser;
  let board: Page;
  let floor: Page;
  let roomDir: string;

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    // The example's security lines (no anonymous client, the password file, the ACL), as room-acl-mosquitto does.
    const security = readFileSync('config/mosquitto/mosquitto.conf', 'utf8')
      .split('\n')
      .filter((l) => /^(per_listener_settings|allow_anonymous|password_file|acl_file)\s/.test(l))
      .map((l) =>
        l
          .replace('/etc/mosquitto/pokertable.passwd', '{dir}/passwd')
          .replace('/etc/mosquitto/pokertable.acl', '{dir}/pokertable.acl'),
      );
    broker = await startMosquitto({
      users,
      files: { 'pokertable.acl': readFileSync('config/mosquitto/pokertable.acl', 'utf8') },
      config: security,
    });
    const table = { username: 'pokertable-controller', password: users['pokertable-controller'] };
    tables = {
      A: await MqttTable.start(broker.url, 'A', 6, table),
      B: await MqttTable.start(broker.url, 'B', 6, table),
      C: await MqttTable.start(broker.url, 'C', 6, table),
    };
    // A table's state also has its hand number and the level in force (the room's last level-set), as a real one.
    for (const t of Object.values(tables)) {
      const plain = t.fake.state.bind(t.fake);
      t.fake.state = () => ({ ...plain(), hand: t.fake.hand || null, level: t.named('level-set').at(-1) ?? null });
    }
    observer = await connectClient(broker.url, { username: 'floor', password: 'floor-pw', clientId: 'observer' });
    seen = collect(observer);
    await observer.subscribeAsync(['room/main-event/#'], { qos: 1 });

    roomDir = mkdtempSync(join(tmpdir(), 'pokertable-room-pages-'));
    const file = join(roomDir, 'room.yaml');
    writeFileSync(
      file,
      [
        'room: { id: main-event, profile: tda, startingStack: 1000 }',
        'tables: [{ id: A, seats: 6 }, { id: B, seats: 6 }, { id: C, seats: 6, open: false }]',
        'breakOrder: [C, A, B]',
        `mqtt: { url: "${broker.url}", username: room-main-event, password: ${users['room-main-event']} }`,
        'storage: { dir: journal }',
        'log: { level: warn }',
        `web: { port: ${await freePort()} }`,
        '',
      ].join('\n'),
    );
    const config = loadRoomConfig(file);
    const clock = systemClock();
    service = startRoomService({ config, profiles: loadRoomProfiles(), logger, clock, seed: 11 });
    await service.whenConnected();
    pages = await startRoomPages({ config, now: clock.now, logger, structures: loadStructures() });
    for (const t of Object.values(tables)) t.online();

    browser = await launchChromium();
    board = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    floor = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    await board.goto(pages.url);
    await floor.goto(`${pages.url}floor`);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await pages?.close();
    await service?.close();
    for (const t of Object.values(tables ?? {})) await t.close();
    observer?.end(true);
    await broker?.dispose();
    if (roomDir) rmSync(roomDir, { recursive: true, force: true });
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
    expect(movesOf('Anna')).toHaveLength(1);
    expect(await board.textContent('#entries')).toBe('1');
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

  it('a room of 60 tables fits the 1920x1080 board: every table in view, its name and count readable', async () => {
    await board.setViewportSize({ width: 1920, height: 1080 });
    const room = await connectClient(broker.url, {
      username: 'room-main-event',
      password: users['room-main-event'],
      clientId: 'a-bigger-room',
    });
    const real = seen.messages.filter((m) => m.topic === 'room/main-event/state').at(-1)!.payload;
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
