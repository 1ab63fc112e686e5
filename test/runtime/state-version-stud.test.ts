// STATE_VERSION (src/domain/state.ts) names the saved table's shape. The stud games changed it (up cards and the
// seats owed a street's card in a hand, the bring-in in a round, a bring-in caller's reopening, a level without
// blinds), so a checkpoint of domain-state-12 is trusted only as the last resort: while the journal is whole the
// table is rebuilt from it; once the journal before it is pruned, it restores as older shapes do (createTable fills
// what an old save lacks) and the hand plays on.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import pino from 'pino';
import { afterEach, describe, expect, test } from 'vitest';
import { loadProfiles } from '../../src/config/profiles.ts';
import { domainEngine } from '../../src/runtime/engine.ts';
import { recover } from '../../src/runtime/replay.ts';
import { openStore } from '../../src/store/store.ts';
import type { Store } from '../../src/store/types.ts';

const OLD = 'domain-state-12';
const options = { profiles: loadProfiles() };
const logger = pino({ level: 'silent' });
const LEVEL = { ante: 5, bringIn: 10, smallBet: 20, bigBet: 40, minutes: 20 };
const INPUTS = [
  { type: 'command', name: 'setup', seats: 6, profile: 'tda', game: 'stud' },
  ...[1, 2, 3].flatMap((seat) => [
    { type: 'command', name: 'seat-player', seat, player: `P${seat}` },
    { type: 'seat', seat, occupied: true },
  ]),
  { type: 'command', name: 'levels-start', levels: [LEVEL] },
  { type: 'shuffle' },
  ...['2s', '4s', '6s', '3s', '5s', '7s', 'Kd', '3c', 'Qs'].map((card) => ({ type: 'card', card })),
].map((input, i) => ({ at: 1000 * (i + 1), ...input })); // a second apart: the seats' presence holds

const dirs: string[] = [];
const stores: Store[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A journal of INPUTS, and a checkpoint after the last one saved under `version` (`strip`: fields an old save
 * lacked, taken out of the saved hand). */
function journal(version: string, strip: string[] = []): Store {
  const dir = mkdtempSync(join(tmpdir(), 'pt-sv-'));
  dirs.push(dir);
  const store = openStore({ dir });
  stores.push(store);
  const table = domainEngine.create(options);
  let seq = 0;
  let id = 0;
  for (const input of INPUTS) {
    id = store.appendInput(input.at, JSON.stringify(input));
    store.appendEvents(
      id,
      table.apply(input).map((e) => ({ ...e, seq: ++seq })),
    );
  }
  const saved = deserialize(table.save!()) as { hand: Record<string, unknown> };
  for (const key of strip) delete saved.hand[key];
  store.saveCheckpoint({ inputId: id, seq, at: INPUTS.at(-1)!.at, version }, serialize(saved));
  return store;
}

describe('STATE_VERSION after the stud games', () => {
  test('is not the version of the saves before them', () => {
    expect(domainEngine.version).not.toBe(OLD);
  });

  test('a domain-state-12 checkpoint is passed over while the journal is whole: the table is rebuilt', () => {
    const store = journal(OLD);
    const rebuilt = recover(store, domainEngine, options, logger);
    expect(rebuilt).toMatchObject({ from: 0, replayed: INPUTS.length });
    expect(rebuilt.table.apply({ at: 100_000, type: 'panel', button: 'call' })).toMatchObject([
      { type: 'action', seat: 2, action: 'call' },
      { type: 'action.on', seat: 3, street: 'third' },
    ]);
  });

  test('with the journal before it pruned, it restores (up cards filled in when absent) and the hand plays on', () => {
    for (const strip of [[], ['upCards']]) {
      const store = journal(OLD, strip);
      store.pruneInputs(INPUTS.length, Number.MAX_SAFE_INTEGER);
      const restored = recover(store, domainEngine, options, logger);
      expect(restored).toMatchObject({ from: INPUTS.length, replayed: 0 });
      const events = restored.table.apply({ at: 100_000, type: 'panel', button: 'call' });
      expect(events[0]).toMatchObject({ type: 'action', seat: 2, action: 'call' });
    }
  });
});
