// What bench/latency.ts prints: one run's tables, and with the broadcast feed off and on in the same run, one line
// per run and a side-by-side table of the card path's p99 with the run-to-run spread (issue 24 item 4: the change
// the feed makes must be less than the spread between runs alike).
import type { Stats } from './latency-parts.ts';

export interface RunTables {
  setting: string;
  card: Stats;
  raw: Stats;
  append: Stats;
  floor: Stats;
  both: Stats;
  submit: Stats;
  after: Stats;
}

const ms = (v: number) => v.toFixed(3).padStart(8);

export function printTables(t: RunTables): void {
  console.log(t.setting);
  console.log('path                                      n       p50 ms    p90 ms    p99 ms    max ms   mean ms');
  const row = (name: string, s: Stats) =>
    console.log(
      `${name.padEnd(37)} ${String(s.n).padStart(6)} ${ms(s.p50)}  ${ms(s.p90)}  ${ms(s.p99)}  ${ms(s.max)}  ${ms(s.mean)}`,
    );
  row('bare publish → receive', t.raw);
  row('bare durable append of the input', t.append);
  row('floor: their sum', t.floor);
  row('  (append, then bare, as one path)', t.both);
  row('card read → event at subscriber', t.card);
  row('  of which runtime.submit (sync)', t.submit);
  row('  of which submit → subscriber', t.after);
  const ratio = t.card.p99 / t.floor.p99;
  console.log(
    `card / floor: p99 ${ratio.toFixed(2)}× (target ≤ 1.25×), p50 ${(t.card.p50 / t.floor.p50).toFixed(2)}×; ` +
      `card / bare round trip: p99 ${(t.card.p99 / t.raw.p99).toFixed(2)}×; ` +
      `card / append-then-bare path: p99 ${(t.card.p99 / t.both.p99).toFixed(2)}×, p50 ${(t.card.p50 / t.both.p50).toFixed(2)}×`,
  );
  console.log(
    `latency: card p99 ${t.card.p99.toFixed(3)} ms, floor p99 ${t.floor.p99.toFixed(3)} ms, ratio ${ratio.toFixed(2)}`,
  );
}

export interface Run {
  on: boolean;
  card: Stats;
  /** The machine's 1-minute load average when the run ended: the other work on it moves every figure. */
  load: number;
}

/** `rounds` runs of each setting, off first, in the order off, on, on, off, off, on …: a pair that turns round each
 * time, so a load that rises or falls through the run weighs on both settings alike. */
export function alternating(rounds: number): boolean[] {
  const order: boolean[] = [];
  for (let i = 0; i < rounds; i++) order.push(...(i % 2 === 0 ? [false, true] : [true, false]));
  return order;
}

export function runLine(n: number, run: Run): string {
  return (
    `run ${n}: broadcast ${run.on ? 'on ' : 'off'}  card → subscriber p50 ${run.card.p50.toFixed(3)} ms, ` +
    `p99 ${run.card.p99.toFixed(3)} ms (${run.card.n} reads, load ${run.load.toFixed(1)})`
  );
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The side-by-side table: each setting's p99 per run, their median and their spread (largest less smallest); the
 * change is the medians' difference, the spread the larger of the two settings' spreads. */
export function comparison(runs: readonly Run[]): string[] {
  const p99 = (on: boolean) => runs.filter((r) => r.on === on).map((r) => r.card.p99);
  const off = p99(false);
  const on = p99(true);
  const spreadOf = (xs: number[]) => Math.max(...xs) - Math.min(...xs);
  const cells = (xs: number[]) => xs.map((x) => x.toFixed(3).padStart(9)).join('');
  const header = off.map((_, i) => `run ${i + 1}`.padStart(9)).join('');
  const change = Math.abs(median(on) - median(off));
  const spread = Math.max(spreadOf(off), spreadOf(on));
  return [
    `card → subscriber p99, ms   ${header}   median   spread`,
    `broadcast off               ${cells(off)} ${median(off).toFixed(3).padStart(8)} ${spreadOf(off).toFixed(3).padStart(8)}`,
    `broadcast on                ${cells(on)} ${median(on).toFixed(3).padStart(8)} ${spreadOf(on).toFixed(3).padStart(8)}`,
    `broadcast: card p99 median off ${median(off).toFixed(3)} ms, on ${median(on).toFixed(3)} ms; change ` +
      `${change.toFixed(3)} ms, run-to-run spread ${spread.toFixed(3)} ms (${change < spread ? 'less: met' : 'NOT less'})`,
  ];
}
