// Reading the shoe (rules.md): each read is a hole card, a replacement, an extra card, a burn, a board card,
// a premature or surplus card, or an irregularity — decided from when it comes relative to the betting.
import { cardIndex } from '../cards.ts';
import type { Ctx } from '../context.ts';
import { endIfOneLeft, startRound, streetDealt } from './flow.ts';
import { gameOf } from '../games/index.ts';
import { leaveChips } from './chips.ts';
import { misdeal } from './end.ts';
import { isLive, isSubstantial } from './seats.ts';
import { DEAD, type BettingPhase, type HandState } from '../state.ts';
import { boardOwed, dealOwed, giveCard, prematureRemedy } from './streets.ts';
import { exposedStud, prematureStudCard } from './stud.ts';
import type { Card, Seat } from '../types.ts';

export function readCard(ctx: Ctx, card: Card): void {
  const hand = ctx.state.hand;
  if (!hand) {
    ctx.emit({
      type: 'irregularity',
      kind: 'read-outside-hand',
      card,
      remedy: 'A card was read with no hand under way: put it back and shuffle before dealing.',
    });
    return;
  }
  const index = cardIndex(card);
  if (hand.out[index] === 1) return misdeal(ctx, hand, 'duplicate-card'); // R-DECK-INTEGRITY: whatever the action
  hand.out[index] = 1;
  hand.lastCard = card;
  const position = ++hand.reads;
  const n = hand.plan.dealtIn.length;
  const phase = hand.phase;
  if (phase.kind === 'dealing') return holeCard(ctx, hand, card, index, position, n);
  if (hand.scramble) return surplusFlop(ctx, hand, card, position);
  if (phase.kind === 'street') {
    if (dealOwed(ctx, hand, phase, card, position)) streetDealt(ctx, hand);
    return;
  }
  if (phase.kind !== 'betting') return afterRiver(ctx, hand, card);
  const round = phase.round;
  const game = gameOf(hand.game);
  if (game.irregularities === 'up-cards') {
    if (!game.next[round.street]) return afterRiver(ctx, hand, card);
    return prematureStudCard(ctx, hand, phase, card, position); // R-STUD-DEAL
  }
  if (round.actions === 0) {
    if (round.street === 'preflop') return afterDeal(ctx, hand, card, position);
    if (round.street === 'flop') return surplusFlop(ctx, hand, card, position);
  }
  if (round.street === 'river') return afterRiver(ctx, hand, card);
  // R-TURN-RIVER-TOO-MANY: a read after the turn card and before the turn's first action is the river's burn drawn
  // early, and a second one a premature river card: the same as reads during the turn's betting
  premature(ctx, hand, phase, card, position);
}

function holeCard(ctx: Ctx, hand: HandState, card: Card, index: number, position: number, n: number): void {
  const seat = hand.plan.dealtIn[(position - 1) % n]!;
  const game = gameOf(hand.game);
  const street = game.firstStreet;
  // R-STUD-DEAL: a pass may be dealt face up (stud's third card)
  if (game.firstPasses[Math.floor((position - 1) / n)] === 'up') {
    giveCard(hand, card, index, seat, position, 'up');
    ctx.emit({ type: 'card.dealt', card, to: 'seat', seat, street, position, up: true });
  } else {
    giveCard(hand, card, index, seat, position, 'down');
    ctx.emit({ type: 'card.dealt', card, to: 'seat', seat, street, position });
  }
  if (position === game.holeCards * n) dealComplete(ctx, hand);
}

/** R-AT-YOUR-SEAT, R-PENALTY: the last card of the initial deal is out: kill the hands of absent and penalised seats. */
function dealComplete(ctx: Ctx, hand: HandState): void {
  for (const seat of hand.plan.dealtIn) {
    if (!isLive(hand, seat)) continue; // removed during the deal: R-REMOVED-IN-HAND, no hand.dead
    const s = ctx.state.seats[seat - 1]!;
    if (s.penaltyHands > 0 && hand.number >= s.penaltyFrom) {
      hand.flags[seat]! |= DEAD;
      leaveChips(hand, seat);
      ctx.emit({ type: 'hand.dead', seat, reason: 'penalty' });
    } else if (!s.present) {
      hand.flags[seat]! |= DEAD;
      leaveChips(hand, seat);
      ctx.emit({ type: 'hand.dead', seat, reason: 'absent' });
    }
  }
  if (endIfOneLeft(ctx, hand)) return;
  startRound(ctx, hand, gameOf(hand.game).firstStreet);
}

/** After the deal and before the first pre-flop action: a replacement owed, else an extra card (R-EXTRA-CARD). */
function afterDeal(ctx: Ctx, hand: HandState, card: Card, position: number): void {
  const seat = hand.owedReplacement.shift();
  if (seat !== undefined) {
    giveCard(hand, card, cardIndex(card), seat, position, 'down');
    ctx.emit({ type: 'card.dealt', card, to: 'seat', seat, street: 'preflop', position });
    return;
  }
  hand.extraCards += 1;
  if (hand.extraCards >= 2) return misdeal(ctx, hand, 'extra-cards');
  ctx.emit({ type: 'card.dealt', card, to: 'burn', street: 'flop', position });
  hand.burnServed = true;
  ctx.emit({
    type: 'irregularity',
    kind: 'extra-card',
    card,
    remedy:
      'One card too many was dealt: it becomes the burn card. Deal the flop without another burn once the pre-flop betting is over.',
  });
}

/** Reads after the first action of a round and before it is over (R-PREMATURE-*): the first one is the burn. */
function premature(ctx: Ctx, hand: HandState, betting: BettingPhase, card: Card, position: number): void {
  const street = gameOf(hand.game).next[betting.round.street]!;
  const p = (betting.premature ??= { street, burnRead: false, cards: [] });
  if (!p.burnRead && !hand.burnServed) {
    p.burnRead = true;
    ctx.emit({ type: 'card.dealt', card, to: 'burn', street, position });
    return;
  }
  p.cards.push(card);
  ctx.emit({ type: 'card.dealt', card, to: 'board', street, position, premature: true });
  if (p.cards.length === 1)
    ctx.emit({
      type: 'irregularity',
      kind: `premature-${street}` as 'premature-flop',
      card,
      remedy: prematureRemedy(ctx, street),
    });
}

/** A read after the flop's three cards and before its first action (R-FLOP-TOO-MANY). */
function surplusFlop(ctx: Ctx, hand: HandState, card: Card, position: number): void {
  const profile = ctx.state.setup!.profile;
  if (profile.flopTooMany === 'scramble') {
    // any of the four may be drawn as the burn: none is public until the burn is named (hand.flopHeld)
    ctx.emit({ type: 'card.dealt', card, to: 'board', street: 'flop', position, provisional: true });
    hand.scramble = [...(hand.scramble ?? hand.board), card];
    ctx.emit({
      type: 'irregularity',
      kind: 'flop-too-many',
      card,
      remedy:
        'Four cards on the flop: scramble them face down, draw one at random as the burn card and name it on the panel (burn); the other three are the flop.',
    });
    return;
  }
  ctx.emit({ type: 'card.dealt', card, to: 'board', street: 'flop', position });
  for (const c of [...hand.board, card]) hand.out[cardIndex(c)] = 0;
  hand.board = [];
  hand.phase = { kind: 'street', owed: boardOwed(hand, 'flop') };
  ctx.emit({
    type: 'irregularity',
    kind: 'flop-too-many',
    card,
    remedy:
      'Four cards on the flop: the flop goes back into the stub, which is reshuffled; the burn card stays. Deal a new flop without a burn.',
  });
  ctx.emit({ type: 'board', street: 'flop', cards: [] });
}

/** The dealer names the card drawn as the burn from a four-card flop (TDA 39). */
export function namedBurn(ctx: Ctx, card: Card | undefined): void {
  const hand = ctx.state.hand;
  if (!hand) return ctx.reject('burn', 'no-hand');
  if (!hand.scramble) return ctx.reject('burn', 'no-four-card-flop');
  if (!card || !hand.scramble.includes(card)) return ctx.reject('burn', 'not-a-flop-card');
  hand.board = hand.scramble.filter((c) => c !== card);
  hand.scramble = null;
  hand.flopHeld = false;
  // R-FLOP-TOO-MANY: the drawn card is the turn's burn, so the turn comes without one of its own
  if (hand.street === 'flop') hand.burnServed = true;
  else if (hand.phase.kind === 'street' && hand.phase.owed[0] === 'burn') hand.phase.owed.shift(); // the flop round ended before the burn was named
  ctx.emit({ type: 'board', street: 'flop', cards: [...hand.board] });
}

/** R-TURN-RIVER-TOO-MANY: a read after the river card is no part of the hand. */
function afterRiver(ctx: Ctx, _hand: HandState, card: Card): void {
  ctx.emit({
    type: 'irregularity',
    kind: 'read-after-river',
    card,
    remedy: 'A card was read after the river: it is not part of the hand. Set it aside face down.',
  });
}

/** Panel `exposed` (R-EXPOSED-EARLY, R-EXPOSED-LATE, R-EXPOSED-TWO). */
export function exposed(ctx: Ctx, named: Card | undefined, lastRead: Card | undefined): void {
  const hand = ctx.state.hand;
  if (!hand) return ctx.reject('exposed', 'no-hand');
  const card = named ?? lastRead;
  const index = card ? cardIndex(card) : -1;
  if (!card || !hand.holeSeat[index]) return ctx.reject('exposed', 'not-a-hole-card');
  if (hand.exposed.has(card)) return ctx.reject('exposed', 'already-exposed');
  const seat: Seat = hand.holeSeat[index]!;
  const game = gameOf(hand.game);
  if (game.irregularities === 'up-cards') return exposedStud(ctx, hand, game, card, seat); // R-STUD-MISDEAL
  hand.exposed.add(card);
  const profile = ctx.state.setup!.profile;
  const canMisdeal = !isSubstantial(ctx, hand);
  // R-EXPOSED-TWO: the deal is reads 1 … 2N (4N in Omaha, R-GAME) and any replacement, i.e. exposures reported before the first pre-flop
  // action; a later exposure never counts towards it
  const inDeal = hand.anyActions === 0 && hand.street === 'preflop';
  if (inDeal) hand.dealExposures += 1;
  if (inDeal && hand.dealExposures >= 2 && canMisdeal) return misdeal(ctx, hand, 'exposed-two');
  if (profile.misdeal.exposedPositions.includes(hand.holePosition[index]!) && canMisdeal)
    return misdeal(ctx, hand, 'exposed-early');
  const replaceable = hand.anyActions === 0 && hand.street === 'preflop' && hand.extraCards === 0 && !hand.burnServed;
  if (!replaceable) {
    ctx.emit({
      type: 'irregularity',
      kind: 'exposed-card',
      card,
      seat,
      remedy: `The exposed card stays with seat ${seat}: the action has started.`,
    });
    return;
  }
  const cards = hand.holeCards[seat]!;
  cards.splice(cards.indexOf(card), 1);
  hand.holeSeat[index] = 0;
  hand.holePosition[index] = 0;
  hand.owedReplacement.push(seat);
  hand.burnServed = true; // the exposed card becomes the first burn card
  ctx.emit({
    type: 'irregularity',
    kind: 'exposed-card',
    card,
    seat,
    remedy: `Exposed card: finish the deal, then give seat ${seat} the next card; the exposed card becomes the first burn card.`,
  });
}
