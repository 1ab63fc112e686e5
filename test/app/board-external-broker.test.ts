// A table on the venue's broker (mqtt.external.url, mqtt:// without a WebSocket listener) has a working board: its
// pages reach the broker through /mqtt on the board's own port, as the room's pages do (the board used to say
// "No MQTT WebSocket: set mqtt.embedded.wsPort …" full-screen on the room's TV while the doctor passed). A table
// whose pages cannot reach any broker (mqtt.embedded.wsPort null) shows the players no technician's sentence: the
// doctor and the start log say what to set. Real mosquitto, real table, Chromium.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStartArgs } from '../../src/app/args.ts';
import { checkBoardReach } from '../../src/app/doctor/checks.ts';
import { runDoctor } from '../../src/app/doctor/run.ts';
import { startHardwareTable } from '../../src/app/hardware.ts';
import { loadTableConfig } from '../../src/config/load.ts';
import { artifacts, haveChromium, launchChromium } from '../helpers/chromium.ts';
import { freePort, mosquittoMissing, startMosquitto, type Mosquitto } from '../helpers/mosquitto.ts';

const missing = mosquittoMissing();
let dir: string;
let browser: Browser;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pt-board-external-'));
  mkdirSync(artifacts, { recursive: true });
  if (haveChromium) browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

function config(name: string, mqtt: unknown, http: number): string {
  const file = join(dir, `${name}.yaml`);
  const body = {
    table: { id: 't8', seats: 6 },
    storage: { dir: join(dir, `${name}-var`) },
    mqtt,
    http: { port: http },
    devices: [],
    log: { level: 'error' },
  };
  writeFileSync(file, JSON.stringify(body));
  return file;
}

describe.skipIf(missing !== null || !haveChromium)('the board of a table on an external broker', () => {
  let broker: Mosquitto;
  beforeAll(async () => {
    broker = await startMosquitto();
  });
  afterAll(async () => broker?.dispose());

  it('reads the table through /mqtt on its own port; the doctor says so', async () => {
    const file = config('external', { external: { url: broker.url } }, await freePort());
    const table = await startHardwareTable({ ...parseStartArgs([]), config: file }, pino({ level: 'silent' }));
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const config = (await (await fetch(`${table.urls.board}config.json`)).json()) as { mqtt: unknown };
      expect(config.mqtt).toEqual({ url: null, port: null, path: '/mqtt' });
      await page.goto(table.urls.board!);
      await expect.poll(() => page.getAttribute('#conn', 'data-state'), { timeout: 15_000 }).toBe('live');
      // The table's retained state came through the pipe: six seats drawn.
      await expect.poll(() => page.locator('.seat').count(), { timeout: 15_000 }).toBe(6);
      expect(await page.isVisible('#overlay')).toBe(false);
      await page.screenshot({ path: join(artifacts, 'board-external-broker.png') });
      await page.close();
    } finally {
      await table.stop();
    }
    const reach = (await runDoctor(file, { brokerTimeoutMs: 3000 })).find((r) => r.subject === 'board');
    expect(reach).toMatchObject({ status: 'ok', detail: expect.stringContaining('through /mqtt on port') });
  }, 60_000);
});

describe.skipIf(!haveChromium)('a table whose pages have no way to the broker', () => {
  it('shows the players a plain sentence; the doctor tells the technician what to set', async () => {
    const [mqtt, http] = [await freePort(), await freePort()];
    const file = config('no-ws', { embedded: { port: mqtt, wsPort: null } }, http);
    const table = await startHardwareTable({ ...parseStartArgs([]), config: file }, pino({ level: 'silent' }));
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(table.urls.board!);
      await expect.poll(() => page.isVisible('#overlay')).toBe(true);
      const words = `${await page.textContent('#overlay-text')} ${await page.textContent('#overlay-detail')}`;
      expect(words).toBe('TABLE NOT SHOWN This screen cannot show the table yet: please tell the floor.');
      expect(words).not.toMatch(/mqtt|wsPort|config/i);
      await page.close();
    } finally {
      await table.stop();
    }
    expect(checkBoardReach(loadTableConfig(file))).toMatchObject({
      status: 'warn',
      detail: 'the display board and the floor page cannot reach the broker: mqtt.embedded.wsPort is null',
    });
  }, 60_000);
});
