// `npm start --state-dir DIR` as a real process, killed with SIGKILL mid-hand (once while the hole cards go out, once
// after betting has begun), then started again on the same directory: it resumes, `seq` runs on without a gap, the
// hand under way ends (a misdeal, or folded down), and it plays more hands.
import { TEST_DIR } from '../helpers/paths.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import type { TableEvent } from '../../src/domain/types.ts';
import { openStore } from '../../src/store/store.ts';
import { freePort } from '../helpers/mosquitto.ts';
import { listening } from '../helpers/net.ts';

const root = join(TEST_DIR, '..');
const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  events: TableEvent[];
  close: () => Promise<void>;
}

async function startTable(dir: string, extra: string[] = []): Promise<Run> {
  const [mqttPort, wsPort, httpPort] = [await freePort(), await freePort(), await freePort()];
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/app/main.ts',
      ...['--state-dir', dir, '--speed', '40', '--seed', '3', '--irregularities', '0.3', '--log-level', 'info'],
      ...['--mqtt-port', String(mqttPort), '--ws-port', String(wsPort), '--http-port', String(httpPort)],
      ...extra,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  let output = '';
  child.stdout!.on('data', (b: Buffer) => (output += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (output += b.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  while (!(await listening(mqttPort))) {
    if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, { protocolVersion: 4, reconnectPeriod: 0 });
  client.on('error', () => undefined);
  const events: TableEvent[] = [];
  client.on('message', (_topic, payload) => events.push(JSON.parse(payload.toString()) as TableEvent));
  await client.subscribeAsync('pokertable/sim/events', { qos: 1 });
  return { child, output: () => output, exited, events, close: () => client.endAsync(true) };
}

async function until(run: Run, what: string, done: (events: TableEvent[]) => boolean): Promise<void> {
  for (let i = 0; i < 1200 && !done(run.events); i++) {
    if (run.child.exitCode !== null) throw new Error(`exited while waiting for ${what}:\n${run.output()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  if (!done(run.events)) throw new Error(`no ${what} within 30 s:\n${run.output()}`);
}

async function kill(run: Run): Promise<void> {
  run.child.kill('SIGKILL');
  await run.exited;
  await run.close();
}

/** Since the last hand.started of this run: how far that hand got. */
const handUnderWay = (events: TableEvent[], test: (since: TableEvent[]) => boolean) => {
  const start = events.findLastIndex((e) => e.type === 'hand.started');
  if (start < 0) return false;
  const since = events.slice(start);
  return !since.some((e) => e.type === 'hand.ended') && test(since);
};

describe('the simulated table on a kept --state-dir', () => {
  it('resumes after SIGKILL mid-hand, with no seq gap, and plays on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pokertable-sim-resume-'));
    dirs.push(dir);

    const first = await startTable(dir);
    await until(first, 'hole cards going out', (ev) =>
      handUnderWay(
        ev,
        (s) => s.filter((e) => e.type === 'card.dealt').length >= 3 && !s.some((e) => e.type === 'action'),
      ),
    );
    await kill(first);
    const dealing = first.events.findLast((e) => e.type === 'hand.started')!.hand;

    const second = await startTable(dir);
    // After the flop the pre-flop betting is substantial action: the dealer's misdeal is refused, the hand is folded
    // down instead.
    await until(second, 'a hand past the flop', (ev) => handUnderWay(ev, (s) => s.some((e) => e.type === 'board')));
    await kill(second);
    const betting = second.events.findLast((e) => e.type === 'hand.started')!.hand;

    const third = await startTable(dir, ['--hands', '3']);
    expect(await third.exited, third.output()).toBe(0);
    await third.close();
    expect(third.output()).toContain('resumed at seq');

    const store = openStore({ dir });
    let all: TableEvent[];
    try {
      all = store.readEvents(0, 1_000_000);
    } finally {
      store.close();
    }
    // Every seq once, in order, from 1: nothing lost, no gap across two kills.
    expect(all.map((e) => e.seq)).toEqual(all.map((_, i) => i + 1));
    // Every hand started was ended, the two interrupted ones included, and hands were played after the kills.
    const started = all.filter((e) => e.type === 'hand.started').map((e) => e.hand);
    const ended = all.filter((e) => e.type === 'hand.ended').map((e) => e.hand);
    expect(ended).toEqual(started);
    expect(started).toEqual(started.map((_, i) => i + 1));
    const reason = (hand: number | undefined) =>
      (all.find((e) => e.type === 'hand.ended' && e.hand === hand) as { reason: string } | undefined)?.reason;
    expect(reason(dealing)).toBe('misdeal');
    expect(['fold', 'showdown']).toContain(reason(betting));
    // --hands 3 counts the interrupted hand it ended (unless it ended by itself before the kill landed): at least
    // two more were played.
    expect(started.length).toBeGreaterThanOrEqual((betting ?? 0) + 2);
    // The table was set up once: a resumed run does not set it up again.
    expect(all.filter((e) => e.type === 'table.ready')).toHaveLength(1);
    expect(all.filter((e) => e.type === 'input.rejected')).toEqual([]);
  }, 120_000);
});
