// End to end: `npm start` as a process, the simulated table playing, an MQTT subscriber in the room.
import { TEST_DIR } from '../helpers/paths.ts';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { TableEvent } from '../../src/domain/types.ts';
import { listening } from '../helpers/net.ts';

const root = join(TEST_DIR, '..');

describe('npm start (simulated table)', () => {
  it('--hands 3: plays three hands, publishes table.ready, hand.started, showdown, and exits 0', async () => {
    const child = spawn(
      'npm',
      [
        'start',
        '--silent',
        '--',
        '--hands',
        '3',
        '--speed',
        '40',
        '--seed',
        '5',
        '--irregularities',
        '0',
        '--mqtt-port',
        '18854',
        '--ws-port',
        '18855',
        '--http-port',
        '18856',
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    );
    // npm → sh → tsx → node: a failed test takes the whole group down, not only npm.
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    onTestFinished(killGroup);
    let output = '';
    child.stdout.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr.on('data', (b: Buffer) => (output += b.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

    // The dealer sits down 1.5 s after the table is up: connect in that window.
    while (!(await listening(18854))) {
      if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const client = await mqtt.connectAsync('mqtt://127.0.0.1:18854', { protocolVersion: 4, reconnectPeriod: 0 });
    const events: TableEvent[] = [];
    const statuses: string[] = [];
    client.on('message', (topic, payload) => {
      if (topic === 'pokertable/sim/events') events.push(JSON.parse(payload.toString()) as TableEvent);
      if (topic === 'pokertable/sim/status') statuses.push(payload.toString());
    });
    client.on('error', () => undefined);
    await client.subscribeAsync(['pokertable/sim/events', 'pokertable/sim/status'], { qos: 1 });

    expect(await exited, output).toBe(0);
    await client.endAsync(true);

    const types = events.map((e) => e.type);
    expect(types[0]).toBe('table.ready');
    expect(types.filter((t) => t === 'hand.started')).toHaveLength(3);
    expect(types.filter((t) => t === 'hand.ended')).toHaveLength(3);
    expect(types).toContain('showdown');
    const showdown = events.find((e) => e.type === 'showdown');
    expect(showdown).toMatchObject({ winners: expect.any(Array), rank: expect.any(String) });
    // In seq order, none missing from table.ready on.
    const seqs = events.map((e) => e.seq);
    expect(seqs).toEqual(seqs.map((_, i) => seqs[0]! + i));
    expect(statuses.at(-1)).toBe('offline');
    expect(output).toContain('pokertable: stopped after 3 hands');
  });

  it('refuses a bad flag with exit code 2 and says why', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/app/main.ts', '--speed', 'warp'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toContain('--speed must be a number');
  });

  it('exits 1 with a plain message when a port is taken', async () => {
    const blocker = (await import('node:net')).createServer();
    await new Promise<void>((r) => blocker.listen(18857, '127.0.0.1', r));
    try {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'src/app/main.ts', '--mqtt-port', '18857', '--ws-port', '18858', '--http-port', '18859'],
        { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stderr = '';
      child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toMatch(/cannot start: .*18857/);
    } finally {
      await new Promise<void>((r) => blocker.close(() => r()));
    }
  });
});
