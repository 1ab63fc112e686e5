// `npm run room -- --demo`: one command gives a room to try (a broker, three simulated tables, the room service and
// its pages): the room board shows the three tables with the players the room drew, the tables play hands, the
// level clock runs; the floor page logs in; Ctrl-C (SIGINT) stops it all and removes its temporary folder.
// Chromium against the real command; screenshots in test-artifacts/room-demo-*.png.
import { TEST_DIR } from '../helpers/paths.ts';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import mqtt from 'mqtt';
import pino from 'pino';
import type { Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { parseStartArgs } from '../../src/app/args.ts';
import { startSimulatedTable } from '../../src/app/simulated.ts';
import { createVirtualTable } from '../../src/sim/index.ts';
import { artifacts, haveChromium, launchChromium } from '../helpers/chromium.ts';

const root = join(TEST_DIR, '..');
const POLL = { timeout: 60_000, interval: 200 };

describe.skipIf(!haveChromium)('npm run room -- --demo', () => {
  let browser: Browser | undefined;
  afterAll(async () => browser?.close());

  it('a room with its tables playing and its pages, from one command; Ctrl-C stops it', async () => {
    mkdirSync(artifacts, { recursive: true });
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/cli/room.ts', '--demo', '--port', '0', '--mqtt-port', '0', '--level-minutes', '2'],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    try {
      await expect.poll(() => /room board +(http:\S+)/.exec(out)?.[1], { timeout: 60_000 }).toBeTruthy();
      const board = /room board +(http:\S+)/.exec(out)![1]!;
      const dir = /journals +(\S+)/.exec(out)![1]!;
      expect(out).toContain('3 simulated tables of 9 seats, 21 players');
      browser = await launchChromium();
      const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
      await page.goto(board);
      // The demo broker has no accounts: the board connects at once, or after any login.
      if (await page.isVisible('#login')) {
        await page.fill('#username', 'screen');
        await page.fill('#password', 'any');
        await page.click('#login-button');
      }
      await expect.poll(() => page.getAttribute('#conn', 'data-state'), POLL).toBe('live');
      await expect.poll(() => page.locator('#tables .table').count(), POLL).toBe(3);
      const seated = async () =>
        (await page.locator('#tables .t-count').allTextContents()).map((t) => Number(t.split('/')[0]));
      await expect.poll(async () => (await seated()).reduce((a, b) => a + b, 0), POLL).toBe(21);
      // The tables play: a hand number shows on a table card; the room's level clock runs.
      await expect
        .poll(async () => (await page.locator('#tables .t-info').allTextContents()).join(' '), POLL)
        .toMatch(/hand \d+/i);
      expect(await page.textContent('#level')).toMatch(/level 1/i);
      await page.screenshot({ path: join(artifacts, 'room-demo-board.png') });
      const floor = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await floor.goto(`${board}floor`);
      await floor.fill('#username', 'floor');
      await floor.fill('#password', 'any');
      await floor.click('#login-button');
      await expect.poll(() => floor.getAttribute('#conn', 'data-state'), POLL).toBe('live');
      await floor.screenshot({ path: join(artifacts, 'room-demo-floor.png'), fullPage: true });
      // `npm start -- --room … --broker … --table-id table-4`, as the demo's banner says: a simulated table joins the
      // room (its fourth table, closed until the floor opens it) and its own board reads it through /mqtt.
      const url = /MQTT +(mqtt:\S+)/.exec(out)![1]!;
      expect(out).toContain(`npm start -- --room demo-room --broker ${url} --table-id table-4`);
      const watcher = await mqtt.connectAsync(url, { clientId: 'room-demo-watcher' });
      let online = false;
      watcher.on('message', (_t, payload) => {
        const state = JSON.parse(payload.toString()) as { tables: { id: string; online: boolean }[] };
        online = state.tables.some((t) => t.id === 'table-4' && t.online);
      });
      await watcher.subscribeAsync('room/demo-room/state', { qos: 1 });
      const args = ['--room', 'demo-room', '--broker', url, '--table-id', 'table-4'];
      const ports = ['--http-port', '0', '--mqtt-port', '0', '--ws-port', '0'];
      const sink = new Writable({ write: (_c, _e, done) => done() });
      const table = await startSimulatedTable(parseStartArgs([...args, ...ports]), {
        createVirtualTable,
        logger: pino({ level: 'silent' }),
        out: sink,
      });
      try {
        // The floor opens it, as on the room's floor page.
        await watcher.publishAsync(
          'room/demo-room/cmd/open-table',
          JSON.stringify({ id: 'open-4', table: 'table-4' }),
          {
            qos: 1,
          },
        );
        await expect.poll(() => online, POLL).toBe(true);
        const own = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        await own.goto(table.app.urls.board!);
        await expect.poll(() => own.getAttribute('#conn', 'data-state'), POLL).toBe('live');
        expect(await own.textContent('#table-name')).toBe('table-4');
        await own.close();
      } finally {
        await table.stop();
        await watcher.endAsync();
      }
      child.kill('SIGINT');
      expect(await exited).toBe(0);
      expect(existsSync(dir)).toBe(false);
      expect(err).toBe('');
    } finally {
      child.kill('SIGKILL');
    }
  }, 120_000);
});
