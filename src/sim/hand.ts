// What the virtual dealer knows about the hand under way, kept up to date from the table's events: the stub, how
// far the deal and the board are, who is on action and the betting round (for check-or-call), and the one
// irregularity planned for this hand.
import type { Profile } from '../domain/profile/profile.ts';
import { deckByRank } from '../protocol/notation.ts';
import { gameOf, type Game } from '../domain/games/index.ts';
import type { Seat, FlopStreet, Street, EngineEvent } from '../domain/types.ts';
import { newRound, recordAction, type BettingRound } from './players.ts';
import type { Random } from './random.ts';

export type Plan =
  | 'exposed-late'
  | 'exposed-early'
  | 'extra-card'
  | 'dealer-misdeal'
  | 'premature'
  | 'flop-too-many'
  | 'clock'
  | 'clock-expire'
  | 'timebank'
  | 'walks-away';

export interface SimHand {
  /** What the hand plays (hand.started's game: a mixed structure changes it by level). */
  game: Game;
  bigBlind: Seat;
  /** The stud seat that brings in (R-STUD-BRING-IN): it posts by `call` and may not fold. */
  bringIn: Seat | null;
  holeReads: number;
  holeTotal: number;
  /** Replacement cards owed for hole cards exposed during the deal (R-EXPOSED-LATE). */
  replacements: number;
  /** The last street whose cards are all out, and the one being dealt. */
  street: Street;
  dealing: Street | null;
  board: string[];
  onAction: {
    seat: Seat;
    deadline: number | null;
    toCall?: number;
    minRaiseTo?: number | null;
    maxRaiseTo?: number | null;
  } | null;
  /** A clock was called and left to run out on this seat: wait for the table's timer. */
  waitingForTimer: Seat | null;
  /** When the called clock's countdown starts (the player acts before it). */
  clockAt: number | null;
  round: BettingRound;
  plan: Plan | null;
  /** The betting round the plan applies to (premature cards, clock calls). */
  planStreet: Street;
  /** The hole-card position exposed by an exposed-* plan. */
  exposeAt: number;
  stub: string[];
  /** Cards that go back into the stub when the given street starts being dealt (R-PREMATURE-*). */
  returns: Array<{ card: string; street: Street }>;
  lastCard: string | null;
  /** Seats that folded or whose hand is dead. */
  out: Set<Seat>;
}

const CARDS = deckByRank();
const BOARD_SIZE: Record<FlopStreet, number> = { preflop: 0, flop: 3, turn: 4, river: 5 };

const PLANS: readonly Plan[] = [
  'exposed-late',
  'exposed-early',
  'extra-card',
  'dealer-misdeal',
  'premature',
  'premature',
  'flop-too-many',
  'clock',
  'clock',
  'clock-expire',
  'walks-away',
];

export function newHand(
  e: Extract<EngineEvent, { type: 'hand.started' }>,
  random: Random,
  profile: Profile,
  rate: number,
): SimHand {
  const game = gameOf(e.game);
  const h: SimHand = {
    game,
    bigBlind: e.bigBlind ?? 0,
    bringIn: null,
    holeReads: 0,
    holeTotal: game.holeCards * e.dealtIn.length,
    replacements: 0,
    street: game.firstStreet,
    dealing: null,
    board: [],
    onAction: null,
    waitingForTimer: null,
    clockAt: null,
    round: newRound(game.firstStreet, e.bigBlind, true),
    plan: null,
    planStreet: game.firstStreet,
    exposeAt: 0,
    stub: random.shuffle([...CARDS]),
    returns: [],
    lastCard: null,
    out: new Set(),
  };
  if (!random.chance(rate)) return h;
  const plans = (profile.shotClock.enabled ? [...PLANS, 'timebank' as const, 'timebank' as const] : PLANS).filter((p) =>
    applies(game, p),
  );
  h.plan = random.pick(plans);
  // a down card of the deal only (a stud up card is no hole card to expose)
  const n = e.dealtIn.length;
  const positions = Array.from({ length: h.holeTotal }, (_, i) => i + 1).filter(
    (p) => game.firstPasses[Math.floor((p - 1) / n)] === 'down',
  );
  const early = positions.filter((p) => profile.misdeal.exposedPositions.includes(p));
  const late = positions.filter((p) => !early.includes(p));
  if (h.plan === 'exposed-early' && early.length === 0) h.plan = 'exposed-late';
  if (h.plan === 'exposed-late' && late.length === 0) h.plan = null;
  if (h.plan === 'exposed-early') h.exposeAt = random.pick(early);
  if (h.plan === 'exposed-late') h.exposeAt = random.pick(late);
  // a betting round with a street after it
  h.planStreet = random.pick((Object.keys(game.next) as Street[]).filter((s) => game.next[s]));
  return h;
}

/** Whether a planned irregularity can happen in the game: an extra card after the deal and a four-card flop are the
 * flop games' (R-EXTRA-CARD, R-FLOP-TOO-MANY); a stud game's read out of turn is a premature card. */
function applies(game: Game, plan: Plan): boolean {
  if (plan === 'extra-card') return game.irregularities === 'flop';
  if (plan === 'flop-too-many') return game.irregularities === 'flop' && (game.boardCards.flop ?? 0) > 0;
  return true;
}

/** Puts a card back into the stub at a random place (the stub is reshuffled). */
export function toStub(h: SimHand, card: string, random: Random): void {
  h.stub.splice(random.int(0, h.stub.length), 0, card);
}

type Of<T extends EngineEvent['type']> = Extract<EngineEvent, { type: T }>;

function irregularity(h: SimHand, e: Of<'irregularity'>, profile: Profile, random: Random): string | null {
  // R-EXPOSED-LATE's replacement (a stud card exposed stays with its player: R-STUD-MISDEAL)
  if (e.kind === 'exposed-card' && h.game.irregularities === 'flop' && h.street === h.game.firstStreet)
    if (h.round.actions === 0) h.replacements += 1;
  if (e.kind === 'flop-too-many' && e.card) {
    const four = [...h.board, e.card];
    if (profile.flopTooMany === 'scramble') return random.pick(four);
    for (const card of four) toStub(h, card, random);
  }
  return null;
}

function actionOn(h: SimHand, e: Of<'action.on'>): null {
  // a street dealing seat cards (stud) has no board event: its first action.on says it is out
  if (h.dealing === e.street) {
    h.street = e.street;
    h.dealing = null;
  }
  if (e.street !== h.round.street) h.round = newRound(e.street, h.bigBlind, e.street === h.game.firstStreet);
  const { seat, deadline, toCall, minRaiseTo, maxRaiseTo } = e;
  h.onAction = { seat, deadline, toCall, minRaiseTo, maxRaiseTo };
  return null;
}

function board(h: SimHand, e: Of<'board'>): null {
  const street = e.street as FlopStreet; // a board comes in the flop games only
  h.board = [...e.cards];
  if (e.cards.length === BOARD_SIZE[street]) {
    h.street = street;
    h.dealing = null;
  } else {
    // A redealt flop (R-FLOP-TOO-MANY redeal): no round until the new flop is out.
    h.street = 'preflop';
    h.dealing = street;
    h.onAction = null;
  }
  return null;
}

/** Follows one event of the hand. Returns the card to name as the burn when a four-card flop must be scrambled. */
export function trackHand(h: SimHand, e: EngineEvent, profile: Profile, random: Random): string | null {
  switch (e.type) {
    case 'card.dealt':
      // a stud premature card is taken back as the next burn (or into the stub): no board card to deal again
      if ((e as { premature?: boolean }).premature === true && e.card && e.to === 'board') {
        // The card goes back into the stub when its street is dealt again (set aside until the river in robert).
        const setAside = e.street === 'turn' && profile.premature.turn === 'set-aside';
        h.returns.push({ card: e.card, street: setAside ? 'river' : e.street });
      }
      return null;
    case 'irregularity':
      return irregularity(h, e, profile, random);
    case 'action.on':
      return actionOn(h, e);
    case 'action':
    case 'hand.dead':
      if (e.type === 'action') recordAction(h.round, e.seat, e.action);
      if (e.type === 'hand.dead' || e.action === 'fold') h.out.add(e.seat);
      if (h.onAction?.seat === e.seat) {
        h.onAction = null;
        h.clockAt = null;
      }
      if (h.waitingForTimer === e.seat) h.waitingForTimer = null;
      return null;
    case 'card.misplaced':
      return null;
    case 'bring.in':
      h.bringIn = e.seat;
      return null;
    case 'board':
      return board(h, e);
    case 'clock.called':
      h.clockAt = e.countdownAt;
      return null;
    case 'timebank.used':
      if (h.onAction?.seat === e.seat) h.onAction.deadline = e.deadline;
      return null;
    case 'table.ready':
    case 'seat.occupied':
    case 'seat.vacated':
    case 'player.seated':
    case 'player.removed':
    case 'stack.set':
    case 'chips.added':
    case 'bet.placed':
    case 'bet.corrected':
    case 'bet.returned':
    case 'pots':
    case 'pot.awarded':
    case 'player.eliminated':
    case 'player.moved':
    case 'level.set':
    case 'hand.started':
    case 'misdeal':
    case 'violation':
    case 'clock.countdown':
    case 'request.rejected':
    case 'hands.exposed':
    case 'showdown':
    case 'hand.ended':
    case 'level.changed':
    case 'penalty.started':
    case 'penalty.ended':
    case 'button.set':
    case 'levels.paused':
    case 'levels.resumed':
    case 'level.adjusted':
    case 'input.rejected':
    case 'device.online':
    case 'device.offline':
    case 'journal.gap':
      return null;
  }
}
