// `npm run room -- --demo`: a whole room on this machine in one command, to try it before writing any config: a
// broker (broker.ts), simulated tables (the fleet's: a real journal, engine and MQTT connection each, their dealer
// seating the players the room draws), the room service with its journal, and its pages (the room board and the
// floor page). It then does what the floor does first: registers the players and starts the level clock. Everything
// lives in var/room-demo-<port>, removed at the end.
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import mqtt from 'mqtt';
import type { Logger } from 'pino';
import { loadStructures } from '../../config/structures.ts';
import { fleetLevels } from '../../fleet/levels.ts';
import { startFleetTables } from '../../fleet/tables.ts';
import { systemClock } from '../../runtime/clock.ts';
import type { RoomConfig } from '../config/types.ts';
import { loadRoomProfiles } from '../config/profiles.ts';
import { startRoomPages } from '../service/pages.ts';
import { startRoomService } from '../service/service.ts';
import { startDemoBroker } from './broker.ts';

export interface RoomDemoOptions {
  /** Simulated tables, 2 to 6. */
  tables: number;
  /** The room pages' port (the board at /, the floor page at /floor). */
  webPort: number;
  /** The demo broker's MQTT port (loopback only). */
  mqttPort: number;
  /** Minutes per level. */
  levelMinutes: number;
  seed: number;
  logger: Logger;
}

export interface RoomDemo {
  readonly lines: readonly string[];
  stop(): Promise<void>;
}

export const DEMO_ROOM = 'demo-room';
/** The folder holding src/ (or dist/ in the build). */
const PROJECT_ROOT = resolve(import.meta.dirname, '../../..');
const SEATS = 9;
const NAMES = ['Anna', 'Bram', 'Chloé', 'Dries', 'Emma', 'Farid', 'Greet', 'Hugo', 'Ines', 'Jonas', 'Kato', 'Lars'];

export async function startRoomDemo(o: RoomDemoOptions): Promise<RoomDemo> {
  // A fresh folder each start, in the project's var/ (not in git), one per pages port: a stop cut short (npm and tsx
  // each relay a Ctrl-C, and a second relay may kill the process mid-stop) leaves it for the next start to replace,
  // never a pile of temporary folders.
  const dir = resolve(PROJECT_ROOT, 'var', `room-demo-${o.webPort}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const cleanups: (() => Promise<void> | void)[] = [() => rmSync(dir, { recursive: true, force: true })];
  const stop = async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  };
  try {
    const broker = await startDemoBroker(o.mqttPort);
    cleanups.push(() => broker.close());
    const ids = Array.from({ length: o.tables }, (_, i) => `table-${i + 1}`);
    const config = demoConfig(ids, broker.url, o.webPort, dir);
    const clock = systemClock();
    const service = startRoomService({ config, profiles: loadRoomProfiles(), logger: o.logger, clock, seed: o.seed });
    cleanups.push(() => service.close());
    await service.whenConnected();
    const pages = await startRoomPages({ config, now: clock.now, logger: o.logger, structures: loadStructures() });
    cleanups.push(() => pages.close());
    // The room's tables: online once connected, so the room draws their seats.
    const tables = await startFleetTables({
      ids,
      seats: SEATS,
      broker: broker.url,
      dir: join(dir, 'tables'),
      room: DEMO_ROOM,
      clock,
      seed: o.seed,
      hands: null,
      levels: null,
      logger: o.logger,
    });
    cleanups.push(() => tables.stop(2000).then(() => undefined));
    const players = await openTheRoom(broker.url, ids.length * (SEATS - 2), o.levelMinutes);
    return {
      lines: [
        `pokertable room demo: room "${DEMO_ROOM}", ${o.tables} simulated tables of ${SEATS} seats, ${players} players, ` +
          `levels of ${o.levelMinutes} min`,
        `  room board     ${pages.url}`,
        `  floor page     ${pages.url}floor   log in with any name and password: the demo broker has no accounts`,
        `  MQTT           ${broker.url}   topics room/${DEMO_ROOM}/# and pokertable/table-N/#`,
        `  journals       ${dir} (removed at the end, replaced at the next start)`,
        `  one more table npm start -- --room ${DEMO_ROOM} --broker ${broker.url} --table-id table-${o.tables + 1}` +
          ' (then open it on the floor page)',
        '  Ctrl-C stops it. A real room: docs/room.md, "Try a room" and "Set up a room".',
      ],
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

function demoConfig(ids: string[], url: string, webPort: number, dir: string): RoomConfig {
  return {
    source: 'npm run room -- --demo',
    room: { id: DEMO_ROOM, profile: 'tda', rules: {}, startingStack: 20_000 },
    // One more table, closed: for a simulated table started with `npm start -- --room …` (docs/room.md, "Try a
    // room"), which the floor opens from the floor page.
    tables: [...ids, `table-${ids.length + 1}`].map((id, i) => ({ id, seats: SEATS, open: i < ids.length })),
    breakOrder: [...ids].reverse(),
    mqtt: { url, baseTopic: 'room', tableBaseTopic: 'pokertable', rejectUnauthorized: true },
    web: { host: '127.0.0.1', port: webPort, brokerUrl: null },
    storage: { dir: join(dir, 'room') },
    log: { level: 'warn' },
  };
}

/** What the floor does first, over MQTT as the floor page would: registers the players, starts the level clock.
 * Returns how many players the room took. */
async function openTheRoom(url: string, count: number, levelMinutes: number): Promise<number> {
  const floor = await mqtt.connectAsync(url, { clientId: 'room-demo-floor' });
  try {
    const base = `room/${DEMO_ROOM}/cmd`;
    const answers = new Map<string, boolean>();
    floor.on('message', (_topic, payload) => {
      const a = JSON.parse(payload.toString()) as { id: string; ok: boolean };
      answers.set(a.id, a.ok);
    });
    await floor.subscribeAsync(`${base}/result`, { qos: 1 });
    for (let i = 0; i < count; i++) {
      const player = `${NAMES[i % NAMES.length]} ${Math.floor(i / NAMES.length) + 1}`;
      await floor.publishAsync(`${base}/register`, JSON.stringify({ id: `reg-${i}`, player }), { qos: 1 });
    }
    const levels = fleetLevels(levelMinutes);
    await floor.publishAsync(`${base}/levels-start`, JSON.stringify({ id: 'levels', levels }), { qos: 1 });
    const until = Date.now() + 10_000;
    while (answers.size < count + 1 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    return [...answers.entries()].filter(([id, ok]) => id.startsWith('reg-') && ok).length;
  } finally {
    await floor.endAsync();
  }
}
