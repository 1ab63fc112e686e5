// A simulated session (the virtual dealer against the real engine) with every event numbered as a journal would,
// for the hand-history tests.
import { loadProfiles } from '../../src/config/profiles.ts';
import { createTable } from '../../src/domain/table.ts';
import type { TableEvent } from '../../src/domain/types.ts';
import { runSession } from '../../src/sim/index.ts';

const profiles = loadProfiles();

export interface SessionOptions {
  seed: number;
  hands: number;
  game: 'holdem' | 'omaha';
  chips: boolean;
  irregularityRate?: number;
  seats?: number;
  profile?: string;
}

export function simulatedEvents(o: SessionOptions): TableEvent[] {
  const events: TableEvent[] = [];
  let seq = 0;
  const seats = o.seats ?? 9;
  runSession(
    {
      seed: o.seed,
      seats,
      players: seats,
      profile: o.profile ?? 'tda',
      game: o.game,
      chips: o.chips,
      irregularityRate: o.irregularityRate ?? 0,
      startAt: 1_767_000_000_000,
      profiles,
      hands: o.hands,
      onInput: (_input, evs) => {
        for (const e of evs) events.push({ ...e, seq: ++seq } as TableEvent);
      },
    },
    createTable({ profiles }),
  );
  return events;
}
