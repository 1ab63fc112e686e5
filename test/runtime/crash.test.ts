// A real SIGKILL, many times, at random points of a real session: the journal and outbox must come out exactly
// as if nothing had happened (same inputs, same events with the same seq, no gap), and so must the state.
import { TEST_DIR } from '../helpers/paths.ts';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { loadProfiles } from '../../src/config/profiles.ts';
import { DB_FILE } from '../../src/store/store.ts';
import { rng, session } from '../helpers/crash-inputs.ts';
import { openRuntime, play, type PlayInput } from '../helpers/crash-play.ts';

const CHILD = join(TEST_DIR, 'helpers', 'crash-child.ts');
const KILLS = Number(process.env.CRASH_KILLS ?? 10);
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
function tempDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `pt-crash-${name}-`));
  dirs.push(dir);
  return dir;
}

type Child = {
  ready: Promise<number>;
  progress: () => number;
  exit: Promise<number | null>;
  kill: () => void;
  done: () => boolean;
  /** What its recovery said: events it had to regenerate (the kill fell between an input and its events). */
  regenerated: () => number | undefined;
};

function startChild(dir: string, file: string, onProgress: (i: number) => void): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dir, file, 'real'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CRASH_LOG: 'info' },
  });
  let progress = -1;
  let done = false;
  let stderr = '';
  let resolveReady: (n: number) => void = () => {};
  const ready = new Promise<number>((r) => (resolveReady = r));
  let buffer = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      if (line.startsWith('ready ')) resolveReady(Number(line.slice(6)));
      else if (line.startsWith('at ')) {
        progress = Number(line.slice(3));
        onProgress(progress);
      } else if (line === 'done') done = true;
    }
  });
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exit = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      if (code !== null && code !== 0) process.stderr.write(`crash child failed:\n${stderr}\n`);
      else if (stderr.includes('"level":50') || stderr.includes('"level":40'))
        process.stderr.write(`crash child warned:\n${stderr}\n`);
      resolveReady(-1);
      resolve(code);
    }),
  );
  const regenerated = () => {
    const line = stderr.split('\n').find((l) => l.includes('state rebuilt from the journal'));
    return line ? (JSON.parse(line) as { regenerated: number }).regenerated : undefined;
  };
  return { ready, progress: () => progress, exit, kill: () => child.kill('SIGKILL'), done: () => done, regenerated };
}

function dump(dir: string) {
  const db = new Database(join(dir, DB_FILE), { readonly: true });
  try {
    return {
      inputs: db.prepare('SELECT json FROM inputs ORDER BY id').pluck().all() as string[],
      events: db.prepare('SELECT seq, json FROM events ORDER BY seq').all() as { seq: number; json: string }[],
    };
  } finally {
    db.close();
  }
}

describe('SIGKILL at random points', () => {
  it('loses nothing: the same journal, events, seq and state as a run that was never killed', async () => {
    const seed = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
    const random = rng(seed);
    const inputs: PlayInput[] = session(loadProfiles(), seed, 6);
    const file = join(tempDir('file'), 'inputs.jsonl');
    writeFileSync(file, inputs.map((i) => JSON.stringify(i)).join('\n') + '\n');

    // The reference: one process, never killed.
    const refDir = tempDir('ref');
    const ref = openRuntime(refDir, 'real');
    play(ref.rt, ref.clock, inputs, 0);
    const refSnapshot = ref.rt.snapshot();
    ref.rt.close();
    const expected = dump(refDir);

    const dir = tempDir('killed');
    const story: string[] = [];
    for (let k = 0; k < KILLS; k++) {
      // Most kills land while inputs are being played (after a random input); some during start and recovery.
      const duringStart = random() < 0.2;
      const target = { at: Number.POSITIVE_INFINITY };
      const child: Child = startChild(dir, file, (i) => {
        if (i >= target.at) child.kill();
      });
      // A start kill lands anywhere from loading the modules to the first inputs, recovery included.
      if (duringStart) setTimeout(() => child.kill(), Math.floor(random() * 1500));
      const from = await child.ready;
      if (!duringStart && from >= 0) {
        const left = inputs.length - from;
        target.at = from + Math.floor(random() * Math.max(1, (2 * left) / (KILLS - k + 1)));
      }
      const code = await child.exit;
      story.push(
        `${duringStart ? 'start' : `after ${target.at}`} (ready ${from}, regenerated ${child.regenerated()}, reached ${child.progress()}, exit ${code})`,
      );
    }
    const last = startChild(dir, file, () => {});
    const lastFrom = await last.ready;
    expect(await last.exit).toBe(0);
    expect(last.done()).toBe(true);
    console.log(
      `crash test seed ${seed}: ${inputs.length} inputs, ${expected.events.length} events; kills: ${story.join('; ')}; last start at ${lastFrom}`,
    );

    const got = dump(dir);
    expect(got.events.map((e) => e.seq)).toEqual(got.events.map((_, i) => i + 1)); // no gap, no duplicate
    expect(got.events).toEqual(expected.events);
    expect(got.inputs).toEqual(expected.inputs);
    const again = openRuntime(dir, 'real');
    expect(again.rt.snapshot()).toEqual(refSnapshot);
    expect(again.rt.outbox.lastSeq()).toBe(expected.events.length);
    again.rt.close();
  }, 180_000);
});
