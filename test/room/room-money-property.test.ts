// The room's books as a property (docs/room-money.md): whatever the entries, re-entries, rebuys, add-ons, busts,
// removals and deals, in any order, once one player is left the prizes paid add up to the prize pool exactly (the
// guarantee included), the bounties paid to everything taken for bounties, no entry is paid a place twice, and the
// places given from the money on cover every paid place exactly once.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { RoomOutput } from '../../src/room/engine/types.ts';
import { RoomHarness } from '../helpers/room.ts';

type Action =
  | { kind: 'register'; who: number }
  | { kind: 'rebuy'; who: number }
  | { kind: 'add-on'; who: number }
  | { kind: 'hand'; table: number; busts: number; winner: number }
  | { kind: 'remove'; table: number }
  | { kind: 'time'; minutes: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('register' as const), who: fc.nat(14) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('rebuy' as const), who: fc.nat(14) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('add-on' as const), who: fc.nat(14) }) },
  {
    weight: 5,
    arbitrary: fc.record({ kind: fc.constant('hand' as const), table: fc.nat(2), busts: fc.nat(2), winner: fc.nat(9) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), table: fc.nat(2) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('time' as const), minutes: fc.integer({ min: 1, max: 15 }) }) },
);

const money = fc.record({
  buyIn: fc.integer({ min: 0, max: 50_000 }),
  fee: fc.integer({ min: 0, max: 5_000 }),
  guarantee: fc.integer({ min: 0, max: 500_000 }),
  reEntry: fc.option(
    fc.record({ untilLevel: fc.integer({ min: 1, max: 3 }), maxEntries: fc.integer({ min: 2, max: 4 }) }),
    { nil: undefined },
  ),
  rebuy: fc.option(
    fc.record({
      untilLevel: fc.integer({ min: 1, max: 3 }),
      maxStack: fc.constantFrom(5_000, 10_000, 1_000_000),
      chips: fc.constant(10_000),
      price: fc.integer({ min: 1, max: 30_000 }),
    }),
    { nil: undefined },
  ),
  addOn: fc.option(
    fc.record({ atBreak: fc.constant(2), chips: fc.constant(5_000), price: fc.integer({ min: 1, max: 9_999 }) }),
    {
      nil: undefined,
    },
  ),
  bounty: fc.option(
    fc.record({ amount: fc.integer({ min: 1, max: 9_999 }), progressive: fc.constantFrom(false, 50, 33) }),
    {
      nil: undefined,
    },
  ),
  payout: fc.oneof(
    fc.constant('standard' as const),
    fc.constant({ places: [5000, 3000, 2000] }),
    fc.constant({
      byEntries: [
        { upTo: 6, places: [10000] },
        { upTo: 12, places: [6000, 4000] },
        { upTo: 1000, places: [4000, 2500, 1500, 1200, 800] },
      ],
    }),
  ),
  deal: fc.boolean(),
});

const LEVELS = [
  { smallBlind: 100, bigBlind: 200, minutes: 10 },
  { smallBlind: 200, bigBlind: 400, minutes: 10 },
  { break: true, minutes: 10 },
  { smallBlind: 300, bigBlind: 600, minutes: 10 },
  { smallBlind: 500, bigBlind: 1000, minutes: 10 },
];

const seated = (h: RoomHarness, id: string) => h.table(id).players.flatMap((p, i) => (p ? [i + 1] : []));

function hand(h: RoomHarness, id: string, busts: number, winner: number): void {
  const t = h.table(id);
  h.at += 10;
  const seats = seated(h, id);
  if (seats.length === 0) return;
  if (!t.inHand) h.publish(t, t.startHand());
  const out = seats.slice(0, Math.min(busts, Math.max(0, seats.length - 1)));
  const rest = seats.filter((s) => !out.includes(s));
  // odd `winner`s split the pot between two players; busts of equal stacks tie and share their places
  const won = winner % 2 === 1 && rest.length >= 2 ? [rest[0]!, rest[1]!] : [rest[winner % rest.length]!];
  const stackAtStart = (k: number) => 100 + (winner % 3 === 0 ? 0 : k);
  h.publish(
    t,
    t.endHand(
      out.map((seat, k) => ({ seat, stackAtStart: stackAtStart(k) })),
      [],
      won,
    ),
  );
}

const prizesOf = (outs: RoomOutput[]) =>
  outs.filter((o): o is Extract<RoomOutput, { type: 'prizes' }> => o.type === 'prizes');

describe('room money properties', () => {
  test('the books balance: prizes = pool, bounties = bounties taken, each paid place paid once', () => {
    fc.assert(
      fc.property(
        fc.array(action, { minLength: 20, maxLength: 120, size: 'large' }),
        money,
        fc.nat(),
        (actions, m, seed) => {
          const { deal, ...rules } = m;
          const ids = ['T1', 'T2', 'T3'];
          const h = new RoomHarness({
            tables: ids.map((id) => ({ id, seats: 6 })),
            breakOrder: [...ids].reverse(),
            profile: 'tda',
            seed,
            startingStack: 10_000,
            money: rules,
          });
          h.input({ type: 'command', name: 'levels-start', levels: LEVELS });
          let lockedAt: number | null = null; // outputs before this index came before the money was reached
          const step = (f: () => void) => {
            const before = h.outputs.length;
            f();
            if (lockedAt === null && prizesOf(h.outputs.slice(before)).some((p) => p.moneyReached)) lockedAt = before;
          };
          for (const a of actions) {
            h.at += 10;
            step(() => {
              if (a.kind === 'register') h.register(`P${a.who}`);
              else if (a.kind === 'rebuy' || a.kind === 'add-on')
                h.input({ type: 'command', name: a.kind, player: `P${a.who}` });
              else if (a.kind === 'hand') hand(h, ids[a.table]!, a.busts, a.winner);
              else if (a.kind === 'remove') {
                const t = h.table(ids[a.table]!);
                const s = seated(h, t.id);
                if (!t.inHand && s.length > 0) h.publish(t, t.remove([s[0]!]));
              } else h.input({ type: 'tick', at: h.at + a.minutes * 60_000 });
              h.input({ type: 'tick', at: h.at + 5 });
            });
            expect(h.of('input.rejected')).toEqual([]);
          }
          for (let round = 0; h.room.snapshot().playersLeft > 1 && round < 400; round++) {
            step(() => {
              const last = prizesOf(h.outputs).at(-1);
              if (deal && last?.chop && last.playersLeft <= 4) {
                h.input({
                  type: 'command',
                  name: 'deal',
                  shares: last.chop.map((c) => ({ player: c.player, amount: c.icm })),
                });
                return;
              }
              const full = ids.find((id) => seated(h, id).length >= 2);
              const any = ids.find((id) => seated(h, id).length > 0) ?? ids[0]!;
              hand(h, full ?? any, full ? 1 : 0, round);
              h.input({ type: 'tick', at: h.at + 5 });
            });
          }
          h.input({ type: 'tick', at: h.at + 10 });
          const final = prizesOf(h.outputs).at(-1)!;
          if (final.entries < 2) return;
          expect(h.room.snapshot().playersLeft).toBe(1);
          const payouts = h.of('payout');
          const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
          const { buyIns, rebuys, addOns, bounties } = final.collected;
          expect(final.pool).toBe(Math.max(rules.guarantee, buyIns + rebuys + addOns));
          // every cent of the pool and of the bounties is paid, and no more
          expect(sum(payouts.map((p) => p.prize))).toBe(final.pool);
          expect(sum(payouts.map((p) => p.total))).toBe(final.pool + bounties);
          expect(sum(h.of('bounty').map((b) => b.cash))).toBeLessThanOrEqual(bounties);
          // no entry paid a place twice: one place payout per player and place
          const placePays = payouts.filter((p) => !p.deal && p.prize > 0).map((p) => `${p.player}@${p.place}`);
          expect(new Set(placePays).size).toBe(placePays.length);
          // the places given from the money on cover 1..placesPaid once each (ties cover the places they share)
          expect(lockedAt).not.toBeNull();
          const given = h.of('place', h.outputs.slice(lockedAt!)).map((p) => p.place);
          const covered: number[] = [];
          const counts = new Map<number, number>();
          for (const p of given) counts.set(p, (counts.get(p) ?? 0) + 1);
          for (const [p, k] of counts) for (let q = p; q < p + k; q++) covered.push(q);
          const paidPlaces = covered.filter((q) => q <= final.placesPaid).sort((a, b) => a - b);
          expect(paidPlaces).toEqual(Array.from({ length: final.placesPaid }, (_, i) => i + 1));
        },
      ),
      { numRuns: 150 },
    );
  });
});
