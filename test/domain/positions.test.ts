// Button, blinds and who is dealt in: table-driven rows {given, input, expect}; each name cites its rule id.
// Expectations are worked out by hand from rules.md (and docs/decisions-button.md where the rules leave a choice).
import { describe, expect, it } from 'vitest';
import { TableError } from '../../src/domain/errors.ts';
import {
  firstToAct,
  initialPositions,
  nextSeat,
  planHand,
  playerSeated,
  setButton,
  type HandPlan,
} from '../../src/domain/positions/positions.ts';
import type { Seat, Street } from '../../src/domain/types.ts';
import {
  H,
  MISDEAL,
  button,
  makeProfile,
  newSession,
  out,
  p,
  range,
  runOps,
  seatAll,
  shapeLike,
  sit,
  type Expect,
  type Mode,
  type Op,
} from '../helpers/positions.ts';

interface Row {
  name: string;
  seats: number;
  /** Both modes when absent: the row must hold under `dead-button` and `button-stays`. */
  mode?: Mode;
  extra?: number;
  /** `newPlayer.extraHandsBetweenOldButtonAndSmallBlind` (0 when absent). */
  extraButton?: number;
  given: Op[];
  input: Op[];
  /** One entry per `H` in `input`. */
  expect: (Expect | null)[];
}

const six = seatAll(...range(1, 6));

const rows: Row[] = [
  // R-FIRST-BUTTON
  {
    name: 'R-FIRST-BUTTON: no set-button → the lowest-numbered seat with a player has the button',
    seats: 6,
    given: six,
    input: [H],
    expect: [p(1, 2, 3, [2, 3, 4, 5, 6, 1], [])],
  },
  {
    name: 'R-FIRST-BUTTON: default button skips empty seats, blinds are the next two players',
    seats: 6,
    given: seatAll(2, 4, 6),
    input: [H],
    expect: [p(2, 4, 6, [4, 6, 2], [])],
  },
  {
    name: 'R-FIRST-BUTTON: set-button 5 → small blind 6, big blind wraps to seat 1',
    seats: 6,
    given: six,
    input: [button(5), H],
    expect: [p(5, 6, 1, [6, 1, 2, 3, 4, 5], [])],
  },
  {
    name: 'R-FIRST-BUTTON: set-button on an empty seat → dead button there, blinds the next two players',
    seats: 6,
    given: seatAll(1, 2, 4, 5),
    input: [button(3), H],
    expect: [p(3, 4, 5, [4, 5, 1, 2], [])],
  },
  {
    name: 'R-FIRST-BUTTON, R-HEADS-UP: set-button heads-up → that player is button and small blind',
    seats: 9,
    given: seatAll(3, 8),
    input: [button(8), H],
    expect: [p(8, 8, 3, [3, 8], [])],
  },
  {
    name: 'R-FIRST-BUTTON, R-HEADS-UP: set-button heads-up on an empty seat → first player to its left',
    seats: 9,
    given: seatAll(3, 8),
    input: [button(5), H, button(9), H],
    expect: [p(8, 8, 3, [3, 8]), p(3, 3, 8, [8, 3])],
  },
  {
    name: "R-FIRST-BUTTON: set-button mid-tournament restarts from the floor's seat",
    seats: 6,
    given: [...six, H, H],
    input: [button(5), H, H],
    expect: [p(5, 6, 1), p(6, 1, 2)],
  },
  {
    name: "R-FIRST-BUTTON: a shuffle with one player plans nothing and keeps the floor's button",
    seats: 6,
    given: [sit(1)],
    input: [button(4), H, sit(5), H],
    expect: [null, p(5, 5, 1, [1, 5], [])],
  },
  {
    name: 'R-FIRST-BUTTON: wrap-around, set-button on the last seat of 10',
    seats: 10,
    given: seatAll(...range(1, 10)),
    input: [button(10), H],
    expect: [p(10, 1, 2, [...range(1, 10)], [])],
  },

  // R-DEAD-BUTTON: nobody leaves
  {
    name: 'R-DEAD-BUTTON: with nobody leaving, button and blinds each move one seat per hand',
    seats: 6,
    given: six,
    input: [H, H, H],
    expect: [p(1, 2, 3, [2, 3, 4, 5, 6, 1]), p(2, 3, 4, [3, 4, 5, 6, 1, 2]), p(3, 4, 5, [4, 5, 6, 1, 2, 3])],
  },
  {
    name: 'R-DEAD-BUTTON, R-DEAL-ORDER: wrap-around at the last seat of 10',
    seats: 10,
    given: seatAll(...range(1, 10)),
    input: [button(9), H, H, H],
    expect: [p(9, 10, 1, [10, ...range(1, 9)]), p(10, 1, 2, [...range(1, 10)]), p(1, 2, 3, [...range(2, 10), 1])],
  },
  {
    name: 'R-DEAD-BUTTON: empty seats are skipped by button and blinds',
    seats: 8,
    given: seatAll(1, 3, 5, 7),
    input: [H, H, H, H],
    expect: [p(1, 3, 5, [3, 5, 7, 1]), p(3, 5, 7, [5, 7, 1, 3]), p(5, 7, 1, [7, 1, 3, 5]), p(7, 1, 3, [1, 3, 5, 7])],
  },
  {
    name: "R-DEAD-BUTTON: the button's player leaving changes nothing for the blinds",
    seats: 6,
    given: [...six, H],
    input: [out(1), H],
    expect: [p(2, 3, 4, [3, 4, 5, 6, 2], [])],
  },

  // R-BB-ELIMINATED, dead-button
  {
    name: 'R-DEAD-BUTTON: big blind eliminated → no small blind, button on the old SB, then dead on the empty seat',
    seats: 6,
    mode: 'dead-button',
    given: [...six, H],
    input: [out(3), H, H, H],
    expect: [p(2, null, 4, [4, 5, 6, 1, 2]), p(3, 4, 5, [4, 5, 6, 1, 2]), p(4, 5, 6, [5, 6, 1, 2, 4])],
  },
  {
    name: 'R-DEAD-BUTTON: small blind eliminated → dead button on its seat, the old big blind posts the SB',
    seats: 6,
    mode: 'dead-button',
    given: [...six, H],
    input: [out(2), H, H],
    expect: [p(2, 3, 4, [3, 4, 5, 6, 1]), p(3, 4, 5, [4, 5, 6, 1, 3])],
  },
  {
    name: 'R-DEAD-BUTTON: both blinds eliminated → dead button and dead small blind, then dead button again',
    seats: 6,
    mode: 'dead-button',
    given: [...six, H],
    input: [out(2), out(3), H, H],
    expect: [p(2, null, 4, [4, 5, 6, 1]), p(3, 4, 5, [4, 5, 6, 1])],
  },
  {
    name: 'R-DEAD-BUTTON (D-5): big blind eliminated, a new player takes that seat → the newcomer posts the SB',
    seats: 6,
    mode: 'dead-button',
    given: [...six, H],
    input: [out(3), sit(3, 'n3'), H],
    expect: [p(2, 3, 4, [3, 4, 5, 6, 1, 2], [])],
  },
  {
    name: 'R-DEAD-BUTTON: big blind eliminated with the blinds wrapping past the last seat',
    seats: 6,
    mode: 'dead-button',
    given: [...six, button(5), H],
    input: [out(1), H, H],
    expect: [p(6, null, 2, [2, 3, 4, 5, 6]), p(1, 2, 3, [2, 3, 4, 5, 6])],
  },

  // R-BB-ELIMINATED, button-stays
  {
    name: 'R-BB-ELIMINATED button-stays: big blind eliminated → BB alone posts, the button deals again, BB then SB',
    seats: 6,
    mode: 'button-stays',
    given: [...six, H],
    input: [out(3), H, H, H],
    expect: [p(1, null, 4, [2, 4, 5, 6, 1]), p(2, 4, 5, [4, 5, 6, 1, 2]), p(4, 5, 6, [5, 6, 1, 2, 4])],
  },
  {
    name: 'R-BB-ELIMINATED button-stays: small blind eliminated → the button stays, the old BB posts the SB',
    seats: 6,
    mode: 'button-stays',
    given: [...six, H],
    input: [out(2), H, H],
    expect: [p(1, 3, 4, [3, 4, 5, 6, 1]), p(3, 4, 5, [4, 5, 6, 1, 3])],
  },
  {
    name: 'R-BB-ELIMINATED button-stays: both blinds eliminated → button stays twice, the BB becomes SB',
    seats: 6,
    mode: 'button-stays',
    given: [...six, H],
    input: [out(2), out(3), H, H, H],
    expect: [p(1, null, 4, [4, 5, 6, 1]), p(1, 4, 5, [4, 5, 6, 1]), p(4, 5, 6, [5, 6, 1, 4])],
  },
  {
    name: 'R-BB-ELIMINATED button-stays: button and BB eliminated → the button stays on the empty seat',
    seats: 6,
    mode: 'button-stays',
    given: [...six, H],
    input: [out(1), out(3), H, H],
    expect: [p(1, null, 4, [2, 4, 5, 6]), p(2, 4, 5, [4, 5, 6, 2])],
  },
  {
    name: 'R-BB-ELIMINATED button-stays: the player the button would move to leaves → nearest player who played',
    seats: 6,
    mode: 'button-stays',
    given: [...six, H, out(3), sit(3, 'n3'), H],
    input: [out(3), H],
    expect: [p(2, 4, 5, [4, 5, 6, 1, 2], [])],
  },
  {
    name: 'R-BB-ELIMINATED button-stays: SB eliminated and a newcomer takes its seat → button stays, newcomer waits',
    seats: 6,
    mode: 'button-stays',
    given: [...six, H],
    input: [out(2), sit(2, 'n2'), H, H],
    expect: [p(1, 3, 4, [3, 4, 5, 6, 1], [2]), p(3, 4, 5, [4, 5, 6, 1, 2, 3], [])],
  },
  {
    name: 'R-BB-ELIMINATED button-stays: after the button dealt once more, a newcomer is passed over by the button',
    seats: 6,
    mode: 'button-stays',
    given: [...six, H],
    input: [out(3), H, sit(3, 'n3'), H, H],
    expect: [p(1, null, 4, [2, 4, 5, 6, 1]), p(2, 4, 5, [4, 5, 6, 1, 2], [3]), p(4, 5, 6, [5, 6, 1, 2, 3, 4], [])],
  },
  {
    name: 'R-BB-ELIMINATED button-stays (D-5): a newcomer in the vacated BB seat is dealt in, posts nothing',
    seats: 6,
    mode: 'button-stays',
    given: [...six, H],
    input: [out(3), sit(3, 'n3'), H],
    expect: [p(1, null, 4, [2, 3, 4, 5, 6, 1], [])],
  },

  // R-HEADS-UP, R-HEADS-UP-START (both modes: heads-up takes precedence)
  {
    name: 'R-HEADS-UP: the button posts the SB, the BB is dealt first, the button last; they alternate',
    seats: 9,
    given: seatAll(3, 8),
    input: [H, H, H],
    expect: [p(3, 3, 8, [8, 3]), p(8, 8, 3, [3, 8]), p(3, 3, 8, [8, 3])],
  },
  {
    name: 'R-HEADS-UP-START: from 3, the big blind eliminated → the former button takes the BB',
    seats: 3,
    given: [...seatAll(1, 2, 3), H],
    input: [out(3), H, H],
    expect: [p(2, 2, 1, [1, 2]), p(1, 1, 2, [2, 1])],
  },
  {
    name: 'R-HEADS-UP-START: from 3, the small blind eliminated → the button stays with the old BB as SB',
    seats: 3,
    given: [...seatAll(1, 2, 3), H],
    input: [out(2), H, H],
    expect: [p(3, 3, 1, [1, 3]), p(1, 1, 3, [3, 1])],
  },
  {
    name: 'R-HEADS-UP-START: from 3, the button eliminated → old BB is button, old SB takes the BB',
    seats: 3,
    given: [...seatAll(1, 2, 3), H],
    input: [out(1), H],
    expect: [p(3, 3, 2, [2, 3])],
  },
  {
    name: 'R-HEADS-UP-START: from 4, two eliminated at once → nobody posts the BB twice in a row',
    seats: 4,
    given: [...seatAll(1, 2, 3, 4), H],
    input: [out(2), out(4), H],
    expect: [p(3, 3, 1, [1, 3])],
  },
  {
    name: 'R-HEADS-UP-START: from 3 on 10 seats with wrap-around (BB on seat 1 eliminated)',
    seats: 10,
    given: [...seatAll(1, 5, 9), button(5), H],
    input: [out(1), H],
    expect: [p(9, 9, 5, [5, 9])],
  },
  {
    name: "R-HEADS-UP-START: the last BB's player re-seated elsewhere still does not post the BB twice",
    seats: 3,
    given: [...seatAll(1, 2, 3), H],
    input: [out(3), out(1), sit(1, 'p3'), H],
    expect: [p(1, 1, 2, [2, 1])],
  },
  {
    name: 'R-HEADS-UP (D-6): a new player joins heads-up left of the BB → posts the BB at once',
    seats: 6,
    given: [...seatAll(1, 5), H],
    input: [sit(6), H, H],
    expect: [p(1, 5, 6, [5, 6, 1], []), p(5, 6, 1, [6, 1, 5], [])],
  },
  {
    name: 'R-HEADS-UP (D-6): a new player joins heads-up between button and BB → gets the button',
    seats: 6,
    given: [...seatAll(1, 5), H],
    input: [sit(3), H, H],
    expect: [p(3, 5, 1, [5, 1, 3], []), p(5, 1, 3, [1, 3, 5], [])],
  },

  // R-NEW-PLAYER, R-DEALT-IN
  {
    name: "R-NEW-PLAYER: a newcomer between this hand's button and SB waits until the button passes",
    seats: 6,
    given: [...seatAll(1, 2, 4, 5, 6), H],
    input: [sit(3), H, H],
    expect: [p(2, 4, 5, [4, 5, 6, 1, 2], [3]), p(4, 5, 6, [5, 6, 1, 2, 3, 4], [])],
  },
  {
    name: 'R-NEW-PLAYER: extraHandsBetweenOldBlinds 1 → a newcomer between the old blinds sits out one more hand',
    seats: 6,
    extra: 1,
    given: [...seatAll(1, 2, 4, 5, 6), H],
    input: [sit(3), H, H, H],
    expect: [p(2, 4, 5, [4, 5, 6, 1, 2], [3]), p(4, 5, 6, [5, 6, 1, 2, 4], [3]), p(5, 6, 1, [6, 1, 2, 3, 4, 5], [])],
  },
  {
    name: 'R-NEW-PLAYER: extraHandsBetweenOldBlinds 2 → two more hands out of the gap',
    seats: 8,
    extra: 2,
    given: [...seatAll(1, 2, 4, 5, 6, 7, 8), H],
    input: [sit(3), H, H, H, H],
    expect: [
      p(2, 4, 5, undefined, [3]),
      p(4, 5, 6, undefined, [3]),
      p(5, 6, 7, undefined, [3]),
      p(6, 7, 8, undefined, []),
    ],
  },
  {
    name: 'R-NEW-PLAYER: a newcomer between the old button and old SB is dealt in at once, even with extra hands',
    seats: 6,
    extra: 1,
    given: [...seatAll(1, 3, 4, 5), H],
    input: [sit(2), H],
    expect: [p(3, 4, 5, [4, 5, 1, 2, 3], [])],
  },
  {
    name: 'R-NEW-PLAYER: extraHandsBetweenOldButtonAndSmallBlind 1 → a newcomer there passes one hand, out of the gap',
    seats: 6,
    extraButton: 1,
    given: [...seatAll(1, 3, 4, 5), H],
    input: [sit(2), H, H],
    expect: [p(3, 4, 5, [4, 5, 1, 3], [2]), p(4, 5, 1, [5, 1, 2, 3, 4], [])],
  },
  {
    name: 'R-NEW-PLAYER: extraHandsBetweenOldButtonAndSmallBlind 1, a misdeal → the redeal does not count',
    seats: 6,
    extraButton: 1,
    given: [...seatAll(1, 3, 4, 5), H],
    input: [sit(2), H, MISDEAL, H, H],
    expect: [p(3, 4, 5, [4, 5, 1, 3], [2]), p(3, 4, 5, [4, 5, 1, 3], [2]), p(4, 5, 1, [5, 1, 2, 3, 4], [])],
  },
  {
    name: 'R-NEW-PLAYER: a newcomer left of the big blind posts the next big blind at once',
    seats: 6,
    given: [...seatAll(1, 2, 3, 5), H],
    input: [sit(4), H],
    expect: [p(2, 3, 4, [3, 4, 5, 1, 2], [])],
  },
  {
    name: 'R-NEW-PLAYER: two newcomers at once → the one in the gap waits, the other plays',
    seats: 8,
    given: [...seatAll(1, 2, 4, 5, 6), H],
    input: [sit(3), sit(8), H],
    expect: [p(2, 4, 5, [4, 5, 6, 8, 1, 2], [3])],
  },
  {
    name: 'R-NEW-PLAYER: newcomers in the gap wrapping past the last seat all wait',
    seats: 9,
    given: [...seatAll(3, 4, 5, 7, 8), button(7), H],
    input: [sit(9), sit(1), sit(2), H, H],
    expect: [p(8, 3, 4, [3, 4, 5, 7, 8], [1, 2, 9]), p(3, 4, 5, [4, 5, 7, 8, 9, 1, 2, 3], [])],
  },
  {
    name: 'R-NEW-PLAYER (D-5): a newcomer on the seat the dead button takes gets the button and a hand',
    seats: 6,
    mode: 'dead-button',
    given: [...six, H, out(3), H],
    input: [sit(3, 'n3'), H],
    expect: [p(3, 4, 5, [4, 5, 6, 1, 2, 3], [])],
  },
  {
    name: 'R-NEW-PLAYER (D-10): only the button, SB and a gap newcomer → heads-up, the newcomer still waits',
    seats: 6,
    given: [...seatAll(1, 2, 4), H],
    input: [out(1), sit(3), H, H],
    expect: [p(4, 4, 2, [2, 4], [3]), p(4, 2, 3, [2, 3, 4], [])],
  },
  {
    name: 'R-DEALT-IN: players seated before the first hand are all dealt in, nobody waits',
    seats: 10,
    extra: 1,
    given: seatAll(2, 3, 5, 9),
    input: [H],
    expect: [p(2, 3, 5, [3, 5, 9, 2], [])],
  },

  // R-MISDEAL-RECOVERY
  {
    name: 'R-MISDEAL-RECOVERY: after a misdeal the same button and blinds deal again',
    seats: 6,
    given: [...six, H],
    input: [H, MISDEAL, H, H],
    expect: [p(2, 3, 4), p(2, 3, 4), p(3, 4, 5)],
  },
  {
    name: 'R-MISDEAL-RECOVERY, R-NEW-PLAYER: a newcomer seated during the misdealt hand is judged on the hand before',
    seats: 6,
    extra: 1,
    given: [...seatAll(1, 2, 4, 5, 6), H],
    input: [H, sit(3), MISDEAL, H, H, H],
    expect: [
      p(2, 4, 5, [4, 5, 6, 1, 2], []),
      p(2, 4, 5, [4, 5, 6, 1, 2], [3]),
      p(4, 5, 6, [5, 6, 1, 2, 4], [3]),
      p(5, 6, 1, [6, 1, 2, 3, 4, 5], []),
    ],
  },
  {
    name: 'R-MISDEAL-RECOVERY: a set-button given during the misdealt hand applies to the redeal',
    seats: 6,
    given: [...six, H],
    input: [H, button(5), MISDEAL, H],
    expect: [p(2, 3, 4), p(5, 6, 1)],
  },
];

const modes: Mode[] = ['dead-button', 'button-stays'];

describe('planHand: button, blinds and dealt-in seats', () => {
  for (const row of rows) {
    for (const mode of row.mode === undefined ? modes : [row.mode]) {
      it(`${row.name} [${mode}]`, () => {
        const profile = makeProfile(mode, row.extra ?? 0, row.extraButton ?? 0);
        const s = runOps(newSession(), row.given, row.seats, profile);
        const before = s.plans.length;
        runOps(s, row.input, row.seats, profile);
        const got = s.plans.slice(before);
        expect(got.map((plan, i) => shapeLike(plan, row.expect[i] ?? null))).toEqual(row.expect);
      });
    }
  }
});

/** Independent arithmetic: with every seat full and nobody leaving, hand i has button i+1 (mod n). */
function fullTable(n: number, hand: number): Expect {
  const at = (k: number): Seat => (((k % n) + n) % n) + 1;
  const b = at(hand);
  if (n === 2) return p(b, b, at(hand + 1), [at(hand + 1), b], []);
  return p(
    b,
    at(hand + 1),
    at(hand + 2),
    range(1, n).map((k) => at(hand + k)),
    [],
  );
}

describe('R-DEAD-BUTTON, R-DEAL-ORDER: full tables of 2..10 seats rotate one seat per hand', () => {
  for (const n of range(2, 10)) {
    for (const mode of modes) {
      it(`R-DEAD-BUTTON: ${n} seats, ${n + 1} hands [${mode}]`, () => {
        const s = runOps(newSession(), [...seatAll(...range(1, n)), ...Array<Op>(n + 1).fill(H)], n, makeProfile(mode));
        expect(s.plans.map((plan, i) => shapeLike(plan, fullTable(n, i)))).toEqual(
          range(0, n).map((i) => fullTable(n, i)),
        );
      });
    }
  }
});

describe('R-ACT-ORDER, R-HEADS-UP: firstToAct', () => {
  const plan = (b: Seat, sb: Seat | null, bb: Seat, dealtIn: Seat[]): HandPlan => ({
    button: b,
    smallBlind: sb,
    bigBlind: bb,
    dealtIn,
    waiting: [],
    headsUp: dealtIn.length === 2,
  });
  const ring6 = plan(1, 2, 3, [2, 3, 4, 5, 6, 1]);
  const cases: { name: string; given: HandPlan; input: [Street, Seat[]]; expect: Seat | null }[] = [
    {
      name: 'R-ACT-ORDER: pre-flop, first live seat left of the big blind',
      given: ring6,
      input: ['preflop', [1, 2, 3, 4, 5, 6]],
      expect: 4,
    },
    {
      name: 'R-ACT-ORDER: after the flop, first live seat left of the button',
      given: ring6,
      input: ['flop', [1, 2, 3, 4, 5, 6]],
      expect: 2,
    },
    {
      name: 'R-ACT-ORDER: after the flop with the SB folded → the BB',
      given: ring6,
      input: ['turn', [3, 4, 6]],
      expect: 3,
    },
    {
      name: 'R-ACT-ORDER: river with only seats right of the button live → wraps',
      given: ring6,
      input: ['river', [1, 6]],
      expect: 6,
    },
    {
      name: 'R-HEADS-UP: pre-flop the button (small blind) acts first',
      given: plan(3, 3, 8, [8, 3]),
      input: ['preflop', [3, 8]],
      expect: 3,
    },
    {
      name: 'R-HEADS-UP: after the flop the button acts last (the BB first)',
      given: plan(3, 3, 8, [8, 3]),
      input: ['flop', [3, 8]],
      expect: 8,
    },
    {
      name: 'R-ACT-ORDER: wrap-around, big blind on seat 1 of 10',
      given: plan(9, 10, 1, [10, ...range(1, 9)]),
      input: ['preflop', range(1, 10)],
      expect: 2,
    },
    {
      name: 'R-ACT-ORDER: dead small blind, flop → first live seat left of the button',
      given: plan(2, null, 4, [4, 5, 6, 1, 2]),
      input: ['flop', [4, 5, 6, 1, 2]],
      expect: 4,
    },
    {
      name: 'R-ACT-ORDER: dead button on an empty seat, flop → the small blind',
      given: plan(3, 4, 5, [4, 5, 6, 1, 2]),
      input: ['flop', [1, 2, 4, 5, 6]],
      expect: 4,
    },
    { name: 'R-ACT-ORDER: no live seat → null', given: ring6, input: ['flop', []], expect: null },
  ];
  for (const c of cases) {
    it(c.name, () => expect(firstToAct(c.given, c.input[0], c.input[1])).toBe(c.expect));
  }
});

describe('R-ACT-ORDER: nextSeat', () => {
  const cases: { given: [Seat, Seat[], number]; expect: Seat | null }[] = [
    { given: [3, [1, 3, 5], 6], expect: 5 },
    { given: [5, [1, 3, 5], 6], expect: 1 },
    { given: [2, [5, 1, 3], 6], expect: 3 },
    { given: [10, [1, 10], 10], expect: 1 },
    { given: [4, [4], 6], expect: 4 },
    { given: [2, [], 6], expect: null },
  ];
  for (const c of cases) {
    it(`R-ACT-ORDER: next after ${c.given[0]} among [${c.given[1].join(',')}] of ${c.given[2]} → ${c.expect}`, () =>
      expect(nextSeat(...c.given)).toBe(c.expect));
  }
  it('R-ACT-ORDER: a seat beyond the table is a clear error', () => {
    expect(() => nextSeat(1, [2, 7], 6)).toThrow(TableError);
  });
});

describe('bad input', () => {
  const profile = makeProfile();
  it('R-FIRST-BUTTON: set-button on seat 0 or a fraction is an INPUT_INVALID error', () => {
    expect(() => setButton(initialPositions(), 0)).toThrow(expect.objectContaining({ code: 'INPUT_INVALID' }));
    expect(() => setButton(initialPositions(), 1.5)).toThrow(TableError);
  });
  it('R-FIRST-BUTTON (D-13): a set-button beyond a table shrunk by setup is ignored → default button', () => {
    const memory = setButton(initialPositions(), 9);
    const planned = planHand(
      memory,
      new Map([
        [2, 'a'],
        [4, 'b'],
        [5, 'c'],
      ]),
      6,
      profile,
    );
    expect(shapeLike(planned?.plan, p(2, 4, 5, [4, 5, 2]))).toEqual(p(2, 4, 5, [4, 5, 2]));
    expect(planned?.memory.floorButton).toBeNull();
  });
  it('R-DEAD-BUTTON (D-13): last positions beyond a table shrunk by setup → positions restart from the lowest seat', () => {
    const s = runOps(newSession(), [...seatAll(1, 2, 3, 7, 8, 9), button(7), H, out(7), out(8), out(9)], 9, profile);
    expect(s.plans[0]?.bigBlind).toBe(9);
    runOps(s, [H], 6, profile);
    expect(shapeLike(s.plans[1], p(1, 2, 3, [2, 3, 1]))).toEqual(p(1, 2, 3, [2, 3, 1]));
  });
  it('R-DEAD-BUTTON (D-13): a table grown by setup keeps its positions', () => {
    const s = runOps(newSession(), [...seatAll(1, 2, 3, 4), H], 4, profile);
    runOps(s, [sit(7), H], 8, profile);
    expect(shapeLike(s.plans[1], p(2, 3, 4, [3, 4, 7, 1, 2]))).toEqual(p(2, 3, 4, [3, 4, 7, 1, 2]));
  });
  it('R-DEALT-IN: a player on a seat beyond the seat count is an INPUT_INVALID error', () => {
    expect(() =>
      planHand(
        initialPositions(),
        new Map([
          [1, 'a'],
          [9, 'b'],
        ]),
        6,
        profile,
      ),
    ).toThrow(expect.objectContaining({ code: 'INPUT_INVALID' }));
  });
  it('R-DEALT-IN: seat-player with an empty id is an INPUT_INVALID error', () => {
    expect(() => playerSeated(initialPositions(), 2, '')).toThrow(TableError);
  });
  it('R-DEALT-IN: fewer than two players → null and the memory is not touched', () => {
    const memory = initialPositions();
    expect(planHand(memory, new Map([[4, 'a']]), 6, profile)).toBeNull();
    expect(planHand(memory, new Map(), 6, profile)).toBeNull();
    expect(memory).toEqual(initialPositions());
  });
});
