// How fresh the room's picture of each table is, as the service sees the messages go by (docs/room.md, "A stale
// picture"): a table's events are numbered 1, 2, 3 … and its `state` carries the last; a seq beyond the next one means
// events the room never got (a broker outage, a session lost). The engine is told (`{type: "table", stale: seq}`) and
// acts on no seat of that table until a state at least that new. Also: a table's refusal of a room command, read
// from its `cmd/result`.
import { parseObject } from './inbound.ts';
import { sentCommandId } from './topics.ts';

export interface TableViews {
  /** Notes a table's event or state seq; returns the seq a fresh state must reach when events were missed. */
  saw(table: string, seq: unknown): number | null;
}

export function tableViews(): TableViews {
  const last = new Map<string, number>();
  return {
    saw(table, seq) {
      if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 1) return null;
      const before = last.get(table);
      if (before === undefined || seq > before) last.set(table, seq);
      // unknown before (the first message since this process started): the reconnect's own mark covers it
      return before !== undefined && seq > before + 1 ? seq : null;
    },
  };
}

/** A table's answer on `cmd/result` refusing one of this room's commands, as the engine's `answer`; else null. */
export function refusalOf(roomId: string, payload: Buffer): { seq: number; code: string; message?: string } | null {
  const body = parseObject(payload);
  if (typeof body === 'string' || body.ok === true || typeof body.id !== 'string') return null;
  const prefix = sentCommandId(roomId, 0).slice(0, -1);
  if (!body.id.startsWith(prefix)) return null;
  const seq = Number(body.id.slice(prefix.length));
  if (!Number.isSafeInteger(seq) || seq < 1) return null;
  const code = typeof body.code === 'string' ? body.code : 'refused';
  return typeof body.message === 'string' ? { seq, code, message: body.message } : { seq, code };
}
