// The ICM chop (src/room/engine/money/icm.ts) against Malmuth-Harville written out plainly: every finishing order of
// the players, its probability the product of stack / stacks left at each place, each player's expected prize the
// sum over the orders. Exact fractions here too (BigInt), so the two must agree to the cent after the same rounding
// rule; and the chop always adds up to the prizes exactly.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { evenChop, icmChop, icmChopExactly, icmExact } from '../../src/room/engine/money/icm.ts';

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a === 0n ? 1n : a;
}

function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  const out: number[][] = [];
  for (const rest of permutations(n - 1))
    for (let i = 0; i <= rest.length; i++) out.push([...rest.slice(0, i), n - 1, ...rest.slice(i)]);
  return out;
}

/** Each player's expected prize, as [numerator, denominator], by enumerating every finishing order. */
function bruteForce(stacks: number[], prizes: number[]): [bigint, bigint][] {
  const ev: [bigint, bigint][] = stacks.map(() => [0n, 1n]);
  for (const order of permutations(stacks.length)) {
    // the probability of this whole order
    let num = 1n;
    let den = 1n;
    let left = stacks.reduce((a, b) => a + b, 0);
    for (const player of order) {
      num *= BigInt(stacks[player]!);
      den *= BigInt(left);
      left -= stacks[player]!;
    }
    order.forEach((player, place) => {
      const prize = BigInt(prizes[place] ?? 0);
      const [n, d] = ev[player]!;
      const [sn, sd] = [n * den + num * prize * d, d * den];
      const g = gcd(sn, sd);
      ev[player] = [sn / g, sd / g];
    });
  }
  return ev;
}

const same = (a: { n: bigint; d: bigint }, b: [bigint, bigint]) => a.n * b[1] === b[0] * a.d;

describe('ICM chop (Malmuth-Harville)', () => {
  test('equals the plain enumeration of every finishing order, 3 to 6 players', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 3, max: 6 })
          .chain((n) =>
            fc.tuple(
              fc.array(fc.integer({ min: 1, max: 2_000_000 }), { minLength: n, maxLength: n }),
              fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: n }),
            ),
          ),
        ([stacks, raw]) => {
          const prizes = [...raw].sort((a, b) => b - a);
          const exact = icmExact(stacks, prizes);
          const plain = bruteForce(stacks, prizes);
          exact.forEach((e, i) => expect(same(e, plain[i]!), `player ${i}`).toBe(true));
          const chop = icmChop(stacks, prizes);
          // the same cents as rounding the exact figures (the fixed-point shortcut changes nothing)
          const exactCents = icmChopExactly(stacks, prizes);
          expect(chop).toEqual(exactCents);
          expect(chop.reduce((a, b) => a + b, 0)).toBe(prizes.reduce((a, b) => a + b, 0));
          // each player's cents are the exact figure rounded down or up by one cent at most
          chop.forEach((c, i) => {
            const [n, d] = plain[i]!;
            expect(BigInt(c) * d >= n - d && BigInt(c) * d <= n + d).toBe(true);
          });
        },
      ),
      { numRuns: 40 },
    );
  });

  test('a worked example: 3 players, stacks 5,000 / 3,000 / 2,000, prizes 50 / 30 / 20', () => {
    // Ann: first 0.5, second 0.3 × 5/7 + 0.2 × 5/8 = 0.3393, third 0.1607: 2500 + 1017.86 + 321.43 = 3839.29;
    // Bob: 0.3, 0.375, 0.325: 3275 exactly; Cat: the rest, 2885.71, takes the leftover cent
    expect(icmChop([5000, 3000, 2000], [5000, 3000, 2000])).toEqual([3839, 3275, 2886]);
    expect(evenChop([5000, 3000, 2000], 10000)).toEqual([3334, 3333, 3333]);
  });

  test('10 players (the most: 1,024 subsets); more are refused', () => {
    const stacks = [90, 80, 70, 60, 50, 40, 30, 20, 10, 5].map((x) => x * 1000);
    const prizes = [30000, 20000, 14000, 10000, 8000, 6000, 5000, 4000, 2000, 1000];
    expect(icmChop(stacks, prizes).reduce((a, b) => a + b, 0)).toBe(100000);
    expect(() => icmChop([...stacks, 1], prizes)).toThrow(/at most 10/);
    // equal stacks: equal shares, the leftover cents to the first given (the exact fractions decide)
    expect(icmChop([100, 100, 100], [1000, 600, 400])).toEqual([667, 667, 666]);
  });
});
