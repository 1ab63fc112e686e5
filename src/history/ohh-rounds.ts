// A hand's betting, board and showdown as OHH rounds, read from its events in order (docs/history.md).
import type { Card, Seat, Street, TableEvent } from '../domain/types.ts';
import type { OhhAction, OhhActionName, OhhRound, OhhStreet } from './ohh-types.ts';

const STREET_NAMES: Readonly<Record<Street, OhhStreet>> = {
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
  const rounds = new Map<Street | 'showdown', OhhRound>();
  const round = (key: Street | 'showdown'): OhhRound => {
    let r = rounds.get(key);
    if (!r) {
      r = { id: rounds.size, street: key === 'showdown' ? 'Showdown' : STREET_NAMES[key], actions: [] };
      rounds.set(key, r);
    }
    return r;
  };
  const push = (key: Street | 'showdown', a: Omit<OhhAction, 'action_number'>): void => {
    const r = round(key);
    r.actions.push({ action_number: r.actions.length + 1, ...a });
  };
  let street: Street = 'preflop';
  let opened = false; // a bet in this round (pre-flop: the blinds)
  let dealtShown = false;
  let pending: Pending | null = null;
  let board: { street: Street; cards: Card[] } | null = null;
  let before: Card[] = []; // the board as the street before this one left it
  const shown = new Set<Seat>();
  const dead: Seat[] = [];
  let rank: string | undefined;
  const potWinners = input.events.flatMap((e) =>
    e.type === 'pot.awarded' ? e.pots.flatMap((p) => p.shares.map((s) => s.seat)) : [],
  );

  const flush = (): void => {
    if (!pending) return;
    const { seat, action } = pending;
    pending = null;
    if (action === 'call') push(street, { player_id: seat, action: 'Call' });
    else
      push(street, {
        player_id: seat,
        action: opened ? 'Raise' : 'Bet',
        ...(action === 'allin' ? { is_allin: true } : {}),
      });
    if (action !== 'call') opened = true;
  };
  const dealCards = (): void => {
    if (dealtShown) return;
    dealtShown = true;
    for (const seat of input.seats) {
      push('preflop', { player_id: seat, action: 'Dealt Cards', cards: [...(input.holeCards.get(seat) ?? [])] });
    }
  };
  const toStreet = (next: Street): void => {
    if (next === street) return;
    flush();
    dealCards();
    street = next;
    opened = false;
  };

  for (const e of input.events) {
    if (e.type === 'hand.started') {
      opened = true; // the blinds are the pre-flop's opening bet
    } else if (e.type === 'bet.placed') {
      const post = POSTS[e.action];
      if (post) {
        push('preflop', { player_id: e.seat, action: post, amount: e.amount, ...allIn(e.allIn) });
        continue;
      }
      dealCards();
      pending = null;
      const name: OhhActionName = e.action === 'call' ? 'Call' : e.action === 'bet' ? 'Bet' : 'Raise';
      push(street, { player_id: e.seat, action: name, amount: e.amount, ...allIn(e.allIn) });
      if (name !== 'Call') opened = true;
    } else if (e.type === 'action.on') {
      toStreet(e.street);
    } else if (e.type === 'action') {
      flush();
      dealCards();
      if (e.action === 'fold') push(street, { player_id: e.seat, action: 'Fold' });
      else if (e.action === 'check') push(street, { player_id: e.seat, action: 'Check' });
      else pending = { seat: e.seat, action: e.action };
    } else if (e.type === 'hand.dead') {
      flush();
      dead.push(e.seat);
      push(street, { player_id: e.seat, action: 'Fold' });
    } else if (e.type === 'board' && !e.provisional) {
      toStreet(e.street);
      if (board && board.street !== e.street) before = board.cards;
      board = { street: e.street, cards: e.cards };
      round(e.street).cards = e.cards.slice(before.length);
    } else if (e.type === 'hands.exposed') {
      flush();
      for (const seat of e.seats) shown.add(seat);
    } else if (e.type === 'showdown') {
      flush();
      dealCards();
      rank = e.rank;
      // every hand that wins a part of a pot is tabled: a side pot's, a hi-lo hand's low half
      showdownActions(e.order, [...e.winners, ...(e.lowWinners ?? []), ...potWinners], shown, input.holeCards, push);
    }
  }
  flush();
  if (input.holeCards.size > 0) dealCards();
  return { rounds: [...rounds.values()].sort((a, b) => a.id - b.id), shown, dead, rank };
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
