// `npm run fleet`: N simulated tables and the room service on one broker, a whole tournament, and a room-wide
// subscriber checking that every event published reached it (docs/scaling.md). The tables run in a few child
// processes (many tables each, one MQTT connection and one journal per table), the room service in its own; this
// process registers the players like the floor, starts the room's clock, watches, and prints the verdict.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import type { RoomConfig } from '../room/config/types.ts';
import { newFleetTime, type FleetTime } from './clock.ts';
import { fleetLevels, type FleetLevel } from './levels.ts';
import { partsNamed } from '../sim/index.ts';
import { FLEET_MONEY, startFleetMoney, type FleetMoney } from './money.ts';
import { clearRetained } from './sweep.ts';
import { checkPlaces } from './places.ts';
import type { FleetOptions, FleetResult } from './options.ts';
import { startWatch, type Watch } from './watch.ts';
import { startChild, type Child } from './children.ts';
import type { PublishedReport } from './tables.ts';

export { checkPlaces };

export type { FleetOptions, FleetResult } from './options.ts';

// Each run has its own room and table ids: a broker used before keeps retained states and the room's persistent
// session under the old ones, which a new room must not read as its own.
const runTag = () => `f${Date.now().toString(36)}${process.pid.toString(36)}`;
const playerOf = (registration: string) => `P${registration.slice('reg-'.length).padStart(5, '0')}`;
const tableId = (tag: string, i: number) => `${tag}-t${String(i + 1).padStart(3, '0')}`;
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

/** One run's fixed parts: its ids, where its journals go, its time and levels, the watcher and the floor's client. */
interface Run {
  o: FleetOptions;
  roomId: string;
  ids: string[];
  dir: string;
  entries: number;
  time: FleetTime;
  levels: FleetLevel[];
  watch: Watch;
  floor: MqttClient;
  children: Child[];
}

type Stop = 'winner' | 'hands' | 'stalled';

export async function runFleet(o: FleetOptions): Promise<FleetResult> {
  const run = await openRun(o);
  try {
    const room = startChild({
      role: 'room',
      time: run.time,
      config: roomConfig(o, run.roomId, run.ids, run.dir),
      seed: o.seed,
    });
    run.children.push(room);
    await room.ready;
    if (process.env.FLEET_HEAP_SNAPSHOTS)
      o.print(`fleet: room service pid ${room.proc.pid}: kill -USR2 it for a heap snapshot`);
    const tables = await startTables(run);
    const books = await registerPlayers(run);
    const began = Date.now();
    const stop = await playUntilDone(run, room, tables, books);
    const published = await collectReports(run, room, tables, began);
    return await judge(run, stop, published, books);
  } finally {
    await closeRun(run);
  }
}

async function openRun(o: FleetOptions): Promise<Run> {
  const dir = mkdtempSync(join(tmpdir(), 'pokertable-fleet-'));
  const roomId = runTag();
  const watch = await startWatch({
    url: o.broker,
    tableBase: 'pokertable',
    roomTopic: `room/${roomId}`,
    clientId: `fleet-watch-${roomId}`,
  });
  const floor = await mqtt.connectAsync(o.broker, { clientId: `fleet-floor-${process.pid}`, reconnectPeriod: 1000 });
  return {
    o,
    roomId,
    ids: Array.from({ length: o.tables }, (_, i) => tableId(roomId, i)),
    dir,
    entries: o.tables * o.perTable,
    time: newFleetTime(o.speed),
    levels: fleetLevels(o.levelMinutes, o.game ? partsNamed(o.game) : null),
    watch,
    floor,
    children: [],
  };
}

/** The tables dealt round-robin over the worker processes, each process with its own seed and journal folder. */
async function startTables(run: Run): Promise<Child[]> {
  const { o } = run;
  const workers = Math.max(1, Math.min(o.workers, o.tables));
  const shares: string[][] = Array.from({ length: workers }, () => []);
  run.ids.forEach((id, i) => shares[i % workers]!.push(id));
  const tables = shares.map((share, w) =>
    startChild({
      role: 'tables',
      time: run.time,
      ids: share,
      seats: o.seats,
      broker: o.broker,
      dir: join(run.dir, `w${w}`),
      seed: o.seed * 100 + w,
      hands: o.hands,
      levels: o.tableLevels ? run.levels : null,
      // in the room (`room` in a table's config): the tables take the room's level-set and move-player
      room: o.tableLevels ? null : run.roomId,
    }),
  );
  run.children.push(...tables);
  await Promise.all(tables.map((c) => c.ready));
  o.print(`fleet: ${o.tables} tables online in ${workers} processes; registering ${run.entries} players`);
  return tables;
}

/** The floor registers everyone, then starts the room's clock. */
async function registerPlayers(run: Run): Promise<FleetMoney | null> {
  const { o, floor, roomId, entries } = run;
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
  await floor.publishAsync(`room/${roomId}/cmd/levels-start`, JSON.stringify({ id: 'levels', levels: run.levels }), {
    qos: 1,
  });
  o.print(`fleet: ${entries} players registered; the clock runs (${o.levelMinutes} virtual min a level, x${o.speed})`);
  return books;
}

const handsOf = (tables: readonly Child[]) => tables.reduce((s, c) => s + c.progress.hands, 0);
const rssOf = (children: readonly Child[]) => children.map((c) => Math.round(c.progress.rss / 2 ** 20)).join('/');

/** Play until a winner, the hands limit at every table, or nothing moves any more; a progress line every 10 s. */
async function playUntilDone(run: Run, room: Child, tables: Child[], books: FleetMoney | null): Promise<Stop> {
  const { o, watch } = run;
  let lastHands = -1;
  let lastMove = Date.now();
  let lastPrint = Date.now();
  for (;;) {
    await delay(500);
    const hands = handsOf(tables);
    const done = tables.reduce((s, c) => s + c.progress.done, 0);
    if (hands !== lastHands) {
      lastHands = hands;
      lastMove = Date.now();
    }
    if (Date.now() - lastPrint >= 10_000) {
      lastPrint = Date.now();
      o.print(
        `fleet: ${hands} hands, ${books?.left() ?? run.entries - watch.places.length} players left, ${watch.received()} events received, rss MB ${rssOf(run.children)}, room heap MB ${Math.round(room.progress.heap / 2 ** 20)}`,
      );
    }
    if (watch.places.some((p) => p.place === 1)) return 'winner';
    if (o.hands !== null && done === o.tables) return 'hands';
    if (Date.now() - lastMove > o.stallMs) return 'stalled';
  }
}

/** Every table stops and waits for the broker's acknowledgements; then the watcher gets what is still on its way. */
async function collectReports(run: Run, room: Child, tables: Child[], began: number): Promise<PublishedReport[]> {
  const { o, watch } = run;
  const cpu = run.children.map((c) => (c.progress.cpuMs / 1000).toFixed(0)).join('/');
  o.print(
    `fleet: ${handsOf(tables)} hands in ${((Date.now() - began) / 1000).toFixed(0)} s; cpu s (room/tables…) ${cpu}; rss MB ${rssOf(run.children)}`,
  );
  for (const c of tables) c.proc.send('stop');
  const published = (await Promise.all(tables.map((c) => c.report))).flat();
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
  return published;
}

/** The verdict: nothing lost or out of order, and with a winner, places (or the books) that add up. */
async function judge(
  run: Run,
  stop: Stop,
  published: PublishedReport[],
  books: FleetMoney | null,
): Promise<FleetResult> {
  const { o, watch, entries } = run;
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
  if (o.game) {
    const games = Object.entries(watch.games).map(([game, n]) => `${game} ${n}`);
    o.print(`fleet: hands dealt by game (--game ${o.game}): ${games.join(', ') || 'none'}`);
  }
  const moves = Object.entries(watch.moves).map(([reason, n]) => `${reason} ${n}`);
  o.print(`fleet: moves: ${moves.join(', ') || 'none'}`);
  if (v.duplicates > 0) o.print(`fleet: ${v.duplicates} events received twice (QoS 1 redelivery)`);
  const p99 = Math.round(v.p99);
  o.print(`fleet: ${o.tables} tables, ${v.events} events, lost ${v.lost}, out of order ${v.outOfOrder}, p99 ${p99} ms`);
  return { ok, events: v.events, lost: v.lost, outOfOrder: v.outOfOrder, p99, winner, entries };
}

/** Children killed if still there, connections closed, the run's retained messages and sessions cleared. */
async function closeRun(run: Run): Promise<void> {
  for (const c of run.children) if (c.proc.exitCode === null && c.proc.connected) c.proc.kill('SIGTERM');
  await run.floor.endAsync().catch(() => undefined);
  await run.watch.close().catch(() => undefined);
  const sessions = [`room-${run.roomId}`, `fleet-watch-${run.roomId}`];
  await clearRetained(run.o.broker, [`pokertable/${run.roomId}-`, `room/${run.roomId}/`], sessions).catch(
    () => undefined,
  );
  rmSync(run.dir, { recursive: true, force: true });
}
