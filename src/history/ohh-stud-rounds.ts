// A stud hand's betting as OHH rounds (docs/history.md "Stud"): one round a street, `Third Street` … `Seventh
// Street`, each opening with one `Dealt Cards` per seat dealt on it (the cards of that street: two down and one up on
// third street, one up on the next three, one down on the seventh), then the actions; the antes first in the
// third street's; the bring-in as `Post Extra Blind` (the spec's forced bet other than the blinds); the common card
// as the seventh street's round `cards` (the spec's board cards of a round); `Showdown` as in the flop games.
import type { Card, Seat, TableEvent } from '../domain/types.ts';
import type { RoundsResult } from './ohh-rounds.ts';
import type { OhhAction, OhhActionName, OhhRound, OhhStreet } from './ohh-types.ts';
import { isStudStreet, loose, type LooseEvent, type StudStreet } from './stud-events.ts';

const STREET_NAMES: Readonly<Record<StudStreet, OhhStreet>> = {
  third: 'Third Street',
  fourth: 'Fourth Street',
  fifth: 'Fifth Street',
  sixth: 'Sixth Street',
  seventh: 'Seventh Street',
};

export interface StudRounds extends RoundsResult {
  /** The seat `bring.in` named and its up card. */
  bringIn: { seat: Seat; card: Card } | null;
}

type Key = StudStreet | 'showdown';
type Pending = { seat: Seat; action: string };

/** One pass over the hand's events. `cards`: every seat's cards as dealt (secure), for the showdown's actions. */
export function studRoundsOf(events: readonly TableEvent[], cards: ReadonlyMap<Seat, Card[]>): StudRounds {
  const b = new StudRoundBuilder();
  const potWinners = events.flatMap((e) =>
    e.type === 'pot.awarded' ? e.pots.flatMap((p) => p.shares.map((s) => s.seat)) : [],
  );
  for (const event of events) {
    const e = loose(event);
    if (e.type === 'card.dealt') b.dealt(e);
    else if (e.type === 'bet.placed') b.betPlaced(e);
    else if (e.type === 'bring.in' && e.seat !== undefined) b.bringInSeat(e.seat, e.card ?? null);
    else if (e.type === 'action.on' && isStudStreet(e.street)) b.toStreet(e.street);
    else if (e.type === 'action' && e.seat !== undefined) b.action(e.seat, e.action ?? '');
    else if (e.type === 'hand.dead' && e.seat !== undefined) b.dead(e.seat);
    else if (e.type === 'hands.exposed') b.exposed(e.seats ?? []);
    else if (e.type === 'showdown') {
      const winners = [...(e.winners ?? []), ...(e.lowWinners ?? []), ...potWinners];
      b.showdown(e.order ?? [], winners, e.rank, cards);
    }
  }
  return b.result();
}

class StudRoundBuilder {
  private readonly rounds = new Map<Key, OhhRound>();
  private street: StudStreet = 'third';
  /** A bet in this round: the bring-in, a completion, a bet. */
  private opened = false;
  private pending: Pending | null = null;
  /** Cards dealt on each street and not yet written as `Dealt Cards`, by seat in dealing order. */
  private readonly undealt = new Map<StudStreet, Map<Seat, Card[]>>();
  private bringIn: { seat: Seat; card: Card } | null = null;
  private bringInSeatOnly: Seat | null = null;
  private readonly shown = new Set<Seat>();
  private readonly deadSeats: Seat[] = [];
  private rank: string | undefined;

  private round(key: Key): OhhRound {
    let r = this.rounds.get(key);
    if (!r) {
      r = { id: this.rounds.size, street: key === 'showdown' ? 'Showdown' : STREET_NAMES[key], actions: [] };
      this.rounds.set(key, r);
    }
    return r;
  }

  private push(key: Key, a: Omit<OhhAction, 'action_number'>): void {
    const r = this.round(key);
    r.actions.push({ action_number: r.actions.length + 1, ...a });
  }

  /** The `Dealt Cards` of the street's cards not yet written: before the street's first action. */
  private deal(street: StudStreet = this.street): void {
    const waiting = this.undealt.get(street);
    if (!waiting) return;
    for (const [seat, cards] of waiting) this.push(street, { player_id: seat, action: 'Dealt Cards', cards });
    this.undealt.delete(street);
  }

  /** A panel action not followed by its chips (none tracked): written as what it was. */
  private flush(): void {
    if (!this.pending) return;
    const { seat, action } = this.pending;
    this.pending = null;
    if (action === 'call') {
      const bringsIn = this.street === 'third' && !this.opened && this.bringInSeatOnly === seat;
      this.push(this.street, { player_id: seat, action: bringsIn ? 'Post Extra Blind' : 'Call' });
      if (bringsIn) this.opened = true;
      return;
    }
    this.push(this.street, {
      player_id: seat,
      action: this.opened ? 'Raise' : 'Bet',
      ...(action === 'allin' ? { is_allin: true } : {}),
    });
    this.opened = true;
  }

  toStreet(next: StudStreet): void {
    if (next === this.street) return;
    this.flush();
    this.deal();
    this.street = next;
    this.opened = false;
  }

  dealt(e: LooseEvent): void {
    if (e.premature || !e.card || !isStudStreet(e.street)) return;
    // an all-in hand's later streets come without action.on: a card of the next street starts it
    this.toStreet(e.street);
    if (e.to === 'common') this.round(e.street).cards = [e.card];
    if (e.to !== 'seat' || e.seat === undefined) return;
    const street = this.undealt.get(e.street) ?? new Map<Seat, Card[]>();
    street.set(e.seat, [...(street.get(e.seat) ?? []), e.card]);
    this.undealt.set(e.street, street);
  }

  bringInSeat(seat: Seat, card: Card | null): void {
    this.deal();
    this.bringInSeatOnly = seat;
    if (card) this.bringIn = { seat, card };
  }

  betPlaced(e: LooseEvent): void {
    if (e.seat === undefined) return;
    const allIn = e.allIn ? { is_allin: true as const } : {};
    if (e.action === 'ante') {
      this.push('third', { player_id: e.seat, action: 'Post Ante', amount: e.amount ?? 0, ...allIn });
      return;
    }
    this.deal();
    this.pending = null;
    const name: OhhActionName =
      e.action === 'bring-in' ? 'Post Extra Blind' : e.action === 'call' ? 'Call' : this.opened ? 'Raise' : 'Bet';
    this.push(this.street, { player_id: e.seat, action: name, amount: e.amount ?? 0, ...allIn });
    if (name !== 'Call') this.opened = true;
  }

  action(seat: Seat, action: string): void {
    this.flush();
    this.deal();
    if (action === 'fold') this.push(this.street, { player_id: seat, action: 'Fold' });
    else if (action === 'check') this.push(this.street, { player_id: seat, action: 'Check' });
    else this.pending = { seat, action };
  }

  dead(seat: Seat): void {
    this.flush();
    this.deal();
    this.deadSeats.push(seat);
    this.push(this.street, { player_id: seat, action: 'Fold' });
  }

  exposed(seats: readonly Seat[]): void {
    this.flush();
    for (const seat of seats) this.shown.add(seat);
  }

  /** R-SHOWDOWN-ORDER, R-STUD-ORDER: the first in order shows, every hand that wins a part of a pot is tabled, an
   * exposed hand is face up; the others are taken as mucked. A shown hand's cards are all its own, in the order
   * dealt (the common card is the round's, not the seat's). */
  showdown(
    order: readonly Seat[],
    winners: readonly Seat[],
    rank: string | undefined,
    cards: ReadonlyMap<Seat, Card[]>,
  ): void {
    this.flush();
    this.deal();
    this.rank = rank;
    order.forEach((seat, i) => {
      if (i === 0 || winners.includes(seat)) this.shown.add(seat);
      const action = this.shown.has(seat) ? 'Shows Cards' : 'Mucks Cards';
      this.push('showdown', { player_id: seat, action, cards: [...(cards.get(seat) ?? [])] });
    });
  }

  result(): StudRounds {
    this.flush();
    for (const street of [...this.undealt.keys()]) this.deal(street);
    return {
      rounds: [...this.rounds.values()].sort((a, b) => a.id - b.id),
      shown: this.shown,
      dead: this.deadSeats,
      rank: this.rank,
      bringIn: this.bringIn,
    };
  }
}
