import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { TableEvent } from '../../src/domain/types.ts';
import { fakeClock } from '../../src/runtime/clock.ts';
import { loadProfiles } from '../../src/config/profiles.ts';
import { createRuntime, type RuntimeOptions, type TableRuntime } from '../../src/runtime/runtime.ts';
import type { RawInput } from '../../src/runtime/types.ts';
import { DB_FILE, openStore } from '../../src/store/store.ts';
import { fakeEngine, type FakeEngineOptions } from '../helpers/crash-fake-engine.ts';

const logger = pino({ level: 'silent' });
/** Keeps the maintenance timer out of the way (it is tested in runtime-retention). */
const MANUAL = 1e15;
const timers = (clock: { pending(): number[] }) => clock.pending().filter((t) => t < MANUAL);
const dirs: string[] = [];
const open: TableRuntime[] = [];
afterEach(() => {
  for (const r of open.splice(0)) r.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pt-rt-'));
  dirs.push(dir);
  return dir;
}
function start(
  dir: string,
  clock = fakeClock(1000),
  engine: FakeEngineOptions = {},
  extra: Partial<RuntimeOptions> = {},
) {
  const rt = createRuntime({
    table: { profiles: {} },
    store: openStore({ dir }),
    clock,
    logger,
    engine: fakeEngine(engine),
    maintenanceEveryMs: MANUAL,
    ...extra,
  });
  open.push(rt);
  return { rt, clock };
}
const seqs = (events: readonly TableEvent[]) => events.map((e) => e.seq);
/** Lets the runtime's deferred outbox write run. */
const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('runtime', () => {
  it('stamps at from the clock and never lets it go backwards', () => {
    const { rt, clock } = start(tempDir());
    expect(rt.submit({ type: 'shuffle' })[0]?.at).toBe(1000);
    clock.advance(50);
    expect(rt.submit({ type: 'shuffle', at: 2000 })[0]?.at).toBe(2000);
    expect(rt.submit({ type: 'shuffle' })[0]?.at).toBe(2000); // clock says 1050
    expect(rt.submit({ type: 'shuffle', at: 5 })[0]?.at).toBe(2000);
    expect(rt.snapshot().at).toBe(2000);
  });

  it('journals each input before the engine sees it', () => {
    const dir = tempDir();
    const seen: unknown[] = [];
    let reader: Database.Database | undefined;
    const { rt } = start(dir, fakeClock(0), {
      onApply(input) {
        // A second connection sees only committed rows: the input must already be there.
        reader ??= new Database(join(dir, DB_FILE), { readonly: true });
        const rows = reader.prepare('SELECT json FROM inputs ORDER BY id').pluck().all() as string[];
        seen.push({ committed: rows.map((r) => JSON.parse(r) as unknown), applying: input });
      },
    });
    rt.submit({ type: 'shuffle', at: 1 });
    rt.submit({ type: 'card', card: 'As', at: 2 });
    reader?.close();
    expect(seen).toEqual([
      { committed: [{ type: 'shuffle', at: 1 }], applying: { type: 'shuffle', at: 1 } },
      {
        committed: [
          { type: 'shuffle', at: 1 },
          { type: 'card', card: 'As', at: 2 },
        ],
        applying: { type: 'card', card: 'As', at: 2 },
      },
    ]);
  });

  it('fires one timer at the deadline as a journaled tick', () => {
    const dir = tempDir();
    const { rt, clock } = start(dir, fakeClock(0));
    const got: TableEvent[] = [];
    rt.onEvents((b) => got.push(...b));
    rt.submit({ type: 'panel', button: 'check', timerMs: 300 });
    rt.submit({ type: 'panel', button: 'check', timerMs: 100 });
    expect(timers(clock)).toEqual([100]); // one timer: the earliest deadline
    clock.advanceTo(99);
    expect(got).toHaveLength(2);
    clock.advanceTo(1000);
    expect(got.map((e) => [e.type, e.at])).toEqual([
      ['action', 0],
      ['action', 0],
      ['clock.countdown', 100],
      ['clock.countdown', 300],
    ]);
    expect(timers(clock)).toEqual([]);
    const db = new Database(join(dir, DB_FILE), { readonly: true });
    const inputs = db.prepare('SELECT json FROM inputs ORDER BY id').pluck().all() as string[];
    db.close();
    expect(inputs.slice(2).map((j) => JSON.parse(j) as unknown)).toEqual([
      { type: 'tick', at: 100 },
      { type: 'tick', at: 300 },
    ]);
  });

  it('gives each sink its own cursor over the outbox', () => {
    const { rt } = start(tempDir());
    for (let i = 0; i < 5; i++) rt.submit({ type: 'shuffle' });
    const { outbox } = rt;
    expect(outbox.lastSeq()).toBe(5);
    expect(outbox.cursor('mqtt')).toBe(0);
    expect(seqs(outbox.read(outbox.cursor('mqtt'), 2))).toEqual([1, 2]);
    outbox.ack('mqtt', 2);
    outbox.ack('secure', 4);
    expect(seqs(outbox.read(outbox.cursor('mqtt'), 10))).toEqual([3, 4, 5]);
    expect(seqs(outbox.read(outbox.cursor('secure'), 10))).toEqual([5]);
    outbox.ack('mqtt', 99); // capped at what exists
    expect(outbox.cursor('mqtt')).toBe(5);
  });

  it('tells listeners every batch in order, even when a listener submits', () => {
    const { rt } = start(tempDir());
    const a: number[] = [];
    const b: number[] = [];
    rt.onEvents((batch) => {
      a.push(...seqs(batch));
      if (batch[0]?.seq === 1) rt.submit({ type: 'shuffle' });
    });
    const off = rt.onEvents((batch) => b.push(...seqs(batch)));
    rt.onEvents(() => {
      throw new Error('a broken listener does not stop the others');
    });
    rt.submit({ type: 'shuffle' });
    expect(a).toEqual([1, 2]);
    expect(b).toEqual([1, 2]);
    off();
    rt.submit({ type: 'shuffle' });
    expect(b).toEqual([1, 2]);
  });

  it('restarts on the same dir with the same snapshot and continues seq', () => {
    const dir = tempDir();
    const first = start(dir, fakeClock(0));
    first.rt.submit({ type: 'command', name: 'setup', seats: 9, profile: 'x' });
    first.rt.submit({ type: 'panel', button: 'check', timerMs: 500 });
    first.rt.submit({ type: 'panel', button: 'fold' });
    const before = first.rt.snapshot();
    first.rt.close();
    first.rt.close(); // idempotent
    expect(() => first.rt.submit({ type: 'shuffle' })).toThrow(expect.objectContaining({ code: 'JOURNAL_FAILED' }));

    const clock = fakeClock(10);
    const second = start(dir, clock);
    expect(second.rt.snapshot()).toEqual(before);
    expect(second.rt.outbox.lastSeq()).toBe(3);
    expect(timers(clock)).toEqual([500]); // the pending timer is armed again
    clock.advanceTo(500);
    expect(seqs(second.rt.outbox.read(0, 10))).toEqual([1, 2, 3, 4]);
    expect(seqs(second.rt.submit({ type: 'shuffle' }))).toEqual([5]);
  });

  it('writes the events of an input journaled just before a crash', () => {
    const dir = tempDir();
    const first = start(dir, fakeClock(0));
    first.rt.submit({ type: 'shuffle', at: 1 });
    first.rt.close();
    // The process died after the input commit and before the events commit.
    const store = openStore({ dir });
    store.appendInput(2, JSON.stringify({ type: 'shuffle', at: 2, timerMs: 10 }));
    store.close();
    const { rt, clock } = start(dir, fakeClock(0));
    expect(rt.outbox.read(0, 10).map((e) => [e.seq, e.at])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(timers(clock)).toEqual([12]);
    expect(seqs(rt.submit({ type: 'shuffle' }))).toEqual([3]);
  });

  it('keeps the stored events when the engine now says something else, and numbers after them', () => {
    const dir = tempDir();
    const first = start(dir, fakeClock(0), { countSurvivesSetup: true });
    first.rt.submit({ type: 'shuffle', at: 1 });
    first.rt.submit({ type: 'command', name: 'setup', at: 2 });
    first.rt.submit({ type: 'shuffle', at: 3 });
    const stored = first.rt.outbox.read(0, 10);
    first.rt.close();
    // "Upgrade": setup now resets the counter, so the third event's `count` differs.
    const { rt } = start(dir, fakeClock(0), { countSurvivesSetup: false });
    expect(rt.outbox.read(0, 10)).toEqual(stored);
    expect(seqs(rt.submit({ type: 'shuffle' }))).toEqual([4]);
    expect(rt.snapshot().seq).toBe(4);
  });

  it('refuses input that is not JSON without journaling it, and without throwing', () => {
    const dir = tempDir();
    const { rt } = start(dir);
    expect(rt.submit({ type: 'card', uid: 10n })).toEqual([]);
    const cyclic: Record<string, unknown> = { type: 'panel' };
    cyclic.self = cyclic;
    expect(rt.submit(cyclic as RawInput)).toEqual([]);
    // This fake engine has no validator: a bad `at` is journaled and the engine answers it.
    const bad = rt.submit({ type: 'card', at: 'soon' as unknown as number });
    expect(bad.map((e) => e.type)).toEqual(['input.rejected']);
    const db = new Database(join(dir, DB_FILE), { readonly: true });
    const rows = db.prepare('SELECT json FROM inputs ORDER BY id').pluck().all() as string[];
    db.close();
    expect(rows.map((r) => JSON.parse(r) as unknown)).toEqual([{ type: 'card', at: 'soon' }]);
  });

  it('with the real engine, journals nothing the engine would refuse as malformed; seq stays continuous', () => {
    const dir = tempDir();
    const rt = createRuntime({
      table: { profiles: loadProfiles() },
      store: openStore({ dir }),
      clock: fakeClock(1000),
      logger,
      maintenanceEveryMs: MANUAL,
    });
    open.push(rt);
    expect(seqs(rt.submit({ type: 'command', name: 'setup', seats: 6, profile: 'tda' }))).toEqual([1]);
    const garbage: RawInput[] = [
      { type: 'panel', button: 'sing' },
      { type: 'seat', seat: 0, occupied: true },
      { type: 'card', card: 'Zz' },
      { type: 'unserialisable' },
      { type: 'card', at: Number.NaN },
      { type: 'command', name: 'fly' },
      { type: 'command', name: 'levels-start', levels: [] },
    ];
    for (const g of garbage) expect(rt.submit(g)).toEqual([]);
    // Refused by meaning (valid shape): journaled, and the engine says why.
    expect(rt.submit({ type: 'panel', button: 'fold' }).map((e) => [e.seq, e.type])).toEqual([[2, 'request.rejected']]);
    expect(seqs(rt.submit({ type: 'command', name: 'seat-player', seat: 1, player: 'Ann' }))).toEqual([3]);
    const db = new Database(join(dir, DB_FILE), { readonly: true });
    const rows = db.prepare('SELECT json FROM inputs ORDER BY id').pluck().all() as string[];
    db.close();
    expect(rows.map((r) => (JSON.parse(r) as { type: string; name?: string; button?: string }).type)).toEqual([
      'command',
      'panel',
      'command',
    ]);
  });

  it('survives an engine that throws: the input stays journaled, gives no event, and a restart does the same', () => {
    const dir = tempDir();
    const first = start(dir, fakeClock(0));
    first.rt.submit({ type: 'shuffle', at: 1 });
    expect(first.rt.submit({ type: 'boom', at: 2 })).toEqual([]);
    expect(seqs(first.rt.submit({ type: 'shuffle', at: 3 }))).toEqual([2]);
    const before = first.rt.snapshot();
    expect(before.hand).toBe(102); // the failed input changed the state; a replay must change it the same way
    first.rt.close();
    // Another state version: the checkpoint taken at close is ignored, so this is a full replay through the failure.
    const warnings: string[] = [];
    const logged = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) });
    const second = start(dir, fakeClock(0), { version: 'other' }, { logger: logged });
    expect(second.rt.snapshot()).toEqual(before);
    // The replay met the same failure (an error) and numbered on as the live run did (no mismatch warning).
    expect(warnings.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual([
      'the engine failed on an input: it is journaled and gave no event',
    ]);
    expect(seqs(second.rt.submit({ type: 'shuffle', at: 4 }))).toEqual([3]);
  });

  it('keeps events whose write failed and writes them, in order, at the next try', async () => {
    const dir = tempDir();
    const store = openStore({ dir });
    let failNext = false;
    const flaky = new Proxy(store, {
      get(target, prop, receiver) {
        if (prop === 'appendEvents') {
          return (id: number, events: readonly TableEvent[]) => {
            if (failNext) {
              failNext = false;
              throw new Error('disk full');
            }
            target.appendEvents(id, events);
          };
        }
        const value = Reflect.get(target, prop, receiver) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const rt = createRuntime({
      table: { profiles: {} },
      store: flaky,
      clock: fakeClock(0),
      logger,
      engine: fakeEngine(),
      maintenanceEveryMs: MANUAL,
    });
    open.push(rt);
    const heard: number[] = [];
    rt.onEvents((b) => heard.push(...seqs(b)));
    rt.submit({ type: 'shuffle', at: 1 });
    await nextTurn();
    expect(store.lastSeq()).toBe(1);
    failNext = true;
    expect(seqs(rt.submit({ type: 'shuffle', at: 2 }))).toEqual([2]); // told at once
    await nextTurn(); // the write fails: kept
    expect(store.lastSeq()).toBe(1);
    expect(rt.outbox.lastSeq()).toBe(2);
    expect(seqs(rt.outbox.read(0, 10))).toEqual([1, 2]); // readers see it already
    rt.submit({ type: 'shuffle', at: 3 });
    expect(store.lastSeq()).toBe(2); // written before the next input
    expect(seqs(rt.outbox.read(0, 10))).toEqual([1, 2, 3]);
    await nextTurn();
    expect(store.lastSeq()).toBe(3);
    expect(heard).toEqual([1, 2, 3]);
  });

  it('tells listeners before the events are in the outbox, and writes them in the next turn', async () => {
    const dir = tempDir();
    const { rt } = start(dir, fakeClock(0));
    const reader = new Database(join(dir, DB_FILE), { readonly: true });
    const stored = () => reader.prepare('SELECT seq FROM events ORDER BY seq').pluck().all() as number[];
    const seenByListener: number[][] = [];
    rt.onEvents(() => seenByListener.push(stored()));
    rt.submit({ type: 'shuffle', at: 1 });
    rt.submit({ type: 'shuffle', at: 2 });
    // The second input wrote the first one's events before it was journaled: order holds.
    expect(seenByListener).toEqual([[], [1]]);
    expect(seqs(rt.outbox.read(0, 10))).toEqual([1, 2]);
    expect(seqs(rt.outbox.read(1, 10))).toEqual([2]);
    expect(seqs(rt.outbox.read(0, 1))).toEqual([1]);
    await nextTurn();
    expect(stored()).toEqual([1, 2]);
    reader.close();
  });

  it("never moves a sink's cursor past what the outbox holds", () => {
    const dir = tempDir();
    const { rt } = start(dir, fakeClock(0));
    rt.outbox.cursor('mqtt');
    rt.submit({ type: 'shuffle', at: 1 });
    rt.submit({ type: 'shuffle', at: 2 });
    rt.outbox.ack('mqtt', 2); // before the deferred write: the ack writes the events first
    const db = new Database(join(dir, DB_FILE), { readonly: true });
    const cursor = db.prepare("SELECT cursor FROM sinks WHERE name = 'mqtt'").pluck().get() as number;
    const last = db.prepare('SELECT max(seq) FROM events').pluck().get() as number;
    db.close();
    expect(cursor).toBe(2);
    expect(last).toBe(2);
  });

  it('regenerates told but unwritten events with the same seqs after a crash', () => {
    const dir = tempDir();
    const store = openStore({ dir });
    // A crash: the process dies before the deferred write; the file is left as it was (no close).
    const rt = createRuntime({
      table: { profiles: {} },
      store,
      clock: fakeClock(0),
      logger,
      engine: fakeEngine(),
      maintenanceEveryMs: MANUAL,
    });
    const told = [...rt.submit({ type: 'shuffle', at: 1 }), ...rt.submit({ type: 'card', card: 'As', at: 2 })];
    expect(store.lastSeq()).toBeLessThan(told.length); // the last input's events are not written yet
    store.close(); // the file as a killed process leaves it: the runtime never flushed
    const again = start(dir, fakeClock(0));
    expect(again.rt.outbox.read(0, 10)).toEqual(told);
    expect(seqs(again.rt.submit({ type: 'shuffle', at: 3 }))).toEqual([told.length + 1]);
  });
});
