// `npm run doctor` asks the external broker whether another controller holds the table, as `npm start` does before it
// opens the journal: against a real table started on a real mosquitto, then after that table stopped.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStartArgs } from '../../src/app/args.ts';
import { runDoctor } from '../../src/app/doctor/run.ts';
import { startHardwareTable } from '../../src/app/hardware.ts';
import { collect, connectClient, mosquittoMissing, startMosquitto, type Mosquitto } from '../helpers/mosquitto.ts';

const missing = mosquittoMissing();
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pt-doctor-controller-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function config(name: string, url: string): string {
  const file = join(dir, `${name}.yaml`);
  const body = {
    table: { id: 't7', seats: 6 },
    storage: { dir: join(dir, `${name}-var`) },
    mqtt: { external: { url } },
    http: { port: null },
    devices: [],
    log: { level: 'error' },
  };
  writeFileSync(file, JSON.stringify(body));
  return file;
}

describe.skipIf(missing !== null)(`doctor: another controller (${missing ?? 'mosquitto'})`, () => {
  let broker: Mosquitto;
  beforeAll(async () => {
    broker = await startMosquitto();
  });
  afterAll(async () => broker?.dispose());

  it('fails while a table with the same id runs, names it, and passes once it has stopped', async () => {
    const first = await startHardwareTable(
      { ...parseStartArgs([]), config: config('running', broker.url) },
      pino({ level: 'silent' }),
    );
    let stopped = false;
    const watcher = await connectClient(broker.url);
    try {
      // The table's connection comes up after start returns: wait for its retained record, as a rival would meet it.
      const seen = collect(watcher);
      await watcher.subscribeAsync('pokertable/t7/status', { qos: 1 });
      await seen.until((m) => m.some((x) => x.payload === 'online'), 'the running table online', 20_000);
      const results = await runDoctor(config('second', broker.url));
      const check = results.find((r) => r.subject === 'controller');
      expect(check).toMatchObject({
        status: 'fail',
        detail: expect.stringContaining(`another controller holds table pokertable/t7 on ${broker.url}`),
        fix: expect.stringContaining('table.id'),
      });
      expect(check?.detail).toContain(`host ${hostname()}, pid ${process.pid}`);
      await first.stop();
      stopped = true;
      const after = await runDoctor(config('third', broker.url));
      expect(after.find((r) => r.subject === 'controller')).toMatchObject({
        status: 'ok',
        detail: expect.stringMatching(
          /no other controller holds table pokertable\/t7; the last one was .*not running now/,
        ),
      });
    } finally {
      await watcher.endAsync(true);
      if (!stopped) await first.stop();
    }
  });
});
