// JSON Schema validation shared by the table config and the device definitions: error messages that name the file
// and the field (`devices/uno-table.json: /pins/seats/3/pin must be integer`), because a venue technician fixes the
// file, not the code. The checks themselves are compiled from the schemas by `npm run contract`
// (src/protocol/generated/validate-{config,devices,room}.ts, scripts/contract-config-validators.mjs): no schema
// compiler at run time.
import { readFileSync } from 'node:fs';
import { relative, isAbsolute, resolve } from 'node:path';
import { TableError, type TableErrorCode } from '../domain/errors.ts';
import type { ShapeCheck, ShapeError } from '../protocol/shape.ts';

/** A compiled schema check: fills the schema's defaults in the value, and leaves every problem in `errors`. */
export type Validator = ShapeCheck;

/** The path shown in messages: relative to the working directory when it is inside it. */
export function displayPath(file: string): string {
  if (!isAbsolute(file)) return file;
  const rel = relative(process.cwd(), file);
  return rel.startsWith('..') || isAbsolute(rel) ? file : rel;
}

/** Why a file could not be read, in words, with the full path where the shown one is relative (the folder the
 * program looked in is then plain): `config/x.yaml: no such file (/opt/pokertable/config/x.yaml)`. */
export function unreadable(file: string, err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  const shown = displayPath(file);
  const full = resolve(file);
  const where = shown === full ? '' : ` (${full})`;
  if (code === 'ENOENT') return `${shown}: no such file${where}`;
  if (code === 'EACCES') return `${shown}: permission denied${where}; check the file's owner and mode`;
  if (code === 'EISDIR') return `${shown}: is a folder, not a file${where}`;
  return `${shown}: cannot read (${code ?? String(err)})${where}`;
}

export interface FieldError {
  field: string;
  message: string;
}

/** ajv errors as `field message` pairs a person can act on (the missing or unknown key is named, enums list their
 * values). A schema may carry `x-error`: the one sentence for any failure of that value (what would be right), in
 * place of ajv's per-keyword messages. */
export function fieldErrors(errors: readonly ShapeError[] | null | undefined): FieldError[] {
  const out: (FieldError & { nullBranch: boolean })[] = [];
  const seen = new Set<string>();
  for (const e of errors ?? []) {
    let field = e.instancePath === '' ? '/' : e.instancePath;
    let message = e.message ?? 'is invalid';
    const p = e.params;
    const custom = (e.parentSchema as Record<string, unknown> | undefined)?.['x-error'];
    if (typeof custom === 'string') {
      message = custom;
    } else if (e.keyword === 'discriminator') {
      const tag = String(p.tag);
      field = `${field === '/' ? '' : field}/${tag}`;
      const values = discriminatorValues(e.parentSchema, tag);
      message = p.error === 'tag' ? `is required: one of ${values}` : `must be one of ${values}`;
    } else if (e.keyword === 'required') {
      field = `${e.instancePath}/${String(p.missingProperty)}`;
      message = 'is required';
    } else if (e.keyword === 'additionalProperties') {
      field = `${e.instancePath}/${String(p.additionalProperty)}`;
      message = 'is not a known field (check the spelling)';
    } else if (e.keyword === 'enum') {
      message = `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    } else if (e.keyword === 'const') {
      message = `must be ${JSON.stringify(p.allowedValue)}`;
    } else if (e.keyword === 'if' || e.keyword === 'anyOf' || e.keyword === 'oneOf') {
      // The branch errors above already say what is wrong; the summary adds noise.
      if (out.length > 0) continue;
    }
    const key = `${field} ${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ field, message, nullBranch: e.keyword === 'type' && p.type === 'null' });
  }
  // A `null | X` field holding a wrong X fails both branches; "must be null" alone would mislead, so it becomes a
  // note on the real problem, or disappears when the problem is deeper inside.
  const real = out.filter((e) => !e.nullBranch);
  const kept: FieldError[] = [];
  for (const e of out) {
    if (e.nullBranch) {
      const elsewhere = real.some((o) => o.field === e.field || o.field.startsWith(`${e.field}/`));
      if (!elsewhere) kept.push({ field: e.field, message: e.message });
    } else {
      const nullable = out.some((o) => o.nullBranch && o.field === e.field);
      kept.push({ field: e.field, message: nullable ? `${e.message} (or null)` : e.message });
    }
  }
  return kept;
}

/** The values a discriminated oneOf accepts for its tag, for the message. */
function discriminatorValues(schema: unknown, tag: string): string {
  const branches = ((schema as { oneOf?: unknown[] } | undefined)?.oneOf ?? []) as {
    properties?: Record<string, { const?: unknown; enum?: unknown[] }>;
  }[];
  const values = branches.flatMap((b) => {
    const t = b.properties?.[tag];
    return t?.const !== undefined ? [t.const] : (t?.enum ?? []);
  });
  return values.map((v) => JSON.stringify(v)).join(', ');
}

/** One TableError listing every problem; `detail.field` is the first, for callers that show one. */
export function invalid(code: TableErrorCode, file: string, errors: FieldError[]): TableError {
  const shown = displayPath(file);
  const lines = errors.map((e) => `${shown}: ${e.field} ${e.message}`);
  return new TableError(code, lines.join('\n'), { file: shown, field: errors[0]?.field ?? '/' });
}

export function readJson(file: string, code: TableErrorCode): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new TableError(code, unreadable(file, err), { file: displayPath(file) });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new TableError(code, `${displayPath(file)}: not valid JSON (${(err as Error).message})`, {
      file: displayPath(file),
    });
  }
}

/** Freezes an object and everything under it, so no module can change the config another one relies on. */
export function deepFreeze<T>(value: T): Readonly<T> {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as object)) deepFreeze(v);
  }
  return value;
}
