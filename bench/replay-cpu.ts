// `npm run bench:replay-cpu`: the engine replay's parse floor and parse + apply in CPU time (process.cpuUsage), for a
// session with and without chips, several rounds: on a machine shared with other work, wall-clock time measures the
// neighbours; the process's own CPU time much less so. BENCH_HANDS (default 2000), BENCH_ROUNDS (default 5).
// Figures only: nothing here asserts on time (docs/bench.md).
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadProfiles } from '../src/config/profiles.ts';
import { generate, parsePass, replayPass } from './replay-bench.ts';

function cpuSeconds<T>(run: () => T): number {
  const t0 = process.cpuUsage();
  run();
  const d = process.cpuUsage(t0);
  return (d.user + d.system) / 1e6;
}

const hands = Number(process.env.BENCH_HANDS ?? 2000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const profiles = loadProfiles();
for (const chips of [false, true]) {
  const file = join(tmpdir(), `pokertable-cpu-${process.pid}${chips ? '-chips' : ''}.jsonl`);
  try {
    const g = generate(file, hands, profiles, chips);
    const parse: number[] = [];
    const apply: number[] = [];
    for (let r = 0; r < rounds; r++) {
      parse.push(cpuSeconds(() => parsePass(file)));
      apply.push(cpuSeconds(() => replayPass(file, profiles, false)));
    }
    const best = (xs: number[]) => Math.min(...xs);
    const list = (xs: number[]) => xs.map((x) => x.toFixed(3)).join(' ');
    console.log(
      `${chips ? 'chips tracked' : 'no chips     '}: ${g.inputs} inputs, ${g.rejected} rejected; CPU s parse [${list(parse)}]` +
        ` apply [${list(apply)}]; best apply / best parse = ${(best(apply) / best(parse)).toFixed(2)}×`,
    );
  } finally {
    rmSync(file, { force: true });
  }
}
