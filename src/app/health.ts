// What `GET /health` answers: a small JSON a monitor (or a technician with curl) reads to see that the table is up,
// where its event stream is, and whether MQTT is reaching the room.
import type { MqttBridge } from '../mqtt/bridge.ts';
import type { Runtime } from '../runtime/types.ts';

export interface Health {
  /** ok: journal and MQTT working; degraded: the table plays and journals, but MQTT is not connected. */
  status: 'ok' | 'degraded';
  /** The last event's seq (journaled); `published` is the last one the broker confirmed. */
  seq: number;
  published: number;
  mqtt: 'connected' | 'disconnected';
  hand: number | null;
  phase: string;
  /** Table time (ms). */
  at: number;
  uptimeSeconds: number;
}

export function tableHealth(
  runtime: Pick<Runtime, 'snapshot'>,
  bridge: Pick<MqttBridge, 'connected' | 'confirmed'>,
  startedAt: number,
  now: () => number,
): () => Health {
  return () => {
    const snap = runtime.snapshot();
    const connected = bridge.connected();
    return {
      status: connected ? 'ok' : 'degraded',
      seq: snap.seq,
      published: bridge.confirmed().events,
      mqtt: connected ? 'connected' : 'disconnected',
      hand: snap.hand,
      phase: snap.phase,
      at: now(),
      uptimeSeconds: Math.round((now() - startedAt) / 1000),
    };
  };
}
