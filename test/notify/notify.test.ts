// sd_notify against a real unix datagram socket standing in for systemd (a python3 listener that also reads the
// sender's credentials, as systemd does for NotifyAccess=main).
import { TEST_DIR } from '../helpers/paths.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createNotifier } from '../../src/notify/sd-notify.ts';
import { startNotifyListener } from '../helpers/notify-listener.ts';

const python = process.env.PYTHON ?? 'python3';
const wrapper = join(TEST_DIR, '..', 'src', 'notify', 'notify-exec.py');

const childCode = `
import pino from 'pino';
import { createNotifier } from './src/notify/sd-notify.ts';
const n = createNotifier({ logger: pino({ level: 'warn' }, pino.destination(2)) });
console.log(JSON.stringify({ pid: process.pid, active: n.active, interval: n.watchdogIntervalMs }));
n.ready('table up');
n.startWatchdog();
process.on('SIGTERM', () => { n.stopping(); process.exit(0); });
setInterval(() => {}, 1000);
`;

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function lines(child: ChildProcess): AsyncIterator<string> {
  if (!child.stdout) throw new Error('no stdout');
  return createInterface({ input: child.stdout })[Symbol.asyncIterator]();
}

const startListener = (address: string) => startNotifyListener(address, children);

async function runAgainst(address: string): Promise<void> {
  const listener = await startListener(address);
  const child = spawn(python, [wrapper, process.execPath, '--import', 'tsx', '--input-type=module', '-e', childCode], {
    cwd: join(TEST_DIR, '..'),
    env: { ...process.env, NOTIFY_SOCKET: address, WATCHDOG_USEC: '200000', WATCHDOG_PID: undefined },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const out = lines(child);
  const hello = JSON.parse(String((await out.next()).value)) as { pid: number; active: boolean; interval: number };
  // exec kept the PID: the process systemd started is the one that sends.
  expect(hello).toEqual({ pid: child.pid, active: true, interval: 100 });

  const ready = await listener.next();
  expect(ready).toEqual({ pid: child.pid, data: 'READY=1\nSTATUS=table up' });
  for (let i = 0; i < 3; i++) expect(await listener.next()).toEqual({ pid: child.pid, data: 'WATCHDOG=1' });

  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  let last = await listener.next();
  while (last.data === 'WATCHDOG=1') last = await listener.next();
  expect(last).toEqual({ pid: child.pid, data: 'STOPPING=1' });
  expect(await exited).toBe(0);
}

describe('sd_notify through notify-exec.py', () => {
  it('delivers READY, WATCHDOG and STOPPING from the main PID to a filesystem socket', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pokertable-notify-'));
    dirs.push(dir);
    await runAgainst(join(dir, 'notify'));
  });

  it('delivers them to an abstract-namespace socket (@name)', async () => {
    await runAgainst(`@pokertable-test-${process.pid}-${Date.now()}`);
  });

  it('execs the command anyway when the socket is missing', async () => {
    const child = spawn(
      python,
      [wrapper, process.execPath, '-e', 'console.log(process.env.POKERTABLE_NOTIFY_FD ?? "none")'],
      {
        env: { ...process.env, NOTIFY_SOCKET: '/nonexistent/notify' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    children.push(child);
    let stderr = '';
    child.stderr?.on('data', (b: Buffer) => (stderr += b.toString()));
    expect(String((await lines(child).next()).value)).toBe('none');
    await new Promise((r) => child.on('exit', r));
    expect(stderr).toContain('cannot connect to NOTIFY_SOCKET');
  });
});

describe('createNotifier', () => {
  const logger = pino({ level: 'silent' });

  it('is silent without NOTIFY_SOCKET', () => {
    const writes: string[] = [];
    const n = createNotifier({
      logger,
      env: { WATCHDOG_USEC: '1000000' },
      write: (_fd, d) => writes.push(d.toString()),
    });
    n.ready();
    n.stopping();
    n.startWatchdog()();
    expect(n.active).toBe(false);
    expect(n.watchdogIntervalMs).toBeNull();
    expect(writes).toEqual([]);
  });

  it('ignores a watchdog meant for another PID and a NOTIFY_SOCKET without the descriptor', () => {
    const n = createNotifier({ logger, env: { NOTIFY_SOCKET: '/run/systemd/notify', WATCHDOG_USEC: '1000000' } });
    expect(n.active).toBe(false);
    expect(n.watchdogIntervalMs).toBeNull();
  });
});

describe('the table under a stand-in systemd', () => {
  it('npm start --config says READY once up, pings the watchdog, and STOPPING on SIGTERM, all from its main PID', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pokertable-notify-main-'));
    dirs.push(dir);
    const config = join(dir, 'table.yaml');
    writeFileSync(
      config,
      JSON.stringify({
        table: { id: 'n1', seats: 4 },
        storage: { dir: join(dir, 'var') },
        mqtt: { embedded: { port: 18846, wsPort: 18847 } },
        http: { port: 18848 },
        devices: [
          { name: 'shoe', definition: 'simulated-pcsc-shoe' },
          { name: 'board', definition: 'simulated-firmata-board' },
        ],
      }),
    );
    const address = join(dir, 'notify');
    const listener = await startListener(address);
    // As the unit's ExecStart: python3 notify-exec.py node --import tsx src/app/main.ts --config FILE
    const child = spawn(
      python,
      [wrapper, process.execPath, '--import', 'tsx', 'src/app/main.ts', '--config', config, '--log-level', 'warn'],
      {
        cwd: join(TEST_DIR, '..'),
        env: { ...process.env, NOTIFY_SOCKET: address, WATCHDOG_USEC: '400000', WATCHDOG_PID: undefined },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    children.push(child);
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

    const ready = await listener.next();
    expect(ready.pid).toBe(child.pid);
    expect(ready.data).toMatch(
      /^READY=1\nSTATUS=table up; board http:\/\/127\.0\.0\.1:18848\/; floor page http:\/\/127\.0\.0\.1:18848\/floor; MQTT mqtt:\/\/127\.0\.0\.1:18846$/,
    );
    // READY comes after the broker listens: a client can connect now.
    const { default: mqtt } = await import('mqtt');
    const client = await mqtt.connectAsync('mqtt://127.0.0.1:18846', { protocolVersion: 4 });
    await client.endAsync();
    for (let i = 0; i < 2; i++) expect(await listener.next()).toEqual({ pid: child.pid, data: 'WATCHDOG=1' });

    child.kill('SIGTERM');
    let last = await listener.next();
    while (last.data === 'WATCHDOG=1') last = await listener.next();
    expect(last).toEqual({ pid: child.pid, data: 'STOPPING=1' });
    expect(await exited).toBe(0);
  });
});
