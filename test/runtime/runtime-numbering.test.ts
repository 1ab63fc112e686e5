// One owner for seq: the engine gives events without seq, the runtime numbers them from the journal's last seq,
// with the published key order (type, fields, seq, at, hand), live, in the outbox and across restarts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { loadProfiles } from '../../src/config/profiles.ts';
import { createTable } from '../../src/domain/table.ts';
import type { TableEvent } from '../../src/domain/types.ts';
import { fakeClock } from '../../src/runtime/clock.ts';
import { numbered } from '../../src/runtime/numbering.ts';
import { createRuntime, type TableRuntime } from '../../src/runtime/runtime.ts';
import { openStore } from '../../src/store/store.ts';
import { session } from '../helpers/crash-inputs.ts';

const logger = pino({ level: 'silent' });
const profiles = loadProfiles();
const dirs: string[] = [];
const open: TableRuntime[] = [];
afterEach(() => {
  for (const r of open.splice(0)) r.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function start(dir: string): TableRuntime {
  const rt = createRuntime({
    table: { profiles },
    store: openStore({ dir }),
    clock: fakeClock(1_700_000_000_000),
    logger,
    maintenanceEveryMs: 1e15,
  });
  open.push(rt);
  return rt;
}

const keys = (e: TableEvent) => Object.keys(e).join(',');

describe('the runtime numbers the events', () => {
  it('puts seq between the fields and at/hand, as published before', () => {
    const engineEvent = {
      type: 'card.dealt',
      card: 'As',
      to: 'seat',
      seat: 2,
      street: 'preflop',
      position: 1,
      at: 5,
      hand: 3,
    };
    const e = numbered(engineEvent as Parameters<typeof numbered>[0], 41);
    expect(JSON.stringify(e)).toBe(
      '{"type":"card.dealt","card":"As","to":"seat","seat":2,"street":"preflop","position":1,"seq":41,"at":5,"hand":3}',
    );
    expect(keys(numbered({ type: 'device.online', device: 'shoe', detail: 'x', at: 1 }, 1))).toBe(
      'type,device,detail,seq,at',
    );
    expect(engineEvent).not.toHaveProperty('seq'); // a new object: the engine's event is left as it was
  });

  it('from the journal: 1, 2, 3 … live, the same in the outbox, and on after a restart from a checkpoint', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pt-numbering-'));
    dirs.push(dir);
    const inputs = session(profiles, 21, 3);
    const half = Math.floor(inputs.length / 2);
    // What a straight engine says, numbered from 1: the reference.
    const reference = createTable({ profiles });
    const expected: string[] = [];
    for (const input of inputs) {
      for (const e of reference.apply(input)) expected.push(JSON.stringify(numbered(e, expected.length + 1)));
    }

    let rt = start(dir);
    const told: TableEvent[] = [];
    for (const input of inputs.slice(0, half)) told.push(...rt.submit(input));
    expect(told.map((e) => e.seq)).toEqual(told.map((_, i) => i + 1));
    expect(rt.snapshot().seq).toBe(told.length);
    expect(Object.keys(rt.snapshot()).slice(0, 3)).toEqual(['at', 'seq', 'seats']);
    rt.maintain(); // a checkpoint: the restart starts from it, not from the first input
    rt.close();
    open.length = 0;

    rt = start(dir);
    expect(rt.snapshot().seq).toBe(told.length);
    for (const input of inputs.slice(half)) told.push(...rt.submit(input));
    expect(told.map((e) => JSON.stringify(e))).toEqual(expected);
    expect(rt.outbox.read(0, 1e6).map((e) => JSON.stringify(e))).toEqual(expected);
  });
});
