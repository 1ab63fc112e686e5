// The build (`npm run build` → dist/) run with plain node, as systemd runs it: no TypeScript loader, the data files
// (rule profiles, device definitions, schemas, the board page, the notify helper) found from dist/.
// Runs only with POKERTABLE_TEST_DIST=1, which .ci/run sets after building; dist/ must then exist. The other tests
// run the sources, so a stale or missing dist/ never fails them.
import { TEST_DIR } from '../helpers/paths.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pageHtml } from '../../src/web/serve.ts';
import { startNotifyListener } from '../helpers/notify-listener.ts';

const root = join(TEST_DIR, '..');
const main = join(root, 'dist/src/app/main.js');
const enabled = process.env.POKERTABLE_TEST_DIST === '1';

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const child = spawn(command, args, { cwd: tmpdir(), env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (b: Buffer) => (stdout += b.toString()));
  child.stderr?.on('data', (b: Buffer) => (stderr += b.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, out: () => ({ stdout, stderr }) };
}

/** The unit's ExecStart with /opt/pokertable as this checkout and the given table config. */
function unitCommand(config: string): string[] {
  const unit = readFileSync(join(root, 'systemd/pokertable.service'), 'utf8');
  const line = /^ExecStart=(.*)$/m.exec(unit)?.[1];
  if (!line) throw new Error('no ExecStart in systemd/pokertable.service');
  return line
    .split(' ')
    .map((word) => (word === '/etc/pokertable/table.yaml' ? config : word.replace(/^\/opt\/pokertable\//, `${root}/`)))
    .map((word) => (word === '/usr/bin/node' ? process.execPath : word));
}

describe.skipIf(!enabled)('the build in dist/, with plain node', () => {
  it('exists (npm run build ran)', () => {
    expect(existsSync(main)).toBe(true);
  });

  it('main.js is one bundle: the table loads no other module of dist/ (scripts/bundle.mjs)', async () => {
    // NODE_DEBUG=esm makes Node's module loader name each ES module it loads.
    const table = run(process.execPath, [main, '--help'], { ...process.env, NODE_DEBUG: 'esm' });
    expect(await table.exited).toBe(0);
    const ours = `file://${root}/dist/`;
    const loaded = new Set(
      table
        .out()
        .stderr.match(/file:\/\/\S+\.js/g)
        ?.filter((url) => url.startsWith(ours)),
    );
    expect([...loaded].map((url) => url.slice(ours.length))).toEqual(['src/app/main.js']);
    expect(table.out().stdout).toContain('--config');
  });

  it('main.js holds no ajv: the config schemas come compiled (npm run contract), no schema compiler in the table', () => {
    const map = JSON.parse(readFileSync(`${main}.map`, 'utf8')) as { sources: string[] };
    expect(map.sources.filter((source) => source.includes('/node_modules/ajv/'))).toEqual([]);
    expect(map.sources.some((source) => source.endsWith('src/protocol/generated/validate-config.ts'))).toBe(true);
    expect(readFileSync(main, 'utf8')).not.toMatch(/ajv\/dist|require\("ajv|from "ajv/);
  });

  it("the broadcast feed's equity worker runs from the build: its own bundle beside main.js, no TypeScript", async () => {
    expect(existsSync(join(root, 'dist/src/app/equity-worker.js'))).toBe(true);
    const script = [
      `const { workerEquity } = await import(${JSON.stringify(`file://${root}/dist/src/app/equity-pool.js`)});`,
      'const s = workerEquity();',
      "const r = await s.compute({ game: 'holdem', holes: [['As', 'Ks'], ['Qh', 'Qd']], board: ['2s', '7s', '9d'] });",
      'console.log(JSON.stringify([r.boards, r.hands[0].win * r.boards]));',
      'await s.close();',
    ].join('\n');
    const worker = run(process.execPath, ['--input-type=module', '-e', script]); // a flag a worker may not take
    expect(await worker.exited).toBe(0);
    expect(JSON.parse(worker.out().stdout)).toEqual([990, 536]);
  });

  it('plays a simulated table for 2 hands and exits 0', async () => {
    const ports = ['--mqtt-port', '0', '--ws-port', '0', '--http-port', '0'];
    const table = run(process.execPath, [main, '--hands', '2', '--speed', '1000', ...ports]);
    const code = await table.exited;
    expect(table.out().stderr).toBe('');
    expect(code).toBe(0);
    expect(table.out().stdout).toContain('pokertable: stopped after 2 hands');
  });

  it("runs as the unit's ExecStart: READY through notify-exec.py, the board page served, STOPPING and exit 0", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pokertable-dist-'));
    dirs.push(dir);
    const config = join(dir, 'table.yaml');
    writeFileSync(
      config,
      [
        'table: { id: dist-test, seats: 6, profile: bfp }',
        `storage: { dir: ${JSON.stringify(join(dir, 'state'))} }`,
        'mqtt: { embedded: { host: 127.0.0.1 } }',
        'http: { host: 127.0.0.1 }',
        'devices:',
        '  - { name: shoe, definition: simulated-pcsc-shoe }',
        '  - { name: board, definition: simulated-firmata-board }',
        '  - { name: display, definition: simulated-serial-display }',
        'log: { level: warn }',
      ].join('\n'),
    );
    const socket = join(dir, 'notify');
    const listener = await startNotifyListener(socket, children);
    const [command, ...args] = unitCommand(config);
    expect(args.join(' ')).toContain(`${root}/dist/src/app/main.js`);
    const table = run(command!, [...args, '--mqtt-port', '0', '--ws-port', '0', '--http-port', '0'], {
      ...process.env,
      NOTIFY_SOCKET: socket,
    });

    const ready = await Promise.race([
      listener.next(),
      table.exited.then((code) => {
        throw new Error(`the table exited with ${code} before READY: ${table.out().stderr}`);
      }),
    ]);
    expect(ready.pid).toBe(table.child.pid);
    expect(ready.data).toMatch(/^READY=1\nSTATUS=table up; board http:\/\/127\.0\.0\.1:\d+\//);
    const board = /board (http:\S+\/)/.exec(ready.data)![1]!;
    const page = await fetch(board);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(pageHtml(join(root, 'src/web/table/index.html')));
    expect((await fetch(`${board}board.js`)).status).toBe(200);
    expect(await (await fetch(`${board}config.json`)).json()).toMatchObject({ tableId: 'dist-test' });

    table.child.kill('SIGTERM');
    let last = await listener.next();
    while (last.data === 'WATCHDOG=1') last = await listener.next();
    expect(last.data).toBe('STOPPING=1');
    expect(await table.exited).toBe(0);
  });

  it("logs an error's stack with the src/*.ts lines, under the unit's flags (no --enable-source-maps)", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pokertable-dist-'));
    dirs.push(dir);
    const config = join(dir, 'table.yaml');
    // Port 0 is refused by the config's checks: a TableError thrown in src/config, logged with its stack.
    writeFileSync(config, 'table: { id: dist-test, seats: 6, profile: bfp }\nmqtt: { embedded: { port: 0 } }\n');
    const [command, ...args] = unitCommand(config);
    expect(args).not.toContain('--enable-source-maps');
    // An expected refusal is a sentence at error level; its stack is at debug level, for the technician who asks.
    const table = run(command!, [...args, '--log-level', 'debug']);
    expect(await table.exited).toBe(78);
    const entries = table
      .out()
      .stdout.split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string; code?: string; err?: { stack: string } });
    expect(entries.find((entry) => entry.msg === 'cannot start')).toMatchObject({ code: 'CONFIG_INVALID' });
    const stack = entries.find((entry) => entry.msg === 'cannot start: where')?.err?.stack ?? '';
    expect(stack).toMatch(/^TableError: /);
    expect(stack).not.toContain('dist/src/app/main.js');
    const frames = [...stack.matchAll(/^ {4}at .*?\(?(\/\S+\.ts):(\d+):(\d+)\)?$/gm)];
    expect(frames.length, stack).toBeGreaterThanOrEqual(3);
    // The first frame is where the error was made: that line of the source builds the TableError.
    const [, file, line] = frames[0]!;
    expect(file!.startsWith(`${root}/src/config/`), stack).toBe(true);
    expect(readFileSync(file!, 'utf8').split('\n')[Number(line) - 1]).toContain('TableError');
    expect(frames.map((f) => f[1]!.slice(root.length))).toContain('/src/app/main.ts');
  });
});
