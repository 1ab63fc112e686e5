// Positions property: random sequences of seat / remove / replace / set-button / shuffle / misdeal on 2..10 seats,
// under both `bigBlindOut` values and 0..2 extra hands for newcomers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  initialPositions,
  misdealt,
  planHand,
  playerRemoved,
  playerSeated,
  setButton,
  type HandPlan,
} from '../../src/domain/positions/positions.ts';
import type { Seat } from '../../src/domain/types.ts';
import { makeProfile, type Mode } from '../helpers/positions.ts';

/** `role`: the seat is taken relative to the last counted hand's button, small blind or big blind (offset
 * `seat % 3 - 1`), so eliminations and arrivals around the blinds are common rather than rare. */
type Role = 'any' | 'button' | 'sb' | 'bb';
type POp =
  | { k: 'hand' }
  | { k: 'sit' | 'out' | 'replace'; seat: number; role: Role }
  | { k: 'button'; seat: number }
  | { k: 'misdeal' };

const role = fc.constantFrom<Role>('any', 'button', 'sb', 'bb', 'bb', 'sb');
const pop: fc.Arbitrary<POp> = fc.oneof(
  { weight: 6, arbitrary: fc.constant<POp>({ k: 'hand' }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('sit' as const), seat: fc.integer({ min: 1, max: 10 }), role }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('out' as const), seat: fc.integer({ min: 1, max: 10 }), role }) },
  {
    weight: 1,
    arbitrary: fc.record({ k: fc.constant('replace' as const), seat: fc.integer({ min: 1, max: 10 }), role }),
  },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 10 }).map((seat): POp => ({ k: 'button', seat })) },
  { weight: 1, arbitrary: fc.constant<POp>({ k: 'misdeal' }) },
);

function opSeat(op: { seat: number; role?: Role }, last: HandPlan | undefined, seatCount: number): Seat {
  if (op.role === undefined || op.role === 'any' || last === undefined) return ((op.seat - 1) % seatCount) + 1;
  const base =
    op.role === 'button' ? last.button : op.role === 'bb' ? last.bigBlind : (last.smallBlind ?? last.bigBlind);
  return ((((base - 1 + (op.seat % 3) - 1) % seatCount) + seatCount) % seatCount) + 1;
}

/** Independent of the module's ring helpers: sorted seats rotated to start just left of `b`. */
function dealingOrder(b: Seat, seats: Seat[]): Seat[] {
  const sorted = [...seats].sort((x, y) => x - y);
  const i = sorted.findIndex((s) => s > b);
  return i < 0 ? sorted : [...sorted.slice(i), ...sorted.slice(0, i)];
}

interface Played {
  plan: HandPlan;
  players: Map<Seat, string>;
  afterFloor: boolean;
}

describe('property: positions over random play', () => {
  it('R-DEAD-BUTTON, R-DEALT-IN, R-HEADS-UP-START: invariants hold over random seat/remove/button/shuffle/misdeal', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 2, max: 10 }), fc.integer({ min: 3, max: 5 })),
        fc.constantFrom<Mode>('dead-button', 'button-stays'),
        fc.integer({ min: 0, max: 2 }),
        fc.array(pop, { minLength: 10, maxLength: 120 }),
        fc.integer({ min: 0, max: 1 }),
        (seatCount, mode, extra, ops, extraButton) => {
          const profile = makeProfile(mode, extra, extraButton);
          let memory = initialPositions();
          const players = new Map<Seat, string>();
          let ids = 0;
          let history: Played[] = []; // hands that count (a misdeal takes its hand back)
          let floorSince = false; // a set-button since the last counted hand
          let redeal: HandPlan | null = null; // the misdealt plan, while nobody came or went
          let changed = false; // a seat or button op since the last plan
          for (const op of ops) {
            if (op.k === 'sit' || op.k === 'out' || op.k === 'replace' || op.k === 'button') {
              const seat = opSeat(op, history.at(-1)?.plan, seatCount);
              redeal = null;
              changed = true;
              if (op.k === 'replace' && players.has(seat)) {
                // Someone else takes the seat of a player who leaves (table balancing).
                const id = `u${++ids}`;
                players.set(seat, id);
                memory = playerSeated(playerRemoved(memory, seat), seat, id);
              } else if (op.k === 'sit' && !players.has(seat)) {
                const id = `u${++ids}`;
                players.set(seat, id);
                memory = playerSeated(memory, seat, id);
              } else if (op.k === 'out' && players.has(seat)) {
                players.delete(seat);
                memory = playerRemoved(memory, seat);
              } else if (op.k === 'button') {
                memory = setButton(memory, seat);
                floorSince = true;
              }
            } else if (op.k === 'misdeal') {
              const last = history.at(-1);
              if (memory.undo !== null && last !== undefined) {
                memory = misdealt(memory);
                history = history.slice(0, -1);
                floorSince = floorSince || last.afterFloor;
                redeal = changed ? null : last.plan;
              }
            } else {
              const result = planHand(memory, players, seatCount, profile);
              const seated = [...players.keys()].sort((a, b) => a - b);
              if (result === null) {
                expect(seated.length).toBeLessThan(2);
                continue;
              }
              memory = result.memory;
              const { plan } = result;
              const dealt = new Set(plan.dealtIn);
              // Every seated player is dealt in or waiting, never both; at least two are dealt in.
              expect([...plan.dealtIn, ...plan.waiting].sort((a, b) => a - b)).toEqual(seated);
              expect(dealt.size).toBe(plan.dealtIn.length);
              expect(plan.dealtIn.length).toBeGreaterThanOrEqual(2);
              // The big blind (and a small blind) are dealt in; R-DEAL-ORDER from the button.
              expect(dealt.has(plan.bigBlind)).toBe(true);
              if (plan.smallBlind !== null) expect(dealt.has(plan.smallBlind)).toBe(true);
              expect(plan.smallBlind).not.toBe(plan.bigBlind);
              expect(plan.dealtIn).toEqual(dealingOrder(plan.button, plan.dealtIn));
              expect(plan.button).toBeGreaterThanOrEqual(1);
              expect(plan.button).toBeLessThanOrEqual(seatCount);
              if (plan.headsUp) {
                // R-HEADS-UP: the button is the small blind and gets the last card.
                expect(plan.dealtIn).toEqual([plan.bigBlind, plan.button]);
                expect(plan.smallBlind).toBe(plan.button);
              } else {
                expect(plan.dealtIn.length).toBeGreaterThanOrEqual(3);
                expect(plan.button).not.toBe(plan.bigBlind);
                expect(plan.button).not.toBe(plan.smallBlind);
              }
              if (redeal !== null) expect(plan).toEqual(redeal); // R-MISDEAL-RECOVERY
              const prev = history.at(-1);
              if (prev !== undefined && !floorSince) {
                // Nobody posts the big blind twice in a row (R-DEAD-BUTTON, R-HEADS-UP-START).
                expect(players.get(plan.bigBlind)).not.toBe(prev.players.get(prev.plan.bigBlind));
                // The big blind moves to the first seat dealt in left of the last big blind; a small blind is posted
                // on the last big blind's seat and nowhere else.
                if (!plan.headsUp) {
                  if (plan.smallBlind !== null) expect(plan.smallBlind).toBe(prev.plan.bigBlind);
                  const order = dealingOrder(
                    prev.plan.bigBlind,
                    plan.dealtIn.filter((s) => s !== prev.plan.bigBlind),
                  );
                  expect(plan.bigBlind).toBe(order[0]);
                }
                // Nobody already playing is skipped: dealt in last hand and still in the same seat → dealt in now.
                for (const s of prev.plan.dealtIn) {
                  if (players.get(s) === prev.players.get(s)) expect(dealt.has(s)).toBe(true);
                }
              }
              history.push({ plan, players: new Map(players), afterFloor: floorSince });
              floorSince = false;
              redeal = null;
              changed = false;
            }
            // Plain JSON data: journaled and replayed.
            expect(JSON.parse(JSON.stringify(memory))).toEqual(memory);
          }
        },
      ),
      { numRuns: 4000 },
    );
  });
});
