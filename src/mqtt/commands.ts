// Turns what arrives on `<base>/cmd/<name>` and `<base>/input` into inputs, or into a clear error. The engine checks
// meaning (a seat that exists, a profile it knows); this checks shape, so a floor tool learns at once what it got wrong.
import { MAX_SEATS, MIN_SEATS } from '../domain/limits.ts';
import type { CommandName, TableEvent } from '../domain/types.ts';
import { validateInput } from '../domain/validate.ts';
import type { RawInput } from '../runtime/types.ts';

/** The engine keeps no more of a name than this (src/domain/validate.ts): longer is refused, not stored whole. */
const MAX_TEXT = 200;

type FieldKind = 'int' | 'seat' | 'seats' | 'string' | 'object' | 'levels';
interface FieldSpec {
  kind: FieldKind;
  optional?: boolean;
}

const COMMANDS: Record<CommandName, Record<string, FieldSpec>> = {
  setup: { seats: { kind: 'seats' }, profile: { kind: 'string' }, rules: { kind: 'object', optional: true } },
  'seat-player': { seat: { kind: 'seat' }, player: { kind: 'string' } },
  'remove-player': { seat: { kind: 'seat' } },
  'set-button': { seat: { kind: 'seat' } },
  penalty: { seat: { kind: 'seat' }, rounds: { kind: 'int' } },
  'levels-start': { levels: { kind: 'levels' } },
  'levels-pause': {},
  'levels-resume': {},
};

export const COMMAND_NAMES = Object.keys(COMMANDS) as CommandName[];

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

export interface ParsedCommand {
  id: string | null;
  input: RawInput & { type: 'command'; name: CommandName };
}

/** The best-effort id of a request, so even a refused command is answered with the id the caller sent. */
export function requestId(json: unknown): string | null {
  if (isObject(json) && (typeof json.id === 'string' || typeof json.id === 'number')) return String(json.id);
  return null;
}

/** Nesting deeper than this is refused: no input or command needs it, and SQLite's JSON functions stop at 1000. */
export const MAX_JSON_DEPTH = 32;

export function parseJson(payload: Buffer, maxBytes: number): Parsed<unknown> {
  if (payload.length > maxBytes)
    return { ok: false, error: `payload too large: ${payload.length} bytes (limit ${maxBytes})` };
  let value: unknown;
  try {
    value = JSON.parse(payload.toString('utf8')) as unknown;
  } catch {
    return { ok: false, error: 'payload is not valid JSON' };
  }
  if (tooDeep(value, MAX_JSON_DEPTH)) return { ok: false, error: `JSON nested deeper than ${MAX_JSON_DEPTH} levels` };
  return { ok: true, value };
}

/** Why the engine would refuse this input as malformed (the engine's own validator), or null. The bridge asks before
 * submitting, so that a refused input is answered at once and never journaled. */
export function malformed(input: RawInput, at: number): string | null {
  const checked = validateInput({ ...input, at });
  return typeof checked === 'string' ? checked : null;
}

function tooDeep(value: unknown, limit: number): boolean {
  let level: unknown[] = [value];
  for (let depth = 0; level.length > 0; depth++) {
    if (depth > limit) return true;
    const next: unknown[] = [];
    for (const v of level)
      if (typeof v === 'object' && v !== null) for (const child of Object.values(v)) next.push(child);
    level = next;
  }
  return false;
}

export function parseCommand(name: string, json: unknown): Parsed<ParsedCommand> {
  if (!Object.hasOwn(COMMANDS, name)) {
    return { ok: false, error: `unknown command "${name}" (known: ${COMMAND_NAMES.join(', ')})` };
  }
  const spec = COMMANDS[name as CommandName];
  if (!isObject(json)) return { ok: false, error: 'a command is a JSON object: {"id": "…", …fields}' };
  if (json.id !== undefined && typeof json.id !== 'string' && typeof json.id !== 'number') {
    return { ok: false, error: 'field "id" must be a string' };
  }
  const input: Record<string, unknown> = { type: 'command', name };
  for (const [field, value] of Object.entries(json)) {
    if (field === 'id') continue;
    if (field === 'name' || field === 'type') {
      if (value === name || (field === 'type' && value === 'command')) continue;
      return { ok: false, error: `field "${field}" disagrees with the topic (cmd/${name})` };
    }
    // Own fields only: `constructor`, `toString` or `__proto__` must not find something on the prototype chain.
    const fieldSpec = Object.hasOwn(spec, field) ? spec[field] : undefined;
    if (!fieldSpec) {
      const known = Object.keys(spec);
      return {
        ok: false,
        error: `unknown field "${field}" for ${name}${known.length ? ` (fields: ${known.join(', ')})` : ''}`,
      };
    }
    const problem = checkField(field, fieldSpec.kind, value);
    if (problem) return { ok: false, error: problem };
    input[field] = value;
  }
  for (const [field, fieldSpec] of Object.entries(spec)) {
    if (!fieldSpec.optional && !Object.hasOwn(input, field))
      return { ok: false, error: `missing field "${field}" for ${name}` };
  }
  const id = requestId(json);
  if (id !== null) input.id = id;
  return { ok: true, value: { id, input: input as ParsedCommand['input'] } };
}

/** What a networked panel or seat module may send on `<base>/input`, and the fields of each (protocol.md). */
const NETWORK_INPUTS: Record<string, readonly string[]> = {
  panel: ['button', 'card', 'raises', 'to'],
  'clock-request': ['by', 'seat'],
  timebank: ['seat'],
  seat: ['seat', 'occupied'],
};
/** Every networked input may carry these: `at` (ignored), `id` (idempotency) and `seq` (the context it was made in). */
const COMMON_FIELDS = new Set(['type', 'at', 'id', 'seq']);
export const MAX_INPUT_ID = 64;

export interface NetworkInput {
  /** What goes to the runtime: the input with its `id`, without `at` and `seq`. */
  input: RawInput;
  id: string | null;
  /** The latest event seq the device had seen when the input was made, or null. */
  seq: number | null;
}

export function parseNetworkInput(json: unknown): Parsed<NetworkInput> {
  if (!isObject(json) || typeof json.type !== 'string')
    return { ok: false, error: 'an input is a JSON object with a "type"' };
  const fields = Object.hasOwn(NETWORK_INPUTS, json.type) ? NETWORK_INPUTS[json.type] : undefined;
  if (!fields) {
    return {
      ok: false,
      error: `input type "${json.type.slice(0, 40)}" is not accepted on MQTT (only ${Object.keys(NETWORK_INPUTS).join(', ')})`,
    };
  }
  const input: RawInput = { type: json.type };
  for (const [field, value] of Object.entries(json)) {
    if (COMMON_FIELDS.has(field)) continue; // `at` is the controller's to set: a device's clock is not trusted
    if (!fields.includes(field)) {
      return {
        ok: false,
        error: `unknown field "${field.slice(0, 40)}" for ${json.type} (fields: ${fields.join(', ')}, id, seq)`,
      };
    }
    input[field] = value;
  }
  let id: string | null = null;
  if (json.id !== undefined) {
    const ok =
      (typeof json.id === 'string' && json.id !== '' && json.id.length <= MAX_INPUT_ID) ||
      Number.isSafeInteger(json.id);
    if (!ok) return { ok: false, error: `field "id" must be a string of 1 to ${MAX_INPUT_ID} characters` };
    id = String(json.id);
    input.id = id;
  }
  let seq: number | null = null;
  if (json.seq !== undefined) {
    if (!Number.isSafeInteger(json.seq) || (json.seq as number) < 0)
      return { ok: false, error: 'field "seq" must be a non-negative integer (the latest event seq seen)' };
    seq = json.seq as number;
  }
  return { ok: true, value: { input, id, seq } };
}

/** The name under which the engine refuses a networked input in `request.rejected`. */
export function requestNameOf(input: RawInput): string {
  if (input.type === 'panel') return String(input.button);
  if (input.type === 'clock-request') return 'clock';
  return input.type;
}

/** Why the engine refused this command, from the events its submission produced; null when it was accepted. */
export function refusalOf(name: string, events: readonly TableEvent[]): string | null {
  for (const event of events) {
    if (event.type === 'input.rejected') return event.reason;
    if (event.type === 'request.rejected' && event.request === name) return event.reason;
  }
  return null;
}

function checkField(field: string, kind: FieldKind, value: unknown): string | null {
  switch (kind) {
    case 'int':
      return Number.isInteger(value) ? null : `field "${field}" must be an integer`;
    case 'seat':
    case 'seats': {
      if (!Number.isInteger(value)) return `field "${field}" must be an integer`;
      const [min, max] = kind === 'seat' ? [1, MAX_SEATS] : [MIN_SEATS, MAX_SEATS];
      return isIntIn(value, min, max) ? null : `field "${field}" must be ${min} to ${max}`;
    }
    case 'string':
      if (typeof value !== 'string' || value.trim() === '') return `field "${field}" must be a non-empty string`;
      return value.length <= MAX_TEXT ? null : `field "${field}" must be at most ${MAX_TEXT} characters`;
    case 'object':
      return isObject(value) ? null : `field "${field}" must be an object`;
    case 'levels':
      return checkLevels(value);
  }
}

function checkLevels(value: unknown): string | null {
  if (!Array.isArray(value) || value.length === 0) return 'field "levels" must be a non-empty array';
  for (const [i, level] of value.entries()) {
    const where = `levels[${i}]`;
    if (!isObject(level)) return `${where} must be an object`;
    if (!isPositive(level.minutes)) return `${where}.minutes must be a positive number`;
    if (level.break === true) continue;
    if (!isPositiveInt(level.smallBlind) || !isPositiveInt(level.bigBlind)) {
      return `${where} needs smallBlind and bigBlind (positive integers), or "break": true`;
    }
    if (level.ante !== undefined && !(Number.isInteger(level.ante) && (level.ante as number) >= 0)) {
      return `${where}.ante must be a non-negative integer`;
    }
  }
  return null;
}

function isIntIn(v: unknown, min: number, max: number): boolean {
  return Number.isInteger(v) && (v as number) >= min && (v as number) <= max;
}
function isPositive(v: unknown): boolean {
  return typeof v === 'number' && Number.isFinite(v) && v > 0;
}
function isPositiveInt(v: unknown): boolean {
  return Number.isInteger(v) && (v as number) > 0;
}
function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
