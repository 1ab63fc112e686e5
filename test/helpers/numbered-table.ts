// A domain table with its events numbered as the runtime numbers them (from 1, no journal): for tests that drive
// the engine directly and hand its events to something that takes published events (outputs, secrecy, schemas).
import type { Table } from '../../src/domain/api.ts';
import type { TableSnapshot } from '../../src/domain/snapshot/types.ts';
import type { EngineEvent, TableEvent } from '../../src/domain/types.ts';
import { numberEvents } from '../../src/runtime/numbering.ts';

export interface NumberedTable {
  apply(input: unknown, line?: number): TableEvent[];
  snapshot(): TableSnapshot;
  nextDeadline(): number | null;
}

export function numberedTable(table: Table): NumberedTable {
  let last = 0;
  return {
    apply(input, line) {
      const events = numberEvents(table.apply(input, line), last);
      last += events.length;
      return events;
    },
    snapshot: () => ({ ...table.snapshot(), seq: last }),
    nextDeadline: () => table.nextDeadline(),
  };
}

/** Numbers events collected in one list (a session's `onInput`), continuing from what the list holds. */
export function pushNumbered(list: TableEvent[], events: readonly EngineEvent[]): void {
  list.push(...numberEvents(events, list.length));
}
