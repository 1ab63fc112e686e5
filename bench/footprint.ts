// `npm run bench:footprint`: the built table (dist/, plain node) measured from outside, as it runs on a Pi.
//   1. start → `online`: five starts on a table config with simulated devices and the embedded broker (the path
//      systemd runs), each timed from spawn to the retained `status: online` received by an MQTT subscriber;
//   2. BENCH_HANDS hands (default 20,000) of the simulated table (`--hands N --speed X`: the virtual dealer plays
//      through the simulated shoe and board, the same inputs as real devices), a display-like subscriber on
//      `events`, resident memory (/proc/<pid>/status) every 1,000 hands, bytes written (/proc/<pid>/io) and fsyncs
//      (strace) per hand, and the journal's rows at the end.
// Targets (reported, not asserted): RSS ≤ 70 MB, growth < 2 %, online ≤ 1 s. Needs `npm run build` first.
// BENCH_SOURCES=1 runs the TypeScript sources through tsx instead (the before/after comparison in docs/bench.md);
// BENCH_NODE_ARGS replaces node's flags (default: those of systemd/pokertable.service's ExecStart); BENCH_SPEED (default 10000), BENCH_SEED (default 1).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import mqtt from 'mqtt';
import {
  cpuMsOf,
  freePort,
  fsyncsCounted,
  hasStrace,
  ioOf,
  launch,
  MB,
  median,
  memoryOf,
  residentByKind,
  tableConfig,
  type Io,
} from './footprint-proc.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const HANDS = Number(process.env.BENCH_HANDS ?? 20_000);
const EVERY = 1000;
const SPEED = process.env.BENCH_SPEED ?? '10000';
const SEED = process.env.BENCH_SEED ?? '1';
const STARTS = 5;
const SOURCES = process.env.BENCH_SOURCES === '1';
const entry = SOURCES ? join(root, 'src/app/main.ts') : join(root, 'dist/src/app/main.js');
const nodeArgs = SOURCES
  ? ['--import', 'tsx']
  : (process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? unitNodeArgs());
if (!existsSync(entry)) {
  process.stderr.write(`bench:footprint: ${entry} is missing: run \`npm run build\` first\n`);
  process.exit(1);
}
if (!Number.isInteger(HANDS) || HANDS < 2 * EVERY) {
  process.stderr.write(`bench:footprint: BENCH_HANDS must be a whole number ≥ ${2 * EVERY}\n`);
  process.exit(1);
}
/** Node's flags as systemd/pokertable.service runs the table: the benchmark measures what a Pi runs. */
function unitNodeArgs(): string[] {
  const unit = readFileSync(join(root, 'systemd/pokertable.service'), 'utf8');
  const flags = /^ExecStart=.*\/node((?: --\S+)*) \S*dist\/src\/app\/main\.js/m.exec(unit)?.[1];
  if (flags === undefined) throw new Error('systemd/pokertable.service: no ExecStart running dist/src/app/main.js');
  return flags.split(' ').filter(Boolean);
}
const work = mkdtempSync(join(tmpdir(), 'pt-footprint-'));
const mb = (bytes: number) => (bytes / MB).toFixed(1);

/** Resolves with the time (performance.now()) a subscriber first sees `online` on `<base>/status`. */
function whenOnline(port: number, base: string): { at: Promise<number>; close(): void } {
  // Reconnects every 5 ms until the broker listens: the wait it adds is at most that.
  const client = mqtt.connect(`mqtt://127.0.0.1:${port}`, { reconnectPeriod: 5, connectTimeout: 2000 });
  client.on('error', () => {});
  const at = new Promise<number>((resolve) => {
    client.on('connect', () => void client.subscribe(`${base}/status`, { qos: 1 }));
    client.on('message', (_topic, payload) => {
      if (payload.toString() === 'online') resolve(performance.now());
    });
  });
  return { at, close: () => void client.end(true) };
}

function printKinds(when: string, pid: number): void {
  const k = residentByKind(pid);
  if (k) {
    console.log(
      `  resident ${when}: node executable ${mb(k.node)} MB, libraries and addons ${mb(k.libs)} MB, ` +
        `malloc heap ${mb(k.malloc)} MB, anonymous (V8 heap, large mallocs, stacks) ${mb(k.anon)} MB`,
    );
  }
}

async function startToOnline(i: number): Promise<{ ms: number; rss: number; cpu: number }> {
  const dir = join(work, `start-${i}`);
  const port = await freePort();
  const config = join(work, `table-${i}.yaml`);
  writeFileSync(config, tableConfig({ id: 'bench', stateDir: dir, mqttPort: port }));
  const watch = whenOnline(port, 'pokertable/bench');
  const t0 = performance.now();
  const table = await launch(
    [...nodeArgs, entry, '--config', config, '--ws-port', '0', '--http-port', '0'],
    null,
    root,
  );
  const t1 = await Promise.race([
    watch.at,
    table.exited.then((code) => Promise.reject(new Error(`the table exited with ${code} before online`))),
  ]);
  watch.close();
  const rss = memoryOf(table.pid)?.rss ?? NaN;
  const cpu = cpuMsOf(table.pid) ?? NaN;
  if (i === 0) printKinds('at online (first start)', table.pid);
  table.child.kill('SIGTERM');
  const code = await table.exited;
  if (code !== 0) throw new Error(`the table exited with ${code} after SIGTERM`);
  return { ms: t1 - t0, rss, cpu };
}

interface Sample {
  hands: number;
  rss: number;
  peak: number;
  io: Io | null;
  at: number;
}

/** SIGTERM or SIGINT during the hands (a `timeout` that ran out): the table is stopped cleanly and the figures
 * cover the hands played so far, said as such. */
let stopEarly: () => void = () => process.exit(130);
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => stopEarly());

async function playHands(): Promise<{
  samples: Sample[];
  fsyncs: number | null;
  stateDir: string;
  seconds: number;
  hands: number;
}> {
  const port = await freePort();
  const stateDir = join(work, 'hands');
  const straceOut = hasStrace() && process.env.BENCH_STRACE !== '0' ? join(work, 'strace.txt') : null;
  const args = [
    ...[entry, '--hands', String(HANDS), '--speed', SPEED, '--seed', SEED, '--state-dir', stateDir],
    ...['--mqtt-port', String(port), '--ws-port', '0', '--http-port', '0'],
  ];
  const t0 = performance.now();
  const table = await launch([...nodeArgs, ...args], straceOut, root);
  const samples: Sample[] = [];
  const sample = (hands: number) => {
    const m = memoryOf(table.pid);
    if (!m) return;
    samples.push({ hands, rss: m.rss, peak: m.peak, io: ioOf(table.pid), at: performance.now() });
    const last = samples.at(-1)!;
    const s = ((last.at - t0) / 1000).toFixed(0);
    process.stdout.write(`  ${String(hands).padStart(6)} hands  rss ${mb(last.rss).padStart(6)} MB  (${s} s)\n`);
  };
  // A display-like subscriber follows the hands; samples are taken as each 1,000th `hand.ended` arrives. The hand
  // number comes from the event, not from counting: a QoS 0 subscriber on a busy machine can miss some (a slow
  // socket is disconnected after 5 s and reconnects).
  const client = mqtt.connect(`mqtt://127.0.0.1:${port}`, { reconnectPeriod: 20 });
  client.on('error', () => {});
  client.on('connect', () => void client.subscribe('pokertable/sim/events', { qos: 0 }));
  let hands = 0;
  client.on('message', (_topic, payload) => {
    if (!payload.includes('"type":"hand.ended"')) return;
    const hand = (JSON.parse(payload.toString()) as { hand?: number }).hand ?? hands + 1;
    if (hand <= hands) return;
    const crossed = Math.floor(hand / EVERY) > Math.floor(hands / EVERY);
    hands = hand;
    if (crossed || hands === HANDS) sample(hands);
    if (hands === HANDS) printKinds(`after ${HANDS} hands`, table.pid);
  });
  let stopped = false;
  stopEarly = () => {
    if (stopped) return;
    stopped = true;
    process.stdout.write(`  stopped early: ${hands} hands played\n`);
    sample(hands);
    printKinds(`after ${hands} hands`, table.pid);
    try {
      process.kill(table.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  // The last hand's event can be missed too: then the end is the last reading taken while the table ran.
  let latest: Sample | null = null;
  const poll = setInterval(() => {
    const m = memoryOf(table.pid);
    if (m) latest = { hands, rss: m.rss, peak: m.peak, io: ioOf(table.pid), at: performance.now() };
  }, 250);
  const code = await table.exited;
  clearInterval(poll);
  client.end(true);
  if (code !== 0) throw new Error(`the table exited with ${code}`);
  if (hands < HANDS && !stopped) {
    if (!latest) throw new Error(`the subscriber saw ${hands} of ${HANDS} hands`);
    process.stdout.write(`  (the subscriber saw up to hand ${hands}; the end is the last reading before exit)\n`);
    hands = HANDS;
    samples.push({ ...(latest as Sample), hands });
  }
  return {
    hands,
    samples,
    fsyncs: straceOut ? fsyncsCounted(straceOut) : null,
    stateDir,
    seconds: (performance.now() - t0) / 1000,
  };
}

function journalRows(stateDir: string): { inputs: number; events: number; bytes: number; files: string } {
  const db = new Database(join(stateDir, 'table.db'), { readonly: true });
  try {
    const r = db
      .prepare(
        `SELECT (SELECT count(*) FROM inputs) AS inputs, (SELECT count(*) FROM events) AS events,
                (SELECT coalesce(sum(length(json)), 0) FROM inputs) + (SELECT coalesce(sum(length(json)), 0) FROM events) AS bytes`,
      )
      .get() as { inputs: number; events: number; bytes: number };
    const files = readdirSync(stateDir)
      .filter((f) => f.startsWith('table.db'))
      .map((f) => `${f} ${mb(statSync(join(stateDir, f)).size)} MB`)
      .join(', ');
    return { ...r, files };
  } finally {
    db.close();
  }
}

async function main(): Promise<void> {
  const how = SOURCES ? 'the sources through tsx' : `built output: node ${nodeArgs.join(' ')} dist/src/app/main.js`;
  console.log(`footprint: node ${process.version}, ${how}; ${HANDS} hands at ${SPEED}x, seed ${SEED}`);
  const starts: { ms: number; rss: number; cpu: number }[] = [];
  for (let i = 0; i < STARTS; i++) starts.push(await startToOnline(i));
  const online = median(starts.map((s) => s.ms));
  console.log(
    `start → online (table config, simulated devices, embedded broker): ` +
      `${starts.map((s) => s.ms.toFixed(0)).join(', ')} ms; median ${online.toFixed(0)} ms (target ≤ 1000); ` +
      `CPU time to online ${starts.map((s) => s.cpu.toFixed(0)).join(', ')} ms (median ${median(starts.map((s) => s.cpu)).toFixed(0)}: ` +
      `the wall time above includes waiting for a busy machine's cores); RSS at online ${mb(median(starts.map((s) => s.rss)))} MB`,
  );

  console.log(`playing ${HANDS} hands (RSS every ${EVERY}):`);
  const run = await playHands();
  const first = run.samples.find((s) => s.hands >= EVERY);
  const last = run.samples.at(-1);
  if (!first || !last || last === first) throw new Error('missing RSS samples (the table exited too soon)');
  const played = run.hands;
  const growth = ((last.rss - first.rss) / first.rss) * 100;
  console.log(
    `RSS after ${first.hands} hands ${mb(first.rss)} MB, after ${last.hands} ${mb(last.rss)} MB: growth ${growth.toFixed(1)} % ` +
      `(targets ≤ 70 MB, < 2 %); highest sampled ${mb(Math.max(...run.samples.map((s) => s.rss)))} MB, ` +
      `peak (VmHWM) ${mb(last.peak)} MB; ${run.seconds.toFixed(0)} s`,
  );

  const rows = journalRows(run.stateDir);
  const perHand = (n: number) => (n / played).toFixed(1);
  // At 10,000x the run spans months of simulated time: retention (30 days) has pruned the older rows.
  console.log(
    `journal at the end (what 30-day retention keeps): ${rows.inputs} inputs, ${rows.events} events, ` +
      `${(rows.bytes / 1024 / 1024).toFixed(1)} MB of JSON; files: ${rows.files}`,
  );
  if (first.io && last.io) {
    const span = last.hands - first.hands;
    const kb = (d: number) => (d / span / 1024).toFixed(1);
    console.log(
      `writes per hand (hands ${first.hands}–${last.hands}): ${kb(last.io.writeBytes - first.io.writeBytes)} KB to storage ` +
        `(write_bytes), ${kb(last.io.wchar - first.io.wchar)} KB through write(2) incl. sockets, ` +
        `${((last.io.syscw - first.io.syscw) / span).toFixed(0)} write calls`,
    );
  }
  console.log(
    run.fsyncs === null
      ? 'fsyncs per hand: not counted (no strace, or BENCH_STRACE=0)'
      : `fsyncs per hand: ${perHand(run.fsyncs)}, per journaled input ${(run.fsyncs / rows.inputs).toFixed(2)} ` +
          `(strace: fsync + fdatasync, whole run)`,
  );
  if (played < HANDS) console.log(`(stopped early: ${played} of ${HANDS} hands; the figures above cover those)`);
  console.log(`footprint: rss ${mb(last.rss)} MB, growth ${growth.toFixed(1)} %, online ${online.toFixed(0)} ms`);
}

main()
  .catch((error: unknown) => {
    process.stderr.write(`bench:footprint: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 1;
  })
  .finally(() => rmSync(work, { recursive: true, force: true }));
