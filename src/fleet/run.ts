// `npm run fleet`: N simulated tables and the room service on one broker, a whole tournament, and a room-wide
// subscriber checking that every event published reached it (docs/scaling.md). The tables run in a few child
// processes (many tables each, one MQTT connection and one journal per table), the room service in its own; this
// process registers the players like the floor, starts the room's clock, watches, and prints the verdict.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import type { RoomConfig } from '../room/config/types.ts';
import { newFleetTime, type FleetTime } from './clock.ts';
import { fleetLevels } from './levels.ts';
import { FLEET_MONEY, startFleetMoney } from './money.ts';
import { clearRetained } from './sweep.ts';
import { checkPlaces } from './places.ts';
import { startWatch } from './watch.ts';
import type { WorkerMessage, WorkerStart } from './worker.ts';
import type { PublishedReport } from './tables.ts';
import type { RoomMemory } from './memory.ts';

export { checkPlaces };

export interface FleetOptions {
  tables: number;
  broker: string;
  /** Stop after this many hands per table (null: play to a winner). */
  hands: number | null;
  seats: number;
  /** Players registered per table at the start (entries = tables × this). */
  perTable: number;
  /** Virtual time runs this many times faster than the wall clock. */
  speed: number;
  /** Child processes holding the tables. */
  workers: number;
  seed: number;
  /** Virtual minutes per level. */
  levelMinutes: number;
  /** The tables run the structure themselves (for tables that do not take the room's `level-set`). */
  tableLevels: boolean;
  /** Give up when no hand ends anywhere for this long (wall ms). */
  stallMs: number;
  /** The room keeps money; the floor takes re-entries and rebuys (money.ts). */
  money?: boolean;
  print(line: string): void;
}

export interface FleetResult {
  ok: boolean;
  events: number;
  lost: number;
  outOfOrder: number;
  p99: number;
  winner: string | null;
  entries: number;
}

// Each run has its own room and table ids: a broker used before keeps retained states and the room's persistent
// session under the old ones, which a new room must not read as its own.
const runTag = () => `f${Date.now().toString(36)}${process.pid.toString(36)}`;
const playerOf = (registration: string) => `P${registration.slice('reg-'.length).padStart(5, '0')}`;
const tableId = (tag: string, i: number) => `${tag}-t${String(i + 1).padStart(3, '0')}`;
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
const WORKER = new URL(`./worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);

interface Child {
  proc: ChildProcess;
  progress: Extract<WorkerMessage, { type: 'progress' }>;
  report: Promise<PublishedReport[]>;
  /** The room service's, with its report. */
  memory?: RoomMemory;
  ready: Promise<void>;
}

function startChild(start: WorkerStart): Child {
  const proc = fork(WORKER, [], {
    // --expose-gc: the room's heap is measured after a full collection (memory.ts)
    execArgv: [...(WORKER.pathname.endsWith('.ts') ? ['--import', 'tsx'] : []), '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced', // the reports' typed arrays
  });
  const child: Child = { proc, progress: { hands: 0, done: 0, players: 0, rss: 0, heap: 0, cpuMs: 0 } } as Child;
  child.ready = new Promise((resolve, reject) => {
    child.report = new Promise((resolveReport, rejectReport) => {
      proc.on('message', (m: WorkerMessage) => {
        if (m.type === 'ready') resolve();
        if (m.type === 'progress') child.progress = m;
        if (m.type === 'report') {
          child.memory = m.memory;
          resolveReport(m.tables);
        }
        if (m.type === 'failed') {
          reject(new Error(m.error));
          rejectReport(new Error(m.error));
        }
      });
      proc.on('exit', (code) => {
        const err = new Error(`fleet ${start.role} process exited (${code})`);
        reject(err);
        rejectReport(err);
      });
    });
  });
  child.report.catch(() => undefined);
  proc.send(start);
  return child;
}

function roomConfig(o: FleetOptions, room: string, ids: string[], dir: string): RoomConfig {
  return {
    source: 'fleet',
    room: { id: room, profile: 'tda', rules: {}, startingStack: 10_000, ...(o.money ? { money: FLEET_MONEY } : {}) },
    tables: ids.map((id) => ({ id, seats: o.seats, open: true })),
    breakOrder: [...ids].reverse(),
    mqtt: { url: o.broker, baseTopic: 'room', tableBaseTopic: 'pokertable', rejectUnauthorized: true },
    web: { host: '127.0.0.1', port: null, brokerUrl: null }, // no pages: nobody watches a fleet run
    storage: { dir: join(dir, 'room') },
    log: { level: 'error' },
  };
}

export async function runFleet(o: FleetOptions): Promise<FleetResult> {
  const dir = mkdtempSync(join(tmpdir(), 'pokertable-fleet-'));
  const roomId = runTag();
  const ids = Array.from({ length: o.tables }, (_, i) => tableId(roomId, i));
  const entries = o.tables * o.perTable;
  const time: FleetTime = newFleetTime(o.speed);
  const levels = fleetLevels(o.levelMinutes);
  const children: Child[] = [];
  const watch = await startWatch({
    url: o.broker,
    tableBase: 'pokertable',
    roomTopic: `room/${roomId}`,
    clientId: `fleet-watch-${roomId}`,
  });
  const floor = await mqtt.connectAsync(o.broker, { clientId: `fleet-floor-${process.pid}`, reconnectPeriod: 1000 });
  try {
    const room = startChild({ role: 'room', time, config: roomConfig(o, roomId, ids, dir), seed: o.seed });
    children.push(room);
    await room.ready;
    if (process.env.FLEET_HEAP_SNAPSHOTS)
      o.print(`fleet: room service pid ${room.proc.pid}: kill -USR2 it for a heap snapshot`);
    const workers = Math.max(1, Math.min(o.workers, o.tables));
    const shares: string[][] = Array.from({ length: workers }, () => []);
    ids.forEach((id, i) => shares[i % workers]!.push(id));
    const tableChildren = shares.map((share, w) =>
      startChild({
        role: 'tables',
        time,
        ids: share,
        seats: o.seats,
        broker: o.broker,
        dir: join(dir, `w${w}`),
        seed: o.seed * 100 + w,
        hands: o.hands,
        levels: o.tableLevels ? levels : null,
        // in the room (`room` in a table's config): the tables take the room's level-set and move-player
        room: o.tableLevels ? null : roomId,
      }),
    );
    children.push(...tableChildren);
    await Promise.all(tableChildren.map((c) => c.ready));
    o.print(`fleet: ${o.tables} tables online in ${workers} processes; registering ${entries} players`);

    // The floor registers everyone, then starts the room's clock.
    const answers = new Map<string, { ok: boolean; code?: string }>();
    const register = (n: number) =>
      floor.publish(
        `room/${roomId}/cmd/register`,
        JSON.stringify({ id: `reg-${n}`, player: `P${String(n).padStart(5, '0')}` }),
        { qos: 1 },
      );
    floor.on('message', (_topic, payload) => {
      const a = JSON.parse(payload.toString()) as { id: string; ok: boolean; code?: string };
      // the room takes 20 commands a second, as a table does (docs/room.md): a floor desk sends the rest again
      if (a.code === 'rate-limited') return void setTimeout(() => register(Number(a.id.slice(4))), 100);
      answers.set(a.id, a);
    });
    await floor.subscribeAsync(`room/${roomId}/cmd/result`, { qos: 1 });
    for (let i = 0; i < entries; i++) register(i + 1);
    while (answers.size < entries) await delay(100);
    const books = o.money ? await startFleetMoney(floor, roomId, [...answers.keys()].map(playerOf)) : null;
    const refused = [...answers.values()].filter((a) => !a.ok);
    if (refused.length > 0) o.print(`fleet: ${refused.length} registrations refused (${refused[0]!.code})`);
    await floor.publishAsync(`room/${roomId}/cmd/levels-start`, JSON.stringify({ id: 'levels', levels }), { qos: 1 });
    o.print(
      `fleet: ${entries} players registered; the clock runs (${o.levelMinutes} virtual min a level, x${o.speed})`,
    );

    const began = Date.now();
    // Play until a winner, the hands limit at every table, or nothing moves any more.
    let lastHands = -1;
    let lastMove = Date.now();
    let lastPrint = Date.now();
    let stop = '';
    for (;;) {
      await delay(500);
      const hands = tableChildren.reduce((s, c) => s + c.progress.hands, 0);
      const done = tableChildren.reduce((s, c) => s + c.progress.done, 0);
      if (hands !== lastHands) {
        lastHands = hands;
        lastMove = Date.now();
      }
      if (Date.now() - lastPrint >= 10_000) {
        lastPrint = Date.now();
        const rss = children.map((c) => Math.round(c.progress.rss / 2 ** 20)).join('/');
        o.print(
          `fleet: ${hands} hands, ${books?.left() ?? entries - watch.places.length} players left, ${watch.received()} events received, rss MB ${rss}, room heap MB ${Math.round(room.progress.heap / 2 ** 20)}`,
        );
      }
      if (watch.places.some((p) => p.place === 1)) {
        stop = 'winner';
        break;
      }
      if (o.hands !== null && done === o.tables) {
        stop = 'hands';
        break;
      }
      if (Date.now() - lastMove > o.stallMs) {
        stop = 'stalled';
        break;
      }
    }

    // Every table stops and waits for the broker's acknowledgements; then the watcher gets what is still on its way.
    const hands = tableChildren.reduce((s, c) => s + c.progress.hands, 0);
    const cpu = children.map((c) => (c.progress.cpuMs / 1000).toFixed(0)).join('/');
    const rss = children.map((c) => Math.round(c.progress.rss / 2 ** 20)).join('/');
    o.print(
      `fleet: ${hands} hands in ${((Date.now() - began) / 1000).toFixed(0)} s; cpu s (room/tables…) ${cpu}; rss MB ${rss}`,
    );
    for (const c of tableChildren) c.proc.send('stop');
    const published = (await Promise.all(tableChildren.map((c) => c.report))).flat();
    const expected = published.reduce((s, r) => s + r.last - r.hidden.length, 0);
    // The watcher may be far behind a busy broker: wait while it still catches up (until 30 s without progress).
    for (
      let last = -1, still = 0;
      watch.received() < expected && still < 300;
      still = watch.received() === last ? still + 1 : 0
    ) {
      last = watch.received();
      await delay(100);
    }
    room.proc.send('stop');
    await room.report;
    const mem = room.memory;
    const mb = (n: number | null | undefined) => (n == null ? '?' : String(Math.round(n / 2 ** 20)));
    if (mem)
      o.print(
        `fleet: room service memory: peak rss ${mb(mem.peakRss)} MB, rss ${mb(mem.rss)} MB and heap used ${mb(mem.heapAfterGc)} MB after GC at the end; journal ${mem.journal?.inputs ?? '?'} inputs, ${mb(mem.journal?.bytes)} MB`,
      );

    const v = watch.verdict(published);
    let winner: string | null = null;
    let ok = v.lost === 0 && v.outOfOrder === 0;
    if (stop === 'winner') {
      await delay(200);
      winner = watch.places.find((p) => p.place === 1)?.player ?? null;
      // with re-entries places repeat (R-ROOM-DETAILS): the books are the check then
      const check = books ? books.verdict() : checkPlaces(watch.places, entries);
      if ('wrong' in check || ('ok' in check && !check.ok) || winner === null) ok = false;
      o.print(
        'line' in check
          ? `fleet: winner ${winner}; ${check.line}`
          : 'wrong' in check
            ? `fleet: the places are wrong: ${check.wrong}`
            : `fleet: winner ${winner}; places 1..${entries} each given once (${check.shared} shared by tied players)`,
      );
    } else if (stop === 'hands') {
      o.print(`fleet: stopped after ${o.hands} hands per table (${watch.places.length} of ${entries} players out)`);
    } else {
      ok = false;
      o.print(`fleet: stalled: no hand ended for ${o.stallMs / 1000} s (${watch.places.length} of ${entries} out)`);
      for (const r of published.filter((x) => x.players > 0).slice(0, 5))
        o.print(
          `fleet:   ${r.table}: ${r.players} players, hand ${r.playing ? 'under way' : 'none'}; last: ${r.recent.join(', ')}`,
        );
    }
    const moves = Object.entries(watch.moves).map(([reason, n]) => `${reason} ${n}`);
    o.print(`fleet: moves: ${moves.join(', ') || 'none'}`);
    if (v.duplicates > 0) o.print(`fleet: ${v.duplicates} events received twice (QoS 1 redelivery)`);
    const p99 = Math.round(v.p99);
    o.print(
      `fleet: ${o.tables} tables, ${v.events} events, lost ${v.lost}, out of order ${v.outOfOrder}, p99 ${p99} ms`,
    );
    return { ok, events: v.events, lost: v.lost, outOfOrder: v.outOfOrder, p99, winner, entries };
  } finally {
    for (const c of children) if (c.proc.exitCode === null && c.proc.connected) c.proc.kill('SIGTERM');
    await floor.endAsync().catch(() => undefined);
    await watch.close().catch(() => undefined);
    const sessions = [`room-${roomId}`, `fleet-watch-${roomId}`];
    await clearRetained(o.broker, [`pokertable/${roomId}-`, `room/${roomId}/`], sessions).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}
