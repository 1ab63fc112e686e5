// Issue 9, item 10 with whole processes (`src/app/main.ts --config FILE`, as systemd runs it): a second controller
// for a table that a running controller holds exits 1 with a message naming the first's host, pid and start time,
// and the first one is not disturbed. On a mosquitto run with the example config, and against a table's embedded
// broker (where the broker refuses the controller's client id to the second one).
import { TEST_DIR } from '../helpers/paths.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { collect, connectClient, freePort, mosquittoMissing, type Received } from '../helpers/mosquitto.ts';
import { exampleUsers, startExampleBroker, type ExampleBroker } from '../helpers/mosquitto-example.ts';
import { floorRounds } from '../helpers/mqtt-identity.ts';

const root = join(TEST_DIR, '..');
const base = 'pokertable/t1';
const missing = mosquittoMissing();
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pt-two-controllers-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Running {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

/** A controller process on its own journal directory, with the given `mqtt:` section (YAML). */
function startController(name: string, mqttYaml: string): Running {
  const file = join(dir, `${name}.yaml`);
  writeFileSync(
    file,
    `table: {id: t1}\nstorage: {dir: ${join(dir, name)}}\nhttp: {port: null}\ndevices: []\nlog: {level: info}\n${mqttYaml}`,
  );
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/app/main.ts', '--config', file], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (b: Buffer) => (output += b.toString()));
  child.stderr?.on('data', (b: Buffer) => (output += b.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  });
  return { child, output: () => output, exited };
}

const recordOf = (m: Received) =>
  JSON.parse(m.payload) as { instance: string; host: string; pid: number; startedAt: number };

/** Starts the first controller, waits until its record is retained, then a second one: it must exit 1. */
async function secondIsRefused(options: {
  firstYaml: string;
  secondYaml: string;
  watchUrl: () => string;
  watch: Parameters<typeof connectClient>[1];
  floor: Parameters<typeof connectClient>[1];
}): Promise<string> {
  const first = startController('first', options.firstYaml);
  let watcher = null;
  for (let i = 0; i < 200 && !watcher; i++) {
    watcher = await connectClient(options.watchUrl(), options.watch).catch(() => null);
    if (!watcher) await new Promise((r) => setTimeout(r, 50));
    if (first.child.exitCode !== null) throw new Error(`the first controller exited:\n${first.output()}`);
  }
  if (!watcher) throw new Error(`no broker:\n${first.output()}`);
  const w = watcher;
  cleanups.push(() => void w.end(true));
  const seen = collect(w);
  await w.subscribeAsync([`${base}/controller`, `${base}/status`], { qos: 1 });
  await seen.until(
    (m) => m.some((x) => x.topic.endsWith('/controller') && recordOf(x).pid === first.child.pid),
    "the first controller's record",
    20_000,
  );
  const holder = recordOf(seen.messages.find((x) => x.topic.endsWith('/controller'))!);
  expect(holder).toMatchObject({
    host: hostname(),
    pid: first.child.pid,
    instance: expect.stringMatching(/^[0-9a-f]{16}$/),
  });
  const statusesBefore = seen.messages.filter((m) => m.topic.endsWith('/status')).length;

  const second = startController('second', options.secondYaml);
  expect(await second.exited, second.output()).toBe(1);
  const message = second.output();
  expect(message).toContain(`pid ${holder.pid}`);
  expect(message).toContain(`host ${holder.host}`);
  expect(message).toContain(`started ${new Date(holder.startedAt).toISOString()}`);
  expect(message).toMatch(/"level":50/); // logged at error level too, for journalctl

  // The first one was never disturbed: no `offline`, still answering the floor, still the retained record.
  const floor = await connectClient(options.watchUrl(), options.floor);
  cleanups.push(() => void floor.end(true));
  expect(await floorRounds(floor, base, 5)).toBe(5);
  // No `offline` since the second one tried (a watcher that reconnects under load may see the retained `online`
  // again: that is no disturbance).
  const statusesSince = seen.messages.filter((m) => m.topic.endsWith('/status')).slice(statusesBefore);
  expect(statusesSince.filter((m) => m.payload !== 'online')).toEqual([]);
  expect(first.child.exitCode).toBe(null);
  return message;
}

describe.skipIf(missing !== null)(`on mosquitto with the example config (${missing ?? 'real broker'})`, () => {
  let example: ExampleBroker;
  beforeAll(async () => {
    example = await startExampleBroker();
    writeFileSync(join(dir, 'ca.crt'), example.tls.ca);
    writeFileSync(join(dir, 'client.crt'), example.tls.cert);
    writeFileSync(join(dir, 'client.key'), example.tls.key);
  });
  afterAll(async () => {
    await example?.dispose();
  });

  it('the second controller exits 1 naming the first; the first goes on', async () => {
    const yaml =
      `mqtt:\n  external:\n    url: ${example.controllerUrl}\n    username: pokertable-controller\n` +
      `    password: ${exampleUsers['pokertable-controller']}\n    caFile: ${join(dir, 'ca.crt')}\n` +
      `    certFile: ${join(dir, 'client.crt')}\n    keyFile: ${join(dir, 'client.key')}\n`;
    const message = await secondIsRefused({
      firstYaml: yaml,
      secondYaml: yaml,
      watchUrl: () => example.roomUrl,
      watch: { username: 'display', password: exampleUsers.display },
      floor: { username: 'floor', password: exampleUsers.floor },
    });
    expect(message).toMatch(/pokertable: cannot start: another controller holds table pokertable\/t1/);
  });
});

describe('against a table with its embedded broker', () => {
  it('a second controller pointed at the first one is refused its client id and exits 1 naming the first', async () => {
    const port = await freePort();
    const message = await secondIsRefused({
      firstYaml:
        `mqtt:\n  embedded:\n    port: ${port}\n    wsPort: null\n    anonymousRoles: [display]\n` +
        `    users: [{username: floor, password: floor-pw, roles: [floor]}]\n`,
      secondYaml: `mqtt:\n  external:\n    url: mqtt://127.0.0.1:${port}\n`,
      watchUrl: () => `mqtt://127.0.0.1:${port}`,
      watch: {},
      floor: { username: 'floor', password: 'floor-pw' },
    });
    expect(message).toMatch(/refuses this table's controller client id "pokertable-t1-controller"/);
  });
});
