// The stud games' events as the contract gives them (protocol.md, R-STUD-*): `card.dealt` with `up: true` for an up
// card and `to: "common"` for a short stub's seventh-street card, streets `third` … `seventh`, `bring.in` {seat,
// card}, `bet.placed` with `action: "bring-in"`. They are read here through a loose view of their fields, so the
// records do not wait on the engine's own event types to name them; a flop game's events never carry them.
import type { Card, Seat, TableEvent } from '../domain/types.ts';

export type StudStreet = 'third' | 'fourth' | 'fifth' | 'sixth' | 'seventh';

export const STUD_STREETS: readonly StudStreet[] = ['third', 'fourth', 'fifth', 'sixth', 'seventh'];

/** The fields the stud contract adds, as any event may carry them. */
export interface LooseEvent {
  type: string;
  seat?: Seat;
  card?: Card | null;
  to?: string;
  up?: boolean;
  street?: string;
  premature?: boolean;
  action?: string;
  amount?: number;
  allIn?: boolean;
  order?: Seat[];
  winners?: Seat[];
  lowWinners?: Seat[];
  rank?: string;
  seats?: Seat[];
  pots?: { shares: { seat: Seat }[] }[];
}

export function loose(e: TableEvent): LooseEvent {
  return e as unknown as LooseEvent;
}

export function isStudStreet(street: unknown): street is StudStreet {
  return typeof street === 'string' && (STUD_STREETS as readonly string[]).includes(street);
}

/** A card of the deal that stands: a seat's or the common card, read, on a stud street, not drawn too early. */
function dealtCard(e: LooseEvent): { to: 'seat' | 'common'; street: StudStreet; card: Card } | null {
  if (e.type !== 'card.dealt' || e.premature || !e.card || !isStudStreet(e.street)) return null;
  if (e.to !== 'seat' && e.to !== 'common') return null;
  return { to: e.to, street: e.street, card: e.card };
}

/** Whether the hand was dealt as stud: a card on a stud street, an up card or a common card (a flop game has none;
 * a stud misdeal before any card has none either, and its record holds no card). */
export function isStudHand(events: readonly TableEvent[]): boolean {
  return events.some((event) => {
    const e = loose(event);
    return e.type === 'card.dealt' && (isStudStreet(e.street) || e.up === true || e.to === 'common');
  });
}

/** What a stud hand dealt: every card of each seat in the order dealt (down and up, the secure form's), the up cards
 * (public from the moment they are read, R-STUD-DEAL) and the common card. */
export interface StudDeal {
  cards: Map<Seat, Card[]>;
  up: Map<Seat, Card[]>;
  common: Card | null;
}

export function studDealOf(events: readonly TableEvent[]): StudDeal {
  const deal: StudDeal = { cards: new Map(), up: new Map(), common: null };
  for (const event of events) {
    const e = loose(event);
    const dealt = dealtCard(e);
    if (!dealt) continue;
    if (dealt.to === 'common') {
      deal.common = dealt.card;
      continue;
    }
    if (e.seat === undefined) continue;
    deal.cards.set(e.seat, [...(deal.cards.get(e.seat) ?? []), dealt.card]);
    if (e.up === true) deal.up.set(e.seat, [...(deal.up.get(e.seat) ?? []), dealt.card]);
  }
  return deal;
}
