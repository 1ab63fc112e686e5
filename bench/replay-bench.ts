// (a) Engine throughput: a virtual-dealer session written as a JSONL replay file, then timed twice over: parsing
// each line only (the floor no engine can beat), and what `npm run replay` does per line (parse, apply, stringify
// every event), output discarded.
import { closeSync, openSync, statSync, writeSync } from 'node:fs';
import type { Profile } from '../src/domain/profile.ts';
import { createTable } from '../src/domain/table.ts';
import { runSession } from '../src/sim/index.ts';
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

export function generate(file: string, hands: number, profiles: Readonly<Record<string, Profile>>): Generated {
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
        seed: 20_261_129, seats: 9, players: 8, profile: 'tda', irregularityRate: 0.1, startAt: 1_767_225_600_000, hands, profiles,
        keepInputs: false,
        onInput: (input) => {
          chunk.push(JSON.stringify(input) + '\n');
          if (++pending >= 4096) flush();
        },
      },
      createTable({ profiles }),
    );
    flush();
    return { file, hands: result.hands, inputs: result.inputCount, events: result.events, bytes: statSync(file).size, rejected: result.rejected.length, seconds: (performance.now() - t0) / 1000 };
  } finally {
    closeSync(fd);
  }
}

export interface Pass {
  lines: number;
  seconds: number;
  /** Output bytes (the replay pass's JSON lines), or a checksum of what the parse produced. */
  bytes: number;
  /** Replay only: seconds spent in JSON.stringify, estimated from a timed sample of the events. */
  stringifySeconds?: number;
  /** Replay only: events produced (must equal the generating session's). */
  events?: number;
}

const SAMPLE = 200_000;

/** Times JSON.stringify alone over a sample of the replay's events, scaled to the whole output by bytes. */
function stringifyEstimate(sample: readonly unknown[], totalBytes: number): number {
  let best = Infinity;
  let bytes = 0;
  for (let round = 0; round < 3; round++) {
    const t0 = performance.now();
    bytes = 0;
    for (const e of sample) bytes += JSON.stringify(e).length + 1;
    best = Math.min(best, (performance.now() - t0) / 1000);
  }
  return bytes === 0 ? 0 : (best * totalBytes) / bytes;
}

export function parsePass(file: string): Pass {
  const t0 = performance.now();
  let keys = 0;
  const lines = forEachLine(file, (line) => {
    const value = JSON.parse(line) as { at: number };
    keys += value.at & 1;
  });
  return { lines, seconds: (performance.now() - t0) / 1000, bytes: keys };
}

export function replayPass(file: string, profiles: Readonly<Record<string, Profile>>): Pass {
  const t0 = performance.now();
  const table = createTable({ profiles });
  let bytes = 0;
  let out: string[] = [];
  const sample: unknown[] = [];
  let events = 0;
  const lines = forEachLine(file, (line, number) => {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      value = undefined;
    }
    for (const e of table.apply(value, number)) {
      events += 1;
      out.push(JSON.stringify(e) + '\n');
      if (sample.length < SAMPLE) sample.push(e);
    }
    // As the replay CLI batches its writes: join a block of lines, then let it go (here: count it).
    if (out.length > 512) {
      bytes += out.join('').length;
      out = [];
    }
  });
  bytes += out.join('').length;
  const seconds = (performance.now() - t0) / 1000;
  return { lines, seconds, bytes, events, stringifySeconds: stringifyEstimate(sample, bytes) };
}
