// Chops of the prizes left at a final table (docs/room-money.md, "Deals"): the ICM chop by Malmuth-Harville, exact,
// and the even chop. Malmuth-Harville: a player finishes first with probability stack / all stacks, and the next
// place goes the same way among those left. Computed over the subsets of players already placed (2^n subsets, not n!
// orders), then rounded to cents: floors, and the leftover cents one each to the largest fractions (ties: the bigger
// stack, then the order given), so the chop adds up to the prizes exactly.
// Exact fractions grow with every distinct stack sum (10 players of distinct stacks: seconds), so the chop is first
// worked in BigInt fixed point (2^128 per cent; the error is far below 2^80 of them), and the exact fractions are
// used only when a fraction of a cent lies within 2^80 of a rounding decision (equal stacks, whose exact sums stay
// small): the cents are those of the exact computation either way.

import { TableError } from '../../../domain/errors.ts';

export const MAX_ICM_PLAYERS = 10;

interface Fraction {
  n: bigint;
  d: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
}

function add(a: Fraction, b: Fraction): Fraction {
  const n = a.n * b.d + b.n * a.d;
  const d = a.d * b.d;
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
}

function mul(a: Fraction, n: bigint, d: bigint): Fraction {
  const g = gcd(a.n * n, a.d * d) || 1n;
  return { n: (a.n * n) / g, d: (a.d * d) / g };
}

/** Each player's expected prize as an exact fraction of cents. `prizes[k]`: place k + 1 (missing places pay 0). */
export function icmExact(stacks: readonly number[], prizes: readonly number[]): Fraction[] {
  const n = stacks.length;
  if (n > MAX_ICM_PLAYERS)
    throw new TableError('INPUT_INVALID', `an ICM chop is for at most ${MAX_ICM_PLAYERS} players`);
  const s = stacks.map(BigInt);
  const total = s.reduce((a, b) => a + b, 0n);
  const p: Fraction[] = new Array<Fraction>(1 << n);
  const sums: bigint[] = new Array<bigint>(1 << n).fill(0n);
  const ev: Fraction[] = stacks.map(() => ({ n: 0n, d: 1n }));
  p[0] = { n: 1n, d: 1n };
  for (let set = 0; set < 1 << n; set++) {
    if (set > 0) {
      const low = set & -set;
      sums[set] = sums[set ^ low]! + s[31 - Math.clz32(low)]!;
      let acc: Fraction = { n: 0n, d: 1n };
      for (let j = 0; j < n; j++) {
        if (!(set & (1 << j))) continue;
        const before = set ^ (1 << j);
        acc = add(acc, mul(p[before]!, s[j]!, total - sums[before]!));
      }
      p[set] = acc;
    }
    const placed = popcount(set);
    const prize = BigInt(prizes[placed] ?? 0);
    if (placed >= n || prize === 0n || p[set]!.n === 0n) continue;
    for (let i = 0; i < n; i++)
      if (!(set & (1 << i))) ev[i] = add(ev[i]!, mul(p[set]!, s[i]! * prize, total - sums[set]!));
  }
  return ev;
}

function popcount(x: number): number {
  let c = 0;
  for (; x; x &= x - 1) c++;
  return c;
}

/** Rounds exact shares to cents that add up to `total`: floors, then one cent each to the largest fractions. */
function toCents(shares: Fraction[], stacks: readonly number[], total: number): number[] {
  const floors = shares.map((f) => f.n / f.d);
  const cents = floors.map(Number);
  let left = total - cents.reduce((a, b) => a + b, 0);
  const order = shares
    .map((f, i) => ({ i, rest: { n: f.n - floors[i]! * f.d, d: f.d } }))
    .sort((a, b) => {
      const diff = b.rest.n * a.rest.d - a.rest.n * b.rest.d;
      if (diff !== 0n) return diff > 0n ? 1 : -1;
      return stacks[b.i]! - stacks[a.i]! || a.i - b.i;
    });
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) cents[order[k]!.i]! += 1;
  return cents;
}

const SCALE = 1n << 128n;
const MARGIN = 1n << 80n;

/** Each player's expected prize in cents × 2^128, rounded down at every step. */
function icmFixed(stacks: readonly number[], prizes: readonly number[]): bigint[] {
  const n = stacks.length;
  const s = stacks.map(BigInt);
  const total = s.reduce((a, b) => a + b, 0n);
  const p: bigint[] = new Array<bigint>(1 << n).fill(0n);
  const sums: bigint[] = new Array<bigint>(1 << n).fill(0n);
  const ev: bigint[] = stacks.map(() => 0n);
  p[0] = SCALE;
  for (let set = 0; set < 1 << n; set++) {
    if (set > 0) {
      const low = set & -set;
      sums[set] = sums[set ^ low]! + s[31 - Math.clz32(low)]!;
      let acc = 0n;
      for (let j = 0; j < n; j++) {
        if (!(set & (1 << j))) continue;
        const before = set ^ (1 << j);
        acc += (p[before]! * s[j]!) / (total - sums[before]!);
      }
      p[set] = acc;
    }
    const placed = popcount(set);
    const prize = BigInt(prizes[placed] ?? 0);
    if (placed >= n || prize === 0n) continue;
    for (let i = 0; i < n; i++) if (!(set & (1 << i))) ev[i]! += (p[set]! * s[i]! * prize) / (total - sums[set]!);
  }
  return ev;
}

/** The fixed-point figures decide the cents unless a fraction is near 0, near a whole cent, or near another one. */
function decisive(ev: readonly bigint[]): boolean {
  const rests = ev.map((x) => x % SCALE);
  if (rests.some((r) => r < MARGIN || r > SCALE - MARGIN)) return false;
  for (let i = 0; i < rests.length; i++)
    for (let j = i + 1; j < rests.length; j++) {
      const d = rests[i]! - rests[j]!;
      if (d < MARGIN && d > -MARGIN) return false;
    }
  return true;
}

/** The ICM chop in cents: adds up to the sum of `prizes` (the places the players left can finish in). */
export function icmChop(stacks: readonly number[], prizes: readonly number[]): number[] {
  if (stacks.length > MAX_ICM_PLAYERS)
    throw new TableError('INPUT_INVALID', `an ICM chop is for at most ${MAX_ICM_PLAYERS} players`);
  const total = prizes.slice(0, stacks.length).reduce((a, b) => a + b, 0);
  const fixed = icmFixed(stacks, prizes);
  const shares = decisive(fixed) ? fixed.map((x) => ({ n: x, d: SCALE })) : icmExact(stacks, prizes);
  return toCents(shares, stacks, total);
}

/** The ICM chop from the exact fractions alone (slow for many distinct stacks; for tests and checks). */
export function icmChopExactly(stacks: readonly number[], prizes: readonly number[]): number[] {
  const total = prizes.slice(0, stacks.length).reduce((a, b) => a + b, 0);
  return toCents(icmExact(stacks, prizes), stacks, total);
}

/** The even chop in cents: the prizes left shared equally, the leftover cents to the biggest stacks first. */
export function evenChop(stacks: readonly number[], total: number): number[] {
  const n = stacks.length;
  const shares = stacks.map(() => ({ n: BigInt(total), d: BigInt(n) }));
  return toCents(shares, stacks, total);
}
