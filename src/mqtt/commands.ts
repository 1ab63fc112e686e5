// Turns what arrives on `<base>/cmd/<name>` and `<base>/input` into inputs, or into a clear error, before anything is
// journaled, so a floor tool learns at once what it got wrong. Values are checked by the engine's validator.
import type { CommandName, TableEvent } from '../domain/types.ts';
import { describeReason } from '../domain/reasons.ts';
import { COMMAND_FIELD_NAMES, validateCommand, validateInput } from '../domain/validate/validate.ts';
import type { RawInput } from '../runtime/types.ts';

/** The engine keeps no more of a name than this (src/domain/validate/validate.ts): longer is refused, not stored whole. */
const MAX_TEXT = 200;

// The fields each command may carry. Their values are checked by the engine's own validator (validateCommand), the
// same one a replay or a setup file goes through: one set of rules, one set of words. Here only what MQTT adds: a
// field the command does not have is refused (a misspelt field would otherwise be dropped without a word).
const COMMANDS = COMMAND_FIELD_NAMES;

export const COMMAND_NAMES = Object.keys(COMMANDS) as CommandName[];

/** A refusal as the floor reads it: `code` stays the same across versions (tools branch on it), `message` is the
 * sentence to show, `error` the older field with the same words (kept for tools written against it). */
export interface Refusal {
  error: string;
  code: string;
  message: string;
}

export type Parsed<T> = { ok: true; value: T } | ({ ok: false } & Refusal);

function refused(code: string, text: string): { ok: false } & Refusal {
  return { ok: false, error: text, code, message: text };
}

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
    return refused('payload-too-large', `payload too large: ${payload.length} bytes (limit ${maxBytes})`);
  let value: unknown;
  try {
    value = JSON.parse(payload.toString('utf8')) as unknown;
  } catch {
    return refused('not-json', 'payload is not valid JSON');
  }
  if (tooDeep(value, MAX_JSON_DEPTH)) return refused('not-json', `JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
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
    return refused('unknown-command', `unknown command "${name}" (known: ${COMMAND_NAMES.join(', ')})`);
  }
  const spec = COMMANDS[name as CommandName];
  if (!isObject(json)) return refused('bad-request', 'a command is a JSON object: {"id": "…", …fields}');
  if (json.id !== undefined && typeof json.id !== 'string' && typeof json.id !== 'number') {
    return refused('bad-request', 'field "id" must be a string');
  }
  const input: Record<string, unknown> = { type: 'command', name };
  for (const [field, value] of Object.entries(json)) {
    if (field === 'id') continue;
    if (field === 'name' || field === 'type') {
      if (value === name || (field === 'type' && value === 'command')) continue;
      return refused('bad-request', `field "${field}" disagrees with the topic (cmd/${name})`);
    }
    if (!spec.includes(field)) {
      return refused(
        'bad-request',
        `unknown field "${field}" for ${name}${spec.length ? ` (fields: ${spec.join(', ')})` : ''}`,
      );
    }
    if (typeof value === 'string' && value.length > MAX_TEXT) {
      return refused('invalid-value', `field "${field}" must be at most ${MAX_TEXT} characters`);
    }
    input[field] = value;
  }
  // Every value (types, ranges, a blind structure, one of rounds/hands): the engine's own check.
  const meaning = validateCommand(input);
  if (typeof meaning === 'string') return refused('invalid-value', meaning);
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
  // a seat's chip reader (R-BET-CHIPS); refused by the engine (`no-chips`) unless chips are tracked
  chips: ['seat', 'added', 'removed', 'verbal'],
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
    return refused('bad-request', 'an input is a JSON object with a "type"');
  const fields = Object.hasOwn(NETWORK_INPUTS, json.type) ? NETWORK_INPUTS[json.type] : undefined;
  if (!fields) {
    return refused(
      'bad-request',
      `input type "${json.type.slice(0, 40)}" is not accepted on MQTT (only ${Object.keys(NETWORK_INPUTS).join(', ')})`,
    );
  }
  const input: RawInput = { type: json.type };
  for (const [field, value] of Object.entries(json)) {
    if (COMMON_FIELDS.has(field)) continue; // `at` is the controller's to set: a device's clock is not trusted
    if (!fields.includes(field)) {
      return refused(
        'bad-request',
        `unknown field "${field.slice(0, 40)}" for ${json.type} (fields: ${fields.join(', ')}, id, seq)`,
      );
    }
    input[field] = value;
  }
  let id: string | null = null;
  if (json.id !== undefined) {
    const ok =
      (typeof json.id === 'string' && json.id !== '' && json.id.length <= MAX_INPUT_ID) ||
      Number.isSafeInteger(json.id);
    if (!ok) return refused('bad-request', `field "id" must be a string of 1 to ${MAX_INPUT_ID} characters`);
    id = String(json.id);
    input.id = id;
  }
  let seq: number | null = null;
  if (json.seq !== undefined) {
    if (!Number.isSafeInteger(json.seq) || (json.seq as number) < 0)
      return refused('bad-request', 'field "seq" must be a non-negative integer (the latest event seq seen)');
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
export function refusalOf(name: string, events: readonly TableEvent[]): Refusal | null {
  for (const event of events) {
    if (event.type === 'input.rejected') {
      const code = event.reason.startsWith('the table is not set up')
        ? 'not-set-up'
        : event.reason.includes("beyond the table's")
          ? 'seat-beyond-table'
          : 'invalid-value';
      return { error: event.reason, code, message: sentence(event.reason) };
    }
    if (event.type === 'request.rejected' && event.request === name) {
      const words = describeReason(event.reason, event.seat);
      return { error: event.reason, code: event.code ?? words.code, message: event.message ?? words.message };
    }
  }
  return null;
}

/** What a command that failed inside the controller answers (the error is logged). */
export function internalRefusal(error: Error): Refusal {
  return {
    error: `internal error: ${error.message}`,
    code: 'internal-error',
    message: 'The table could not carry out the command (an internal error; it is in the log)',
  };
}

function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
