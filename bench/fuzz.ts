// Fuzz bench (issue 9): sends fuzzed payloads (test/helpers/fuzz-payloads.ts: valid inputs and commands, the same
// mutated, broken JSON, random bytes, oversized) on `input` and `cmd/*` through the embedded broker to the real
// bridge, runtime, engine and SQLite journal, and prints what became of them: answered, refused by reason, journal
// growth, seq continuity, crashes. Figures in docs/mqtt.md.
//
//   npm run bench:fuzz -- [--count 100000] [--seed 9] [--window 50]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { runFuzz } from '../test/helpers/fuzz-run.ts';
import { dealToFirstAction, startInputTable } from '../test/helpers/input-table.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '9' },
    window: { type: 'string', default: '50' },
  },
});
const count = Number(values.count);
const seed = Number(values.seed);

const crashes: string[] = [];
process.on('uncaughtException', (err) => crashes.push(`uncaught: ${err.message}`));
process.on('unhandledRejection', (err) => crashes.push(`unhandled rejection: ${String(err)}`));

const dir = mkdtempSync(join(tmpdir(), 'pt-bench-fuzz-'));
const logger = pino({ level: 'silent' });
// Rate limits off: one client sends everything here, and the point is what validation does with it (a client over
// the broker's limit is disconnected; the bridge answers `rate-limited` beyond its own).
const table = await startInputTable(dir, logger, {
  broker: { publishRate: null },
  bridge: { inputRate: null, commandRate: null },
  fsync: 'background',
});
dealToFirstAction(table.runtime, table.clock);
const started = performance.now();
const figures = await runFuzz(table, dir, {
  count,
  seed,
  window: Number(values.window),
  onProgress: (sent) => {
    if (sent % 10_000 === 0) process.stderr.write(`  ${sent} sent\n`);
  },
});
const seconds = (performance.now() - started) / 1000;
const stats = table.bridge.stats();
await table.close();
rmSync(dir, { recursive: true, force: true });

const refused = figures.answered - (figures.outcomes.ok ?? 0);
const pct = (n: number) => `${((100 * n) / figures.sent).toFixed(1)}%`;
console.log(`fuzz: ${figures.sent} payloads (seed ${seed}) in ${seconds.toFixed(1)} s`);
console.log(`answered:        ${figures.answered} (${pct(figures.answered)})`);
console.log(`  taken (ok):    ${figures.outcomes.ok ?? 0}`);
console.log(`  refused:       ${refused}`);
for (const [code, n] of Object.entries(figures.outcomes).sort((a, b) => b[1] - a[1])) {
  if (code !== 'ok') console.log(`    ${code.padEnd(13)} ${n}`);
}
console.log(`  duplicates:    ${stats.inputs.duplicates} (an input id seen before: the first answer again)`);
console.log(
  `journal growth:  ${figures.journal.rowsAdded} input rows (${(figures.journal.bytesAdded / 1024).toFixed(0)} KiB), ` +
    `bridge let through ${figures.journaledByBridge}; plus ${figures.journal.ticksAdded} timer ticks`,
);
console.log(
  `journal rows:    largest input ${figures.journal.largestInput} B, largest command ${figures.journal.largestRow} B, ` +
    `not JSON ${figures.journal.notJson}, unserialisable ${figures.journal.unserialisable}`,
);
console.log(
  `events:          seq ${figures.events.first}..${figures.events.last}, ${figures.events.stored} stored, ` +
    `${figures.events.received} received on events, gaps ${figures.events.gaps}`,
);
console.log(`crashes:         ${crashes.length}${crashes.length ? ` (${crashes.slice(0, 3).join('; ')})` : ''}`);
console.log(`still connected: ${figures.connected}`);
process.exit(crashes.length > 0 || figures.answered !== figures.sent ? 1 : 0);
