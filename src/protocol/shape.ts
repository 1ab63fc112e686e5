// The shape checks compiled from the contract's JSON Schemas (src/protocol/generated/validate-*.ts, written by
// `npm run contract`): their type, and the one way of saying what a refused value got wrong in the schema's terms
// (the MQTT `input` topic's answers, and the engine's words for a field it has no sentence of its own for). Pure:
// importable from the engine (src/domain).

/** One problem found by a compiled schema (ajv's error object, with the fields read here). */
export interface ShapeError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
  schema?: unknown;
  parentSchema?: unknown;
}

/** A compiled schema: true when the value fits; otherwise `errors` holds every problem, the chosen branch's only
 * (the schemas' `oneOf`s are keyed by a discriminator). */
export interface ShapeCheck {
  (value: unknown): boolean;
  errors?: ShapeError[] | null;
}

/** The errors as short phrases a person can act on: the field, then what would be right. The summary error of a
 * `oneOf` repeats its branches' errors and is left out, except where its branches are alternatives of required
 * fields ("rounds" or "hands"), which it then states in one phrase. `tags` lists a discriminator's known values. */
export function describe(errors: readonly ShapeError[], tags: (tag: string) => readonly string[] = () => []): string {
  const phrases: string[] = [];
  const covered: string[] = []; // schema paths whose errors an alternatives phrase already says
  for (const e of errors) {
    const alternatives = e.keyword === 'oneOf' ? requiredAlternatives(e.schema) : null;
    if (alternatives) covered.push(e.schemaPath);
  }
  for (const e of errors) {
    if (e.keyword === 'if' || e.keyword === 'anyOf') continue;
    if (covered.some((path) => e.schemaPath.startsWith(`${path}/`))) continue;
    const p = e.params;
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

function parentDescription(e: ShapeError): unknown {
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
