// The public contract's JSON Schemas (schemas/*.schema.json, docs/protocol.md) as verdicts with the schema's words:
// the MQTT `input` edge answers with them, and tests and tools use them. The checks are the ones compiled from the
// schemas by `npm run contract` (./generated/validate-input.ts), the same the engine's validator
// (src/domain/validate/validate.ts) calls: nothing is compiled here, at start or later (docs/contract.md). Events are checked
// by ./event-schema.ts, apart, so that the table does not load their code.
import { COMMAND_NAMES, INPUT_TYPES, validateCommandShape, validateInputShape } from './generated/validate-input.ts';
import { describe, type ShapeCheck } from './shape.ts';

/** `{ok: true}`, or the first problems as one sentence naming the fields (`/seat must be <= 10`). */
export type SchemaResult = { ok: true } | { ok: false; error: string };

/** A command against schemas/command.schema.json: `name` and its fields, optional `id` (and `type`, `at` in the
 * input form). */
export function validateCommand(body: unknown): SchemaResult {
  return run('command', validateCommandShape, body);
}

/** An input against schemas/input.schema.json (`at` required: stamp it before asking). */
export function validateInput(input: unknown): SchemaResult {
  return run('input', validateInputShape, input);
}

/** An input as a networked device sends it on `<base>/input`: without `at`, which the controller sets on receipt. */
export function validateNetworkInput(input: unknown): SchemaResult {
  const stamped = typeof input === 'object' && input !== null && !Array.isArray(input) ? { ...input, at: 0 } : input;
  return run('input', validateInputShape, stamped);
}

/** The words of a refusal by a compiled schema: `what does not match the schema: …`. */
export function run(what: string, check: ShapeCheck, value: unknown, known = tagsOf): SchemaResult {
  if (check(value)) return { ok: true };
  return { ok: false, error: `${what} does not match the schema: ${describe(check.errors ?? [], known)}` };
}

/** A discriminator's values: an input's `type`, a command's `name` (also inside an input's command branch). */
function tagsOf(tag: string): readonly string[] {
  return tag === 'name' ? COMMAND_NAMES : INPUT_TYPES;
}
