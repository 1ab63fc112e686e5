// A restarted room service's replay: every journaled input through a fresh engine, one at a time. A day's journal
// at a few hundred tables holds hundreds of thousands of inputs (about 11 a hand); parsed all at once they took
// about 1 kB of heap each, and every output they caused was kept too, when only those the broker had not
// acknowledged are published again (docs/scaling.md, "Memory").
import type { Room } from '../engine/engine.ts';
import type { RoomOutput } from '../engine/types.ts';

export interface Replayed {
  /** Inputs replayed. */
  inputs: number;
  /** The outputs after `published`, in order: to publish again. */
  pending: RoomOutput[];
  /** The latest input's `at` (0 when none): the clock resumes from it. */
  lastAt: number;
}

/** Applies `inputs` in order, reading the next only once the previous one is applied. */
export function replayInputs(inputs: Iterable<unknown>, room: Pick<Room, 'apply'>, published: number): Replayed {
  const pending: RoomOutput[] = [];
  let count = 0;
  let lastAt = 0;
  for (const input of inputs) {
    count += 1;
    for (const output of room.apply(input)) if (output.seq > published) pending.push(output);
    const at = (input as { at?: unknown }).at;
    if (typeof at === 'number') lastAt = Math.max(lastAt, at);
  }
  return { inputs: count, pending, lastAt };
}
