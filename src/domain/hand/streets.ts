// What the shoe owes for each street (burn, board cards), and the remedies for premature and surplus cards
// (R-PREMATURE-FLOP/TURN/RIVER, R-FLOP-TOO-MANY), as rules.md "Reading the shoe" describes.
// What follows a street's last card is flow.ts's to decide (dealOwed says when the street is complete).
import { cardIndex } from '../cards.ts';
import type { Ctx } from '../context.ts';
import { gameOf, type CardFace, type Game, type GameName } from '../games/index.ts';
import { liveSeats } from './seats.ts';
import type { HandState, Owed, PrematureState, StreetPhase } from '../state.ts';
import type { Card, Seat, Street } from '../types.ts';

type OwedTable = Partial<Record<Street, { burn: readonly Owed[]; none: readonly Owed[] }>>;

/** What the shoe owes for each street of a game, with and without its burn (copied for each street: `owed` is
 * consumed). */
function owedTable(game: Game): OwedTable {
  const board = (n: number): Owed[] => Array.from({ length: n }, () => 'board' as const);
  const street = (n: number) => ({ burn: ['burn' as const, ...board(n)], none: board(n) });
  const table: OwedTable = { [game.firstStreet]: { burn: ['burn'], none: [] } };
  for (const s of Object.keys(game.next) as Street[]) {
    if (s !== game.firstStreet) table[s] = street(game.boardCards[s] ?? 0);
  }
  return table;
}

const OWED: Partial<Record<GameName, OwedTable>> = {};

/** The board cards a street of the hand's game brings, each owed to the board. */
export function boardOwed(hand: HandState, street: Street): Owed[] {
  return owedOf(hand)[street]!.none.slice();
}

function owedOf(hand: HandState): OwedTable {
  return (OWED[hand.game] ??= owedTable(gameOf(hand.game)));
}

/** The previous round is over (`p`: its premature reads): the phase in which the shoe owes `street`'s cards, with
 * any premature remedy applied. */
export function nextStreetOwed(ctx: Ctx, hand: HandState, street: Street, p: PrematureState | null): StreetPhase {
  const game = gameOf(hand.game);
  const face = game.seatCards[street];
  if (face !== undefined) return seatStreetOwed(hand, game, street, face);
  const profile = ctx.state.setup!.profile;
  if (hand.flopHeld) showFlop(ctx, hand); // the flop round is over: a further read is the turn's, the flop stands
  hand.street = street;
  let burn = !hand.burnServed;
  hand.burnServed = false;
  if (hand.setAside && street === 'river') {
    // Robert 4: after the turn round the set-aside card goes back, the stub is reshuffled, the river comes unburned
    hand.out[cardIndex(hand.setAside)] = 0;
    hand.setAside = null;
    burn = false;
  }
  if (p && p.cards.length > 0) {
    if (street === 'turn' && profile.premature.turn === 'set-aside') {
      hand.setAside = p.cards[0]!;
      for (const c of p.cards.slice(1)) hand.out[cardIndex(c)] = 0;
    } else {
      for (const c of p.cards) hand.out[cardIndex(c)] = 0; // back into the stub: it may legitimately come out again
    }
    burn =
      street === 'flop'
        ? profile.premature.reburn.flop
        : street === 'turn'
          ? profile.premature.reburn.turn
          : profile.premature.reburn.river;
  } else if (p && p.burnRead) {
    burn = false; // the burn taken early stays the burn
  }
  const owed = owedOf(hand)[street]!;
  return { kind: 'street', owed: (burn ? owed.burn : owed.none).slice() };
}

/** R-STUD-DEAL: a street that deals each live seat a card (stud): its burn (none when a premature card served as it),
 * then one card a seat in dealing order; on the common card's street, a stub too short for the burn and every live
 * seat's card gives one common card instead, with no burn. */
function seatStreetOwed(hand: HandState, game: Game, street: Street, face: CardFace): StreetPhase {
  hand.street = street;
  const burn = !hand.burnServed;
  hand.burnServed = false;
  const seats = liveSeats(hand);
  if (street === game.commonStreet && stubLeft(hand) < seats.length + (burn ? 1 : 0))
    return { kind: 'street', owed: ['common'] };
  const owed: Owed[] = burn ? ['burn'] : [];
  for (let i = 0; i < seats.length; i++) owed.push(face);
  return { kind: 'street', owed, seats };
}

/** The cards still in the stub: the deck less every card out (a card put back is in again). */
function stubLeft(hand: HandState): number {
  let out = 0;
  for (let i = 0; i < hand.out.length; i++) out += hand.out[i]!;
  return hand.out.length - out;
}

/** A card dealt to a seat: its hand holds it (and its up cards, `up`), and where it lies in the deal. */
export function giveCard(hand: HandState, card: Card, index: number, seat: Seat, position: number, face: CardFace) {
  hand.holeCards[seat]!.push(card);
  if (face === 'up') hand.upCards[seat]!.push(card);
  hand.holeSeat[index] = seat;
  hand.holePosition[index] = position;
}

/** A card the shoe owed for the street being dealt. True when it was the street's last: flow.ts goes on. */
export function dealOwed(ctx: Ctx, hand: HandState, phase: StreetPhase, card: Card, position: number): boolean {
  const to = phase.owed.shift()!;
  const street = hand.street;
  if (to === 'down' || to === 'up') {
    const seat = phase.seats!.shift()!;
    giveCard(hand, card, cardIndex(card), seat, position, to);
    ctx.emit(
      to === 'up'
        ? { type: 'card.dealt', card, to: 'seat', seat, street, position, up: true }
        : { type: 'card.dealt', card, to: 'seat', seat, street, position },
    );
    return phase.owed.length === 0;
  }
  if (to === 'common') {
    hand.board.push(card); // part of every live hand (games/ score it as the board)
    ctx.emit({ type: 'card.dealt', card, to: 'common', street, position });
    return phase.owed.length === 0;
  }
  if (to === 'board' && hand.street === 'flop' && flopMayTurnBurn(ctx, hand)) {
    hand.flopHeld = true;
    ctx.emit({ type: 'card.dealt', card, to, street: 'flop', position, provisional: true });
  } else ctx.emit({ type: 'card.dealt', card, to, street: hand.street, position });
  if (to === 'burn') return false;
  hand.board.push(card);
  if (phase.owed.length > 0) return false;
  ctx.emit(
    hand.flopHeld
      ? { type: 'board', street: hand.street, cards: [...hand.board], provisional: true }
      : { type: 'board', street: hand.street, cards: [...hand.board] },
  );
  return true;
}

/** R-FLOP-TOO-MANY scramble: a fourth card before the flop's first action makes the four one pile, and any of them
 * may be drawn as the burn, so no flop card is public until the flop stands (docs/mqtt.md, Secrecy). With no more
 * betting (the board runs out) a fourth read is the turn's burn: the flop stands as it is dealt. */
function flopMayTurnBurn(ctx: Ctx, hand: HandState): boolean {
  return ctx.state.setup!.profile.flopTooMany === 'scramble' && !hand.runOut;
}

/** The held flop stands (its first action, its round over, or the burn named): the board again, for public topics. */
export function showFlop(ctx: Ctx, hand: HandState): void {
  if (hand.scramble) return; // four cards, burn not named yet: namedBurn shows the three that stay
  hand.flopHeld = false;
  ctx.emit({ type: 'board', street: 'flop', cards: [...hand.board] });
}

const names: Partial<Record<Street, string>> = { preflop: 'pre-flop', flop: 'flop', turn: 'turn', river: 'river' };

/** Remedy words for the dealer, from the profile (rules.md R-PREMATURE-*). */
export function prematureRemedy(ctx: Ctx, street: Street): string {
  const profile = ctx.state.setup!.profile;
  const before = names[street === 'flop' ? 'preflop' : street === 'turn' ? 'flop' : 'turn'];
  const reburn =
    street === 'flop'
      ? profile.premature.reburn.flop
      : street === 'turn'
        ? profile.premature.reburn.turn
        : profile.premature.reburn.river;
  if (street === 'turn' && profile.premature.turn === 'set-aside')
    return `Premature turn: set the card aside. When the ${before!} betting is over, burn and turn the next card as the turn; after the turn betting, reshuffle the set-aside card into the stub and deal the river without a burn.`;
  const what = street === 'flop' ? 'flop cards' : `${names[street]!} card`;
  return `Premature ${names[street]!}: the ${what} go back into the stub, which is reshuffled; the burn card stays. When the ${before!} betting is over, deal the ${names[street]!} again ${reburn ? 'after a new burn' : 'without a new burn'}.`;
}
