// Plays a list of inputs into a runtime the way the crash test needs it, identically in the child process that
// gets killed and in the uninterrupted reference: virtual time from each input's `at`, ticks from the runtime's
// own timer loop (a fake clock advanced to each input's time), resuming after what the journal already holds.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import pino from 'pino';
import { loadProfiles } from '../../src/config/profiles.ts';
import { fakeClock, type FakeClock } from '../../src/runtime/clock.ts';
import { domainEngine, type Engine } from '../../src/runtime/engine.ts';
import { createRuntime, type TableRuntime } from '../../src/runtime/runtime.ts';
import { DB_FILE, openStore } from '../../src/store/store.ts';
import { fakeEngine } from './crash-fake-engine.ts';

export type EngineKind = 'real' | 'fake';
export type PlayInput = { type: string; at: number; [field: string]: unknown };

export function engineOf(kind: EngineKind): Engine {
  return kind === 'real' ? domainEngine : fakeEngine();
}

/** How many of the file's inputs the journal already holds (ticks come from timers, not from the file). */
export function journaled(dir: string): number {
  const db = new Database(join(dir, DB_FILE), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare("SELECT count(*) FROM inputs WHERE json_extract(json, '$.type') <> 'tick'")
      .pluck()
      .get() as number;
  } finally {
    db.close();
  }
}

export function openRuntime(
  dir: string,
  kind: EngineKind,
  maintenanceEveryMs?: number,
): { rt: TableRuntime; clock: FakeClock } {
  const store = openStore({ dir });
  const clock = fakeClock(store.lastInput()?.at ?? 0);
  const rt = createRuntime({
    table: { profiles: kind === 'real' ? loadProfiles() : {} },
    store,
    clock,
    // stderr: stdout carries the child's progress lines.
    logger: pino({ level: process.env.CRASH_LOG ?? 'silent' }, pino.destination(2)),
    engine: engineOf(kind),
    ...(maintenanceEveryMs !== undefined ? { maintenanceEveryMs } : {}),
  });
  return { rt, clock };
}

/** Feeds inputs[from..], the clock moved to each one's time first (timers due by then fire as ticks). */
export function play(
  rt: TableRuntime,
  clock: FakeClock,
  inputs: readonly PlayInput[],
  from: number,
  onInput?: (index: number) => void,
): void {
  for (let i = from; i < inputs.length; i++) {
    const input = inputs[i]!;
    clock.advanceTo(input.at);
    rt.submit(input);
    onInput?.(i);
  }
}
