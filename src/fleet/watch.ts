// The room-wide subscriber: every table's public events (`<tableBase>/+/events`, never `secure/`) and the room's
// places. Per table it records which seqs arrived, how many arrived after a higher one (out of order) and twice
// (QoS 1 redelivery), and the wall-clock moment each arrived; the latency is that minus the moment the table published
// it (the tables' processes note it, tables.ts). Not the event's `at`: a timer's events carry its deadline, which a busy
// process fires late.
import mqtt, { type MqttClient } from 'mqtt';
import { wallNow } from './clock.ts';
import type { PublishedReport } from './tables.ts';

interface TableSeen {
  /** The wall-clock time each seq first arrived (0: not yet). */
  got: Float64Array;
  max: number;
  outOfOrder: number;
  duplicates: number;
}

export interface Place {
  player: string;
  place: number;
  /** When the room gave it: players out at the same time share a block of places. */
  at: number;
}

export interface Verdict {
  events: number;
  lost: number;
  outOfOrder: number;
  duplicates: number;
  /** Publish → receipt, ms: the 99th percentile over the events that have both times. */
  p99: number;
}

export interface Watch {
  readonly places: Place[];
  /** The room's moves by reason (draw, balance, break). */
  readonly moves: Record<string, number>;
  /** Hands started by game (hand.started's `game`: a mixed structure's rotation, R-GAME-MIXED). */
  readonly games: Record<string, number>;
  received(): number;
  /** Checks the receipts against what the tables say they published. */
  verdict(published: readonly Published[]): Verdict;
  close(): Promise<void>;
}

/** What a table published: seqs 1..last but the hidden ones, and when (wall clock, by seq) each was. */
export type Published = Pick<PublishedReport, 'table' | 'last' | 'hidden'> & { emitted?: Float64Array };

/** What arrived, table by table, against what the tables published. Pure: the watcher feeds it. */
export interface Ledger {
  record(table: string, seq: number, wallMs: number): void;
  received(): number;
  verdict(published: readonly Published[]): Verdict;
}

export function createLedger(): Ledger {
  const tables = new Map<string, TableSeen>();
  let received = 0;
  return {
    record(table, seq, wallMs) {
      received += 1;
      let seen = tables.get(table);
      if (!seen) tables.set(table, (seen = { got: new Float64Array(1024), max: 0, outOfOrder: 0, duplicates: 0 }));
      if (seq >= seen.got.length) {
        const bigger = new Float64Array(Math.max(seq + 1, seen.got.length * 2));
        bigger.set(seen.got);
        seen.got = bigger;
      }
      if (seen.got[seq]) seen.duplicates += 1;
      else {
        if (seq < seen.max) seen.outOfOrder += 1;
        seen.got[seq] = wallMs;
      }
      seen.max = Math.max(seen.max, seq);
    },
    received: () => received,
    verdict(published) {
      let lost = 0;
      let events = 0;
      let outOfOrder = 0;
      let duplicates = 0;
      const latencies: number[] = [];
      for (const r of published) {
        const seen = tables.get(r.table);
        const hidden = new Set(r.hidden);
        for (let seq = 1; seq <= r.last; seq++) {
          if (hidden.has(seq)) continue;
          events += 1;
          const at = seen && seq < seen.got.length ? seen.got[seq]! : 0;
          if (at === 0) lost += 1;
          else if (r.emitted && r.emitted[seq]) latencies.push(at - r.emitted[seq]!);
        }
        outOfOrder += seen?.outOfOrder ?? 0;
        duplicates += seen?.duplicates ?? 0;
      }
      const sorted = Float64Array.from(latencies).sort();
      const p99 = sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]!;
      return { events, lost, outOfOrder, duplicates, p99 };
    },
  };
}

export async function startWatch(options: {
  url: string;
  tableBase: string;
  roomTopic: string;
  clientId: string;
}): Promise<Watch> {
  const ledger = createLedger();
  const places: Place[] = [];
  const moves: Record<string, number> = {};
  const games: Record<string, number> = {};
  const client: MqttClient = await mqtt.connectAsync(options.url, {
    clientId: options.clientId,
    // A persistent session: if the broker drops the watcher (a keepalive missed while it is swamped), what comes
    // meanwhile waits for it instead of being lost to the count.
    clean: false,
    reconnectPeriod: 1000,
  });
  const prefix = `${options.tableBase}/`;
  client.on('message', (topic, payload) => {
    const now = wallNow();
    if (topic === `${options.roomTopic}/places`) {
      const p = JSON.parse(payload.toString()) as Place;
      places.push(p);
      return;
    }
    if (topic === `${options.roomTopic}/moves`) {
      const { reason } = JSON.parse(payload.toString()) as { reason: string };
      moves[reason] = (moves[reason] ?? 0) + 1;
      return;
    }
    const table = topic.slice(prefix.length, topic.length - '/events'.length);
    const e = JSON.parse(payload.toString()) as { seq: number; type?: string; game?: string };
    ledger.record(table, e.seq, now);
    if (e.type === 'hand.started' && e.game) games[e.game] = (games[e.game] ?? 0) + 1;
  });
  await client.subscribeAsync([`${prefix}+/events`, `${options.roomTopic}/places`, `${options.roomTopic}/moves`], {
    qos: 1,
  });
  return {
    places,
    moves,
    games,
    received: ledger.received,
    verdict: ledger.verdict,
    close: () => client.endAsync(),
  };
}
