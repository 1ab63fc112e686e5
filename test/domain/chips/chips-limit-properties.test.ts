// R-BET-LIMIT as properties (fast-check): through any panel actions, `to`s and chip motions under limit, chips are
// conserved, every bet or raise that stands is the fixed total (or an all-in short of it), the cap is never passed
// with more than two players dealt in, and a refusal is only one the contract names.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  act,
  endRound,
  motion,
  newHand,
  postForced,
  roundOver,
  type BetAction,
  type ChipsRules,
  type ChipsState,
  type Street,
} from '../../../src/domain/chips/index.ts';
import { TDA } from '../../helpers/chips.ts';

const STREETS: Street[] = ['preflop', 'flop', 'turn', 'river'];
const REFUSALS = ['capped', 'fixed-limit', 'exceeds-stack', 'facing-bet', 'amount-required', 'invalid-chips'];

const handArb = fc.record({
  stacks: fc.array(
    fc.integer({ min: 1, max: 60 }).map((n) => n * 50),
    { minLength: 2, maxLength: 7 },
  ),
  smallBet: fc.constantFrom(100, 200),
  rules: fc.constantFrom<ChipsRules>(
    TDA,
    { ...TDA, uncappedHeadsUp: 'hand' },
    { ...TDA, maxRaises: 1 },
    { ...TDA, maxRaises: 4, anteBy: 'each' },
  ),
  choices: fc.array(fc.nat({ max: 1_000_000 }), { minLength: 1, maxLength: 120 }),
});
type Hand = typeof handArb extends fc.Arbitrary<infer T> ? T : never;

const held = (s: ChipsState) => s.seats.reduce((a, x) => a + x.stack + x.total + x.dead, 0);

function nextToAct(s: ChipsState, from: number): number | null {
  if (roundOver(s)) return null;
  const n = s.seats.length;
  for (let k = 1; k <= n; k++) {
    const x = s.seats[(from + k) % n];
    if (x && !x.folded && !x.allIn && (x.actedBet === null || x.bet < s.currentBet)) return (from + k) % n;
  }
  return null;
}

function pick(s: ChipsState, i: number, c: number): BetAction | 'chips' {
  const x = s.seats[i]!;
  switch (c % 8) {
    case 0:
      return { kind: 'fold' };
    case 1:
      return { kind: 'call' };
    case 2:
      return { kind: 'allin' };
    case 3:
      return 'chips';
    case 4:
      return { kind: 'raise' }; // no `to`: the fixed total
    default:
      return { kind: 'raise', to: Math.floor((c / 8) % (x.bet + x.stack + 100)) };
  }
}

function play(h: Hand): void {
  const bigBlind = h.smallBet;
  const start = newHand({
    rules: h.rules,
    betting: 'limit',
    level: { smallBlind: bigBlind / 2, bigBlind, ante: 0, smallBet: h.smallBet, bigBet: 2 * h.smallBet },
    seats: h.stacks.map((stack, i) => ({ seat: i + 1, stack })),
  });
  const total = held(start);
  let s = postForced(start, { smallBlind: 1, bigBlind: 2 }).state;
  let c = 0;
  for (const [round, street] of STREETS.entries()) {
    const increment = round < 2 ? h.smallBet : 2 * h.smallBet;
    let at = nextToAct(s, street === 'preflop' ? 1 % s.seats.length : s.seats.length - 1);
    let steps = 0;
    while (at !== null && steps++ < 200) {
      const x = s.seats[at]!;
      const choice = (h.choices[c++ % h.choices.length] ?? 0) + steps;
      const picked = pick(s, at, choice);
      const live = s.seats.filter((y) => !y.folded).length;
      let r =
        picked === 'chips'
          ? motion(s, { seat: x.seat, added: [50 * (1 + (choice % 6))], removed: [] }, x.seat)
          : act(s, x.seat, live === 1 && picked.kind === 'fold' ? { kind: 'call' } : picked);
      if (!r.ok) {
        expect(REFUSALS).toContain(r.reason);
        r = act(s, x.seat, { kind: 'call' });
      }
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      const before = s;
      for (const e of r.events) {
        if (e.type !== 'bet.placed' || (e.action !== 'bet' && e.action !== 'raise')) continue;
        const fixed = before.limit!.fullBet + increment;
        // the fixed total, or an all-in short of it
        if (e.to !== fixed) {
          expect(e.allIn).toBe(true);
          expect(e.to!).toBeLessThan(fixed);
        }
      }
      s = r.state;
      expect(held(s)).toBe(total);
      if (s.seats.length > 2 && h.rules.uncappedHeadsUp === 'table')
        expect(s.limit!.bets).toBeLessThanOrEqual(1 + h.rules.maxRaises);
      expect(s.limit!.increment).toBe(increment);
      if (s.pendingRaise === x.seat) continue;
      at = nextToAct(s, at);
    }
    const alive = s.seats.filter((y) => !y.folded).length;
    s = endRound(s, street, alive > 1).state;
    expect(held(s)).toBe(total);
    if (alive <= 1) break;
  }
}

describe('R-BET-LIMIT properties (fast-check)', () => {
  test('R-BET-LIMIT: chips conserved, every bet the fixed total or a short all-in, the cap never passed', () => {
    fc.assert(fc.property(handArb, play), { numRuns: 400 });
  });
});
