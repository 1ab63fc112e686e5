// Not part of `npm run bench`: a chips-tracked replay to profile (`node --cpu-prof --import tsx bench/profile-chips.ts`),
// BENCH_HANDS hands (default 2000), BENCH_ROUNDS passes (default 5), BENCH_CHIPS=off for the same without chips.
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadProfiles } from '../src/config/profiles.ts';
import { generate, replayPass } from './replay-bench.ts';

const profiles = loadProfiles();
const file = join(tmpdir(), `pokertable-profile-${process.pid}.jsonl`);
try {
  generate(file, Number(process.env.BENCH_HANDS ?? 2000), profiles, process.env.BENCH_CHIPS !== 'off');
  for (let r = 0; r < Number(process.env.BENCH_ROUNDS ?? 5); r++) replayPass(file, profiles, false);
} finally {
  rmSync(file, { force: true });
}
