// Plays N hands of the virtual table against a real engine in virtual time: the inputs (and the ticks that let the
// table's timers fire on time) go in, in time order, and every batch of events goes back to the virtual table.
// The applied inputs, ticks included, are a replay file: replaying them gives the same events.
import type { Table } from '../domain/api.ts';
import type { Input, EngineEvent } from '../domain/types.ts';
import { createVirtualTable, type VirtualTable, type VirtualTableOptions } from './virtual-table.ts';

export interface SessionOptions extends VirtualTableOptions {
  /** Stop after this many `hand.ended` events (misdeals count: each is a hand number). */
  hands: number;
  /** Called with each input as it is applied, and its events (e.g. to stream a JSONL file). */
  onInput?: (input: Input, events: readonly EngineEvent[]) => void;
  /** Keep the inputs in the result (default true; a long bench session streams them instead). */
  keepInputs?: boolean;
}

export interface SessionResult {
  inputs: Input[];
  inputCount: number;
  hands: number;
  events: number;
  /** Events by type. */
  counts: Record<string, number>;
  /** Every `input.rejected` and `request.rejected`: the virtual dealer should cause none. */
  rejected: EngineEvent[];
}

/** A guard against a dealer that loops without ending hands. */
const MAX_INPUTS_PER_HAND = 2000;

export function runSession(
  options: SessionOptions,
  table: Table,
  virtual: VirtualTable = createVirtualTable(options),
): SessionResult {
  const keep = options.keepInputs ?? true;
  const result: SessionResult = { inputs: [], inputCount: 0, hands: 0, events: 0, counts: {}, rejected: [] };
  // Pending inputs in time order; equal times keep the order they were produced in.
  const queue: Input[] = [];
  const enqueue = (inputs: readonly Input[]): void => {
    for (const input of inputs) {
      let i = queue.length;
      while (i > 0 && queue[i - 1]!.at > input.at) i--;
      queue.splice(i, 0, input);
    }
  };
  const limit = Math.max(1, options.hands) * MAX_INPUTS_PER_HAND + 1000;
  let recent: EngineEvent[] = [];

  enqueue(virtual.start());
  while (result.hands < options.hands) {
    const deadline = table.nextDeadline();
    const next = queue[0];
    let input: Input;
    if (deadline !== null && (next === undefined || deadline <= next.at)) input = { type: 'tick', at: deadline };
    else if (next !== undefined) input = queue.shift()!;
    else {
      const tail = recent.map((e) => JSON.stringify(e)).join('\n');
      throw new Error(
        `virtual table stuck after ${result.inputCount} inputs and ${result.hands} hands; last events:\n${tail}`,
      );
    }
    const events = table.apply(input);
    result.inputCount += 1;
    if (keep) result.inputs.push(input);
    options.onInput?.(input, events);
    for (const e of events) {
      result.events += 1;
      result.counts[e.type] = (result.counts[e.type] ?? 0) + 1;
      if (e.type === 'hand.ended') result.hands += 1;
      if (e.type === 'input.rejected' || e.type === 'request.rejected') result.rejected.push(e);
    }
    if (events.length > 0) recent = events;
    if (result.inputCount > limit)
      throw new Error(`virtual table: ${result.inputCount} inputs for ${result.hands} hands; giving up`);
    enqueue(virtual.react(events));
  }
  return result;
}
