// The hot path validates each input once: the runtime asks the engine whether an input is malformed before it
// journals it, then applies that same object; the engine keeps the verdict instead of checking again.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, test } from 'vitest';
import { loadProfiles } from '../src/config/profiles.ts';
import { fakeClock } from '../src/runtime/clock.ts';
import { domainEngine } from '../src/runtime/engine.ts';
import { createRuntime } from '../src/runtime/runtime.ts';
import { openStore } from '../src/store/store.ts';

const profiles = loadProfiles();
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

/** An input whose fields count how often they are read (a validation reads `type` once). */
function counted(input: Record<string, unknown>): { input: object; reads: () => number } {
  let reads = 0;
  const proxy = new Proxy(input, {
    get(target, key, receiver) {
      if (key === 'type') reads++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { input: proxy, reads: () => reads };
}

describe('one validation per input', () => {
  test('malformed() then apply() of the same input validates it once', () => {
    const table = domainEngine.create({ profiles });
    table.apply({ at: 0, type: 'command', name: 'setup', seats: 6, profile: 'tda' });
    const tick = counted({ at: 5, type: 'tick' });
    expect(domainEngine.malformed?.(tick.input)).toBeNull();
    expect(table.apply(tick.input)).toEqual([]);
    expect(tick.reads()).toBe(1);
  });

  test('the verdict is kept for that object only: another input, or the same one applied again, is checked', () => {
    const table = domainEngine.create({ profiles });
    const bad = { at: 1, type: 'seat', seat: 99, occupied: true };
    expect(domainEngine.malformed?.(bad)).toMatch(/seat/);
    const other = counted({ at: 2, type: 'tick' });
    expect(table.apply(other.input)).toEqual([]);
    expect(other.reads()).toBe(1);
    const again = counted({ at: 3, type: 'tick' });
    domainEngine.malformed?.(again.input);
    table.apply(again.input);
    table.apply(again.input);
    expect(again.reads()).toBe(2);
    expect(table.apply(bad)[0]).toMatchObject({ type: 'input.rejected' });
  });

  test('on the real runtime a refused input is still refused before the journal, a good one still played', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pokertable-hot-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const runtime = createRuntime({
      table: { profiles },
      store: openStore({ dir }),
      clock: fakeClock(1_780_000_000_000),
      logger: pino({ level: 'silent' }),
    });
    cleanups.push(() => void runtime.close());
    expect(runtime.submit({ type: 'command', name: 'setup', seats: 6, profile: 'tda' })[0]).toMatchObject({
      type: 'table.ready',
    });
    expect(runtime.submit({ type: 'seat', seat: 99, occupied: true })).toEqual([]);
    expect(runtime.submit({ type: 'seat', seat: 2, occupied: true })).toEqual([]); // debounced: a timer, no event yet
    expect(runtime.outbox.read(0, 10).map((e) => e.type)).toEqual(['table.ready']);
  });
});
