// The public contract's JSON Schemas (schemas/*.schema.json, docs/protocol.md), compiled on first use (not at start:
// a table without networked panels never compiles them), for the MQTT `input` edge, whose answers use their words,
// and for tests and tools. The engine's validator (src/domain/validate.ts) gives the same verdicts
// (test/contract-verdicts.test.ts); the types generated from these schemas are in ./generated (docs/contract.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';

const dir = join(import.meta.dirname, '../../schemas');
const load = (name: string) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as object;

/** `{ok: true}`, or the first problems as one sentence naming the fields (`/seat must be <= 10`). */
export type SchemaResult = { ok: true } | { ok: false; error: string };

type What = 'input' | 'command' | 'event';

interface Compiled {
  validators: Record<What, ValidateFunction>;
  /** The values of each schema's discriminator (`type` of inputs and events, `name` of commands), for "known: …". */
  known: Map<string, string[]>;
}

let compiled: Compiled | null = null;

function schemas(): Compiled {
  if (compiled) return compiled;
  const ajv = new Ajv({
    allErrors: true,
    verbose: true,
    discriminator: true,
    strict: true,
    strictRequired: false,
    strictTypes: false,
  });
  const known = new Map<string, string[]>();
  for (const [what, tag] of [
    ['input', 'type'],
    ['command', 'name'],
    ['event', 'type'],
  ] as const) {
    const schema = load(`${what}.schema.json`) as {
      oneOf: { $ref: string }[];
      definitions: Record<string, { properties: Record<string, object> }>;
    };
    ajv.addSchema(schema, what);
    known.set(
      what,
      schema.oneOf.flatMap((branch) => {
        const def = schema.definitions[branch.$ref.replace('#/definitions/', '')]!.properties[tag] as {
          const?: string;
          enum?: string[];
        };
        return def.enum ?? [String(def.const)];
      }),
    );
  }
  const validators = {
    input: ajv.getSchema('input')!,
    command: ajv.getSchema('command')!,
    event: ajv.getSchema('event')!,
  };
  compiled = { validators, known };
  return compiled;
}

/** A command against schemas/command.schema.json: `name` and its fields, optional `id` (and `type`, `at` in the
 * input form). */
export function validateCommand(body: unknown): SchemaResult {
  return run('command', body);
}

/** An input against schemas/input.schema.json (`at` required: stamp it before asking). */
export function validateInput(input: unknown): SchemaResult {
  return run('input', input);
}

/** An input as a networked device sends it on `<base>/input`: without `at`, which the controller sets on receipt. */
export function validateNetworkInput(input: unknown): SchemaResult {
  const stamped = typeof input === 'object' && input !== null && !Array.isArray(input) ? { ...input, at: 0 } : input;
  return run('input', stamped);
}

/** An event against schemas/event.schema.json (tests and tools: the engine's own output). */
export function validateEvent(event: unknown): SchemaResult {
  return run('event', event);
}

function run(what: What, value: unknown): SchemaResult {
  const { validators, known } = schemas();
  const validate = validators[what];
  if (validate(value)) return { ok: true };
  // a command's `name` is the tag inside an input's command branch too
  const tags = (tag: string) => known.get(tag === 'name' ? 'command' : what) ?? [];
  return { ok: false, error: `${what} does not match the schema: ${describe(validate.errors ?? [], tags)}` };
}

/** ajv's errors as short phrases a person can act on: the field, then what would be right. The summary error of a
 * `oneOf` repeats its branches' errors and is left out, except where its branches are alternatives of required
 * fields ("rounds" or "hands"), which it then states in one phrase. */
export function describe(errors: readonly ErrorObject[], tags: (tag: string) => readonly string[] = () => []): string {
  const phrases: string[] = [];
  const covered: string[] = []; // schema paths whose errors an alternatives phrase already says
  for (const e of errors) {
    const alternatives = e.keyword === 'oneOf' ? requiredAlternatives(e.schema) : null;
    if (alternatives) covered.push(e.schemaPath);
  }
  for (const e of errors) {
    if (e.keyword === 'if' || e.keyword === 'anyOf') continue;
    if (covered.some((path) => e.schemaPath.startsWith(`${path}/`))) continue;
    const p = e.params as Record<string, unknown>;
    const field = e.instancePath.slice(1).replaceAll('/', '.');
    const at = field === '' ? '' : `${field} `;
    const inner = (name: unknown) => `"${field === '' ? '' : `${field}.`}${String(name)}"`;
    let phrase: string;
    if (e.keyword === 'required') phrase = `missing field ${inner(p.missingProperty)}`;
    else if (e.keyword === 'additionalProperties') phrase = `unknown field ${inner(p.additionalProperty)}`;
    else if (e.keyword === 'enum')
      phrase = `${at}must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    else if (e.keyword === 'const') phrase = `${at}must be ${JSON.stringify(p.allowedValue)}`;
    else if (e.keyword === 'discriminator') phrase = unknownTag(p, tags);
    else if (e.keyword === 'pattern' && typeof parentDescription(e) === 'string')
      phrase = `${at}must be ${parentDescription(e)}`;
    else if (e.keyword === 'not') phrase = `${at}must not be ${notWhat(e.schema)}`;
    else if (e.keyword === 'oneOf') {
      const alternatives = requiredAlternatives(e.schema);
      if (!alternatives) continue;
      phrase = `${at}needs exactly one of ${alternatives.map((a) => `"${a}"`).join(', ')}`;
    } else phrase = `${at}${e.message ?? 'is invalid'}`;
    if (!phrases.includes(phrase)) phrases.push(phrase);
  }
  if (phrases.length === 0) return 'it matches none of the allowed forms';
  return phrases.slice(0, 3).join('; ') + (phrases.length > 3 ? ` (and ${phrases.length - 3} more)` : '');
}

/** What a `not` refuses: a constant, or the subschema's description. */
function notWhat(schema: unknown): string {
  const s = schema as { const?: unknown; description?: unknown };
  if (s.const !== undefined) return JSON.stringify(s.const);
  return typeof s.description === 'string' ? s.description : 'what it is';
}

function parentDescription(e: ErrorObject): unknown {
  return (e.parentSchema as { description?: unknown } | undefined)?.description;
}

/** `oneOf: [{required: ["rounds"]}, {required: ["hands"]}]` → ["rounds", "hands"]; anything else → null. */
function requiredAlternatives(schema: unknown): string[] | null {
  if (!Array.isArray(schema)) return null;
  const names: string[] = [];
  for (const branch of schema as unknown[]) {
    const keys = typeof branch === 'object' && branch !== null ? Object.keys(branch) : [];
    const required = (branch as { required?: unknown }).required;
    if (keys.length !== 1 || !Array.isArray(required) || required.length !== 1) return null;
    names.push(String(required[0]));
  }
  return names;
}

function unknownTag(p: Record<string, unknown>, tags: (tag: string) => readonly string[]): string {
  const tag = String(p.tag);
  if (p.error === 'tag') return `"${tag}" must be a string`;
  const value = JSON.stringify(p.tagValue)?.slice(0, 42) ?? String(p.tagValue);
  return `unknown ${tag} ${value} (known: ${tags(tag).join(', ')})`;
}
