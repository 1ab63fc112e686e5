// Fuzz on the real stack (issue 9): a few thousand random and mutated payloads on `input` and `cmd/*` through the
// embedded broker to the bridge, the real runtime and engine, and the SQLite journal. The process never crashes,
// every payload is answered, refused payloads never reach the journal, and `seq` has no gap. bench/fuzz.ts sends
// 100,000 the same way and prints the figures (docs/mqtt.md).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, expect, it } from 'vitest';
import { runFuzz } from '../helpers/fuzz-run.ts';
import { dealToFirstAction, startInputTable } from '../helpers/input-table.ts';

const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

it('answers 3,000 fuzzed payloads on input and cmd/*, journals only what it took, no seq gap', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pt-fuzz-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const t = await startInputTable(dir, logger, {
    broker: { publishRate: null },
    bridge: { inputRate: null, commandRate: null },
    fsync: 'background',
  });
  cleanups.push(() => t.close());
  dealToFirstAction(t.runtime, t.clock);
  const figures = await runFuzz(t, dir, { count: 3000, seed: 9 });
  expect(figures.answered).toBe(3000);
  expect(figures.connected).toBe(true);
  // Only what the bridge let through reached the journal, all of it JSON SQLite can read, nothing padded.
  expect(figures.journal.rowsAdded).toBe(figures.journaledByBridge);
  expect(figures.journal).toMatchObject({ notJson: 0, unserialisable: 0 });
  expect(figures.journal.largestInput).toBeLessThan(4096);
  expect(figures.journal.largestRow).toBeLessThan(64 * 1024);
  // Garbage of every kind was refused, and some of the valid payloads were taken.
  for (const code of ['ok', 'not-json', 'too-large', 'invalid', 'rejected', 'cmd:refused']) {
    expect(figures.outcomes[code], code).toBeGreaterThan(0);
  }
  expect(figures.journaledByBridge).toBeLessThan(figures.sent / 2);
  // seq: continuous in the outbox and on the events stream.
  expect(figures.events.stored).toBe(figures.events.last - figures.events.first + 1);
  expect(figures.events.gaps).toBe(0);
  expect(figures.events.received).toBeGreaterThan(0);
});
