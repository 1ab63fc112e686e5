// Turns what arrives on `<base>/cmd/<name>` and `<base>/input` into inputs, or into a clear error, before anything is
// journaled, so a floor tool learns at once what it got wrong. Values are checked by the engine's validator.
import type { CommandName, TableEvent } from '../domain/types.ts';
import { describeReason } from '../domain/reasons.ts';
import { validateCommand } from '../domain/validate.ts';
import type { RawInput } from '../runtime/types.ts';

// The fields each command may carry. Their values are checked by the engine's own validator (validateCommand), the
// same one a replay or a setup file goes through: one set of rules, one set of words. Here only what MQTT adds: a
// field the command does not have is refused (a misspelt field would otherwise be dropped without a word).
const COMMANDS: Record<CommandName, readonly string[]> = {
  setup: ['seats', 'profile', 'rules'],
  'seat-player': ['seat', 'player'],
  'remove-player': ['seat'],
  'set-button': ['seat'],
  penalty: ['seat', 'rounds', 'hands'],
  'levels-start': ['levels'],
  'levels-pause': [],
  'levels-resume': [],
  'levels-adjust': ['minutes', 'step'],
};

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

export function parseJson(payload: Buffer, maxBytes: number): Parsed<unknown> {
  if (payload.length > maxBytes)
    return refused('payload-too-large', `payload too large: ${payload.length} bytes (limit ${maxBytes})`);
  try {
    return { ok: true, value: JSON.parse(payload.toString('utf8')) as unknown };
  } catch {
    return refused('not-json', 'payload is not valid JSON');
  }
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
    input[field] = value;
  }
  // Every value (types, ranges, a blind structure, one of rounds/hands): the engine's own check.
  const meaning = validateCommand(input);
  if (typeof meaning === 'string') return refused('invalid-value', meaning);
  const id = requestId(json);
  if (id !== null) input.id = id;
  return { ok: true, value: { id, input: input as ParsedCommand['input'] } };
}

/** What a networked panel or seat module may send on `<base>/input`. */
const NETWORK_INPUTS = new Set(['panel', 'clock-request', 'timebank', 'seat']);

export function parseNetworkInput(json: unknown): Parsed<RawInput> {
  if (!isObject(json) || typeof json.type !== 'string')
    return refused('bad-request', 'an input is a JSON object with a "type"');
  if (!NETWORK_INPUTS.has(json.type)) {
    return refused(
      'bad-request',
      `input type "${json.type}" is not accepted on MQTT (only ${[...NETWORK_INPUTS].join(', ')})`,
    );
  }
  // `at` is the controller's to set: a panel's own clock is neither trusted nor needed.
  const { at: _ignored, ...rest } = json;
  return { ok: true, value: rest as RawInput };
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
