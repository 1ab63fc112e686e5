// Checkpoint fidelity of the real engine: saved at any point of a session (mid-hand, clocks running, levels
// going) and restored, it must go on exactly as the engine that never stopped.
import { describe, expect, it } from 'vitest';
import { loadProfiles } from '../../src/config/profiles.ts';
import type { EngineEvent } from '../../src/domain/types.ts';
import { createTable } from '../../src/domain/table.ts';
import { domainEngine } from '../../src/runtime/engine.ts';
import { session } from '../helpers/crash-inputs.ts';

describe('domainEngine checkpoints', () => {
  const profiles = loadProfiles();
  for (const seed of [3, 11, 29]) {
    it(`restores at every input of session ${seed} and continues identically`, () => {
      const inputs = session(profiles, seed, 4);
      const straight = domainEngine.create({ profiles });
      const expected: EngineEvent[][] = inputs.map((i) => straight.apply(i));
      const saves: Uint8Array[] = [];
      const live = domainEngine.create({ profiles });
      for (const input of inputs) {
        live.apply(input);
        saves.push(live.save!());
      }
      for (let cut = 0; cut < inputs.length - 1; cut++) {
        const restored = domainEngine.create({ profiles }, saves[cut]);
        const rest = inputs.slice(cut + 1).map((i) => restored.apply(i));
        expect(rest, `restored after input ${cut}`).toEqual(expected.slice(cut + 1));
        expect(restored.snapshot()).toEqual(straight.snapshot());
        expect(restored.nextDeadline()).toBe(straight.nextDeadline());
      }
    });
  }

  // engine.ts goes through the domain's public API only: createTable and Table.save().
  it('is the same engine as createTable', () => {
    for (const seed of [5, 17]) {
      const inputs = session(profiles, seed, 4);
      const a = createTable({ profiles });
      const b = domainEngine.create({ profiles });
      for (const input of inputs) expect(b.apply(input)).toEqual(a.apply(input));
      expect(b.snapshot()).toEqual(a.snapshot());
      expect(b.nextDeadline()).toBe(a.nextDeadline());
    }
  });
});

describe('createTable(options, saved) and Table.save()', () => {
  const profiles = loadProfiles();

  it('goes on from a saved table exactly as the table that never stopped, without seq', () => {
    const inputs = session(profiles, 7, 3);
    const straight = createTable({ profiles });
    const cut = Math.floor(inputs.length / 2);
    inputs.slice(0, cut).forEach((i) => straight.apply(i));
    const saved = straight.save();
    const restored = createTable({ profiles }, saved);
    expect(restored.snapshot()).toEqual(straight.snapshot());
    expect(restored.profile()).toEqual(straight.profile());
    for (const input of inputs.slice(cut)) {
      const events = restored.apply(input);
      expect(events).toEqual(straight.apply(input));
      for (const e of events) expect(Object.keys(e)).not.toContain('seq');
    }
  });

  it('saves a copy: the saved value neither follows the table nor is shared by the tables started from it', () => {
    const inputs = session(profiles, 13, 2);
    const table = createTable({ profiles });
    inputs.slice(0, 20).forEach((i) => table.apply(i));
    const saved = table.save();
    const frozen = createTable({ profiles }, saved).snapshot();
    inputs.slice(20).forEach((i) => table.apply(i)); // the table moves on after save()
    const one = createTable({ profiles }, saved);
    const two = createTable({ profiles }, saved);
    expect(one.snapshot()).toEqual(frozen);
    for (const input of inputs.slice(20, 40)) one.apply(input); // one moves; two must not
    expect(two.snapshot()).toEqual(frozen);
  });
});
