// The room's random draws (R-ROOM-DRAW, R-ROOM-BREAK, `random` balancing) come from this small seeded generator
// (mulberry32), whose whole state is one 32-bit number kept in the room's state: the same seed and inputs give the
// same draws, in a replay as after a restart.

/** The next generator state and a number in [0, 1). */
function next(state: number): [number, number] {
  const s = (state + 0x6d2b79f5) >>> 0;
  let t = s;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return [s, ((t ^ (t >>> 14)) >>> 0) / 4294967296];
}

export interface Rng {
  state: number;
}

/** A whole number from 0 to n - 1, each equally likely; advances the generator. */
export function drawIndex(rng: Rng, n: number): number {
  const [s, u] = next(rng.state);
  rng.state = s;
  return Math.floor(u * n);
}

/** One element drawn uniformly. */
export function drawOne<T>(rng: Rng, items: readonly T[]): T {
  return items[drawIndex(rng, items.length)]!;
}
