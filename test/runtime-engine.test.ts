// Checkpoint fidelity of the real engine: saved at any point of a session (mid-hand, clocks running, levels
// going) and restored, it must go on exactly as the engine that never stopped.
import { describe, expect, it } from 'vitest';
import { loadProfiles } from '../src/config/profiles.ts';
import type { TableEvent } from '../src/domain/types.ts';
import { createTable } from '../src/domain/table.ts';
import { domainEngine } from '../src/runtime/engine.ts';
import { session } from './helpers/crash-inputs.ts';

describe('domainEngine checkpoints', () => {
  const profiles = loadProfiles();
  for (const seed of [3, 11, 29]) {
    it(`restores at every input of session ${seed} and continues identically`, () => {
      const inputs = session(profiles, seed, 4);
      const straight = domainEngine.create({ profiles });
      const expected: TableEvent[][] = inputs.map((i) => straight.apply(i));
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

  // engine.ts rebuilds the table from table.ts's step functions (createTable cannot start from a saved state):
  // this keeps the two from drifting apart.
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
