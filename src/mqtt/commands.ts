// Turns what arrives on `<base>/cmd/<name>` and `<base>/input` into inputs, or into a clear error. The engine checks
// meaning (a seat that exists, a profile it knows); this checks shape, so a floor tool learns at once what it got wrong.
import { MAX_SEATS, MIN_SEATS } from '../domain/limits.ts';
import type { CommandName, TableEvent } from '../domain/types.ts';
import type { RawInput } from '../runtime/types.ts';

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

export function parseJson(payload: Buffer, maxBytes: number): Parsed<unknown> {
  if (payload.length > maxBytes)
    return { ok: false, error: `payload too large: ${payload.length} bytes (limit ${maxBytes})` };
  try {
    return { ok: true, value: JSON.parse(payload.toString('utf8')) as unknown };
  } catch {
    return { ok: false, error: 'payload is not valid JSON' };
  }
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
    // Own fields only: `toString` or `__proto__` is an unknown field, not a member of Object.prototype
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

/** What a networked panel or seat module may send on `<base>/input`. */
const NETWORK_INPUTS = new Set(['panel', 'clock-request', 'timebank', 'seat']);

export function parseNetworkInput(json: unknown): Parsed<RawInput> {
  if (!isObject(json) || typeof json.type !== 'string')
    return { ok: false, error: 'an input is a JSON object with a "type"' };
  if (!NETWORK_INPUTS.has(json.type)) {
    return {
      ok: false,
      error: `input type "${json.type}" is not accepted on MQTT (only ${[...NETWORK_INPUTS].join(', ')})`,
    };
  }
  // `at` is the controller's to set: a panel's own clock is neither trusted nor needed.
  const { at: _ignored, ...rest } = json;
  return { ok: true, value: rest as RawInput };
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
      return typeof value === 'string' && value.trim() !== '' ? null : `field "${field}" must be a non-empty string`;
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
