// R-ROOM-DRAW, R-ROOM-BALANCE, R-ROOM-BREAK, R-ROOM-MOVE, R-ROOM-PLACES as a property: whatever the registrations,
// hands, busts, removals, breaks and tables opened, in any order, no seat is ever given twice, no table holds more
// than its seats, a player is in one place at a time, and once one player is left the places 1..entries were each
// given once.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { RoomHarness } from '../helpers/room.ts';

type Action =
  | { kind: 'register'; who: number }
  | { kind: 'start'; table: number }
  | { kind: 'end'; table: number; busts: number }
  | { kind: 'remove'; table: number }
  | { kind: 'open'; table: number }
  | { kind: 'balance-at'; players: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('register' as const), who: fc.nat(40) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('start' as const), table: fc.nat(4) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('end' as const), table: fc.nat(4), busts: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), table: fc.nat(4) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('open' as const), table: fc.nat(4) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('balance-at' as const), players: fc.integer({ min: 2, max: 4 }) }),
  },
);

const seated = (h: RoomHarness, id: string) => h.table(id).players.flatMap((p, i) => (p ? [i + 1] : []));

function check(h: RoomHarness, ids: string[]): void {
  const where = new Map<string, string>();
  for (const id of ids) {
    const t = h.table(id);
    expect(t.conflicts).toBe(0);
    expect(seated(h, id).length).toBeLessThanOrEqual(t.seats);
    for (const p of t.players) {
      if (p === null) continue;
      expect(where.get(p), `${p} at ${where.get(p)} and ${id}`).toBeUndefined();
      where.set(p, id);
    }
  }
  for (const t of h.room.snapshot().tables) expect(t.players.length).toBeLessThanOrEqual(t.seats);
  expect(h.of('input.rejected')).toEqual([]);
}

function hand(h: RoomHarness, id: string, busts: number): void {
  const t = h.table(id);
  h.at += 10; // never at the time of another table's end or removal: those tie (R-ROOM-PLACES)
  if (!t.inHand) h.publish(t, t.startHand());
  // distinct stacks at the start and one table at a time: no tie, so every place is given once
  const seats = seated(h, id).slice(0, Math.min(busts, Math.max(0, seated(h, id).length - 1)));
  h.publish(t, t.endHand(seats.map((seat, k) => ({ seat, stackAtStart: 100 + k }))));
}

describe('room properties', () => {
  test('R-ROOM-DRAW R-ROOM-BALANCE R-ROOM-BREAK R-ROOM-PLACES: no seat given twice, no table over its seats, places 1..entries once each', () => {
    fc.assert(
      fc.property(
        fc.array(action, { minLength: 1, maxLength: 120 }),
        fc.array(fc.integer({ min: 2, max: 10 }), { minLength: 2, maxLength: 5 }),
        fc.nat(),
        fc.constantFrom('tda', 'club'),
        (actions, sizes, seed, profile) => {
          const ids = sizes.map((_, i) => `T${i + 1}`);
          const h = new RoomHarness({
            tables: sizes.map((seats, i) => ({
              id: ids[i]!,
              seats,
              ...(i === sizes.length - 1 && i > 1 ? { open: false } : {}),
            })),
            breakOrder: [...ids].reverse(),
            profile,
            seed,
          });
          for (const a of actions) {
            h.at += 10;
            const id = 'table' in a ? ids[a.table % ids.length]! : '';
            // Registrations close with the first place given: a later entry makes places count down from more
            // entries than at the places already given (R-ROOM-DETAILS), so 1..entries no longer holds; that case
            // has its own test (room-places).
            if (a.kind === 'register') {
              h.input({ type: 'tick' });
              if (h.of('place').length === 0) h.register(`P${a.who}`);
            } else if (a.kind === 'start' && !h.table(id).inHand) h.publish(h.table(id), h.table(id).startHand());
            else if (a.kind === 'end') hand(h, id, a.busts);
            else if (a.kind === 'remove' && !h.table(id).inHand && seated(h, id).length > 0)
              h.publish(h.table(id), h.table(id).remove([seated(h, id)[0]!]));
            else if (a.kind === 'open') h.input({ type: 'command', name: 'open-table', table: id });
            else if (a.kind === 'balance-at') h.input({ type: 'command', name: 'balance-at', players: a.players });
            check(h, ids);
          }
          // Play it out: hands bust one player at a time until one is left (a hand at a short table lets the
          // room break or balance it).
          for (const id of ids) if (h.table(id).inHand) hand(h, id, 0);
          const left = () => h.room.snapshot().playersLeft;
          for (let round = 0; left() > 1 && round < 500; round++) {
            const full = ids.find((id) => seated(h, id).length >= 2);
            const any = ids.find((id) => seated(h, id).length > 0) ?? ids[0]!;
            hand(h, full ?? any, full ? 1 : 0);
            h.input({ type: 'tick', at: h.at });
            check(h, ids);
          }
          h.input({ type: 'tick', at: h.at + 10 });
          const entries = h.room.snapshot().entries;
          // Place 1 comes right after the place of the last player out (R-ROOM-DETAILS): a single entry has none.
          if (entries < 2) return;
          expect(left()).toBe(1);
          const places = h.of('place').map((p) => p.place);
          expect([...places].sort((a, b) => a - b)).toEqual(Array.from({ length: entries }, (_, i) => i + 1));
        },
      ),
      { numRuns: 150 },
    );
  });
});
