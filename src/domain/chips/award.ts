// R-POT-AWARD (outermost pot first, each split on its own, odd units from the left of the button; in the hi-lo
// games between high and low, R-HILO) and R-CHIPS-BUST (who is out, smallest stack at the start of the hand first).
import { buildPots, giveBack } from './pots.ts';
import { splitHiLo, splitPot } from './split.ts';
import { copySeat, isLive, stateWith } from './state.ts';
import type { AwardedPot, ChipsEvent, ChipsState, Pot, Seat } from './types.ts';

/**
 * Award every pot of the hand. `ranking` lists the live hands best first, ties in one group (from the hand
 * evaluator); a hand won by a fold passes `[[winner]]`. Each pot goes to the best group with a seat eligible for
 * it. Returns the `pot.awarded` event, side pots first from the outermost; with no live hand, `bet.returned`
 * `no-live-hand` per seat instead. `pots`: the state's pots when the caller
 * has them already (`endRound` returns them). `low`: in a hi-lo game's showdown (R-HILO), the seats with a
 * qualifying low, best first, ties grouped: each pot is split between its best high and its best low. `oddOrder`:
 * the seats in the order odd units go to tied hands, when it is not the dealing order (R-ODD-CHIP in stud).
 */
export function award(
  state: ChipsState,
  ranking: readonly (readonly Seat[])[],
  pots: readonly Pot[] = buildPots(state),
  low?: readonly (readonly Seat[])[],
  oddOrder?: readonly Seat[],
): { state: ChipsState; events: ChipsEvent[]; pots: AwardedPot[] } {
  // No live hand (every hand dead: absent, penalty, clock): no pot has an eligible seat, so no one wins it and each
  // seat gets back what it put in, as at a misdeal (docs/rules-decisions.md).
  if (!state.seats.some(isLive)) return { ...giveBack(state, 'no-live-hand'), pots: [] };
  const unit = state.rules.denominations[0] ?? 1;
  // R-ODD-CHIP: from the first seat left of the button (dealing order), or as the game orders (stud: best up card)
  const order = oddOrder ?? state.seats.map((s) => s.seat);
  const awarded: AwardedPot[] = [];
  for (let i = pots.length - 1; i >= 0; i--) {
    const pot = pots[i]!;
    // No ranked seat is eligible only when the ranking is incomplete: every eligible seat shares then.
    const group = bestEligible(ranking, pot.seats) ?? pot.seats;
    awarded.push(
      low ? splitHiLo(pot, group, bestEligible(low, pot.seats), order, unit) : splitPot(pot, group, order, unit),
    );
  }
  const seats = state.seats.map((s) => {
    const paid = copySeat(s);
    paid.stack = s.stack + wonBy(awarded, s.seat);
    paid.total = 0;
    paid.dead = 0;
    paid.bet = 0;
    paid.front = 0;
    return paid;
  });
  return { state: stateWith(state, { seats }), events: [{ type: 'pot.awarded', pots: awarded }], pots: awarded };
}

/** What `seat` won over the awarded pots (a few pots, a share or two each: a search costs less than a `Map`). */
function wonBy(awarded: readonly AwardedPot[], seat: Seat): number {
  let won = 0;
  for (const p of awarded) for (const share of p.shares) if (share.seat === seat) won += share.amount;
  return won;
}

export interface Bust {
  seat: Seat;
  stackAtStart: number;
  /** The place among this hand's busts, from 1 for the first out (the smallest stack at the start); ties share. */
  order: number;
}

/** R-CHIPS-BUST: every seat dealt in left with no chip, smallest stack at the start of the hand first. */
export function busts(state: ChipsState): Bust[] {
  // Plain loops, no filter/map/sort: with chips tracked most hands that end with an empty stack have a bust or two,
  // and this ran as four passes with closures (docs/bench.md).
  const out: Bust[] = [];
  for (const s of state.seats) {
    if (s.stack !== 0 || s.total !== 0 || s.dead !== 0) continue;
    // stable: after every bust with the same or a smaller stack at the start
    let i = out.length;
    while (i > 0 && out[i - 1]!.stackAtStart > s.stackAtStart) i -= 1;
    out.splice(i, 0, { seat: s.seat, stackAtStart: s.stackAtStart, order: 0 });
  }
  // ties share the place of the first of them
  for (let i = 0; i < out.length; i++) {
    const b = out[i]!;
    b.order = i > 0 && out[i - 1]!.stackAtStart === b.stackAtStart ? out[i - 1]!.order : i + 1;
  }
  return out;
}

/** `player.eliminated` then its own `player.removed`, bust by bust, in the order of R-CHIPS-BUST. */
export function eliminations(state: ChipsState, players: ReadonlyMap<Seat, string>): ChipsEvent[] {
  const events: ChipsEvent[] = [];
  for (const { seat, stackAtStart } of busts(state)) {
    const player = players.get(seat) ?? '';
    events.push({ type: 'player.eliminated', seat, player, stackAtStart }, { type: 'player.removed', seat, player });
  }
  return events;
}

/** The best group of `ranking` with a seat eligible for the pot, narrowed to those seats (groups below are not
 * looked at). */
function bestEligible(ranking: readonly (readonly Seat[])[], eligible: readonly Seat[]): Seat[] | undefined {
  for (const g of ranking) {
    const seats = g.filter((seat) => eligible.includes(seat));
    if (seats.length > 0) return seats;
  }
  return undefined;
}
