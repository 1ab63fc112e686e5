// The last journaled inputs with the events each produced: what the MQTT bridge needs after a restart to answer a
// retransmitted press as it was answered before (docs/mqtt.md, "Inputs from networked panels").
import type { TableEvent } from '../domain/types.ts';
import type { Store } from '../store/store.ts';

export interface RecentInput {
  input: unknown;
  events: TableEvent[];
}

/** Up to `limit` of the newest inputs, oldest first; events beyond the newest few thousand are left out. */
export function recentInputs(store: Store, limit: number): RecentInput[] {
  const last = store.lastInput();
  if (!last || limit <= 0) return [];
  const rows = store.inputsFrom(Math.max(1, last.id - limit + 1), limit);
  const lastSeq = store.lastSeq();
  const byInput = new Map<number, TableEvent[]>();
  for (const e of store.eventsBetween(Math.max(1, lastSeq - limit * 8), lastSeq)) {
    const list = byInput.get(e.inputId) ?? [];
    list.push(JSON.parse(e.json) as TableEvent);
    byInput.set(e.inputId, list);
  }
  return rows.map((row) => ({ input: JSON.parse(row.json) as unknown, events: byInput.get(row.id) ?? [] }));
}
