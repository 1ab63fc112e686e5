// The broadcast feed's content (docs/broadcast.md): each event as a stream may show it, and when the hand's equity
// changes. A broadcast shows the hole cards (late: the feed is delayed) and the board; never a burn, a flop that may
// still lose a card to the burn, or a card an irregularity names (it may be a burn). So its form is the public form
// with the hole cards put back (a board card drawn too early stays as public as it is there: it lay face up). Pure: the
// adapter (src/mqtt/broadcast.ts) follows the journal's events through it, live and again after a restart.
import type { EquitySpot } from './equity/equity.ts';
import type { GameName } from './games/index.ts';
import { gameOf, isGameName } from './games/index.ts';
import { toPublic } from './secrecy.ts';
import type { Card, Seat, TableEvent } from './types.ts';

/** The event as the broadcast feed carries it, or null when it carries nothing of it. */
export function broadcastForm(event: TableEvent): TableEvent | null {
  if (event.type === 'card.dealt' && event.to === 'seat' && event.premature !== true && event.provisional !== true)
    return event;
  return toPublic(event);
}

/** What to compute after an event: the live seats (in seat order) and the spot their cards make. */
export interface EquityAsk {
  hand: number;
  street: string;
  seats: Seat[];
  spot: EquitySpot;
}

interface Followed {
  hand: number;
  game: GameName;
  dealtIn: Seat[];
  holes: Map<Seat, Card[]>;
  /** Cards an irregularity said were exposed, per seat: the ones a replacement takes the place of. */
  exposed: Map<Seat, Card[]>;
  board: Card[];
  street: string;
  out: Set<Seat>;
  /** The last spot asked for, as a key: an event that leaves it as it was asks nothing. */
  last: string;
}

/** Follows one table's events in seq order and says after which ones the equity changed. */
export class BroadcastTracker {
  private hand: Followed | null = null;

  /** `gameNow`: the table's game at a hand's start, for a `hand.started` journaled before it named the hand's game
   * (a mixed structure's level can change the game from one hand to the next, and the event says which). */
  constructor(private readonly gameNow: () => GameName) {}

  follow(event: TableEvent): EquityAsk | null {
    if (event.type === 'hand.started') {
      this.hand = {
        hand: event.hand ?? 0,
        game: isGameName((event as { game?: unknown }).game) ? event.game : this.gameNow(),
        dealtIn: [...event.dealtIn].sort((a, b) => a - b),
        holes: new Map(),
        exposed: new Map(),
        board: [],
        street: 'preflop',
        out: new Set(),
        last: '',
      };
      return null;
    }
    const h = this.hand;
    if (!h || (event.hand !== undefined && event.hand !== h.hand)) return null;
    if (!this.apply(h, event)) return null;
    return this.ask(h);
  }

  /** Updates the hand; true when the event may change the equity. */
  private apply(h: Followed, event: TableEvent): boolean {
    if (event.type === 'card.dealt') {
      if (event.to !== 'seat' || event.seat === undefined || event.card === null || event.premature) return false;
      const cards = h.holes.get(event.seat) ?? [];
      cards.push(event.card);
      // a replacement for an exposed card (R-EXPOSED-EARLY): the exposed one became the burn
      const exposed = h.exposed.get(event.seat) ?? [];
      while (cards.length > gameOf(h.game).holeCards && exposed.length > 0) {
        const at = cards.indexOf(exposed.shift()!);
        if (at >= 0) cards.splice(at, 1);
      }
      h.holes.set(event.seat, cards);
      return true;
    }
    if (event.type === 'irregularity') {
      if (event.kind === 'exposed-card' && event.seat !== undefined && event.card)
        h.exposed.set(event.seat, [...(h.exposed.get(event.seat) ?? []), event.card]);
      return false;
    }
    if (event.type === 'board') {
      if (event.provisional === true) return false;
      h.board = [...event.cards];
      h.street = event.street;
      return true;
    }
    // a fold, or a hand declared dead (hand.dead: absent, clock, penalty): the seat is out, its cards dead
    if ((event.type === 'action' && event.action === 'fold') || event.type === 'hand.dead') {
      h.out.add(event.seat);
      return true;
    }
    if (event.type === 'hand.ended') this.hand = null;
    return false;
  }

  /** The spot once every live seat holds its cards and two or more are live; null when nothing changed. */
  private ask(h: Followed): EquityAsk | null {
    const { holeCards, equityKernel } = gameOf(h.game);
    if (equityKernel === null) return null; // stud: no shared board to run out
    const live = h.dealtIn.filter((s) => !h.out.has(s));
    if (live.length < 2 || live.some((s) => (h.holes.get(s)?.length ?? 0) !== holeCards)) return null;
    // a folded hand's cards, which the table read, are out of the stub
    const dead = h.dealtIn.filter((s) => h.out.has(s)).flatMap((s) => h.holes.get(s) ?? []);
    const spot: EquitySpot = { game: h.game, holes: live.map((s) => h.holes.get(s)!), board: h.board, dead };
    const key = JSON.stringify(spot);
    if (key === h.last) return null;
    h.last = key;
    return { hand: h.hand, street: h.street, seats: live, spot };
  }
}
