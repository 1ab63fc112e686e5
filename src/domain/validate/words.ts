// The floor's words for an input or a command the contract's schemas refuse. The verdict is the compiled schema's
// (src/protocol/generated/validate-input.ts); the sentence is the one people have always read in `input.rejected`
// and in MQTT answers, which tests, golden replays and tools pin. The first wrong field is named, in the order of
// each table below (the order the engine always checked them in). A field with no sentence here (a new one) is
// named in the schema's own terms, so a new command needs only its schema entry (docs/contract.md).
import { describe, type ShapeError } from '../../protocol/shape.ts';
import { BETTING_NAMES, GAME_NAMES } from '../games/index.ts';
import { checkLevels } from '../levels/check.ts';
import { MAX_SEATS, MIN_SEATS } from '../limits.ts';
import type { PanelButton } from '../types.ts';

type Obj = Record<string, unknown>;

/** "a, b or c": the names a field may take, as a sentence says them. */
function oneOf(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}
/** The sentence for a wrong field, from the value that was sent. */
type Words = (raw: Obj, errors: readonly ShapeError[]) => string;

const PANEL_BUTTONS: readonly PanelButton[] = ['check', 'call', 'raise', 'fold', 'allin', 'exposed', 'burn', 'misdeal'];
// `bet` (one action with `raise`, chips tracked) is accepted but left out of the refusal's words: the golden replays
// (test/fixtures) hold that sentence as it was.
const MAX_CHIPS = 1_000_000_000;
const CHIPS_RANGE = `chips must be a whole number from 1 to ${MAX_CHIPS}`;
const SEAT = `seat must be a seat number from 1 to ${MAX_SEATS}`;
/** A panel's `to` on a button other than a bet or a raise: the engine's rule beyond the schema. */
export const ONLY_BET_TO = 'only a bet or raise carries `to`';

/** Error keys besides field names: a field the object may not have, and "one of these, not both". */
const UNKNOWN = '+';
const EITHER = '|';

const INPUT_WORDS: Readonly<Record<string, Readonly<Record<string, Words>>>> = {
  card: {
    place: () => 'card: place must be shoe, seat, board or muck',
    seat: () => `card: place "seat" needs the seat, a seat number from 1 to ${MAX_SEATS}`,
    card: (raw) => notACard(raw),
    uid: (raw) => (raw.uid === undefined ? 'a card input needs `card` or `uid`' : 'uid must be a hex tag id'),
  },
  panel: {
    button: () => `panel button must be one of ${PANEL_BUTTONS.join(', ')}`,
    to: (raw) => (raw.button !== 'bet' && raw.button !== 'raise' ? ONLY_BET_TO : `to: ${CHIPS_RANGE}`),
    card: (raw) =>
      raw.card === undefined ? 'burn needs `card`: the card drawn as the burn' : 'panel card is not a card',
    raises: () => 'raises must be true or false',
  },
  seat: { seat: () => SEAT, occupied: () => 'occupied must be true or false' },
  chips: {
    seat: () => `chips: ${SEAT}`,
    added: () => 'chips: added and removed must be lists of chip values',
    removed: () => 'chips: added and removed must be lists of chip values',
    verbal: (raw) => {
      const v = raw.verbal as Obj;
      return typeof v === 'object' && v !== null && ['call', 'raise', 'allin'].includes(v.action as string)
        ? `chips: verbal.to: ${CHIPS_RANGE}`
        : 'chips: verbal must be {action: call | raise | allin, to?}';
    },
  },
  timebank: { seat: () => 'timebank needs a seat' },
  'clock-request': {
    by: () => 'clock-request by must be seat, dealer or floor',
    seat: () => 'a clock request by a seat needs the seat',
  },
  device: { device: () => 'device needs a name', online: () => 'device needs online true or false' },
};

const COMMAND_WORDS: Readonly<Record<string, Readonly<Record<string, Words>>>> = {
  setup: {
    seats: () => `setup: seats must be ${MIN_SEATS} to ${MAX_SEATS}`,
    profile: () => 'setup: profile must be a profile name',
    rules: () => 'setup: rules must be an object',
    game: (raw) => `setup: this table deals ${oneOf(GAME_NAMES)}, not ${JSON.stringify(raw.game)?.slice(0, 40)}`,
    betting: (raw) =>
      `setup: the betting structure must be ${oneOf(BETTING_NAMES)}, not ${JSON.stringify(raw.betting)?.slice(0, 40)}`,
  },
  'seat-player': {
    seat: () => `seat-player: ${SEAT}`,
    player: (raw) =>
      typeof raw.player !== 'string' && typeof raw.player !== 'number'
        ? 'seat-player: player is missing'
        : 'seat-player: player is empty',
    chips: () => `seat-player: ${CHIPS_RANGE}`,
  },
  'set-stack': { seat: () => `set-stack: ${SEAT}`, chips: () => `set-stack: ${CHIPS_RANGE}` },
  'add-chips': {
    seat: () => `add-chips: ${SEAT}`,
    chips: () => `add-chips: ${CHIPS_RANGE}`,
    player: () => 'add-chips: player must be a name of 1 to 100 characters',
  },
  'remove-player': { seat: () => `remove-player: ${SEAT}` },
  'set-button': { seat: () => `set-button: ${SEAT}` },
  penalty: {
    seat: () => `penalty: ${SEAT}`,
    [EITHER]: () => 'penalty: give either rounds (R-PENALTY: rounds × players) or hands (a number of hands)',
    hands: () => 'penalty: hands must be a whole number from 1 to 1000',
    rounds: () => 'penalty: rounds must be a whole number from 1 to 100',
  },
  'levels-start': {
    // a blind structure is worded by its own check, shared with the config loader and the room
    levels: (raw, errors) => {
      const words = checkLevels(raw.levels);
      return `levels-start: ${typeof words === 'string' ? words : describe(errors)}`;
    },
  },
  'levels-adjust': {
    [EITHER]: () => 'levels-adjust: give either minutes (e.g. 1 or -1) or step (1: next level, -1: previous level)',
    step: () => 'levels-adjust: step must be 1 (next level) or -1 (previous level)',
    minutes: () => 'levels-adjust: minutes must be a whole number of minutes to add (or, below 0, to take off), not 0',
  },
};

/** The sentence for an input the input schema refused. */
export function inputWords(raw: Obj, errors: readonly ShapeError[]): string {
  const fields = fieldsOf(errors);
  if (fields.has('at')) return '`at` must be a non-negative integer (milliseconds)';
  const type = raw.type;
  if (typeof type !== 'string') return '`type` is missing';
  if (fields.has('type?')) return `unknown input type "${type.slice(0, 40)}"`;
  if (type === 'command') return commandWords(raw, errors, fields);
  // the engine's rule beyond the schema comes in its place in the order: after the button, before the rest
  if (type === 'panel' && raw.to !== undefined && raw.button !== 'bet' && raw.button !== 'raise') fields.add('to');
  return firstWords(INPUT_WORDS[type], raw, errors, fields) ?? `${type}: ${describe(errors)}`;
}

/** The sentence for a command the command schema refused (alone, or as an input's command branch). */
export function commandWords(raw: Obj, errors: readonly ShapeError[], fields = fieldsOf(errors)): string {
  const name = raw.name;
  if (typeof name !== 'string' || fields.has('name?') || fields.has('name'))
    return `unknown command "${String(name).slice(0, 40)}"`;
  const extra = errors.find((e) => e.keyword === 'additionalProperties' && e.instancePath === '');
  if (extra) {
    const known = Object.keys((extra.parentSchema as { properties?: Obj } | undefined)?.properties ?? {});
    const own = known.filter((field) => !['name', 'id', 'type', 'at'].includes(field));
    const field = String(extra.params.additionalProperty).slice(0, 40);
    return `${name}: unknown field "${field}" (fields: ${own.join(', ') || 'none'})`;
  }
  return (
    firstWords(COMMAND_WORDS[name], raw, errors, fields) ??
    (fields.has('id') ? 'command id must be a string' : `${name}: ${describe(errors)}`)
  );
}

/** A card the notation does not read. */
export function notACard(raw: Obj): string {
  return `card: "${String(raw.card).slice(0, 20)}" is not a card (rank AKQJT98765432, suit shdc, e.g. "As")`;
}

/** The sentence for the first field of the table that is wrong, or null. */
function firstWords(
  table: Readonly<Record<string, Words>> | undefined,
  raw: Obj,
  errors: readonly ShapeError[],
  fields: ReadonlySet<string>,
): string | null {
  for (const [field, words] of Object.entries(table ?? {})) if (fields.has(field)) return words(raw, errors);
  return null;
}

/** The fields the errors are about: the first step of the error's path, or the field a `required` names; `+` for
 * a field the object may not have, `|` for "one of these, not both", `type?` / `name?` for an unknown tag. */
function fieldsOf(errors: readonly ShapeError[]): Set<string> {
  const fields = new Set<string>();
  for (const e of errors) {
    if (e.keyword === 'if') continue; // "must match then": the field's own error says which
    if (e.instancePath !== '') {
      const step = e.instancePath.split('/')[1]!;
      fields.add(step.replaceAll('~1', '/').replaceAll('~0', '~'));
    } else if (e.keyword === 'required') fields.add(String(e.params.missingProperty));
    else if (e.keyword === 'additionalProperties') fields.add(UNKNOWN);
    else if (e.keyword === 'oneOf') fields.add(EITHER);
    else if (e.keyword === 'discriminator') fields.add(`${String(e.params.tag)}?`);
  }
  return fields;
}
