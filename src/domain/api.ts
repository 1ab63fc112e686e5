// The engine's face to adapters. The implementation lives in table.ts; this file is the stable shape.
import type { Profile } from './profile/profile.ts';
import type { EngineSnapshot } from './snapshot/types.ts';
import type { EngineEvent } from './types.ts';

/** The format of `Table.save()`'s value: a saved table of another version may not fit today's engine. */
export { STATE_VERSION as SAVED_TABLE_VERSION } from './state.ts';

export interface TableOptions {
  /** Profiles a `setup` command may name, by name (config/rules/*.json, already validated). */
  profiles: Readonly<Record<string, Profile>>;
  /** The enrolled deck: tag uid (lower-case hex) → card. Absent: every `uid` read is an unknown card. */
  deck?: ReadonlyMap<string, string>;
}

declare const savedBrand: unique symbol;
/** A table's whole state as a value of its own (plain data, Maps and Sets): structured-cloneable, so it can be
 * kept with `v8.serialize` or `structuredClone`. Only `createTable(options, saved)` reads it. */
export type SavedTable = { readonly [savedBrand]: 'SavedTable' };

export interface Table {
  /** Handles one input (any JSON value: it is validated here). Never throws; bad input gives `input.rejected`.
   * Timers due at or before the input's `at` fire first. `line` is stamped on `input.rejected` (replay).
   * The events carry `at` (and `hand`), not `seq`: whoever keeps the table's journal numbers them. */
  apply(input: unknown, line?: number): EngineEvent[];
  /** The earliest pending timer deadline (ms), or null. Feed `{type: 'tick', at: deadline}` when it comes. */
  nextDeadline(): number | null;
  /** Public snapshot for `<base>/state` and `<base>/clock` (the caller adds `seq`). */
  snapshot(): EngineSnapshot;
  /** The whole state as it is now, a copy: `createTable(options, saved)` goes on from exactly here. */
  save(): SavedTable;
  /** The profile the table plays, as its last `setup` resolved it; null before any. */
  profile(): Readonly<Profile> | null;
}
