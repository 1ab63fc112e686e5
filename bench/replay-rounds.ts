// How the replay passes are timed, the same way for every session (npm run bench, bench/replay-cpu.ts):
// - every session's file is written first, so no pass runs in the garbage its own `generate` left;
// - one warm-up pass of each kind per session, not counted: the first pass of a process compiles the code (the
//   engine's and JSON.parse's paths) and grows the heap, and would otherwise be counted against whichever kind ran
//   first;
// - then the rounds, interleaved: session 1's parse, apply (and replay), session 2's …, then again; a neighbour's
//   burst or a collection lands on one pass of one round, and the best round of each kind is what the machine does
//   when nothing interferes;
// - no forced collection between passes: tried (a full `gc()` before each pass), the apply pass that followed one
//   was 1.3-3 times slower, in both sessions, with as many young collections (`--trace-gc`): it measured what the
//   forced collection threw away (presumably compiled code or feedback), not the engine.
// Both passes do all their work on the same file: the floor parses every line, the apply pass parses every line
// and applies it.
import type { Profile } from '../src/domain/profile/profile.ts';
import { parsePass, replayPass, type Pass } from './replay-bench.ts';

export interface SessionRounds {
  parse: Pass[];
  apply: Pass[];
  /** Empty unless the replay (with its output) was asked for. */
  replay: Pass[];
}

/** Times `rounds` rounds of each pass over each file (after one warm-up of each), interleaved as above. */
export function timeRounds(
  files: readonly string[],
  profiles: Readonly<Record<string, Profile>>,
  rounds: number,
  withReplay: boolean,
): SessionRounds[] {
  const out = files.map((): SessionRounds => ({ parse: [], apply: [], replay: [] }));
  const passes = (file: string, into?: SessionRounds) => {
    const parse = parsePass(file);
    const apply = replayPass(file, profiles, false);
    into?.parse.push(parse);
    into?.apply.push(apply);
    if (!withReplay) return;
    const replay = replayPass(file, profiles);
    into?.replay.push(replay);
  };
  for (const file of files) passes(file);
  for (let r = 0; r < rounds; r++) files.forEach((file, i) => passes(file, out[i]));
  return out;
}

/** The round that took the least of `key` (wall or CPU seconds). */
export function best(passes: readonly Pass[], key: 'seconds' | 'cpu' = 'seconds'): Pass {
  return passes.reduce((a, b) => (b[key] < a[key] ? b : a));
}
