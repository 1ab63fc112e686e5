import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import Database from 'better-sqlite3';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { loadProfiles } from '../../src/config/profiles.ts';
import { fakeClock } from '../../src/runtime/clock.ts';
import { createRuntime, type TableRuntime } from '../../src/runtime/runtime.ts';
import { DB_FILE, openStore } from '../../src/store/store.ts';
import { fakeEngine, type FakeEngineOptions } from '../helpers/crash-fake-engine.ts';
import { session } from '../helpers/crash-inputs.ts';

const DAY = 86_400_000;
/** Maintenance only when the test calls it. */
const MANUAL = 1e15;
const dirs: string[] = [];
const open: TableRuntime[] = [];
afterEach(() => {
  for (const r of open.splice(0)) r.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pt-ret-'));
  dirs.push(dir);
  return dir;
}
/** A logger whose lines the test can read (what recovery says it did). */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}
function start(dir: string, at: number, engine: FakeEngineOptions = {}, retentionDays?: number) {
  const clock = fakeClock(at);
  const log = capture();
  const rt = createRuntime({
    table: { profiles: {} },
    store: openStore({ dir }),
    clock,
    logger: log.logger,
    engine: fakeEngine(engine),
    maintenanceEveryMs: MANUAL,
    ...(retentionDays !== undefined ? { retentionDays } : {}),
  });
  open.push(rt);
  const rebuilt = () =>
    log.lines.find((l) => l.msg === 'state rebuilt from the journal') as { from: number; replayed: number };
  return { rt, clock, lines: log.lines, rebuilt };
}
function rows(dir: string, sql: string): unknown[] {
  const db = new Database(join(dir, DB_FILE), { readonly: true });
  try {
    return db.prepare(sql).raw().all();
  } finally {
    db.close();
  }
}
/** The files as a process killed now would leave them (every commit is in the main file or the WAL). */
function killedCopy(dir: string): string {
  const copy = tempDir();
  for (const f of [DB_FILE, `${DB_FILE}-wal`]) {
    if (existsSync(join(dir, f))) copyFileSync(join(dir, f), join(copy, f));
  }
  return copy;
}
function stop(rt: TableRuntime) {
  rt.close();
  open.splice(open.indexOf(rt), 1);
}

describe('checkpoints', () => {
  it('restart replays only the inputs after the last checkpoint, to the same state', () => {
    const dir = tempDir();
    const a = start(dir, 0);
    for (let i = 1; i <= 5; i++) a.rt.submit({ type: 'shuffle', at: i, timerMs: 100 });
    a.rt.maintain(); // checkpoint after input 5
    a.rt.submit({ type: 'shuffle', at: 6 });
    const before = a.rt.snapshot();
    const events = a.rt.outbox.read(0, 100);
    // Killed: what is on disk now, with no checkpoint at close.
    const b = start(killedCopy(dir), 10);
    expect(b.rebuilt()).toMatchObject({ from: 5, replayed: 1 });
    expect(b.rt.snapshot()).toEqual(before);
    expect(b.clock.pending()[0]).toBe(101); // the timer armed by input 1 is in the checkpointed state
    expect(b.rt.outbox.read(0, 100)).toEqual(events);
    expect(b.rt.submit({ type: 'shuffle', at: 7 }).map((e) => e.seq)).toEqual([events.length + 1]);
  });

  it('falls back to the older checkpoint when the newest does not restore', () => {
    const dir = tempDir();
    const a = start(dir, 0);
    a.rt.submit({ type: 'shuffle', at: 1 });
    a.rt.maintain();
    a.rt.submit({ type: 'shuffle', at: 2 });
    a.rt.submit({ type: 'shuffle', at: 3 });
    const before = a.rt.snapshot();
    stop(a.rt); // checkpoint at close, after input 3
    const db = new Database(join(dir, DB_FILE));
    db.prepare("UPDATE checkpoints SET state = x'00' WHERE input_id = 3").run();
    db.close();
    const b = start(dir, 10);
    expect(b.rebuilt()).toMatchObject({ from: 1, replayed: 2 });
    expect(b.rt.snapshot()).toEqual(before);
    expect(b.lines.some((l) => l.msg === 'a checkpoint does not restore; trying an older one')).toBe(true);
  });

  it('ignores a checkpoint of another state version while the whole journal is there', () => {
    const dir = tempDir();
    const a = start(dir, 0, { version: 'old' });
    a.rt.submit({ type: 'shuffle', at: 1 });
    stop(a.rt);
    const b = start(dir, 10, { version: 'new' });
    expect(b.rebuilt()).toMatchObject({ from: 0, replayed: 1 });
  });
});

describe('retention', () => {
  it('prunes what every sink has and is old, and what a checkpoint covers; a restart still has it all', () => {
    const dir = tempDir();
    const a = start(dir, 0, {}, 2);
    for (let i = 0; i < 6; i++) a.rt.submit({ type: 'shuffle', at: i * DAY });
    a.rt.outbox.cursor('mqtt');
    a.rt.outbox.ack('mqtt', 4);
    a.rt.outbox.ack('secure', 6);
    // Day 5, cutoff day 3. The checkpoint taken now (after input 6) covers inputs 1..6; those before day 3 go.
    // Events: both sinks have 1..4; 1..3 are before day 3.
    a.clock.advanceTo(5 * DAY);
    expect(a.rt.maintain()).toEqual({ events: 3, inputs: 3, checkpoint: 6 });
    expect(rows(dir, 'SELECT seq FROM events ORDER BY seq').flat()).toEqual([4, 5, 6]);
    expect(rows(dir, 'SELECT id FROM inputs ORDER BY id').flat()).toEqual([4, 5, 6]);
    a.rt.submit({ type: 'shuffle', at: 5 * DAY + 1 });
    a.rt.maintain(); // a second checkpoint (after 7); the older kept one (after 6) bounds input pruning
    expect(rows(dir, 'SELECT input_id FROM checkpoints ORDER BY input_id').flat()).toEqual([6, 7]);
    // Day 10, cutoff day 8: seq 4 goes (mqtt has it), 5..7 stay (mqtt does not); inputs 4..6 go, 7 stays.
    a.clock.advanceTo(10 * DAY);
    expect(a.rt.maintain()).toEqual({ events: 1, inputs: 3, checkpoint: 6 });
    expect(rows(dir, 'SELECT seq FROM events ORDER BY seq').flat()).toEqual([5, 6, 7]);
    expect(rows(dir, 'SELECT id FROM inputs ORDER BY id').flat()).toEqual([7]);
    const before = a.rt.snapshot();
    stop(a.rt);

    const b = start(dir, 10 * DAY, {}, 2);
    expect(b.rebuilt()).toMatchObject({ from: 7, replayed: 0 });
    expect(b.rt.snapshot()).toEqual(before);
    expect(b.rt.outbox.read(b.rt.outbox.cursor('mqtt'), 10).map((e) => e.seq)).toEqual([5, 6, 7]);
    expect(b.rt.submit({ type: 'shuffle' }).map((e) => e.seq)).toEqual([8]);
  });

  it('keeps every input when the engine cannot checkpoint', () => {
    const dir = tempDir();
    const a = start(dir, 0, { noSave: true }, 1);
    for (let i = 0; i < 4; i++) a.rt.submit({ type: 'shuffle', at: i * DAY });
    a.clock.advanceTo(30 * DAY);
    expect(a.rt.maintain()).toMatchObject({ inputs: 0, events: 4, checkpoint: 0 });
    expect(rows(dir, 'SELECT count(*) FROM inputs').flat()).toEqual([4]);
  });

  it('refuses to start on a pruned journal with no checkpoint that restores', () => {
    const dir = tempDir();
    const a = start(dir, 0, {}, 1);
    for (let i = 0; i < 3; i++) a.rt.submit({ type: 'shuffle', at: i * DAY });
    a.rt.maintain();
    a.clock.advanceTo(30 * DAY);
    a.rt.submit({ type: 'shuffle' });
    a.rt.maintain();
    expect(rows(dir, 'SELECT min(id) FROM inputs').flat()).toEqual([4]);
    stop(a.rt);
    const db = new Database(join(dir, DB_FILE));
    db.prepare("UPDATE checkpoints SET state = x'00'").run();
    db.close();
    expect(() => start(dir, 0)).toThrow(
      expect.objectContaining({ code: 'JOURNAL_FAILED', message: expect.stringContaining('cannot be rebuilt') }),
    );
    // The failed start let go of the journal.
    expect(() => openStore({ dir }).close()).not.toThrow();
  });
});

describe('retention with the real engine', () => {
  it('a restart from a checkpoint over a pruned journal continues exactly like a run that kept everything', () => {
    const profiles = loadProfiles();
    const inputs = session(profiles, 42, 6);
    const MINUTE = 60_000;
    const run = (dir: string, retentionDays: number | undefined, restartAt: number | null) => {
      const open1 = (at: number) => {
        const clock = fakeClock(at);
        const rt = createRuntime({
          table: { profiles },
          store: openStore({ dir }),
          clock,
          logger: pino({ level: 'silent' }),
          maintenanceEveryMs: MINUTE,
          ...(retentionDays !== undefined ? { retentionDays } : {}),
        });
        // A sink that takes everything at once, so events too may go.
        rt.onEvents((b) => rt.outbox.ack('mqtt', b.at(-1)!.seq));
        rt.outbox.cursor('mqtt');
        return { rt, clock };
      };
      let { rt, clock } = open1(inputs[0]!.at);
      inputs.forEach((input, i) => {
        if (i === restartAt) {
          rt.close();
          ({ rt, clock } = open1(input.at));
        }
        clock.advanceTo(input.at);
        rt.submit(input);
      });
      const result = { snapshot: rt.snapshot(), lastSeq: rt.outbox.lastSeq() };
      rt.close();
      return result;
    };
    const refDir = tempDir();
    const reference = run(refDir, undefined, null);
    const dir = tempDir();
    // Retention of ~1.5 virtual minutes over a session of many minutes: almost everything is pruned as it goes.
    const pruned = run(dir, 0.001, Math.floor(inputs.length * 0.6));
    expect(pruned).toEqual(reference);
    const kept = rows(dir, 'SELECT seq, json FROM events ORDER BY seq');
    const all = rows(refDir, 'SELECT seq, json FROM events ORDER BY seq');
    expect(kept.length).toBeLessThan(all.length / 2);
    expect(kept).toEqual(all.slice(all.length - kept.length));
    const inputsLeft = rows(dir, 'SELECT count(*) FROM inputs').flat()[0] as number;
    expect(inputsLeft).toBeLessThan(inputs.length / 2);
    console.log(
      `retention: ${inputs.length} inputs, ${all.length} events; kept ${inputsLeft} inputs and ${kept.length} events`,
    );
  });
});
