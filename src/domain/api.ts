// The engine's face to adapters. The implementation lives in table.ts; this file is the stable shape.
import type { Profile } from './profile.ts';
import type { TableSnapshot } from './snapshot.ts';
import type { TableEvent } from './types.ts';

export interface TableOptions {
  /** Profiles a `setup` command may name, by name (config/rules/*.json, already validated). */
  profiles: Readonly<Record<string, Profile>>;
  /** The enrolled deck: tag uid (lower-case hex) → card. Absent: every `uid` read is an unknown card. */
  deck?: ReadonlyMap<string, string>;
  /** Numbering continues after this seq (a journal whose older events were pruned). */
  seqStart?: number;
}

export interface Table {
  /** Handles one input (any JSON value: it is validated here). Never throws; bad input gives `input.rejected`.
   * Timers due at or before the input's `at` fire first. `line` is stamped on `input.rejected` (replay). */
  apply(input: unknown, line?: number): TableEvent[];
  /** The earliest pending timer deadline (ms), or null. Feed `{type: 'tick', at: deadline}` when it comes. */
  nextDeadline(): number | null;
  /** Public snapshot for `<base>/state` and `<base>/clock`. */
  snapshot(): TableSnapshot;
}
