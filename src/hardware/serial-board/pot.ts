// The pot as the serial display board shows it (chips tracked only): all the chips in the middle and in front of the
// seats, how many pots were gathered (main and side pots), and what the seat on action must put in to call. Pure.
import type { TableSnapshot } from '../../domain/snapshot/types.ts';
import { displayState, type DisplayState } from '../outputs/level-clock.ts';

export interface PotShown {
  /** The pots gathered plus this round's bets; null between hands. */
  pot: number | null;
  /** Pots gathered so far (the main pot and the side pots); 0 before the first round ends. */
  pots: number;
  /** What the seat on action must add to call; null when nobody is on action. */
  toCall: number | null;
}

/** What a serial display board shows: the level clock, the shot clock and, when the table tracks chips, the pot. */
export type BoardState = DisplayState & { chips?: PotShown };

/** The pot of a snapshot, or undefined when the table does not track chips (nothing changes on the wire then). */
export function potShown(snapshot: TableSnapshot | null): PotShown | undefined {
  if (!snapshot || snapshot.pots === undefined) return undefined;
  if (snapshot.hand === null) return { pot: null, pots: 0, toCall: null };
  const gathered = snapshot.pots.reduce((sum, p) => sum + p.amount, 0);
  const bets = snapshot.seatInfo.reduce((sum, s) => sum + (s.bet ?? 0), 0);
  return {
    pot: gathered + bets,
    pots: snapshot.pots.length,
    toCall: snapshot.onAction ? (snapshot.toCall ?? null) : null,
  };
}

export function boardState(snapshot: TableSnapshot | null, now: number): BoardState {
  const chips = potShown(snapshot);
  return chips ? { ...displayState(snapshot, now), chips } : displayState(snapshot, now);
}
