// The room's health, as the table's (src/runtime/health.ts): `degraded` (reason `storage`, with the journal's code,
// `STORAGE_FULL` for a full disk) from the first write the journal refuses until one passes again, retained on
// `room/<id>/health` with the journal's epoch, outside the journal, which cannot take it. While it is down, a tick
// (an input like any other, harmless when nothing is due) is queued every few seconds, so the room finds out by
// itself when there is room again, even when no table or floor is sending anything.
import type { MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import type { TableError } from '../../domain/errors.ts';
import { TableHealth } from '../../runtime/health.ts';
import type { Clock } from '../../runtime/types.ts';

const STORAGE = 'storage';
/** How often a journal that refused a write is tried again (ms, by the clock). */
export const STORAGE_RETRY_MS = 5000;

export interface RoomHealth {
  /** Give this to the journal as `onWritable`. */
  onWritable(problem: TableError | null): void;
  /** From now on the health goes out on `topic` (now, at each change, at each connection), and a down journal is
   * tried again with `probe`. */
  attach(o: { client: MqttClient; topic: string; epoch: string; probe(): void }): void;
  /** Sends the health again (a new connection: the broker may have lost it). */
  connected(): void;
  stop(): void;
}

export function createRoomHealth(clock: Clock, log: Logger): RoomHealth {
  const health = new TableHealth(() => clock.now(), log, 'the room service');
  let out: Parameters<RoomHealth['attach']>[0] | null = null;
  let cancelRetry: (() => void) | null = null;
  let stopped = false;
  const send = () => {
    if (!out?.client.connected) return;
    const payload = JSON.stringify({ ...health.report(), epoch: out.epoch });
    out.client.publish(out.topic, payload, { qos: 1, retain: true });
  };
  const armRetry = () => {
    if (stopped || !out || cancelRetry || !health.has(STORAGE)) return;
    cancelRetry = clock.setTimer(clock.now() + STORAGE_RETRY_MS, () => {
      cancelRetry = null;
      if (!health.has(STORAGE) || stopped) return;
      out?.probe();
      armRetry();
    });
  };
  health.onChange(send);
  return {
    onWritable(problem) {
      if (!problem) {
        cancelRetry?.();
        cancelRetry = null;
        return health.resolved(STORAGE);
      }
      const detail = problem.code === 'STORAGE_FULL' ? 'disk full: the journal cannot be written' : problem.message;
      health.problem(STORAGE, detail, problem.code);
      armRetry();
    },
    attach(o) {
      out = o;
      send();
      armRetry();
    },
    connected: send,
    stop() {
      stopped = true;
      cancelRetry?.();
      cancelRetry = null;
    },
  };
}
