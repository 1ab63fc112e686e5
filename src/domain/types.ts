// The public contract of protocol.md (v1) as types: inputs in, events out.
// Adapters (hardware, MQTT, replay) only ever build `Input`s and read `TableEvent`s.

import type { ChipsEvent } from './chips/types.ts';
import type { BettingName, GameName } from './games/names.ts';

export type Seat = number; // 1-based
export type Card = string; // "As", "Td", "9c"
/** A flop game's streets. */
export type FlopStreet = 'preflop' | 'flop' | 'turn' | 'river';
/** A stud game's streets (R-STUD-DEAL): third street is the initial deal. */
export type StudStreet = 'third' | 'fourth' | 'fifth' | 'sixth' | 'seventh';
export type Street = FlopStreet | StudStreet;
export type ActionKind = 'check' | 'call' | 'raise' | 'fold' | 'allin';
export type PanelButton = ActionKind | 'bet' | 'exposed' | 'burn' | 'misdeal';

/** A playing level: its blinds and ante and, for a mixed game (R-GAME-MIXED) or limit play (R-BET-LIMIT), the game,
 * the betting structure and the fixed bets it plays. A level without `game`/`betting` keeps the table's. */
export interface PlayingLevel {
  smallBlind?: number;
  bigBlind?: number;
  ante?: number;
  minutes: number;
  game?: GameName;
  betting?: BettingName;
  smallBet?: number;
  bigBet?: number;
  /** R-STUD-BRING-IN: the bring-in of a stud level. */
  bringIn?: number;
}

export type Level = PlayingLevel | { break: true; minutes: number };

/** What a level plays beyond its blinds (R-GAME-MIXED, R-BET-LIMIT), where it says. */
export type LevelPlays = Pick<PlayingLevel, 'game' | 'betting' | 'smallBet' | 'bigBet' | 'bringIn'>;

export type Command =
  | {
      name: 'setup';
      seats: number;
      profile: string;
      rules?: Record<string, unknown>;
      game?: GameName;
      betting?: BettingName;
    }
  /** `chips`: the stack (R-CHIPS-STACK), required when chips are tracked, ignored otherwise. */
  | { name: 'seat-player'; seat: Seat; player: string; chips?: number }
  /** R-CHIPS-STACK: the floor sets a stack between hands (rebuy, add-on, correction). */
  | { name: 'set-stack'; seat: Seat; chips: number }
  /** R-CHIPS-ADD: chips added to a stack (a rebuy, an add-on: BFP 18), before the next shuffle. */
  | { name: 'add-chips'; seat: Seat; chips: number; player?: string }
  | { name: 'remove-player'; seat: Seat }
  | { name: 'set-button'; seat: Seat }
  /** `rounds` (R-PENALTY: rounds × players at the table) or `hands` (that many hands), one of the two. */
  | { name: 'penalty'; seat: Seat; rounds: number; hands?: undefined }
  | { name: 'penalty'; seat: Seat; hands: number; rounds?: undefined }
  | { name: 'levels-start'; levels: Level[] }
  | { name: 'levels-pause' }
  | { name: 'levels-resume' }
  /** `minutes` (signed) added to the level under way, or `step` +1 / -1: the next or previous level. */
  | { name: 'levels-adjust'; minutes: number; step?: undefined }
  | { name: 'levels-adjust'; step: 1 | -1; minutes?: undefined }
  /** R-ROOM-MOVE: that seat's player (no seat: the one who would post the next big blind) leaves for another table at
   * the end of the hand under way, at once between hands. */
  | { name: 'move-player'; seat?: Seat }
  /** R-ROOM-CLOCK: the room's level clock; the table's own clock stops for good. */
  | ({ name: 'level-set' } & RoomClock);

/** A level's blinds as the room's clock gives them: numbers on a playing level (null on a stud level without blinds,
 * R-STUD-BRING-IN), null on a break. */
export type RoomBlinds =
  | { isBreak: true; smallBlind: null; bigBlind: null; ante: null }
  | { isBreak: false; smallBlind: number | null; bigBlind: number | null; ante: number };

/** The room's clock as `level-set` carries it (protocol.md "The room"): the fields of a `<base>/clock` payload. */
export type RoomClock = {
  level: number;
  endsAt: number | null;
  remainingMs: number;
  paused: boolean;
  next: ({ level: number; minutes: number } & RoomBlinds & LevelPlays) | null;
} & RoomBlinds &
  LevelPlays;

export type CommandName = Command['name'];

/** Where the antenna that read a card sits (R-CARD-PLACE): only `shoe` (the default) deals. */
export type Place = 'shoe' | 'seat' | 'board' | 'muck';
/** A card input's optional place: `seat` comes with `place: 'seat'` only. */
type Where = { place?: Exclude<Place, 'seat'>; seat?: undefined } | { place: 'seat'; seat: Seat };

type InputBody =
  | { type: 'shuffle' }
  | ({ type: 'card'; card: Card; uid?: undefined } & Where)
  | ({ type: 'card'; uid: string; card?: undefined } & Where)
  | { type: 'seat'; seat: Seat; occupied: boolean }
  /** `raises: false`: an all-in that does not raise (a short all-in, R-ROUND-END); only with `allin`. `to`: with chips
   * tracked, the total a `bet` or `raise` makes the seat's bet this round (R-BET-ROUND). */
  | { type: 'panel'; button: PanelButton; card?: Card; raises?: boolean; to?: number }
  /** A chip reader's motion in a seat's betting zone (R-BET-CHIPS); only with chips tracked. */
  | {
      type: 'chips';
      seat: Seat;
      added: number[];
      removed: number[];
      verbal?: { action: 'call' | 'raise' | 'allin'; to?: number };
    }
  | { type: 'timebank'; seat: Seat }
  | { type: 'clock-request'; by: 'seat' | 'dealer' | 'floor'; seat?: Seat }
  | ({ type: 'command'; id?: string } & Command)
  | { type: 'tick' }
  /** Extension: an adapter reports a device going on or off line, so the event gets its `seq` and is journaled. */
  | { type: 'device'; device: string; online: boolean; detail: string };

/** One input: `at` is integer milliseconds (wall clock in production, virtual time in a replay). */
export type Input = InputBody & { at: number };
export type InputType = Input['type'];

export type MisdealReason =
  | 'exposed-early'
  | 'exposed-two'
  | 'extra-cards'
  | 'duplicate-card'
  | 'unknown-card'
  | 'dealer'
  | 'stud-down-card-exposed';
export type IrregularityKind =
  | 'extra-card'
  | 'exposed-card'
  | 'premature-card'
  | 'premature-flop'
  | 'premature-turn'
  | 'premature-river'
  | 'flop-too-many'
  | 'read-outside-hand'
  | 'read-after-river';
export type DeadReason = 'absent' | 'clock' | 'shot-clock' | 'penalty';
export type HandEndReason = 'showdown' | 'fold' | 'misdeal';

/** Event bodies: what the engine says, before `seq`, `at` and `hand` are stamped on. Extra fields are allowed
 * by the protocol (add, never rename). */
export type EventBody =
  | { type: 'table.ready'; seats: number; profile: string }
  | { type: 'seat.occupied' | 'seat.vacated'; seat: Seat }
  | { type: 'player.seated' | 'player.removed'; seat: Seat; player: string; chips?: number }
  /** R-ROOM-MOVE: the player left for another table; `chips` (the stack that goes along) when chips are tracked. */
  | { type: 'player.moved'; seat: Seat; player: string; chips?: number }
  /** R-ROOM-CLOCK: a `level-set` was applied: the room's clock the table now shows. */
  | ({ type: 'level.set' } & RoomClock)
  /** A floor `set-stack` (R-CHIPS-STACK). */
  | { type: 'stack.set'; seat: Seat; chips: number }
  /** R-CHIPS-ADD: an `add-chips` applied; `stack` is the stack now. */
  | { type: 'chips.added'; seat: Seat; player: string; chips: number; stack: number }
  /** Chips tracked (R-CHIPS-*, R-BET-*, R-POT-*): the events of src/domain/chips. */
  | Exclude<ChipsEvent, { type: 'action' | 'player.removed' }>
  | {
      type: 'hand.started';
      /** null in the stud games, which have no button and no blinds (R-STUD-DEAL). */
      button: Seat | null;
      smallBlind: Seat | null;
      bigBlind: Seat | null;
      dealtIn: Seat[];
      level: number | null;
      /** R-GAME-MIXED: what this hand plays (the level's game and structure, else the table's). */
      game: GameName;
      betting: BettingName;
    }
  | {
      type: 'card.dealt';
      card: Card | null;
      /** `common`: stud's common card, part of every live hand (R-STUD-DEAL). */
      to: 'seat' | 'burn' | 'board' | 'common';
      seat?: Seat;
      street: Street;
      position: number;
      /** A stud up card: public at once (R-STUD-DEAL). */
      up?: true;
      /** A card drawn too early (R-PREMATURE-*): it goes back into the stub or is set aside, not onto the board. */
      premature?: boolean;
      /** A flop card that may still become the burn (R-FLOP-TOO-MANY scramble): secret on public topics until a
       * `board` without `provisional` names the flop. */
      provisional?: boolean;
    }
  | { type: 'hand.dead'; seat: Seat; reason: DeadReason }
  /** R-STUD-BRING-IN: the seat that must bring in, and the up card that makes it; before its `action.on`. */
  | { type: 'bring.in'; seat: Seat; card: Card }
  /** `toCall`, `minRaiseTo` with chips tracked; `maxRaiseTo` also, in Omaha (R-BET-ROUND, R-GAME). */
  | {
      type: 'action.on';
      seat: Seat;
      street: Street;
      deadline: number | null;
      toCall?: number;
      minRaiseTo?: number | null;
      maxRaiseTo?: number | null;
    }
  | { type: 'action'; seat: Seat; action: ActionKind; by: 'panel' | 'chips' | 'clock' }
  /** `provisional`: a flop that does not stand yet (R-FLOP-TOO-MANY scramble); public topics carry it with no cards. */
  | { type: 'board'; street: Street; cards: Card[]; provisional?: boolean }
  /** R-CARD-PLACE: a card seen where the deal did not put it (`expected` null: not dealt this hand). `card` is null
   * for a tag the enrolled deck does not know (`uid` then names it); public topics never carry either. */
  | {
      type: 'card.misplaced';
      card: Card | null;
      uid?: string;
      expected: { to: 'seat' | 'burn' | 'board'; seat?: Seat } | null;
      seen: { place: Exclude<Place, 'shoe'>; seat?: Seat };
    }
  | { type: 'irregularity'; kind: IrregularityKind; remedy: string; card?: Card | null; seat?: Seat }
  | { type: 'misdeal'; reason: MisdealReason }
  /** `message`: the rule as a sentence (the engine always sets it), so no one shows a rule id alone. */
  | { type: 'violation'; seat: Seat; rule: string; fault?: number; sanction?: string; message?: string }
  | {
      type: 'clock.called';
      seat: Seat;
      by: 'seat' | 'dealer' | 'floor';
      caller?: Seat;
      deadline: number;
      countdownAt: number;
    }
  | { type: 'clock.countdown'; seat: Seat; seconds: number }
  | { type: 'timebank.used'; seat: Seat; remaining: number; deadline: number }
  /** `reason` as ever; `code` its stable id (the reason without detail), `message` the sentence for people. The
   * engine always sets both (Ctx.reject). */
  | { type: 'request.rejected'; request: string; reason: string; seat?: Seat; code?: string; message?: string }
  | { type: 'hands.exposed'; seats: Seat[] }
  | {
      type: 'showdown';
      order: Seat[];
      winners: Seat[];
      rank: string;
      /** Hi-lo games only (R-HILO). */
      lowWinners?: Seat[];
      lowRank?: string | null;
    }
  | { type: 'hand.ended'; reason: HandEndReason; winners?: Seat[] }
  | {
      type: 'level.changed';
      level: number;
      smallBlind: number | null;
      bigBlind: number | null;
      ante: number | null;
      /** R-GAME-MIXED, R-BET-LIMIT, R-STUD-BRING-IN: where the structure names games or the level has fixed bets or a
       * bring-in (levels.ts). */
      game?: GameName;
      betting?: BettingName;
      smallBet?: number;
      bigBet?: number;
      /** R-STUD-BRING-IN: where the level has one. */
      bringIn?: number;
      appliesToHand: number;
      break?: boolean;
    }
  | { type: 'penalty.started' | 'penalty.ended'; seat: Seat; hands: number }
  /** The floor moved the button for the next hand (`set-button`). */
  | { type: 'button.set'; seat: Seat }
  | { type: 'levels.paused'; level: number; remainingMs: number }
  | { type: 'levels.resumed'; level: number; remainingMs: number; endsAt: number }
  | {
      type: 'level.adjusted';
      level: number;
      minutes?: number;
      step?: 1 | -1;
      remainingMs: number;
      endsAt: number | null;
      paused: boolean;
    }
  | { type: 'input.rejected'; reason: string; line?: number }
  | { type: 'device.online' | 'device.offline'; device: string; detail: string }
  /** Not from the engine: the runtime skipped seqs `from`..`to` after a power cut (docs/durability.md). */
  | { type: 'journal.gap'; from: number; to: number; reason: 'power-cut' };

export type EventType = EventBody['type'];

/** An event as the engine gives it: `at` and, while a hand is under way, `hand` stamped on; no `seq` (the runtime
 * numbers events, src/runtime/numbering.ts). Key order: type, fields, at, hand. */
export type EngineEvent = EventBody & { at: number; hand?: number };

/** An event as published: `seq` from 1 per table, never reused; `hand` while a hand is under way. Key order: type,
 * fields, seq, at, hand. */
export type TableEvent = EventBody & { seq: number; at: number; hand?: number };
