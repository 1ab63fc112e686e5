// Not part of `npm run bench`: the chips-tracked replay through two copies of the engine in one process, passes
// interleaved, in CPU time (docs/bench.md). `npx tsx bench/replay-ab.ts OTHER_CHECKOUT`: OTHER_CHECKOUT is another
// checkout of the project (e.g. `git archive main | tar -x -C DIR`, node_modules linked). BENCH_HANDS, BENCH_ROUNDS.
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadProfiles } from '../src/config/profiles.ts';
import { generate, replayPass } from './replay-bench.ts';

type Replay = typeof replayPass;
const other = resolve(process.argv[2] ?? '.');
const theirs = ((await import(pathToFileURL(join(other, 'bench/replay-bench.ts')).href)) as { replayPass: Replay })
  .replayPass;
const cpu = (run: () => unknown): number => {
  const t0 = process.cpuUsage();
  run();
  const d = process.cpuUsage(t0);
  return (d.user + d.system) / 1e6;
};
const profiles = loadProfiles();
const file = join(tmpdir(), `pokertable-ab-${process.pid}.jsonl`);
try {
  const g = generate(file, Number(process.env.BENCH_HANDS ?? 2000), profiles, process.env.BENCH_CHIPS !== 'off');
  const mine: number[] = [];
  const their: number[] = [];
  for (let r = 0; r < Number(process.env.BENCH_ROUNDS ?? 10); r++) {
    // who goes first alternates: the first pass of a round measured 2-3 % slower than the second with the same
    // code on both sides
    if (r % 2 === 0) mine.push(cpu(() => replayPass(file, profiles, false)));
    their.push(cpu(() => theirs(file, profiles, false)));
    if (r % 2 === 1) mine.push(cpu(() => replayPass(file, profiles, false)));
  }
  const list = (xs: number[]) => xs.map((x) => x.toFixed(3)).join(' ');
  console.log(`${g.inputs} inputs; this checkout [${list(mine)}] best ${Math.min(...mine).toFixed(3)} s`);
  console.log(`${other} [${list(their)}] best ${Math.min(...their).toFixed(3)} s`);
  // Each round's two passes ran one after the other, under the same load: their ratio is steadier than either
  // best when the machine is shared.
  const ratios = mine.map((m, i) => m / their[i]!).sort((a, b) => a - b);
  const median = ratios[Math.floor(ratios.length / 2)]!;
  console.log(`this checkout / the other, per round: median ${median.toFixed(3)} (${ratios.length} rounds)`);
} finally {
  rmSync(file, { force: true });
}
