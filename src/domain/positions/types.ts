// The shapes positions.ts and positions-plan.ts share: the hand's plan and what the table remembers between hands.
// Apart from both so that neither imports the other (positions.ts re-exports them).
import type { Seat } from '../types.ts';

/** One seat held at a shuffle: who was there. */
export interface SeatHolder {
  seat: Seat;
  player: string;
}

/** What the last planned hand decided, as the next hand's starting point. */
export interface LastHand {
  /** 1-based ordinal among planned hands (a misdeal's redeal reuses it: see `misdealt`). */
  hand: number;
  button: Seat;
  /** The small-blind position: the small blind's seat when one was posted; under `dead-button` the (empty) seat of
   * a dead small blind, which is where the button goes next; under `button-stays` with no small blind, the nearest
   * dealt-in seat to the right of the big blind (D-4). Heads-up: the button. R-NEW-PLAYER measures "between the
   * previous hand's small and big blind" from it (D-9). */
  sbPos: Seat;
  smallBlind: Seat | null;
  bigBlind: Seat;
  headsUp: boolean;
  /** Everyone holding a seat at the shuffle (dealt in or waiting), in seat order. */
  players: SeatHolder[];
  dealtIn: Seat[];
}

/** A player seated since the last shuffle, for R-NEW-PLAYER's `newPlayer.extraHandsBetweenOldBlinds` and
 * `extraHandsBetweenOldButtonAndSmallBlind`. Where the seat lay in the previous hand is settled at the next
 * `planHand` (after a misdeal that is the redeal, so it is measured against the hand before the misdealt one). */
export interface NewcomerWait {
  seat: Seat;
  player: string;
  /** The extra hands this newcomer sits out (out of the gap); null until the next shuffle settles it. */
  extraOwed: number | null;
  /** Extra hands sat out so far (counted only outside the button–small blind gap). */
  extraServed: number;
}

/** What the table remembers between hands about positions. Plain JSON data (it is journaled/replayed). */
export interface PositionMemory {
  /** Hands planned so far (a misdeal takes its hand back). */
  hands: number;
  last: LastHand | null;
  /** R-FIRST-BUTTON: the button set by the floor for the next hand, consumed by `planHand`. */
  floorButton: Seat | null;
  waits: NewcomerWait[];
  /** The memory's hand-related part before the last `planHand`, for `misdealt`. */
  undo: { hands: number; last: LastHand | null; floorButton: Seat | null; waits: NewcomerWait[] } | null;
}

export interface HandPlan {
  button: Seat; // may be a seat with no player (dead button)
  smallBlind: Seat | null; // null when there is no small blind (dead small blind)
  bigBlind: Seat;
  /** Seats dealt in, in dealing order: first the first seat dealt in to the left of the button, clockwise
   * (increasing seat numbers, wrapping), two rounds use this same order. Heads-up: the big blind is dealt first and
   * the button (small blind) gets the last card (R-HEADS-UP). */
  dealtIn: Seat[];
  /** Seats with a player not dealt in this hand (waiting new players, R-NEW-PLAYER / R-DEALT-IN). */
  waiting: Seat[];
  /** Extension: true when exactly two seats are dealt in (R-HEADS-UP: the button is the small blind). */
  headsUp: boolean;
}
