// `npm run bench`: (a) engine replay throughput against a JSON-parse floor, for a session without chips, one with
// chips tracked (--chips) and a mixed-game one (--game horse, chips tracked), side by side; (b) the hand evaluator against phe, and the Omaha evaluator and the low
// evaluators (BENCH_EVALS / 4 deals, BENCH_LOW_CHECK of them checked against a plain reference) beside it.
// BENCH_HANDS (default 100000) sets the session length, BENCH_EVALS (default 2000000) the evaluator's hand count,
// BENCH_ROUNDS (default 2) the rounds of each replay pass (the best counts; more rounds on a busy machine),
// BENCH_LOW_CHECK (default 50000) how many of the low evaluators' deals the slow reference checks.
// Figures only: nothing here asserts on time (docs/bench.md records what was measured).
import { rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadProfiles } from '../src/config/profiles.ts';
import type { Profile } from '../src/domain/profile/profile.ts';
import { benchEvaluator } from './evaluator-bench.ts';
import { benchLow } from './evaluator-low-bench.ts';
import { benchOmaha } from './evaluator-omaha-bench.ts';
import { benchEquity, reportEquity } from './equity-bench.ts';
import { MIXED_GAMES } from '../src/sim/index.ts';
import { generate, type Generated, type Pass } from './replay-bench.ts';
import { best, timeRounds, type SessionRounds } from './replay-rounds.ts';

function count(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got ${JSON.stringify(raw)}`);
  return n;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const row = (cells: string[], widths: number[]) =>
  cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');

interface EngineFigures {
  /** inputs/s of the floor, of parse + apply, of the replay with its output */
  parse: number;
  apply: number;
  replay: number;
  /** parse + apply time over the parse floor's (best wall-clock rounds) */
  ratio: number;
}

/** One replay section's report: the passes over a session's file, timed by bench/replay-rounds.ts. */
function engineSection(g: Generated, chips: boolean, times: SessionRounds): EngineFigures {
  console.log(
    `    ${fmt(g.hands)} hands, ${fmt(g.inputs)} inputs, ${fmt(g.events)} events, ${(g.bytes / 1e6).toFixed(1)} MB in ${g.seconds.toFixed(1)} s` +
      ` (${g.rejected} rejected) → ${g.file}`,
  );
  const { parse: parses, apply: applies, replay: replays } = times;
  for (const r of [...applies, ...replays]) {
    if (r.events !== g.events) {
      console.log(
        `    WARNING: the replay gave ${r.events} events, the session ${g.events}: the file does not replay the same`,
      );
      process.exitCode = 1;
    }
  }
  const parse = best(parses);
  const apply = best(applies);
  const replay = best(replays);
  const w = [40, 12, 16, 12];
  console.log(row(['    pass', 'seconds', 'inputs/s', 'CPU s'], w));
  const line = (label: string, p: Pass, cpu: Pass) =>
    console.log(row([`    ${label}`, p.seconds.toFixed(2), fmt(p.lines / p.seconds), cpu.cpu.toFixed(2)], w));
  line('JSON.parse each line (floor)', parse, best(parses, 'cpu'));
  line('parse + apply (no output)', apply, best(applies, 'cpu'));
  line('replay: parse + apply + stringify', replay, best(replays, 'cpu'));
  // The target is the engine's: replaying through it (parse + apply) against parsing alone. Writing the events
  // out is the replay CLI's output, shown beside it (docs/bench.md).
  const ratio = apply.seconds / parse.seconds;
  const cpuRatio = best(applies, 'cpu').cpu / best(parses, 'cpu').cpu;
  console.log(
    `    engine${chips ? ' (chips tracked)' : ''}: parse + apply / floor = ${ratio.toFixed(2)}× the parse time (guard ≤ 3×: ${ratio <= 3 ? 'met' : 'NOT met'})`,
  );
  console.log(`    in CPU time (best rounds): ${cpuRatio.toFixed(2)}×`);
  console.log(
    `    with the output: parse + apply + stringify / floor = ${(replay.seconds / parse.seconds).toFixed(2)}× ` +
      `(${(replay.bytes / 1e6).toFixed(0)} MB of events written for ${(g.bytes / 1e6).toFixed(0)} MB read)`,
  );
  const engine = apply.seconds - parse.seconds;
  const output = replay.seconds - apply.seconds;
  console.log(
    `    of the replay time: parse ${parse.seconds.toFixed(2)} s, engine apply ≈ ${engine.toFixed(2)} s ` +
      `(${fmt(replay.lines / Math.max(engine, 1e-9))} inputs/s), stringify of the events ≈ ${output.toFixed(2)} s`,
  );
  const list = (passes: Pass[]) => passes.map((p) => p.seconds.toFixed(2)).join(', ');
  console.log(`    rounds (s): parse ${list(parses)}; parse + apply ${list(applies)}; replay ${list(replays)}`);
  const rate = (p: Pass) => p.lines / p.seconds;
  return { parse: rate(parse), apply: rate(apply), replay: rate(replay), ratio };
}

/** The sessions replayed: as many hands each, the same virtual dealer; the mixed one (H.O.R.S.E. with chips) deals
 * limit hold'em, limit Omaha hi-lo, razz, stud and stud hi-lo, a game a level. */
const SESSIONS = [
  { name: 'plain', label: 'no chips', chips: false },
  { name: 'chips', label: 'chips tracked', chips: true },
  { name: 'horse', label: 'H.O.R.S.E., chips', chips: true, mixed: MIXED_GAMES.horse },
] as const;

/** Writes the sessions' files, times them together (the same treatment for each), then reports each. */
function engineSections(hands: number, profiles: Readonly<Record<string, Profile>>, rounds: number): EngineFigures[] {
  const files = SESSIONS.map((s) => join(tmpdir(), `pokertable-bench-${process.pid}-${s.name}.jsonl`));
  try {
    const sessions = SESSIONS.map((s, i) =>
      generate(files[i]!, hands, profiles, s.chips, 'mixed' in s ? s.mixed : undefined),
    );
    console.log(
      `    timing the ${SESSIONS.length} sessions: a warm-up pass of each kind, then ${rounds} rounds interleaved ` +
        `(parse, apply, replay of one session, then of the next); the best round of each pass counts`,
    );
    const times = timeRounds(files, profiles, rounds, true);
    return SESSIONS.map((s, i) => {
      if (i > 0) console.log(`\n    the same, ${s.label} …`);
      return engineSection(sessions[i]!, s.chips, times[i]!);
    });
  } finally {
    for (const file of files) rmSync(file, { force: true });
  }
}

function main(): void {
  const hands = count('BENCH_HANDS', 100_000);
  const evals = count('BENCH_EVALS', 2_000_000);
  const rounds = count('BENCH_ROUNDS', 5);
  const profiles = loadProfiles();
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  console.log(`pokertable bench: node ${process.version}, ${cpus().length} × ${cpu}`);

  console.log(
    `\n(a) engine replay — generating ${fmt(hands)} hands a session with the virtual dealer (tda, 8 players, irregularities 0.1) …`,
  );
  const figures = engineSections(hands, profiles, rounds);
  const side = [40, 14, 16, 20];
  console.log(row(['    inputs/s', ...SESSIONS.map((s) => s.label)], side));
  for (const [label, key] of [
    ['JSON.parse each line (floor)', 'parse'],
    ['parse + apply (no output)', 'apply'],
    ['replay: parse + apply + stringify', 'replay'],
  ] as const)
    console.log(row([`    ${label}`, ...figures.map((f) => fmt(f[key]))], side));
  console.log(row(['    engine / floor (guard ≤ 3×)', ...figures.map((f) => `${f.ratio.toFixed(2)}×`)], side));
  for (const [i, s] of SESSIONS.entries()) {
    if (i === 0) continue;
    const ratio = figures[i]!.ratio;
    console.log(
      `    engine, ${s.label}: ${ratio.toFixed(2)}× the parse floor (guard ≤ 3×: ${ratio <= 3 ? 'met' : 'NOT met'})`,
    );
  }

  console.log(`\n(b) 7-card evaluator — ${fmt(evals)} random hands, best of 5 rounds …`);
  const e = benchEvaluator(evals, 5);
  const w = [44, 16];
  console.log(row(['    evaluator', 'evals/s'], w));
  console.log(row(['    ours: score7(codes)', fmt(e.ours)], w));
  console.log(row(['    ours: score7(flat Int32Array, offset)', fmt(e.oursFlat)], w));
  console.log(row(['    phe: evaluateCardCodes(codes)', fmt(e.phe)], w));
  const ratio = e.ours / e.phe;
  console.log(
    `    ours / phe: ${ratio.toFixed(2)}× (target ≥ 1.0×: ${ratio >= 1 ? 'met' : 'NOT met'}); ` +
      `ordering disagreements with phe over ${fmt(e.hands - 1)} hand pairs: ${e.disagreements}`,
  );
  if (e.disagreements > 0) process.exitCode = 1;

  const deals = Math.max(1, Math.floor(evals / 4));
  console.log(`\n    Omaha — ${fmt(deals)} random deals of 4 hole and 5 board cards, best of 5 rounds …`);
  const o = benchOmaha(deals, 5);
  console.log(row(['    ours: scoreOmaha(hole, board)', fmt(o.ours)], w));
  console.log(row(['    60 × score5 per deal (the plain way)', fmt(o.naive)], w));
  console.log(`    disagreements between the two over ${fmt(o.deals)} deals: ${o.disagreements}`);
  if (o.disagreements > 0) process.exitCode = 1;

  // The reference tries every allowed five cards as lists: about a thousand times slower, so it checks a sample.
  const checked = Math.min(deals, count('BENCH_LOW_CHECK', 50_000));
  console.log(
    `\n    lows — ${fmt(deals)} random deals (7 cards; Omaha 4 + 5), best of 5 rounds; the plain reference ` +
      `(every allowed five compared as lists) over the first ${fmt(checked)} …`,
  );
  const low = benchLow(deals, checked, 5);
  const lw = [44, 16, 16, 16];
  console.log(row(['    low evaluator', 'evals/s', 'reference/s', 'disagreements'], lw));
  for (const [label, f] of [
    ['eight-or-better, 7 cards: scoreLow8', low.stud8],
    ['Omaha eight-or-better: scoreOmahaLow', low.omaha8],
    ['ace-to-five (razz), 7 cards: scoreRazz7', low.razz],
  ] as const) {
    console.log(row([`    ${label}`, fmt(f.ours), fmt(f.reference), String(f.disagreements)], lw));
    if (f.disagreements > 0) process.exitCode = 1;
  }
  const mega = (n: number) => `${(n / 1e6).toFixed(2)} M/s`;
  console.log(
    `    evaluator: 7-card ${mega(e.ours)}, omaha (best of 60) ${mega(o.ours)}; ` +
      `low 8-or-better 7-card ${mega(low.stud8.ours)}, omaha low ${mega(low.omaha8.ours)}, razz ${mega(low.razz.ours)}`,
  );

  console.log(`\n(c) exact equity (the broadcast's) — 9-way hold'em and 6-way Omaha, medians of random spots …`);
  reportEquity(benchEquity(count('BENCH_EQUITY_RUNS', 7), 200));
}

main();
