// Turns any JSON value into a typed Input, or a plain reason for `input.rejected`. Bad input never stops the table.
// The shape (types, ranges, closed sets, which fields go together) is the contract's: the check compiled from
// schemas/input.schema.json by `npm run contract` (src/protocol/generated/validate-input.ts), the one the MQTT edge
// uses too; a refusal is worded in the floor's sentences by validate-words.ts. What stays here is what a schema does
// not say: a plain JSON object only (fields are read by fixed names, never through a prototype: a field called
// `toString` or `__proto__` is data like any other, docs/validation.md), cards and tag ids made canonical, texts cut
// to 200 characters, `to` on a bet or raise only, a small blind not above its big blind (docs/contract.md).
import { acceptsInput, validateCommandShape, validateInputShape } from '../../protocol/generated/validate-input.ts';
import { cutName, nameProblem, storedName } from '../../protocol/names.ts';
import { normalizeUid, parseCard } from '../cards.ts';
import type { BettingName, GameName } from '../games/index.ts';
import { checkLevels } from '../levels/check.ts';
import type { Command, CommandName, Input, Level, PanelButton, Place, Seat } from '../types.ts';
import { validateLevelSet, validateMovePlayer } from './room.ts';
import { commandWords, inputWords, notACard, ONLY_BET_TO } from './words.ts';

/** A valid input, or the reason it is refused (a string). No wrapper object: this runs for every input. */
type Result = Input | string;

const MAX_TEXT = 200;

type Obj = Record<string, unknown>;
/** A plain object, as JSON.parse makes them (or a null-prototype one): an object with another prototype could
 * answer `raw.card` from its prototype chain. */
const isObj = (v: unknown): v is Obj => {
  if (typeof v !== 'object' || v === null) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

export function validateInput(raw: unknown): Result {
  if (!isObj(raw)) return 'an input must be a JSON object';
  // The schema's short check first (no error detail, generated from the same schema); ajv's full check decides
  // whatever it does not accept, and words a refusal (docs/contract.md, "The accept path").
  if (!acceptsInput(raw) && !validateInputShape(raw)) return inputWords(raw, validateInputShape.errors ?? []);
  const at = raw.at as number;
  const type = raw.type as Input['type'];
  // Card reads and panel buttons first: they are nearly every input.
  switch (type) {
    case 'card': {
      // R-CARD-PLACE: where the antenna sits; none (or `shoe`) is the shoe
      const place = raw.place as Place | undefined;
      const where =
        place === undefined || place === 'shoe'
          ? null
          : place === 'seat'
            ? { place, seat: raw.seat as Seat }
            : { place };
      if (raw.card !== undefined) {
        const card = parseCard(raw.card as string);
        if (!card) return notACard(raw);
        // the hot path: a canonical read is used as it came (the engine only reads inputs), no copy
        if (card === raw.card && raw.uid === undefined && where === null) return raw as Input;
        return { type, at, card, ...where } as Input;
      }
      const uid = normalizeUid(raw.uid as string);
      if (!uid) return 'uid must be a hex tag id';
      return { type, at, uid, ...where } as Input;
    }
    case 'panel': {
      const button = raw.button as PanelButton;
      if (raw.card === undefined && raw.raises === undefined && raw.to === undefined && button !== 'burn')
        return raw as Input;
      if (raw.to !== undefined && button !== 'bet' && button !== 'raise') return ONLY_BET_TO;
      const input: Input = { type, at, button };
      if (raw.to !== undefined) input.to = raw.to as number;
      if (raw.card !== undefined) {
        const card = parseCard(raw.card as string);
        if (!card) return 'panel card is not a card';
        input.card = card;
      }
      if (button === 'allin' && raw.raises !== undefined) input.raises = raw.raises as boolean;
      return input;
    }
    case 'shuffle':
    case 'tick':
      return { type, at };
    case 'seat':
      return { type, at, seat: raw.seat as Seat, occupied: raw.occupied as boolean };
    case 'chips': {
      const input: Input = {
        type,
        at,
        seat: raw.seat as Seat,
        added: [...(raw.added as number[])],
        removed: [...(raw.removed as number[])],
      };
      const v = raw.verbal as { action: 'call' | 'raise' | 'allin'; to?: number } | undefined;
      if (v !== undefined) input.verbal = v.to === undefined ? { action: v.action } : { action: v.action, to: v.to };
      return input;
    }
    case 'timebank':
      return { type, at, seat: raw.seat as Seat };
    case 'clock-request': {
      const by = raw.by as 'seat' | 'dealer' | 'floor';
      return by === 'seat' ? { type, at, by, seat: raw.seat as Seat } : { type, at, by };
    }
    case 'device': {
      const detail = typeof raw.detail === 'string' ? raw.detail.slice(0, MAX_TEXT) : '';
      return { type, at, device: (raw.device as string).slice(0, MAX_TEXT), online: raw.online as boolean, detail };
    }
    case 'command': {
      const command = commandOf(raw);
      if (typeof command === 'string') return command;
      const input = { type, at, ...command } as Input;
      if (raw.id !== undefined) (input as Obj).id = String(raw.id).slice(0, MAX_TEXT);
      return input;
    }
    default:
      return inputWords(raw, []);
  }
}

/** The fields each command may carry besides `type`, `at`, `name` and `id` (the MQTT edge's list, src/mqtt/commands.ts;
 * the schema's `additionalProperties: false` closes each command here, and test/protocol/contract.test.ts holds the two
 * equal). Typed by CommandName, so a new command does not compile until it has its line here. */
export const COMMAND_FIELD_NAMES: Readonly<Record<CommandName, readonly string[]>> = {
  setup: ['seats', 'profile', 'rules', 'game', 'betting'],
  'seat-player': ['seat', 'player', 'chips'],
  'set-stack': ['seat', 'chips'],
  'add-chips': ['seat', 'chips', 'player'],
  'remove-player': ['seat'],
  'set-button': ['seat'],
  penalty: ['seat', 'rounds', 'hands'],
  'levels-start': ['levels'],
  'levels-pause': [],
  'levels-resume': [],
  'levels-adjust': ['minutes', 'step'],
  'move-player': ['seat'],
  'level-set': [
    'level',
    'isBreak',
    'smallBlind',
    'bigBlind',
    'ante',
    'game',
    'betting',
    'smallBet',
    'bigBet',
    'endsAt',
    'remainingMs',
    'paused',
    'next',
    'bringIn',
  ],
};

/** A command's fields, checked; a string is the reason it is refused. */
export function validateCommand(raw: Obj): Command | string {
  if (!validateCommandShape(raw)) return commandWords(raw, validateCommandShape.errors ?? []);
  return commandOf(raw);
}

/** A command the schema took, as the engine reads it: only its own fields, and what the schema does not say. */
function commandOf(raw: Obj): Command | string {
  const name = raw.name as CommandName;
  switch (name) {
    case 'setup': {
      const cmd: Command = { name, seats: raw.seats as number, profile: (raw.profile ?? 'tda') as string };
      if (raw.rules !== undefined) {
        if (!isObj(raw.rules)) return 'setup: rules must be an object';
        cmd.rules = raw.rules;
      }
      if (raw.game !== undefined) cmd.game = raw.game as GameName;
      if (raw.betting !== undefined) cmd.betting = raw.betting as BettingName;
      return cmd;
    }
    case 'seat-player': {
      // one rule for who a player is, the room's and the pages' too (src/protocol/names.ts)
      const problem = nameProblem(String(raw.player));
      if (problem !== null) return `seat-player: ${problem}`;
      const player = cutName(storedName(String(raw.player)), MAX_TEXT);
      const seat = raw.seat as Seat;
      return raw.chips === undefined ? { name, seat, player } : { name, seat, player, chips: raw.chips as number };
    }
    case 'add-chips': {
      const cmd: Command = { name, seat: raw.seat as Seat, chips: raw.chips as number };
      if (typeof raw.player === 'string') cmd.player = raw.player;
      return cmd;
    }
    case 'set-stack':
      return { name, seat: raw.seat as Seat, chips: raw.chips as number };
    case 'remove-player':
    case 'set-button':
      return { name, seat: raw.seat as Seat };
    case 'penalty':
      // `hands` counts hands directly; `rounds` (R-PENALTY) becomes rounds × players when given.
      return raw.hands !== undefined
        ? { name, seat: raw.seat as Seat, hands: raw.hands as number }
        : { name, seat: raw.seat as Seat, rounds: raw.rounds as number };
    case 'levels-start': {
      // the schema's shape, and a small blind not above its big blind (docs/contract.md)
      const levels: Level[] | string = checkLevels(raw.levels);
      return typeof levels === 'string' ? `levels-start: ${levels}` : { name, levels };
    }
    case 'levels-pause':
    case 'levels-resume':
      return { name };
    case 'levels-adjust':
      return raw.step !== undefined ? { name, step: raw.step as 1 | -1 } : { name, minutes: raw.minutes as number };
    case 'move-player':
      return validateMovePlayer(raw);
    case 'level-set':
      return validateLevelSet(raw);
    default:
      return commandWords(raw, []);
  }
}
