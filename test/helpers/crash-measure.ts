// Prints what one submit costs through the runtime with the real engine (journal fsync, engine, outbox):
// `npx tsx test/helpers/crash-measure.ts [every-input|background]`. Figures for docs/durability.md; not a test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { loadProfiles } from '../../src/config/profiles.ts';
import { fakeClock } from '../../src/runtime/clock.ts';
import { createRuntime } from '../../src/runtime/runtime.ts';
import { openStore } from '../../src/store/store.ts';
import { session } from './crash-inputs.ts';

const mode = process.argv[2] === 'background' ? 'background' : 'every-input';
const profiles = loadProfiles();
const inputs = Array.from({ length: 8 }, (_, k) => session(profiles, k + 1, 6, 1_700_000_000_000));
const dir = mkdtempSync(join(tmpdir(), 'pt-measure-'));
const times: Record<string, number[]> = {};
let base = 0;
for (const list of inputs) {
  const sub = join(dir, String(base++));
  const clock = fakeClock(list[0]!.at);
  const rt = createRuntime({
    table: { profiles },
    store: openStore({ dir: sub, fsync: mode }),
    clock,
    logger: pino({ level: 'silent' }),
    maintenanceEveryMs: 1e15,
  });
  for (const input of list) {
    clock.advanceTo(input.at);
    const t0 = process.hrtime.bigint();
    rt.submit(input);
    (times[input.type] ??= []).push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  rt.close();
}
rmSync(dir, { recursive: true, force: true });
for (const [type, t] of Object.entries(times)) {
  t.sort((a, b) => a - b);
  const q = (p: number) => t[Math.floor(p * (t.length - 1))]!.toFixed(3);
  console.log(
    `${mode} ${type.padEnd(14)} n=${String(t.length).padStart(4)} submit ms p50 ${q(0.5)} p90 ${q(0.9)} p99 ${q(0.99)} max ${q(1)}`,
  );
}
