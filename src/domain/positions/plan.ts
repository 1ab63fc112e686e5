// planHand: the hand's button, blinds and dealt-in seats at a shuffle (R-HAND-START), from what the last hand
// decided. The big blind leads (R-DEAD-BUTTON: "the big blind moves forward one seat every hand"); the small blind and
// the button follow from the last hand's positions. D-n refers to docs/decisions-button.md.
import type { Profile } from '../profile/profile.ts';
import type { Seat } from '../types.ts';
import type { HandPlan, LastHand, NewcomerWait, PositionMemory } from './types.ts';
import { TableError } from '../errors.ts';
import {
  clockwiseAfter,
  clockwiseOrder,
  counterClockwiseBefore,
  sortedSeats,
  strictlyBetween,
} from './ring.ts';

type BigBlindOut = Profile['button']['bigBlindOut'];

/** A set of seats as bits (1 << seat): seats are 1..MAX_SEATS (limits.ts); this runs at every shuffle. */
type Seats = number;
const has = (set: Seats, seat: Seat): boolean => (set & (1 << seat)) !== 0;

/** The positions of one hand before the bookkeeping. */
interface Shape {
  button: Seat;
  smallBlind: Seat | null;
  bigBlind: Seat;
  sbPos: Seat;
  headsUp: boolean;
  /** Seats not dealt in. */
  waiting: Seats;
  /** Seats between the button and the small blind position (their wait does not count as an extra hand). */
  gap: Seats;
}

interface Context {
  last: LastHand;
  players: ReadonlyMap<Seat, string>;
  seated: Seat[];
  waits: NewcomerWait[];
  mode: BigBlindOut;
}

/** At a shuffle: plan the hand from who holds a seat now (`players`: seat → player id; seats 1..seatCount; presence
 * does not matter, absent players are dealt in: R-AT-YOUR-SEAT). Returns null when fewer than 2 players could be
 * dealt in (no hand possible); the memory is then unchanged. Throws TableError INPUT_INVALID when `players` holds a
 * seat outside 1..seatCount or an empty id (a bug upstream: the engine validates commands first). Seats beyond
 * seatCount left in the memory by a `setup` that shrank the table are ignored (D-13). */
export function planHand(
  memory: PositionMemory,
  players: ReadonlyMap<Seat, string>,
  seatCount: number,
  profile: Profile,
): { plan: HandPlan; memory: PositionMemory } | null {
  validate(players, seatCount);
  const seated = sortedSeats(players.keys());
  if (seated.length < 2) return null;
  // D-13: a `setup` that shrank the table can leave seats beyond it in the memory; those positions mean nothing now.
  const m = memory.last;
  const last =
    m !== null && fits(m.button, seatCount) && fits(m.sbPos, seatCount) && fits(m.bigBlind, seatCount) ? m : null;
  const floorButton = memory.floorButton !== null && fits(memory.floorButton, seatCount) ? memory.floorButton : null;
  // A wait belongs to a player in a seat: someone else in that seat now means the entry is stale.
  const waits =
    memory.waits.length === 0
      ? []
      : memory.waits
          .filter((w) => players.get(w.seat) === w.player)
          .map((w): NewcomerWait => (w.extraOwed !== null ? w : { ...w, extraOwed: extraOwed(last, w.seat, profile) }));
  const first = seated[0] as Seat;
  let shape: Shape;
  if (floorButton !== null) shape = fresh(floorButton, players, seated);
  else if (last === null)
    shape = fresh(first, players, seated); // D-1: no set-button before the first hand
  else shape = continuing({ last, players, seated, waits, mode: profile.button.bigBlindOut });

  const plan: HandPlan = {
    button: shape.button,
    smallBlind: shape.smallBlind,
    bigBlind: shape.bigBlind,
    dealtIn: clockwiseOrder(
      shape.button,
      seated.filter((s) => !has(shape.waiting, s)),
    ),
    waiting: seated.filter((s) => has(shape.waiting, s)),
    headsUp: shape.headsUp,
  };
  // A newcomer dealt in is done waiting: the entry goes. One still waiting counts a hand unless the gap kept them out.
  const nextWaits: NewcomerWait[] = [];
  for (const w of waits) {
    if (!has(shape.waiting, w.seat)) continue;
    if (has(shape.gap, w.seat) || !(w.extraOwed! > w.extraServed)) nextWaits.push(w);
    else nextWaits.push({ ...w, extraServed: w.extraServed + 1 });
  }
  const hand = memory.hands + 1;
  const next: PositionMemory = {
    hands: hand,
    last: {
      hand,
      button: shape.button,
      sbPos: shape.sbPos,
      smallBlind: shape.smallBlind,
      bigBlind: shape.bigBlind,
      headsUp: shape.headsUp,
      players: seated.map((seat) => ({ seat, player: players.get(seat)! })),
      dealtIn: plan.dealtIn,
    },
    floorButton: null,
    waits: nextWaits,
    undo: { hands: memory.hands, last: memory.last, floorButton: memory.floorButton, waits: memory.waits },
  };
  return { plan, memory: next };
}

/** R-NEW-PLAYER: the extra hands a newcomer on `seat` sits out, from where the seat lay in the last planned hand.
 * D-9: "between the previous hand's small and big blind" is measured from its small-blind position; "between its
 * button and small blind" up to its big blind when it had no small blind. Heads-up has no seat between either. */
function extraOwed(last: LastHand | null, seat: Seat, profile: Profile): number {
  if (last === null || last.headsUp) return 0;
  const rule = profile.newPlayer;
  let owed = 0;
  if (strictlyBetween(last.sbPos, last.bigBlind, seat)) owed = rule.extraHandsBetweenOldBlinds;
  if (strictlyBetween(last.button, last.smallBlind ?? last.bigBlind, seat))
    owed = Math.max(owed, rule.extraHandsBetweenOldButtonAndSmallBlind);
  return Math.max(0, Math.floor(owed));
}

/** A seat that exists on a table of `seatCount` seats. */
function fits(seat: Seat, seatCount: number): boolean {
  return Number.isInteger(seat) && seat >= 1 && seat <= seatCount;
}

function validate(players: ReadonlyMap<Seat, string>, seatCount: number): void {
  // 30 at most: seat sets are bits of a 32-bit integer (a table has MAX_SEATS = 10 at most: limits.ts).
  if (!Number.isInteger(seatCount) || seatCount < 1 || seatCount > 30) {
    throw new TableError('INPUT_INVALID', `planHand: seatCount must be an integer from 1 to 30, got ${seatCount}`);
  }
  for (const [seat, player] of players) {
    if (!Number.isInteger(seat) || seat < 1 || seat > seatCount) {
      throw new TableError('INPUT_INVALID', `planHand: seat ${seat} is outside 1..${seatCount}`, { field: 'seat' });
    }
    if (typeof player !== 'string' || player.length === 0) {
      throw new TableError('INPUT_INVALID', `planHand: seat ${seat} has no player id`, { field: 'player' });
    }
  }
}

/** R-FIRST-BUTTON and after a floor `set-button`: the button is `b` (even an empty seat, D-2); the small blind is the
 * next player to its left, the big blind the next. Heads-up the button must be a player (it posts the small blind):
 * `b` if it holds one, else the first player to its left (D-3). Nobody waits (D-2). */
function fresh(b: Seat, players: ReadonlyMap<Seat, string>, seated: Seat[]): Shape {
  const none: Seats = 0;
  if (seated.length === 2) {
    const button = players.has(b) ? b : (clockwiseAfter(b, seated) as Seat);
    const bigBlind = clockwiseAfter(button, seated) as Seat;
    return { button, smallBlind: button, bigBlind, sbPos: button, headsUp: true, waiting: none, gap: none };
  }
  const others = seated.filter((s) => s !== b);
  const smallBlind = clockwiseAfter(b, others) as Seat;
  const bigBlind = clockwiseAfter(smallBlind, others) as Seat;
  return { button: b, smallBlind, bigBlind, sbPos: smallBlind, headsUp: false, waiting: none, gap: none };
}

function playerThen(last: LastHand, seat: Seat): string | undefined {
  for (const p of last.players) if (p.seat === seat) return p.player;
  return undefined;
}

/** The same player holds `seat` as at the last hand. */
function sameAsThen(players: ReadonlyMap<Seat, string>, last: LastHand, seat: Seat): boolean {
  return players.get(seat) === playerThen(last, seat);
}

/** Every hand after the first: the big blind moves to the next player left of the last big blind. */
function continuing(ctx: Context): Shape {
  const { last, players, seated, waits, mode } = ctx;
  const sbPosition = last.bigBlind;
  // R-BB-ELIMINATED: where the button goes, where the gap between button and small blind starts, who posts the SB.
  let button: Seat | null;
  let gapStart: Seat | null;
  let smallBlind: Seat | null;
  if (last.headsUp) {
    // D-6: after heads-up there is no gap; the button is found from the small blind once the big blind is known.
    button = null;
    gapStart = null;
    smallBlind = sbTaken(mode, players, last, sbPosition) ? sbPosition : null;
  } else if (mode === 'dead-button') {
    button = last.sbPos;
    gapStart = last.sbPos;
    // D-5: the small blind is a seat: whoever holds the last big blind's seat now posts it; empty seat: dead SB.
    smallBlind = players.has(sbPosition) ? sbPosition : null;
  } else if (!sameAsThen(players, last, last.bigBlind)) {
    // D-4, club: "si un joueur anciennement de surblind est éliminé, le nouveau surblindeur est le seul à blinder. Le
    // bouton redonnera alors le coup suivant".
    button = last.button;
    gapStart = last.sbPos;
    smallBlind = null;
  } else {
    // D-4: the button is never dead: it goes to the nearest player right of the small blind who played last hand.
    // With nobody gone that is the last small blind; with the last small blind gone it is the same button ("si un
    // joueur anciennement blindeur est éliminé, le bouton reste le même"). Newcomers are passed over: they wait.
    const established = seated.filter(
      (s) => s !== sbPosition && last.dealtIn.includes(s) && sameAsThen(players, last, s),
    );
    button = counterClockwiseBefore(sbPosition, established) ?? last.button;
    gapStart = button;
    smallBlind = sbPosition;
  }

  let gap: Seats = 0;
  if (gapStart !== null) for (const s of seated) if (strictlyBetween(gapStart, sbPosition, s)) gap |= 1 << s;
  let extraWaiting: Seats = 0;
  for (const w of waits) if (!has(gap, w.seat) && w.extraServed < w.extraOwed!) extraWaiting |= 1 << w.seat;
  const candidates = seated.filter((s) => !has(gap, s) && s !== sbPosition);
  const bigBlind = clockwiseAfter(sbPosition, candidates);
  if (bigBlind === null) return liftWaits(ctx);
  // D-8: a player who must post a blind is dealt in; the blind ends their wait.
  extraWaiting &= ~(1 << bigBlind);
  if (smallBlind !== null) extraWaiting &= ~(1 << smallBlind);
  const waiting: Seats = gap | extraWaiting;
  const eligible = seated.filter((s) => !has(waiting, s));
  if (eligible.length < 2) return liftWaits(ctx);
  if (eligible.length === 2) return headsUp(ctx, eligible as [Seat, Seat], waiting, gap);

  const others = eligible.filter((s) => s !== bigBlind && s !== smallBlind);
  if (button === null || button === bigBlind || button === smallBlind) {
    // After heads-up (D-6), or the big blind reached the seat the button would take (D-7): the button goes to the
    // nearest player to the right of the small blind position.
    button = counterClockwiseBefore(sbPosition, others) as Seat;
  }
  const sbPos =
    smallBlind ??
    (mode === 'dead-button'
      ? sbPosition
      : (counterClockwiseBefore(
          bigBlind,
          eligible.filter((s) => s !== bigBlind),
        ) as Seat));
  return { button, smallBlind, bigBlind, sbPos, headsUp: false, waiting, gap };
}

function sbTaken(mode: BigBlindOut, players: ReadonlyMap<Seat, string>, last: LastHand, seat: Seat): boolean {
  return mode === 'dead-button' ? players.has(seat) : sameAsThen(players, last, seat);
}

/** R-HEADS-UP, R-HEADS-UP-START: two players dealt in. The button posts the small blind; the big blind goes to the
 * player who did not post it last hand, or, when neither did, moves on clockwise from the last big blind's seat. */
function headsUp(ctx: Context, pair: [Seat, Seat], waiting: Seats, gap: Seats): Shape {
  const { last, players } = ctx;
  const [x, y] = pair;
  const lastBig = playerThen(last, last.bigBlind);
  let bigBlind: Seat;
  if (players.get(x) === lastBig) bigBlind = y;
  else if (players.get(y) === lastBig) bigBlind = x;
  else bigBlind = clockwiseAfter(last.bigBlind, pair) as Seat;
  const button = bigBlind === x ? y : x;
  return { button, smallBlind: button, bigBlind, sbPos: button, headsUp: true, waiting, gap };
}

/** D-10: the waits would leave fewer than two players. Nobody waits; the big blind still moves on, the button goes
 * to the nearest player right of the small blind position. */
function liftWaits(ctx: Context): Shape {
  const { last, players, seated, mode } = ctx;
  const none: Seats = 0;
  if (seated.length === 2) return headsUp(ctx, seated as [Seat, Seat], none, none);
  const sbPosition = last.bigBlind;
  const bigBlind = clockwiseAfter(
    sbPosition,
    seated.filter((s) => s !== sbPosition),
  ) as Seat;
  const smallBlind = sbTaken(mode, players, last, sbPosition) ? sbPosition : null;
  const button = counterClockwiseBefore(
    sbPosition,
    seated.filter((s) => s !== bigBlind && s !== smallBlind),
  ) as Seat;
  return { button, smallBlind, bigBlind, sbPos: smallBlind ?? sbPosition, headsUp: false, waiting: none, gap: none };
}
