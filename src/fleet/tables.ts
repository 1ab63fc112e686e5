// Many simulated tables in one process: each a real table (journal on disk, runtime, engine) with its own MQTT
// connection to the room's broker, driven by a room dealer (dealer.ts) through the runtime, as a table's devices
// drive it. What each table published is kept as a count (its last seq and the seqs that are secure-only), so the
// watcher's receipts can be checked against it.
import { join } from 'node:path';
import type { Logger } from 'pino';
import { loadProfiles } from '../config/profiles.ts';
import type { MqttConfig } from '../config/types.ts';
import { toPublic } from '../domain/secrecy.ts';
import type { Input, TableEvent } from '../domain/types.ts';
import { startMqttBridge, type MqttBridge } from '../mqtt/bridge.ts';
import { createRuntime, type TableRuntime } from '../runtime/runtime.ts';
import type { Clock, RawInput } from '../runtime/types.ts';
import { openStore } from '../store/store.ts';
import { wallNow } from './clock.ts';
import { createRoomDealer, type RoomDealer } from './dealer.ts';
import type { FleetLevel } from './levels.ts';

export interface FleetTablesOptions {
  ids: readonly string[];
  seats: number;
  broker: string;
  /** Each table's journal goes in `<dir>/<id>`. */
  dir: string;
  /** The room the tables play in (`room` in a table's config), or null: they then refuse move-player and level-set. */
  room: string | null;
  clock: Clock;
  seed: number;
  hands: number | null;
  levels: FleetLevel[] | null;
  logger: Logger;
  /** Connections opened at once (a storm of 500 CONNECTs is spread out). */
  connectBatch?: number;
}

/** What one table published on `<base>/events`: seqs 1..last except the secure-only ones. */
export interface PublishedReport {
  table: string;
  last: number;
  hidden: number[];
  confirmed: number;
  /** The wall-clock moment each seq was published (indexed by seq). */
  emitted: Float64Array;
  hands: number;
  /** Players seated at the end, whether a hand was under way, the last events (what a stalled table was doing). */
  players: number;
  playing: boolean;
  recent: string[];
}

interface FleetTable {
  id: string;
  runtime: TableRuntime;
  bridge: MqttBridge;
  dealer: RoomDealer;
  last: number;
  hidden: number[];
  recent: string[];
  emitted: Float64Array;
  timers: Set<() => void>;
}

export interface FleetTables {
  /** Tables that are done: `hands` hands played, or fewer than two players left (after some came) and no hand. */
  progress(): { hands: number; done: number; players: number };
  /** Stops the dealers, waits for the broker to confirm every event (up to `waitMs`), closes everything. */
  stop(waitMs: number): Promise<PublishedReport[]>;
}

/** What every table of the process shares: the options, the profiles, the MQTT settings and whether they stopped. */
interface Shared {
  options: FleetTablesOptions;
  profiles: ReturnType<typeof loadProfiles>;
  mqtt: MqttConfig;
  stopped: boolean;
}

export async function startFleetTables(options: FleetTablesOptions): Promise<FleetTables> {
  const shared: Shared = { options, profiles: loadProfiles(), mqtt: fleetMqtt(options.broker), stopped: false };
  const tables: FleetTable[] = [];
  const batch = options.connectBatch ?? 25;
  for (let i = 0; i < options.ids.length; i += batch) {
    const group = options.ids.slice(i, i + batch).map((id, k) => openTable(shared, id, i + k));
    tables.push(...group);
    await Promise.all(group.map((t) => t.bridge.whenConnected()));
  }
  return {
    progress: () => progressOf(tables, options.hands),
    async stop(waitMs) {
      shared.stopped = true;
      for (const t of tables) for (const cancel of t.timers) cancel();
      const until = Date.now() + waitMs;
      while (Date.now() < until && tables.some((t) => t.bridge.confirmed().events < t.last))
        await new Promise((r) => setTimeout(r, 50));
      const reports = tables.map(reportOf);
      await Promise.all(tables.map((t) => t.bridge.close()));
      for (const t of tables) t.runtime.close();
      return reports;
    },
  };
}

function fleetMqtt(broker: string): MqttConfig {
  return {
    baseTopic: 'pokertable',
    embedded: { host: '127.0.0.1', port: 0, wsPort: null, anonymousRoles: [], users: [] },
    external: { url: broker, rejectUnauthorized: true },
    secureDelayMs: 0,
  };
}

/** One table: journal, runtime, bridge, and its dealer's inputs fed back through timers on the fleet's clock. */
function openTable(shared: Shared, id: string, n: number): FleetTable {
  const { options } = shared;
  const { clock, logger } = options;
  const store = openStore({ dir: join(options.dir, id), fsync: 'background' });
  const runtime = createRuntime({ table: { profiles: shared.profiles }, store, clock, logger });
  const bridge = startMqttBridge({
    runtime,
    logger,
    now: clock.now,
    config: { table: { id }, mqtt: shared.mqtt, room: options.room },
  });
  const dealer = createRoomDealer({
    seed: options.seed * 1000 + n,
    seats: options.seats,
    startAt: clock.now(),
    hands: options.hands,
    levels: options.levels,
  });
  const t: FleetTable = {
    id,
    runtime,
    bridge,
    dealer,
    last: 0,
    hidden: [],
    recent: [],
    emitted: new Float64Array(1024),
    timers: new Set(),
  };
  runtime.onEvents((events) => {
    // The bridge publishes these events in this same turn (bridge.ts: public events go out at once).
    recordPublished(t, events, wallNow());
    try {
      if (!shared.stopped) schedule(shared, t, dealer.react(events));
    } catch (err) {
      logger.error({ err, table: id, recent: t.recent }, 'fleet: the virtual dealer failed; this table stops');
    }
  });
  schedule(shared, t, dealer.start());
  return t;
}

function schedule(shared: Shared, t: FleetTable, inputs: readonly Input[]): void {
  if (shared.stopped) return;
  for (const input of inputs) {
    const cancel = shared.options.clock.setTimer(input.at, () => {
      t.timers.delete(cancel);
      if (shared.stopped) return;
      const { at: _at, ...raw } = input;
      t.runtime.submit(raw as RawInput); // the runtime stamps `at` from the clock, as for a device's input
    });
    t.timers.add(cancel);
  }
}

/** Keeps the count the watcher's receipts are checked against: last seq, when each went out, the hidden ones. */
function recordPublished(t: FleetTable, events: readonly TableEvent[], now: number): void {
  for (const e of events) {
    t.last = Math.max(t.last, e.seq);
    if (e.seq >= t.emitted.length) {
      const bigger = new Float64Array(Math.max(e.seq + 1, t.emitted.length * 2));
      bigger.set(t.emitted);
      t.emitted = bigger;
    }
    t.emitted[e.seq] = now;
    if (toPublic(e) === null) t.hidden.push(e.seq);
    t.recent.push(e.type === 'request.rejected' ? `${e.type} ${JSON.stringify(e)}` : e.type);
  }
  if (t.recent.length > 8) t.recent.splice(0, t.recent.length - 8);
}

function progressOf(tables: readonly FleetTable[], handsWanted: number | null) {
  let hands = 0;
  let done = 0;
  let players = 0;
  for (const t of tables) {
    const h = t.dealer.hands();
    hands += h;
    players += t.dealer.players();
    // Fewer than two players ends a table only once it had players: just after the draw they may still be on
    // their way to it (a run with --hands stopped at once, every table still empty).
    const left = t.dealer.arrivals() > 0 && t.dealer.players() < 2 && !t.dealer.playing();
    if ((handsWanted !== null && h >= handsWanted) || left) done += 1;
  }
  return { hands, done, players };
}

function reportOf(t: FleetTable): PublishedReport {
  return {
    table: t.id,
    last: t.last,
    hidden: t.hidden,
    confirmed: t.bridge.confirmed().events,
    emitted: t.emitted.slice(0, t.last + 1),
    hands: t.dealer.hands(),
    players: t.dealer.players(),
    playing: t.dealer.playing(),
    recent: t.recent,
  };
}
