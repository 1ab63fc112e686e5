// A fleet child process (forked by run.ts): either the room service or a share of the tables. It is told what to
// run in its first IPC message, says `ready` once connected, sends `progress` every second, and on `stop` closes
// down cleanly and sends its `report`.
import pino from 'pino';
import { roomMemory, watchHeapSnapshots, type RoomMemory } from './memory.ts';
import { loadRoomProfiles } from '../room/config/profiles.ts';
import type { RoomConfig } from '../room/config/types.ts';
import { startRoomService } from '../room/service/service.ts';
import { fleetClock, type FleetTime } from './clock.ts';
import type { FleetLevel } from './levels.ts';
import { startFleetTables, type PublishedReport } from './tables.ts';

export type WorkerStart =
  | { role: 'room'; time: FleetTime; config: RoomConfig; seed: number }
  | {
      role: 'tables';
      time: FleetTime;
      ids: string[];
      seats: number;
      broker: string;
      dir: string;
      seed: number;
      hands: number | null;
      levels: FleetLevel[] | null;
      room: string | null;
    };

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'progress'; hands: number; done: number; players: number; rss: number; heap: number; cpuMs: number }
  | { type: 'report'; tables: PublishedReport[]; memory?: RoomMemory }
  | { type: 'failed'; error: string };

const send = (m: WorkerMessage) => process.send?.(m);
/** The last message, then the channel closes once it is written (a big report takes more than one turn). */
const sendLast = (m: WorkerMessage) => process.send?.(m, undefined, {}, () => process.disconnect());
const usage = () => {
  const cpu = process.cpuUsage();
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed, cpuMs: Math.round((cpu.user + cpu.system) / 1000) };
};
const logger = pino({ name: 'pokertable-fleet', level: process.env.FLEET_LOG_LEVEL ?? 'error' }, pino.destination(2));

async function run(start: WorkerStart): Promise<void> {
  const clock = fleetClock(start.time);
  if (start.role === 'room') {
    const service = startRoomService({
      config: start.config,
      profiles: loadRoomProfiles(),
      logger,
      clock,
      seed: start.seed,
    });
    await service.whenConnected();
    watchHeapSnapshots(process.env.FLEET_HEAP_SNAPSHOTS, logger);
    send({ type: 'ready' });
    const timer = setInterval(() => send({ type: 'progress', hands: 0, done: 0, players: 0, ...usage() }), 1000);
    process.once('message', () => {
      clearInterval(timer);
      // Measured before closing: what the service holds after a whole tournament, not after letting go of it.
      const memory = roomMemory(service.journal);
      void service.close().then(() => {
        sendLast({ type: 'report', tables: [], memory });
      });
    });
    return;
  }
  const tables = await startFleetTables({ ...start, clock, logger });
  send({ type: 'ready' });
  const timer = setInterval(() => send({ type: 'progress', ...tables.progress(), ...usage() }), 1000);
  process.once('message', () => {
    clearInterval(timer);
    void tables.stop(60_000).then((reports) => {
      sendLast({ type: 'report', tables: reports });
    });
  });
}

// The fleet's main process went away (killed, Ctrl-C): nothing is left to report to.
process.once('disconnect', () => process.exit(process.exitCode ?? 0));

process.once('message', (start: WorkerStart) => {
  run(start).catch((err: unknown) => {
    process.exitCode = 1;
    sendLast({ type: 'failed', error: String((err as Error).stack ?? err) });
  });
});
