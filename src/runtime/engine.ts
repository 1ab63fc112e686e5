// The engine as the runtime needs it: the pure table, plus its saved state as bytes for checkpoints (retention.ts).
// Everything goes through the domain's public API (src/domain/api.ts): createTable(options, saved) and
// Table.save(). The runtime numbers the events (numbering.ts); the engine gives them without `seq`.
import { deserialize, serialize } from 'node:v8';
import { SAVED_TABLE_VERSION, type SavedTable, type Table, type TableOptions } from '../domain/api.ts';
import type { Profile } from '../domain/profile/profile.ts';
import { createTable } from '../domain/table.ts';
import { validateInput } from '../domain/validate/validate.ts';

export interface DurableTable extends Omit<Table, 'save' | 'profile'> {
  /** The whole state, as bytes that `Engine.create(options, saved)` restores. Absent: no checkpoints. */
  save?(): Uint8Array;
  /** The profile the table plays, as its last `setup` resolved it; null before any. */
  profile?(): Readonly<Profile> | null;
}

export interface Engine {
  /** The state format: a checkpoint saved under another version is only used when the journal cannot replace it. */
  version: string;
  create(options: TableOptions, saved?: Uint8Array): DurableTable;
  /** Why the engine would refuse this input as malformed (it would answer only `input.rejected`), or null. The
   * runtime asks before journaling, so that refused garbage never reaches the journal. */
  malformed?(input: unknown): string | null;
}

/** Owned by the domain: src/domain/state.ts bumps it when State changes shape. */
export const DOMAIN_STATE_VERSION = SAVED_TABLE_VERSION;

/** The real engine. `Table.save()` is plain data with Maps and Sets: V8's structured serialisation keeps all of
 * it, shared references included, exactly. */
export const domainEngine: Engine = {
  version: DOMAIN_STATE_VERSION,
  create(options, saved) {
    const table = createTable(options, saved ? (deserialize(saved) as SavedTable) : undefined);
    return {
      apply: table.apply,
      nextDeadline: table.nextDeadline,
      snapshot: table.snapshot,
      save: () => serialize(table.save()),
      profile: table.profile,
    };
  },
  malformed(input) {
    const checked = validateInput(input);
    return typeof checked === 'string' ? checked : null;
  },
};
