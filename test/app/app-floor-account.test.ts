// The simulated table is usable by the floor out of the box: without POKERTABLE_FLOOR_PASSWORD it makes a floor
// password up, prints it beside the floor page's URL, and the embedded broker lets that account give commands.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import mqtt from 'mqtt';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { parseStartArgs } from '../../src/app/args.ts';
import { floorAccount, madeUpPassword } from '../../src/app/floor-account.ts';
import { startSimulatedTable, type RunningTable } from '../../src/app/simulated.ts';
import { createVirtualTable } from '../../src/sim/index.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('floor account of the simulated table', () => {
  it('takes POKERTABLE_FLOOR_PASSWORD, or makes one up that is easy to type', () => {
    expect(floorAccount({ POKERTABLE_FLOOR_PASSWORD: 'given' })).toEqual({
      user: { username: 'floor', password: 'given', roles: ['floor'] },
      fromEnv: true,
    });
    const made = floorAccount({});
    expect(made.fromEnv).toBe(false);
    expect(made.user.password).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(madeUpPassword()).not.toBe(madeUpPassword());
  });

  it('prints the made-up password with the floor URL, and that account answers a command', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pt-floor-account-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    let terminal = '';
    const out = new Writable({
      write: (c: Buffer, _e, cb) => {
        terminal += c.toString();
        cb();
      },
    });
    const args = parseStartArgs(['--mqtt-port', '0', '--ws-port', '0', '--http-port', '0', '--state-dir', dir]);
    const table: RunningTable = await startSimulatedTable(args, {
      createVirtualTable,
      logger: pino({ level: 'silent' }),
      out,
      env: {},
    });
    cleanups.push(() => table.stop());
    const line = terminal.split('\n').find((l) => l.includes('floor page'))!;
    expect(line).toContain(`${table.app.urls.floor}   user floor, password `);
    expect(line).toContain('(set POKERTABLE_FLOOR_PASSWORD to choose it)');
    const password = /password (\S+) \(set/.exec(line)![1]!;

    const wrong = mqtt.connectAsync(table.app.urls.mqtt, { username: 'floor', password: 'guess', reconnectPeriod: 0 });
    await expect(wrong).rejects.toThrow(/bad username or password/i);

    const floor = await mqtt.connectAsync(table.app.urls.mqtt, { username: 'floor', password, reconnectPeriod: 0 });
    cleanups.push(() => floor.endAsync());
    const answers: Record<string, unknown>[] = [];
    floor.on('message', (_t, p) => answers.push(JSON.parse(p.toString()) as Record<string, unknown>));
    await floor.subscribeAsync('pokertable/sim/cmd/result', { qos: 1 });
    // The virtual dealer sets the table up a moment after start.
    await expect.poll(() => table.app.runtime.snapshot().seats, { timeout: 10_000 }).toBeGreaterThan(0);
    await floor.publishAsync(
      'pokertable/sim/cmd/levels-start',
      JSON.stringify({ id: 'out-of-the-box', levels: [{ smallBlind: 25, bigBlind: 50, minutes: 15 }] }),
      { qos: 1 },
    );
    await expect.poll(() => answers.find((a) => a.id === 'out-of-the-box')).toMatchObject({ ok: true });
  });
});
