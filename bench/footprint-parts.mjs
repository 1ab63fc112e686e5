// `npm run bench:footprint-parts` (after `npm run build`): where the built table's memory goes, part by part, in one
// plain `node` process (no TypeScript loader in the way). It loads the parts of dist/ one at a time in the order the
// table starts them; after each step it forces a full GC and prints the growth of /proc/self/smaps_rollup (RSS,
// anonymous) and process.memoryUsage() (heap used, external, array buffers), and the CPU time the step took (CPU,
// not wall time: the machine may be busy). Then it starts the whole table (simulated devices, embedded broker).
// BENCH_HEAP_SNAPSHOT=1 also writes a heap snapshot of the idle table (in the current directory); BENCH_PLAY=N then
// plays N hands in this process and prints the memory every 1,000 (see below).
// The npm script runs it with the unit's V8 flags and --expose-gc. RSS deltas of one step are noisy (a GC may give
// pages back): the heap columns are the steady ones.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import v8 from 'node:v8';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = (path) => pathToFileURL(join(root, 'dist', path)).href;
const require = createRequire(join(root, 'package.json'));
if (typeof globalThis.gc !== 'function') {
  process.stderr.write('bench:footprint-parts: run with node --expose-gc\n');
  process.exit(1);
}

const MB = 1024 * 1024;
/** BENCH_PLAY=N: then N hands of the simulated table in this process, memory every 1,000 (heap snapshots at the
 * first and the last sample with BENCH_HEAP_SNAPSHOT=1), to see what grows. */
const PLAY = Number(process.env.BENCH_PLAY ?? 0);
function rollup() {
  const text = readFileSync('/proc/self/smaps_rollup', 'utf8');
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) * 1024;
  return { rss: kb('Rss'), anon: kb('Anonymous') };
}
function measure() {
  globalThis.gc();
  globalThis.gc();
  const m = process.memoryUsage();
  const r = rollup();
  return { rss: r.rss, anon: r.anon, heap: m.heapUsed, external: m.external, buffers: m.arrayBuffers };
}

const rows = [];
let last = measure();
const first = last;
const columns = ['rss', 'anon', 'heap', 'external', 'buffers'];
async function step(name, run) {
  const t0 = process.cpuUsage();
  const value = await run();
  const used = process.cpuUsage(t0);
  const ms = (used.user + used.system) / 1000;
  const now = measure();
  rows.push({ name, ms, delta: Object.fromEntries(columns.map((c) => [c, now[c] - last[c]])), total: now });
  last = now;
  return value;
}

const work = mkdtempSync(join(tmpdir(), 'pt-parts-'));
const config = join(work, 'table.yaml');
writeFileSync(
  config,
  `table: { id: parts, seats: 9, profile: tda, deckFile: null }
storage: { dir: ${JSON.stringify(join(work, 'state'))}, retentionDays: 30, fsync: every-input }
mqtt:
  baseTopic: pokertable
  embedded: { host: 127.0.0.1, port: 1883, wsPort: 8083, anonymousRoles: [display], users: [] }
  external: null
http: { host: 127.0.0.1, port: 8080 }
devices:
  - { name: shoe, definition: simulated-pcsc-shoe }
  - { name: board, definition: simulated-firmata-board }
  - { name: display, definition: simulated-serial-display }
log: { level: warn }
`,
);

const pino = await step('pino (the logger)', async () => (await import('pino')).default);
const logger = pino({ level: 'warn' }, pino.destination({ dest: 2, sync: true }));
await step('yaml + config loading and checks', () => import(dist('src/app/table-checks.js')));
await step('better-sqlite3 (native addon)', () => require('better-sqlite3'));
const { openStore } = await step('the journal module (store)', () => import(dist('src/store/store.js')));
await step('domain: the engine', () => import(dist('src/domain/table.js')));
await step('domain: the hand evaluator and its tables', () => import(dist('src/domain/evaluator.js')));
await step('the runtime', () => import(dist('src/runtime/runtime.js')));
// the validators compiled from the schemas by `npm run contract` come with the engine (src/domain/validate/validate.ts)
await step('the MQTT input check (src/protocol/schemas)', () => import(dist('src/protocol/schemas.js')));
await step('aedes (the embedded broker)', () => import('aedes'));
await step('mqtt.js (the table client)', () => import('mqtt'));
await step('src/mqtt (bridge, broker glue)', () => import(dist('src/mqtt/index.js')));
await step('ws (MQTT over WebSocket)', () => import('ws'));
await step('the board page server (http)', () => import(dist('src/app/http.js')));
const { startHardwareTable } = await step(
  'the hardware table (devices, setup)',
  () => import(dist('src/app/hardware.js')),
);
await step('an empty journal opened and closed (SQLite)', () => {
  const store = openStore({ dir: join(work, 'probe'), fsync: 'every-input', onDiskError: () => {} });
  store.close();
});
const { parseStartArgs } = await import(dist('src/app/args.js'));
const app = await step('the table started: broker listening, bridge online, devices', () =>
  startHardwareTable(
    { ...parseStartArgs(['--config', config, '--mqtt-port', '0', '--ws-port', '0', '--http-port', '0']), config },
    logger,
  ),
);
await step('1 s idle', () => new Promise((r) => setTimeout(r, 1000)));

const mb = (bytes) => (bytes / MB).toFixed(1).padStart(6);
console.log(`node ${process.version} ${process.execArgv.join(' ')}`);
console.log(`at start: rss ${mb(first.rss)}, anonymous ${mb(first.anon)}, heap ${mb(first.heap)} MB`);
console.log(`${'step'.padEnd(60)} ${columns.map((c) => c.padStart(8)).join(' ')}  CPU ms`);
for (const row of rows) {
  const cells = columns.map((c) => `${(row.delta[c] >= 0 ? '+' : '') + (row.delta[c] / MB).toFixed(1)}`.padStart(8));
  console.log(`${row.name.padEnd(60)} ${cells.join(' ')} ${row.ms.toFixed(0).padStart(7)}`);
}
const end = rows.at(-1).total;
console.log(
  `at the end: rss ${mb(end.rss)}, anonymous ${mb(end.anon)}, heap used ${mb(end.heap)}, external ${mb(end.external)} MB`,
);
const spaces = v8.getHeapSpaceStatistics().map((s) => `${s.space_name} ${(s.space_used_size / MB).toFixed(1)}`);
console.log(`V8 spaces used (MB): ${spaces.join(', ')}`);
if (process.env.BENCH_HEAP_SNAPSHOT === '1') console.log(`heap snapshot: ${v8.writeHeapSnapshot()}`);
await app.stop();
if (PLAY > 0) await play();
rmSync(work, { recursive: true, force: true });
process.exit(0);

async function play() {
  const { startSimulatedTable } = await import(dist('src/app/simulated.js'));
  const { createVirtualTable } = await import(dist('src/sim/index.js'));
  const { Writable } = await import('node:stream');
  const out = new Writable({ write: (_chunk, _encoding, done) => done() });
  const args = parseStartArgs(
    ['--hands', String(PLAY), '--speed', '10000', '--seed', '1', '--state-dir', join(work, 'play')].concat([
      '--mqtt-port',
      '0',
      '--ws-port',
      '0',
      '--http-port',
      '0',
    ]),
  );
  const table = await startSimulatedTable(args, { createVirtualTable, logger, out });
  console.log(`playing ${PLAY} hands in this process (memory before a GC, then heap used after a full GC):`);
  let hands = 0;
  table.app.runtime.onEvents((events) => {
    for (const e of events) {
      if (e.type !== 'hand.ended' || ++hands % 1000 !== 0) continue;
      const m = process.memoryUsage();
      const r = rollup();
      const after = measure();
      console.log(
        `  ${String(hands).padStart(6)} hands: rss ${mb(r.rss)}, anonymous ${mb(r.anon)}, heap total ${mb(m.heapTotal)}, ` +
          `used ${mb(m.heapUsed)}, after GC ${mb(after.heap)}, external ${mb(m.external)}, buffers ${mb(m.arrayBuffers)} MB`,
      );
      if (process.env.BENCH_HEAP_SNAPSHOT === '1' && (hands === 1000 || hands === PLAY)) {
        console.log(`  heap snapshot: ${v8.writeHeapSnapshot()}`);
      }
    }
  });
  await table.finished;
  await table.stop();
}
