// What a hi-lo hand's record holds beyond the pots (docs/history.md "Hi-lo"): the chips each winner took from each
// half of each pot, the low as the table named it, and each shown hand's high and low, for the PokerStars text,
// which writes one "collected" line per half and names both halves of every hand shown.
import { splitPot, type AwardedPot } from '../domain/chips/index.ts';
import { nameOf } from '../domain/evaluator/high.ts';
import type { Game } from '../domain/games/index.ts';
import type { Card, Seat, TableEvent } from '../domain/types.ts';
import type { OhhHalf, OhhHiLo } from './ohh-types.ts';

/** The hi-lo part of a record, or undefined for a game without a low half (its descriptor has no `hands.low`).
 * `board`: the cards every hand shares, where no `board` event names them (stud's common card). */
export function hiLoOf(
  game: Game,
  events: readonly TableEvent[],
  holeCards: ReadonlyMap<Seat, Card[]>,
  shown: ReadonlySet<Seat>,
  shared?: readonly Card[],
): OhhHiLo | undefined {
  const low = game.hands?.low;
  if (!low) return undefined;
  const showdown = events.find((e) => e.type === 'showdown');
  const board = shared ?? lastBoard(events);
  const awarded = events.find((e) => e.type === 'pot.awarded');
  const halves = awarded ? halvesOf([...awarded.pots].reverse(), unitOf(events)) : [];
  const hands = showdown
    ? showdown.order
        .filter((seat) => shown.has(seat) && holeCards.has(seat))
        .map((seat) => {
          const hole = holeCards.get(seat)!;
          const high = game.score(hole, board);
          const lowScore = low.score(hole, board);
          return {
            player_id: seat,
            high: game.hands?.name ? game.hands.name(high) : nameOf(high),
            low: lowScore > 0 ? low.name(lowScore) : null,
          };
        })
    : [];
  return { low_rank: showdown?.lowRank ?? null, halves, shown: hands };
}

function lastBoard(events: readonly TableEvent[]): Card[] {
  let board: Card[] = [];
  for (const e of events) if (e.type === 'board' && !e.provisional) board = e.cards;
  return board;
}

/** Each pot's shares by half, the high half's first (main pot first). A seat that won in both halves has one share
 * in the event: its two parts are the table's split worked out again (R-HILO: the low half is half the pot's units,
 * rounded down; each half split in units), kept only when it gives every seat of the pot its share. */
function halvesOf(pots: readonly AwardedPot[], unit: number): OhhHalf[] {
  const out: OhhHalf[] = [];
  pots.forEach((pot, number) => {
    const high: OhhHalf[] = [];
    const low: OhhHalf[] = [];
    const split = pot.shares.some((s) => s.half === 'both') ? splitAgain(pot, unit) : null;
    for (const s of pot.shares) {
      const parts = split?.get(s.seat) ?? (s.half === 'low' ? { high: 0, low: s.amount } : { high: s.amount, low: 0 });
      if (parts.high > 0) high.push({ pot: number, player_id: s.seat, half: 'high', amount: parts.high });
      if (parts.low > 0) low.push({ pot: number, player_id: s.seat, half: 'low', amount: parts.low });
    }
    out.push(...high, ...low);
  });
  return out;
}

function splitAgain(pot: AwardedPot, unit: number): Map<Seat, { high: number; low: number }> | null {
  const highSeats = pot.shares.filter((s) => s.half !== 'low').map((s) => s.seat);
  const lowSeats = pot.shares.filter((s) => s.half === 'low' || s.half === 'both').map((s) => s.seat);
  const lowAmount = Math.floor(Math.floor(pot.amount / unit) / 2) * unit;
  const highHalf = splitPot({ amount: pot.amount - lowAmount, seats: pot.seats }, highSeats, pot.seats, unit);
  const lowHalf = splitPot({ amount: lowAmount, seats: pot.seats }, lowSeats, pot.seats, unit);
  const parts = new Map<Seat, { high: number; low: number }>();
  for (const s of pot.shares) {
    const high = highHalf.shares.find((x) => x.seat === s.seat)?.amount ?? 0;
    const low = lowHalf.shares.find((x) => x.seat === s.seat)?.amount ?? 0;
    if (high + low !== s.amount) return null;
    parts.set(s.seat, { high, low });
  }
  return parts;
}

/** The smallest chip of the hand, as its amounts show it: the greatest common divisor of every stack, bet, pot and
 * share (every amount is a sum of chips). */
function unitOf(events: readonly TableEvent[]): number {
  let g = 0;
  const add = (n: number): void => {
    let a = Math.abs(n);
    let b = g;
    while (b) [a, b] = [b, a % b];
    g = a;
  };
  for (const e of events) {
    if (e.type === 'bet.placed') {
      add(e.amount);
      add(e.stack);
    } else if (e.type === 'pot.awarded') {
      for (const p of e.pots) {
        add(p.amount);
        for (const s of p.shares) add(s.amount);
      }
    }
  }
  return g || 1;
}
