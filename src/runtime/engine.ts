// The engine as the runtime needs it: the pure table, plus a way to save its state and start again from it
// (checkpoints bound the journal, see retention.ts). Built from table.ts's step functions because the public
// `Table` has no save/restore yet (asked of the lead: `Table.save()` and `TableOptions.restore`).
import { deserialize, serialize } from 'node:v8';
import type { Table, TableOptions } from '../domain/api.ts';
import type { Profile } from '../domain/profile.ts';
import { snapshotOf } from '../domain/snapshot-of.ts';
import { STATE_VERSION, type State } from '../domain/state.ts';
import { initialState, nextDeadline, stepChecked } from '../domain/table.ts';
import type { Input } from '../domain/types.ts';
import { validateInput } from '../domain/validate.ts';

export interface DurableTable extends Table {
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
export const DOMAIN_STATE_VERSION = STATE_VERSION;

// The runtime asks `malformed` before it journals an input and then applies that same object: the verdict is kept
// for it, so the hot path validates each input once. Only the last object is remembered, by identity (the runtime
// hands the engine the parsed journal JSON, which nothing changes in between).
let lastChecked: { raw: unknown; checked: Input | string } | null = null;
const check = (raw: unknown): Input | string => {
  if (lastChecked !== null && lastChecked.raw === raw) return lastChecked.checked;
  return validateInput(raw);
};

/** The real engine. The state is plain data with Maps and Sets: V8's structured serialisation keeps all of it,
 * shared references included, exactly. */
export const domainEngine: Engine = {
  version: DOMAIN_STATE_VERSION,
  create(options, saved) {
    const state: State = saved ? (deserialize(saved) as State) : initialState();
    if (!saved && options.seqStart) state.seq = options.seqStart;
    return {
      apply: (raw, line) => {
        const checked = check(raw);
        lastChecked = null;
        return stepChecked(state, options, checked, line);
      },
      nextDeadline: () => nextDeadline(state),
      snapshot: () => snapshotOf(state),
      save: () => serialize(state),
      profile: () => state.setup?.profile ?? null,
    };
  },
  malformed(input) {
    const checked = validateInput(input);
    lastChecked = typeof input === 'object' && input !== null ? { raw: input, checked } : null;
    return typeof checked === 'string' ? checked : null;
  },
};
