// R-CARD-PLACE: a card read by an antenna at a seat, on the board or at the muck is a sighting of a card already
// dealt, never a deal, a bounce or a duplicate: it does not touch the shoe's count, the deck check or the bounce
// window. A sighting where the deal did not put the card is reported as `card.misplaced`; the floor decides.
//
// Where the deal put each card is followed from the engine's own events (`card.dealt`, `board`, folds), not from the
// hand's internals, so the hand logic can change shape without this module knowing. The reading a floor person
// expects, for each place (docs/rules.md, R-CARD-PLACE):
// - a hole card belongs at its seat; in the muck only once that seat's hand is folded, dead or removed;
// - a burn card (also an exposed card that became the burn, and a card read after the river, set aside face down)
//   belongs in the muck: burns lie face down with the discards, which one muck antenna cannot tell apart;
// - a board card (a premature one too, until it is dealt again) belongs on the board;
// - after the hand ends, until the next shuffle, the dealer gathers: any card of that hand may cross the board or
//   reach the muck; at a seat only that seat's own cards belong;
// - a card not dealt in the hand (a card of the last hand once the shuffle has started one, a foreign card, a tag
//   the enrolled deck does not know) is reported with `expected: null`.
import { cardIndex, parseCard } from '../cards.ts';
import type { Ctx } from '../context.ts';
import { MAX_SEATS } from '../limits.ts';
import type { Placed, State } from '../state.ts';
import type { Card, Input, Place, Seat, EngineEvent, TableEvent } from '../types.ts';

/** Codes of `Placed.where` besides seat numbers (1 … MAX_SEATS). */
const NOT_DEALT = 0;
const BURN = 254;
const BOARD = 255;
/** A premature board card (R-PREMATURE-*): on the board until it is dealt again. */
const PREMATURE = 253;
/** Only inside boardStands: a board card that is on the board as it stands. */
const ON_BOARD = 252;

type Sighting = Extract<Input, { type: 'card' }> & { place: Exclude<Place, 'shoe'> };

export function isSighting(input: Extract<Input, { type: 'card' }>): input is Sighting {
  return input.place !== undefined && input.place !== 'shoe';
}

/** A card seen by a seat, board or muck antenna. Returns a reason when the input is refused. */
export function sighting(ctx: Ctx, deck: ReadonlyMap<string, string> | undefined, input: Sighting): string | void {
  const seats = ctx.state.setup!.seats;
  if (input.seat !== undefined && input.seat > seats) return `seat ${input.seat} is beyond the table's ${seats} seats`;
  const seen = input.place === 'seat' ? { place: input.place, seat: input.seat } : { place: input.place };
  const named = input.card ?? (input.uid !== undefined ? deck?.get(input.uid) : undefined);
  const card = named !== undefined ? parseCard(named) : null;
  if (card === null) {
    // a tag the deck does not know: a foreign card for the floor to look at, never a fouled deck from a sighting
    ctx.emit({ type: 'card.misplaced', card: null, uid: input.uid!, expected: null, seen });
    return;
  }
  const placed = ctx.state.placed;
  const where = placed ? placed.where[cardIndex(card)]! : NOT_DEALT;
  if (placed && where !== NOT_DEALT && belongs(placed, where, input.place, input.seat)) return;
  ctx.emit({ type: 'card.misplaced', card, expected: expectedOf(where), seen });
}

function belongs(placed: Placed, where: number, place: Sighting['place'], seat: Seat | undefined): boolean {
  if (place === 'seat') return where === seat;
  if (placed.ended) return true; // the dealer gathers the hand over the board into the muck
  if (place === 'board') return where === BOARD || where === PREMATURE;
  return where === BURN || (where <= MAX_SEATS && placed.out[where] === 1);
}

function expectedOf(where: number): Extract<TableEvent, { type: 'card.misplaced' }>['expected'] {
  if (where === NOT_DEALT) return null;
  if (where === BURN) return { to: 'burn' };
  if (where === BOARD || where === PREMATURE) return { to: 'board' };
  return { to: 'seat', seat: where };
}

/** Follows one step's events: where the deal puts each card, and whose hand is out. Runs after every step. */
export function followDeal(state: State, events: readonly EngineEvent[]): void {
  // A loop over every event of every input (about two per input): each event's type is read once (the events have
  // many shapes, so each read of a field is a slow, megamorphic one).
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    const type = e.type;
    if (type === 'hand.started') {
      state.placed = { ended: false, where: new Uint8Array(52), out: new Uint8Array(MAX_SEATS + 1) };
      continue;
    }
    const placed = state.placed;
    if (!placed || placed.ended) continue;
    if (type === 'card.dealt') {
      if (e.card === null) continue;
      const to = e.to;
      placed.where[cardIndex(e.card)] =
        to === 'seat' ? e.seat! : to === 'burn' ? BURN : e.premature === true ? PREMATURE : BOARD;
    } else if (type === 'board') {
      if (e.provisional !== true) boardStands(placed, e.cards);
    } else if (type === 'irregularity') {
      if (e.card == null) continue;
      // R-EXPOSED-LATE: a replaced exposed card becomes the burn (the hand no longer counts it as a hole card)
      if (e.kind === 'exposed-card' && state.hand?.holeSeat[cardIndex(e.card)] === 0)
        placed.where[cardIndex(e.card)] = BURN;
      // R-TURN-RIVER-TOO-MANY: a read after the river is set aside face down, as a burn is
      if (e.kind === 'read-after-river') placed.where[cardIndex(e.card)] = BURN;
    } else if (type === 'action') {
      if (e.action === 'fold') placed.out[e.seat] = 1;
    } else if (type === 'hand.dead' || type === 'player.removed') {
      placed.out[e.seat] = 1;
    } else if (type === 'hand.ended') {
      placed.ended = true;
    }
  }
}

/** A board that stands: a flop card no longer on it went back into the stub (a redealt flop, no cards) or was drawn
 * as the burn from a four-card flop (R-FLOP-TOO-MANY). */
function boardStands(placed: Placed, cards: readonly Card[]): void {
  const where = placed.where;
  const gone = cards.length === 0 ? NOT_DEALT : BURN;
  // mark the board's own cards first (at most five), so that only a board card no longer on it is left BOARD; it is
  // rare (a redealt flop, a named burn), and the typed array's own indexOf finds none without a loop in JS
  for (const c of cards) if (where[cardIndex(c)] === BOARD) where[cardIndex(c)] = ON_BOARD;
  for (let i = where.indexOf(BOARD); i >= 0; i = where.indexOf(BOARD, i + 1)) where[i] = gone;
  for (const c of cards) if (where[cardIndex(c)] === ON_BOARD) where[cardIndex(c)] = BOARD;
}
