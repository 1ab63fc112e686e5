// The process the crash test kills: opens the runtime on DIR (recovering whatever the last one left), prints
// `ready N` with N the inputs already journaled, plays the rest of FILE (printing `at I` after input I, so the
// parent can kill it part-way), prints `done` and closes.
// Usage: node --import tsx test/helpers/crash-child.ts DIR FILE real|fake
import { readFileSync } from 'node:fs';
import { journaled, openRuntime, play, type EngineKind, type PlayInput } from './crash-play.ts';

const [dir, file, kind] = process.argv.slice(2) as [string, string, EngineKind];
const inputs = readFileSync(file, 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as PlayInput);
const { rt, clock } = openRuntime(dir, kind);
const from = journaled(dir);
process.stdout.write(`ready ${from}\n`);
play(rt, clock, inputs, from, (i) => process.stdout.write(`at ${i}\n`));
rt.close();
process.stdout.write('done\n');
