// A small in-memory Runtime for MQTT tests that are about the wire, not the rules: an injected function plays the
// engine, the outbox is an array. Integration tests with the real runtime and engine live beside these.
import type { TableSnapshot } from '../../src/domain/snapshot/types.ts';
import type { EventBody, TableEvent } from '../../src/domain/types.ts';
import type { Outbox, RawInput, Runtime } from '../../src/runtime/types.ts';
import { tableSnap } from './snapshot.ts';

export type FakeEngine = (input: RawInput & { at: number }) => EventBody[];

export interface FakeRuntime extends Runtime {
  inputs: (RawInput & { at: number })[];
  events: TableEvent[];
  state: Partial<TableSnapshot>;
}

export function fakeRuntime(engine: FakeEngine = defaultEngine, now: () => number = Date.now): FakeRuntime {
  const events: TableEvent[] = [];
  const inputs: (RawInput & { at: number })[] = [];
  const cursors = new Map<string, number>();
  const listeners = new Set<(events: readonly TableEvent[]) => void>();
  const state: Partial<TableSnapshot> = {};
  const outbox: Outbox = {
    read: (after, limit) => events.filter((e) => e.seq > after).slice(0, limit),
    cursor: (sink) => cursors.get(sink) ?? 0,
    ack: (sink, seq) => void cursors.set(sink, seq),
    lastSeq: () => events.length,
  };
  return {
    inputs,
    events,
    state,
    outbox,
    submit(raw) {
      const input = { ...raw, at: raw.at ?? now() };
      inputs.push(input);
      const batch = engine(input).map(
        (body, i) => ({ ...body, seq: events.length + 1 + i, at: input.at }) as TableEvent,
      );
      events.push(...batch);
      if (batch.length > 0) for (const l of listeners) l(batch);
      return batch;
    },
    onEvents(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot: () =>
      tableSnap({ at: events[events.length - 1]?.at ?? 0, seq: events.length, seats: 9, seatInfo: [], ...state }),
    close: () => undefined,
  };
}

/** Cards go to seat 1 (hole cards: secret), commands are echoed, `levels-pause` is refused, devices report. */
export const defaultEngine: FakeEngine = (input) => {
  switch (input.type) {
    case 'card':
      return [{ type: 'card.dealt', card: String(input.card), to: 'seat', seat: 1, street: 'preflop', position: 1 }];
    case 'command':
      if (input.name === 'levels-pause')
        return [{ type: 'request.rejected', request: 'levels-pause', reason: 'no-levels' }];
      if (input.name === 'seat-player') {
        return [{ type: 'player.seated', seat: Number(input.seat), player: String(input.player) }];
      }
      return [{ type: 'table.ready', seats: 9, profile: String(input.name) }];
    case 'device':
      return [
        {
          type: input.online ? 'device.online' : 'device.offline',
          device: String(input.device),
          detail: String(input.detail),
        },
      ];
    case 'panel':
      return [{ type: 'action', seat: 1, action: 'check', by: 'panel' }];
    case 'tick':
      return [];
    default:
      return [{ type: 'input.rejected', reason: `fake engine: ${input.type}` }];
  }
};
