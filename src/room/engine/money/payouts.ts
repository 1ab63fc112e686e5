// How the prize pool is cut into prizes (docs/room-money.md, "Payouts"). Integers only: a prize is
// floor(pool × weight / total weight) computed in BigInt, and the cents the floors leave over go one each to the best
// places first, so the prizes add up to the pool exactly and no place pays more than a better one.
import type { PayoutRule } from './types.ts';

/** The standard rule pays 15 % of the field, rounded up (one place up to 6 entries, two up to 13, …). */
export function standardPlaces(entries: number): number {
  return Math.max(1, Math.ceil((entries * 15) / 100));
}

/** Integer square root (floor), exact for any safe integer. */
function isqrt(n: number): number {
  let x = Math.floor(Math.sqrt(n));
  while (x * x > n) x -= 1;
  while ((x + 1) * (x + 1) <= n) x += 1;
  return x;
}

/** The standard weights: place i (from 1) weighs about 10^9 / (i + 1)^1.5, whole numbers: 3 places pay
 * 53/29/19 %, 10 places 28/15/10/…, 135 places (900 entries) 25 % to the winner. */
export function standardWeights(places: number): number[] {
  return Array.from({ length: places }, (_, i) => {
    const k = i + 2;
    return Math.floor(1e12 / (k * isqrt(k * 1e6)));
  });
}

/** The weights of the paid places, best first, for a number of entries. */
export function payoutWeights(rule: PayoutRule, entries: number): number[] {
  if ('places' in rule) return rule.places;
  if ('byEntries' in rule) {
    const row = rule.byEntries.find((r) => entries <= r.upTo) ?? rule.byEntries[rule.byEntries.length - 1]!;
    return row.places;
  }
  return standardWeights(standardPlaces(entries));
}

/** Cuts `total` cents by integer weights: floors, then the leftover cents one each from the first. Exact. */
export function cut(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const sum = BigInt(weights.reduce((a, b) => a + b, 0));
  const big = BigInt(total);
  const parts = weights.map((w) => Number((big * BigInt(w)) / sum));
  let left = total - parts.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0; i = (i + 1) % parts.length, left--) parts[i]! += 1;
  return parts;
}

/** The prizes of the paid places (best first) for a pool: at most `cap` places (the players who can still finish
 * in them), the weights of the places kept. */
export function prizesFor(rule: PayoutRule, entries: number, pool: number, cap = Infinity): number[] {
  const weights = payoutWeights(rule, entries);
  return cut(pool, weights.slice(0, Math.max(1, Math.min(weights.length, cap))));
}
