// The stud part of a record (docs/history.md "Stud"): the seats' cards as dealt, the rounds street by street, and
// `pokertable.stud` (the up cards the public form keeps, the common card, the bring-in, the level's bets, each shown
// hand named as the game's descriptor names it). Read from the events alone, as the rest of the record.
import { nameOf } from '../domain/evaluator/high.ts';
import type { Game } from '../domain/games/index.ts';
import type { Card, Seat, TableEvent } from '../domain/types.ts';
import { studRoundsOf, type StudRounds } from './ohh-stud-rounds.ts';
import type { OhhStud } from './ohh-types.ts';
import { studDealOf } from './stud-events.ts';
import type { Blinds } from './table-context.ts';

export interface StudParts {
  /** Every seat's cards, down and up, in the order dealt. */
  cards: Map<Seat, Card[]>;
  /** The common card as a board of one (for the hi-lo halves' names), else empty. */
  board: Card[];
  rounds: StudRounds;
  extension: OhhStud;
}

export function studParts(
  events: readonly TableEvent[],
  seats: readonly Seat[],
  game: Game,
  blinds: Blinds | null,
): StudParts {
  const deal = studDealOf(events);
  const rounds = studRoundsOf(events, deal.cards);
  const board = deal.common ? [deal.common] : [];
  const showdown = events.find((e) => e.type === 'showdown');
  const shown = showdown
    ? showdown.order
        .filter((seat) => rounds.shown.has(seat) && deal.cards.has(seat))
        .map((seat) => ({ player_id: seat, ...namesOf(game, deal.cards.get(seat)!, board) }))
    : [];
  return {
    cards: deal.cards,
    board,
    rounds,
    extension: {
      up: seats.filter((s) => deal.up.has(s)).map((s) => ({ player_id: s, cards: [...deal.up.get(s)!] })),
      common_card: deal.common,
      bring_in: rounds.bringIn ? { player_id: rounds.bringIn.seat, card: rounds.bringIn.card } : null,
      bring_in_amount: blinds?.bringIn ?? null,
      small_bet: blinds?.smallBet ?? null,
      big_bet: blinds?.bigBet ?? null,
      shown,
    },
  };
}

/** A hand's names by the descriptor: with `hands.name` and no `hands.low` the game's one hand is a low (razz); with
 * `hands.low` (stud hi-lo) both; else the high hand alone. */
function namesOf(
  game: Game,
  cards: readonly Card[],
  board: readonly Card[],
): { high: string | null; low: string | null } {
  const score = game.score(cards, board);
  const low = game.hands?.low;
  if (game.hands?.name && !low) return { high: null, low: game.hands.name(score) };
  const high = game.hands?.name ? game.hands.name(score) : nameOf(score);
  if (!low) return { high, low: null };
  const lowScore = low.score(cards, board);
  return { high, low: lowScore > 0 ? low.name(lowScore) : null };
}
