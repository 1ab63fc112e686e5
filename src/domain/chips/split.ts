// How one pot is split (R-POT-AWARD, R-HILO, R-ODD-CHIP): among tied hands in units of the smallest denomination,
// and in the hi-lo games between the best high hand and the best qualifying low first.
import type { AwardedPot, Half, Pot, Seat } from './types.ts';

/**
 * Split one pot among `winners` in units of the smallest denomination; the odd units go one each to the winners in
 * dealing order (the first seat left of the button first). A remainder below one unit (never with chips of the
 * denominations in play) goes with the first odd unit so that no chip is lost.
 */
export function splitPot(pot: Pot, winners: readonly Seat[], order: readonly Seat[], unit: number): AwardedPot {
  // one winner (most pots): the whole pot, no shares to work out
  if (winners.length === 1) {
    const seat = winners[0]!;
    return {
      amount: pot.amount,
      seats: pot.seats.slice(),
      winners: [seat],
      shares: [{ seat, amount: pot.amount }],
      oddChips: [],
    };
  }
  const inOrder = order.filter((seat) => winners.includes(seat));
  const units = Math.floor(pot.amount / unit);
  const each = Math.floor(units / inOrder.length);
  const odd = units - each * inOrder.length;
  const crumbs = pot.amount - units * unit;
  const oddChips = inOrder.slice(0, odd);
  const shares = inOrder.map((seat, i) => ({
    seat,
    amount: each * unit + (i < odd ? unit : 0) + (i === 0 ? crumbs : 0),
  }));
  return { amount: pot.amount, seats: [...pot.seats], winners: inOrder, shares, oddChips };
}

/**
 * A hi-lo pot (R-HILO): `high` (the best high hands eligible for it) and `low` (the best qualifying lows eligible
 * for it, none: undefined or empty). With a low the pot splits in two halves, the odd unit to the high half
 * (R-ODD-CHIP, BFP 3), and each half is split among its tied hands as a whole pot is (`splitPot`: odd units from
 * the left of the button); a seat in both halves gets one share, `half` `both` (a scoop, or a quarter on top of a
 * half). With no low the high hands take the whole pot: every share is `high`.
 */
export function splitHiLo(
  pot: Pot,
  high: readonly Seat[],
  low: readonly Seat[] | undefined,
  order: readonly Seat[],
  unit: number,
): AwardedPot {
  if (low === undefined || low.length === 0) {
    const whole = splitPot(pot, high, order, unit);
    for (const share of whole.shares) share.half = 'high';
    return whole;
  }
  const units = Math.floor(pot.amount / unit);
  const lowUnits = Math.floor(units / 2);
  const lowAmount = lowUnits * unit;
  const highHalf = splitPot({ amount: pot.amount - lowAmount, seats: pot.seats }, high, order, unit);
  const lowHalf = splitPot({ amount: lowAmount, seats: pot.seats }, low, order, unit);
  const shares: { seat: Seat; amount: number; half: Half }[] = [];
  const oddChips: Seat[] = [];
  // The odd unit of the split is an odd chip when it goes to one high hand that does not take the low half too.
  const splitOdd = units % 2 === 1 && high.length === 1 && !(low.length === 1 && low[0] === high[0]) ? high[0] : null;
  for (const seat of order) {
    const h = highHalf.shares.find((s) => s.seat === seat);
    const l = lowHalf.shares.find((s) => s.seat === seat);
    if (h === undefined && l === undefined) continue;
    const half: Half = h === undefined ? 'low' : l === undefined ? 'high' : 'both';
    shares.push({ seat, amount: (h?.amount ?? 0) + (l?.amount ?? 0), half });
    if (seat === splitOdd || highHalf.oddChips.includes(seat) || lowHalf.oddChips.includes(seat)) oddChips.push(seat);
  }
  return { amount: pot.amount, seats: [...pot.seats], winners: shares.map((s) => s.seat), shares, oddChips };
}
