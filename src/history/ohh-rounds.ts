// A hand's betting, board and showdown as OHH rounds, read from its events in order (docs/history.md).
import type { Card, Seat, Street, TableEvent } from '../domain/types.ts';
import type { OhhAction, OhhActionName, OhhRound, OhhStreet } from './ohh-types.ts';

const STREET_NAMES: Readonly<Partial<Record<Street, OhhStreet>>> = {
  preflop: 'Preflop',
  flop: 'Flop',
  turn: 'Turn',
  river: 'River',
};

const POSTS: Readonly<Record<string, OhhActionName>> = {
  'small-blind': 'Post SB',
  'big-blind': 'Post BB',
  ante: 'Post Ante',
};

export interface RoundsInput {
  events: readonly TableEvent[];
  /** Dealt-in seats, in dealing order. */
  seats: readonly Seat[];
  /** Every seat's hole cards as read (secure). */
  holeCards: ReadonlyMap<Seat, Card[]>;
}

export interface RoundsResult {
  rounds: OhhRound[];
  /** Seats that showed at showdown or were exposed all-in. */
  shown: Set<Seat>;
  dead: Seat[];
  rank?: string;
}

type Pending = { seat: Seat; action: 'call' | 'raise' | 'allin' };

/** One pass over the hand's events. With chips tracked a bet's `bet.placed` gives its amount; without, an `action`
 * alone says what was done and no amount is written. */
export function roundsOf(input: RoundsInput): RoundsResult {
  const reader = new RoundsReader(input);
  for (const e of input.events) reader.read(e);
  return reader.finish();
}

type RoundKey = Street | 'showdown';

/** The pass's state: the rounds so far, the street, and an `action` waiting for its `bet.placed` (chips tracked) or
 * for the next event (not tracked) to be written. */
class RoundsReader {
  private readonly rounds = new Map<RoundKey, OhhRound>();
  private street: Street = 'preflop';
  private opened = false; // a bet in this round (pre-flop: the blinds)
  private dealtShown = false;
  private pending: Pending | null = null;
  private board: { street: Street; cards: Card[] } | null = null;
  private before: Card[] = []; // the board as the street before this one left it
  private readonly shown = new Set<Seat>();
  private readonly dead: Seat[] = [];
  private rank: string | undefined;
  private readonly potWinners: Seat[];

  constructor(private readonly input: RoundsInput) {
    this.potWinners = input.events.flatMap((e) =>
      e.type === 'pot.awarded' ? e.pots.flatMap((p) => p.shares.map((s) => s.seat)) : [],
    );
  }

  read(e: TableEvent): void {
    if (e.type === 'hand.started') {
      this.opened = true; // the blinds are the pre-flop's opening bet
    } else if (e.type === 'bet.placed') {
      this.betPlaced(e);
    } else if (e.type === 'action.on') {
      this.toStreet(e.street);
    } else if (e.type === 'action') {
      this.action(e);
    } else if (e.type === 'hand.dead') {
      this.flush();
      this.dead.push(e.seat);
      this.push(this.street, { player_id: e.seat, action: 'Fold' });
    } else if (e.type === 'board' && !e.provisional) {
      this.boardDealt(e);
    } else if (e.type === 'hands.exposed') {
      this.flush();
      for (const seat of e.seats) this.shown.add(seat);
    } else if (e.type === 'showdown') {
      this.flush();
      this.dealCards();
      this.rank = e.rank;
      // every hand that wins a part of a pot is tabled: a side pot's, a hi-lo hand's low half
      const winners = [...e.winners, ...(e.lowWinners ?? []), ...this.potWinners];
      showdownActions(e.order, winners, this.shown, this.input.holeCards, (key, a) => this.push(key, a));
    }
  }

  finish(): RoundsResult {
    this.flush();
    if (this.input.holeCards.size > 0) this.dealCards();
    const rounds = [...this.rounds.values()].sort((a, b) => a.id - b.id);
    return { rounds, shown: this.shown, dead: this.dead, rank: this.rank };
  }

  private betPlaced(e: Extract<TableEvent, { type: 'bet.placed' }>): void {
    const post = POSTS[e.action];
    if (post) {
      this.push('preflop', { player_id: e.seat, action: post, amount: e.amount, ...allIn(e.allIn) });
      return;
    }
    this.dealCards();
    this.pending = null;
    const name: OhhActionName = e.action === 'call' ? 'Call' : e.action === 'bet' ? 'Bet' : 'Raise';
    this.push(this.street, { player_id: e.seat, action: name, amount: e.amount, ...allIn(e.allIn) });
    if (name !== 'Call') this.opened = true;
  }

  private action(e: Extract<TableEvent, { type: 'action' }>): void {
    this.flush();
    this.dealCards();
    if (e.action === 'fold') this.push(this.street, { player_id: e.seat, action: 'Fold' });
    else if (e.action === 'check') this.push(this.street, { player_id: e.seat, action: 'Check' });
    else this.pending = { seat: e.seat, action: e.action };
  }

  private boardDealt(e: Extract<TableEvent, { type: 'board' }>): void {
    this.toStreet(e.street);
    if (this.board && this.board.street !== e.street) this.before = this.board.cards;
    this.board = { street: e.street, cards: e.cards };
    this.round(e.street).cards = e.cards.slice(this.before.length);
  }

  private round(key: RoundKey): OhhRound {
    let r = this.rounds.get(key);
    if (!r) {
      r = { id: this.rounds.size, street: key === 'showdown' ? 'Showdown' : STREET_NAMES[key]!, actions: [] };
      this.rounds.set(key, r);
    }
    return r;
  }

  private push(key: RoundKey, a: Omit<OhhAction, 'action_number'>): void {
    const r = this.round(key);
    r.actions.push({ action_number: r.actions.length + 1, ...a });
  }

  /** Writes a waiting `action` without an amount: no `bet.placed` followed it (chips not tracked). */
  private flush(): void {
    if (!this.pending) return;
    const { seat, action } = this.pending;
    this.pending = null;
    if (action === 'call') this.push(this.street, { player_id: seat, action: 'Call' });
    else
      this.push(this.street, {
        player_id: seat,
        action: this.opened ? 'Raise' : 'Bet',
        ...(action === 'allin' ? { is_allin: true } : {}),
      });
    if (action !== 'call') this.opened = true;
  }

  private dealCards(): void {
    if (this.dealtShown) return;
    this.dealtShown = true;
    for (const seat of this.input.seats) {
      const cards = [...(this.input.holeCards.get(seat) ?? [])];
      this.push('preflop', { player_id: seat, action: 'Dealt Cards', cards });
    }
  }

  private toStreet(next: Street): void {
    if (next === this.street) return;
    this.flush();
    this.dealCards();
    this.street = next;
    this.opened = false;
  }
}

/** R-SHOWDOWN-ORDER: the first in order must show, a winner tables his hand to win, an exposed hand is face up; every
 * other hand at the showdown is taken as mucked (the table cannot see a loser table his cards). */
function showdownActions(
  order: readonly Seat[],
  winners: readonly Seat[],
  shown: Set<Seat>,
  holeCards: ReadonlyMap<Seat, Card[]>,
  push: (key: 'showdown', a: Omit<OhhAction, 'action_number'>) => void,
): void {
  order.forEach((seat, i) => {
    if (i === 0 || winners.includes(seat)) shown.add(seat);
    const cards = [...(holeCards.get(seat) ?? [])];
    push('showdown', { player_id: seat, action: shown.has(seat) ? 'Shows Cards' : 'Mucks Cards', cards });
  });
}

function allIn(flag: boolean): { is_allin?: true } {
  return flag ? { is_allin: true } : {};
}
