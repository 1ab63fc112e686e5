import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  act,
  award,
  killHand,
  endRound,
  misdeal,
  motion,
  newHand,
  postForced,
  roundOver,
  type AwardedPot,
  type BetAction,
  type ChipsEvent,
  type ChipsRules,
  type ChipsState,
  type Street,
} from '../../../src/domain/chips/index.ts';
import { reopened } from '../../../src/domain/chips/state.ts';
import { CLUB, TDA } from '../../helpers/chips.ts';

const CHIPS = [25, 100, 500, 1000];
const STREETS: Street[] = ['preflop', 'flop', 'turn', 'river'];

const handArb = fc.record({
  stacks: fc.array(
    fc.integer({ min: 1, max: 40 }).map((n) => n * 25),
    { minLength: 2, maxLength: 7 },
  ),
  bigBlind: fc.constantFrom(50, 100, 200),
  ante: fc.constantFrom(0, 25, 100),
  rules: fc.constantFrom<ChipsRules>(TDA, CLUB, { ...TDA, anteBy: 'each' }, { ...CLUB, denominations: CHIPS }),
  betting: fc.constantFrom<'no-limit' | 'pot-limit'>('no-limit', 'pot-limit'),
  choices: fc.array(fc.nat({ max: 1_000_000 }), { minLength: 1, maxLength: 120 }),
  misdealAt: fc.option(fc.nat({ max: 60 }), { nil: undefined }),
  ranking: fc.array(fc.nat({ max: 3 }), { minLength: 7, maxLength: 7 }),
  // Hands made dead outside a chips action (absent, penalty, clock) at a step; `every`: all of them, none live.
  kill: fc.option(
    fc.record({
      at: fc.nat({ max: 20 }),
      every: fc.boolean(),
      seats: fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
    }),
    { nil: undefined },
  ),
});
type Hand = typeof handArb extends fc.Arbitrary<infer T> ? T : never;

const heldChips = (s: ChipsState) => s.seats.reduce((a, x) => a + x.stack + x.total + x.dead, 0);
const startChips = (s: ChipsState) => s.seats.reduce((a, x) => a + x.stackAtStart, 0);

/** The next seat to act after `from` in dealing order, or null when the round is over. */
function nextToAct(s: ChipsState, fromIndex: number): number | null {
  if (roundOver(s)) return null;
  const n = s.seats.length;
  for (let k = 1; k <= n; k++) {
    const x = s.seats[(fromIndex + k) % n];
    if (x && !x.folded && !x.allIn && (x.actedBet === null || x.bet < s.currentBet)) return (fromIndex + k) % n;
  }
  return null;
}

function pickAction(s: ChipsState, i: number, c: number): BetAction | 'chips' {
  const x = s.seats[i];
  const top = (x?.bet ?? 0) + (x?.stack ?? 0);
  switch (c % 7) {
    case 0:
      return { kind: 'fold' };
    case 1:
      return { kind: 'check' };
    case 2:
      return { kind: 'call' };
    case 3:
      return { kind: 'allin' };
    case 4:
      return 'chips';
    default:
      return { kind: 'raise', to: Math.floor((c / 7) % (top + 50)) };
  }
}

/** R-BET-MINIMUM, R-BET-ALLIN, R-BET-REOPEN: every raise that stands is a full one, or a short all-in, from a seat
 * that may raise. */
function legalBets(before: ChipsState, events: ChipsEvent[]) {
  for (const e of events) {
    if (e.type !== 'bet.placed' || (e.action !== 'bet' && e.action !== 'raise')) continue;
    const x = before.seats.find((y) => y.seat === e.seat);
    expect(x && reopened(before, x)).toBe(true);
    const increment = (e.to ?? 0) - before.currentBet;
    expect(increment).toBeGreaterThan(0);
    if (e.short) expect(e.allIn).toBe(true);
    else expect(increment).toBeGreaterThanOrEqual(before.currentBet === 0 ? before.level.bigBlind : before.minRaise);
  }
}

/** Plays a whole hand from the choices; checks conservation after every step. Returns the events and pots. */
function playHand(h: Hand): { events: ChipsEvent[]; awarded: AwardedPot[]; final: ChipsState; folded: Set<number> } {
  const start = newHand({
    rules: h.rules,
    betting: h.betting,
    level: { smallBlind: h.bigBlind / 2, bigBlind: h.bigBlind, ante: h.ante },
    seats: h.stacks.map((stack, i) => ({ seat: i + 1, stack })),
  });
  const total = startChips(start);
  const forced = postForced(start, { smallBlind: 1, bigBlind: 2 });
  let s = forced.state;
  const events = [...forced.events];
  const check = () => {
    expect(heldChips(s)).toBe(total);
    for (const x of s.seats) expect(x.stack).toBeGreaterThanOrEqual(0);
  };
  check();
  let step = 0;
  let c = 0;
  for (const street of STREETS) {
    let at = nextToAct(s, street === 'preflop' ? 1 % s.seats.length : s.seats.length - 1);
    while (at !== null && step < 300) {
      step++;
      if (h.misdealAt === step) {
        const back = misdeal(s);
        s = back.state;
        check();
        for (const x of s.seats) expect(x.stack).toBe(x.stackAtStart);
        return { events: [...events, ...back.events], awarded: [], final: s, folded: new Set() };
      }
      if (h.kill?.at === step) {
        const kill = h.kill;
        s.seats.forEach((x, i) => {
          if (kill.every || kill.seats[i]) s = killHand(s, x.seat);
        });
        check();
        at = nextToAct(s, at);
        if (at === null) break;
      }
      const seat = s.seats[at]?.seat ?? 0;
      const choice = h.choices[c++ % h.choices.length] ?? 0;
      const picked = pickAction(s, at, choice + step);
      const live = s.seats.filter((x) => !x.folded).length;
      let r =
        picked === 'chips'
          ? motion(s, { seat, added: CHIPS.slice(0, 1 + (choice % 4)), removed: [] }, seat)
          : act(s, seat, live === 1 && picked.kind === 'fold' ? { kind: 'call' } : picked);
      if (!r.ok) r = act(s, seat, s.currentBet > (s.seats[at]?.bet ?? 0) ? { kind: 'call' } : { kind: 'check' });
      expect(r.ok).toBe(true);
      if (!r.ok) break;
      legalBets(s, r.events);
      s = r.state;
      events.push(...r.events);
      check();
      if (s.pendingRaise === seat) continue;
      at = nextToAct(s, at);
    }
    const liveSeats = s.seats.filter((x) => !x.folded);
    const end = endRound(s, street, liveSeats.length > 1);
    s = end.state;
    events.push(...end.events);
    check();
    if (liveSeats.length <= 1) break;
  }
  const folded = new Set(s.seats.filter((x) => x.folded).map((x) => x.seat));
  // A ranking of the live seats in tiers drawn from the arbitrary (ties share a tier).
  const tiers = new Map<number, number[]>();
  s.seats.forEach((x, i) => {
    if (x.folded) return;
    const tier = h.ranking[i] ?? 0;
    tiers.set(tier, [...(tiers.get(tier) ?? []), x.seat]);
  });
  const ranking = [...tiers.entries()].sort((a, b) => a[0] - b[0]).map(([, seats]) => seats);
  const won = award(s, ranking);
  return { events: [...events, ...won.events], awarded: won.pots, final: won.state, folded };
}

describe('chips properties (fast-check)', () => {
  test('R-POT-SIDE R-POT-AWARD R-POT-MISDEAL R-BET-MINIMUM R-BET-REOPEN: chips conserved, every raise legal, through any actions', () => {
    fc.assert(
      fc.property(handArb, (h) => {
        const { final } = playHand(h);
        expect(final.seats.reduce((a, x) => a + x.stack, 0)).toBe(h.stacks.reduce((a, b) => a + b, 0));
        for (const x of final.seats) expect(x.total + x.dead).toBe(0);
        // With no hand live, each seat gets back what it put in.
        if (final.seats.every((x) => x.deadHand)) for (const x of final.seats) expect(x.stack).toBe(x.stackAtStart);
      }),
      { numRuns: 400 },
    );
  });

  test('R-POT-AWARD: no pot is awarded to a seat not eligible for it, and every pot is paid in full', () => {
    fc.assert(
      fc.property(handArb, (h) => {
        const { awarded, folded } = playHand(h);
        for (const pot of awarded) {
          for (const w of pot.winners) expect(pot.seats).toContain(w);
          for (const seat of pot.seats) expect(folded.has(seat)).toBe(false);
          for (const share of pot.shares) expect(pot.winners).toContain(share.seat);
          expect(pot.shares.reduce((a, x) => a + x.amount, 0)).toBe(pot.amount);
          expect(pot.amount).toBeGreaterThan(0);
        }
      }),
      { numRuns: 400 },
    );
  });

  test('R-BET-ROUND: the same inputs give the same events (deterministic, pure)', () => {
    fc.assert(
      fc.property(handArb, (h) => {
        expect(JSON.stringify(playHand(h).events)).toBe(JSON.stringify(playHand(h).events));
      }),
      { numRuns: 100 },
    );
  });
});
