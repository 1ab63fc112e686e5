// `npm run bench:replay-cpu`: the engine replay's parse floor and parse + apply of a session with and without chips,
// in CPU time (process.cpuUsage) beside wall-clock time, several rounds timed as `npm run bench` times them
// (bench/replay-rounds.ts: both files first, a warm-up, rounds interleaved): on a machine shared with other work,
// wall-clock time measures the neighbours; the process's own CPU time much less so (it counts V8's GC helper threads).
// BENCH_HANDS (default 2000), BENCH_ROUNDS (default 5). Figures only: nothing here asserts on time (docs/bench.md).
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadProfiles } from '../src/config/profiles.ts';
import { generate, type Pass } from './replay-bench.ts';
import { best, timeRounds } from './replay-rounds.ts';

const hands = Number(process.env.BENCH_HANDS ?? 2000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const profiles = loadProfiles();
const files = [false, true].map((chips) =>
  join(tmpdir(), `pokertable-cpu-${process.pid}${chips ? '-chips' : ''}.jsonl`),
);
try {
  const sessions = files.map((file, i) => generate(file, hands, profiles, i === 1));
  const times = timeRounds(files, profiles, rounds, false);
  const list = (xs: Pass[], key: 'seconds' | 'cpu') => xs.map((x) => x[key].toFixed(3)).join(' ');
  times.forEach(({ parse, apply }, i) => {
    const g = sessions[i]!;
    const ratio = (key: 'seconds' | 'cpu') => (best(apply, key)[key] / best(parse, key)[key]).toFixed(2);
    console.log(
      `${i === 1 ? 'chips tracked' : 'no chips     '}: ${g.inputs} inputs, ${g.rejected} rejected; CPU s parse [${list(parse, 'cpu')}]` +
        ` apply [${list(apply, 'cpu')}]; best apply / best parse = ${ratio('cpu')}× (wall: parse [${list(parse, 'seconds')}]` +
        ` apply [${list(apply, 'seconds')}], ${ratio('seconds')}×)`,
    );
  });
} finally {
  for (const file of files) rmSync(file, { force: true });
}
