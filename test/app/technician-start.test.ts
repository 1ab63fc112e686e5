// `npm start -- --config FILE` as a technician sees it: the banner with the pages, the floor login, the journal and
// the devices on a terminal (--log-format text, what a TTY gets), sentences instead of JSON; a busy HTTP port exits
// 1 with the same `ss` hint a busy MQTT port gives, and nothing unrelated before it; a JSON `cannot start` line
// carries the sentence and the code, its trace only at debug.
import { TEST_DIR } from '../helpers/paths.ts';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/mosquitto.ts';

const root = join(TEST_DIR, '..');
let blocker: Server | null = null;
afterEach(async () => {
  await new Promise<void>((r) => (blocker ? blocker.close(() => r()) : r()));
  blocker = null;
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts the table; `until` on stdout (then SIGTERM) or its own exit ends the run. */
function start(args: string[], until?: RegExp): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/app/main.ts', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (b: Buffer) => {
    stdout += b.toString();
    if (until?.test(stdout)) child.kill('SIGTERM');
  });
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

async function tableConfig(http?: number): Promise<{ file: string; dir: string; http: number; mqtt: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'pokertable-tech-start-'));
  const [mqtt, ws] = [await freePort(), await freePort()];
  const port = http ?? (await freePort());
  const file = join(dir, 'table.yaml');
  writeFileSync(
    file,
    [
      'table: { id: t9, seats: 6 }',
      'storage: { dir: var }',
      `mqtt: { embedded: { port: ${mqtt}, wsPort: ${ws}, users: [{ username: pit, password: pit-boss-pw, roles: [floor] }] } }`,
      `http: { port: ${port} }`,
      'devices: [{ name: board, definition: simulated-firmata-board }]',
      '',
    ].join('\n'),
  );
  return { file, dir, http: port, mqtt };
}

describe('npm start -- --config at a terminal', () => {
  it('prints the banner and sentences, not JSON', async () => {
    const { file, dir, http, mqtt } = await tableConfig();
    const run = await start(['--config', file, '--log-format', 'text'], /devices {8}board/);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`pokertable: table "t9", 6 seats, holdem, profile tda; config ${file}`);
    expect(run.stdout).toContain(`display board  http://127.0.0.1:${http}/`);
    expect(run.stdout).toContain(`floor page     http://127.0.0.1:${http}/floor   log in as pit (the password`);
    expect(run.stdout).toContain(`MQTT           mqtt://127.0.0.1:${mqtt}`);
    expect(run.stdout).toContain(`journal        ${join(dir, 'var')}`);
    expect(run.stdout).toContain('devices        board (simulated-firmata-board)');
    expect(run.stdout).not.toContain('pit-boss-pw');
    expect(run.stdout).not.toMatch(/^\{/m);
    expect(run.stdout).toMatch(/^\d\d:\d\d:\d\d info {2}embedded MQTT broker listening/m);
  });

  it('a busy HTTP port exits 1 with the ss hint, as a busy MQTT port does, and nothing unrelated before it', async () => {
    const port = await freePort();
    blocker = createServer();
    await new Promise<void>((r) => blocker!.listen(port, '127.0.0.1', r));
    const { file } = await tableConfig(port);
    const run = await start(['--config', file, '--log-format', 'text']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `pokertable: cannot start: display board cannot listen on 127.0.0.1:${port}: EADDRINUSE`,
    );
    expect(run.stderr).toContain(`\`sudo ss -ltnp 'sport = :${port}'\` names it`);
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/ warn | at /);
  });

  it('journald gets the refusal as a sentence with its code, without a trace', async () => {
    const missing = join(mkdtempSync(join(tmpdir(), 'pokertable-tech-start-')), 'table.yaml');
    const run = await start(['--config', missing, '--log-format', 'json']);
    expect(run.code).toBe(78);
    expect(run.stderr).toBe(`pokertable: cannot start: ${missing}: no such file\n`);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toEqual([expect.objectContaining({ level: 50, msg: 'cannot start', code: 'CONFIG_INVALID' })]);
    expect(run.stdout).not.toContain('stack');
  });
});
