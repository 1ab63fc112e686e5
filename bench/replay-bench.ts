// (a) Engine throughput: a virtual-dealer session written as a JSONL replay file, then timed twice over: parsing
// each line only (the floor no engine can beat), and what `npm run replay` does per line (parse, apply, stringify
// every event), output discarded.
import { closeSync, openSync, statSync, writeSync } from 'node:fs';
import type { Profile } from '../src/domain/profile/profile.ts';
import { createTable } from '../src/domain/table.ts';
import { numbered } from '../src/runtime/numbering.ts';
import { runSession, type MixedPart } from '../src/sim/index.ts';
import { forEachLine } from './lines.ts';

export interface Generated {
  file: string;
  hands: number;
  inputs: number;
  events: number;
  bytes: number;
  rejected: number;
  seconds: number;
}

/** `chips`: the session tracks chips (`npm start -- --chips`: stacks, blinds and antes, bets with amounts, side pots,
 * busts and rebuys), so the replay runs the money rules too. `mixed`: the levels rotate through these games
 * (`npm start -- --game horse`), so the replay deals stud and hi-lo hands too. */
export function generate(
  file: string,
  hands: number,
  profiles: Readonly<Record<string, Profile>>,
  chips = false,
  mixed?: readonly MixedPart[],
): Generated {
  const t0 = performance.now();
  const fd = openSync(file, 'w');
  let chunk: string[] = [];
  let pending = 0;
  const flush = () => {
    writeSync(fd, chunk.join(''));
    chunk = [];
    pending = 0;
  };
  try {
    const result = runSession(
      {
        seed: 20_261_129,
        seats: 9,
        players: 8,
        profile: 'tda',
        irregularityRate: 0.1,
        startAt: 1_767_225_600_000,
        hands,
        profiles,
        keepInputs: false,
        chips,
        ...(mixed ? { mixed } : {}),
        onInput: (input) => {
          chunk.push(JSON.stringify(input) + '\n');
          if (++pending >= 4096) flush();
        },
      },
      createTable({ profiles }),
    );
    flush();
    return {
      file,
      hands: result.hands,
      inputs: result.inputCount,
      events: result.events,
      bytes: statSync(file).size,
      rejected: result.rejected.length,
      seconds: (performance.now() - t0) / 1000,
    };
  } finally {
    closeSync(fd);
  }
}

export interface Pass {
  lines: number;
  /** Wall-clock seconds. */
  seconds: number;
  /** The process's CPU seconds over the pass (user + system, all threads: V8's GC helpers included). */
  cpu: number;
  /** Output bytes (the replay pass's JSON lines), or a checksum of what the parse produced. */
  bytes: number;
  /** Replay only: events produced (must equal the generating session's). */
  events?: number;
}

/** Starts a pass's clocks; the function returned reads its wall-clock and CPU time. */
function clock(): () => { seconds: number; cpu: number } {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  return () => {
    const c = process.cpuUsage(c0);
    return { seconds: (performance.now() - t0) / 1000, cpu: (c.user + c.system) / 1e6 };
  };
}

export function parsePass(file: string): Pass {
  const done = clock();
  let keys = 0;
  const lines = forEachLine(file, (line) => {
    const value = JSON.parse(line) as { at: number };
    keys += value.at & 1;
  });
  return { lines, ...done(), bytes: keys };
}

/** What `npm run replay` does per line: parse, apply, number and stringify every event (joined in blocks, then
 * discarded).
 * With `stringify: false`, parse and apply only: the difference between the two is the cost of the output. */
export function replayPass(file: string, profiles: Readonly<Record<string, Profile>>, stringify = true): Pass {
  const done = clock();
  const table = createTable({ profiles });
  let bytes = 0;
  let events = 0;
  let seq = 0;
  let out: string[] = [];
  const lines = forEachLine(file, (line, number) => {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      value = undefined;
    }
    const batch = table.apply(value, number);
    events += batch.length;
    if (!stringify) return;
    for (const e of batch) out.push(JSON.stringify(numbered(e, ++seq)) + '\n');
    // As the replay CLI batches its writes: join a block of lines, then let it go (here: count it).
    if (out.length > 512) {
      bytes += out.join('').length;
      out = [];
    }
  });
  bytes += out.join('').length;
  return { lines, ...done(), bytes, events };
}
