// GET /health on the running table (startTableApp: real journal, embedded broker, bridge, web server).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startTableApp, type TableApp } from '../../src/app/table-app.ts';
import { loadProfiles } from '../../src/config/profiles.ts';
import { loadTableConfig } from '../../src/config/load.ts';
import { fakeClock } from '../../src/runtime/clock.ts';
import { freePort } from '../helpers/mosquitto.ts';

const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function table(http: string): Promise<TableApp> {
  const dir = mkdtempSync(join(tmpdir(), 'pt-health-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'table.yaml');
  writeFileSync(
    file,
    `table: {id: t1}\nstorage: {dir: ./state}\nmqtt: {embedded: {host: 127.0.0.1, port: ${await freePort()}, wsPort: null}}\nhttp: ${http}\n`,
  );
  const app = await startTableApp({
    config: loadTableConfig(file),
    clock: fakeClock(1_780_000_000_000),
    speed: 1,
    profiles: loadProfiles(),
    devices: [],
    logger,
  });
  cleanups.push(() => app.stop());
  return app;
}

describe('GET /health', () => {
  it('answers a small JSON with status, seq and MQTT; 503 once MQTT is gone', async () => {
    const app = await table(`{host: 127.0.0.1, port: ${await freePort()}}`);
    app.runtime.submit({ type: 'command', name: 'setup', seats: 6, profile: 'tda' });
    const response = await fetch(`${app.board!.url}health`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toMatchObject({ status: 'ok', seq: 1, mqtt: 'connected', hand: null, phase: 'idle' });

    await app.broker!.close();
    for (let i = 0; i < 200 && app.bridge.connected(); i++) await new Promise((r) => setTimeout(r, 10));
    const down = await fetch(`${app.board!.url}health`);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ status: 'degraded', mqtt: 'disconnected', seq: 1 });
  });

  it('http: null starts no web server', async () => {
    const app = await table('null');
    expect(app.board).toBeNull();
    expect(app.urls.board).toBeNull();
  });
});
