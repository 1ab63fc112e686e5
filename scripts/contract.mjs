// `npm run contract`: TypeScript types derived from the JSON Schemas (the contract's source of truth) into
// src/protocol/generated/, and the validators compiled from them (scripts/contract-validators.mjs for the contract's,
// scripts/contract-config-validators.mjs for the config, device and room schemas). test/protocol/contract-generated.test.ts runs `generate()` again and fails when a schema changed and
// the types were not regenerated. Plain JavaScript with no dependency beyond prettier (a dev tool) and ajv (for the
// validators), so it runs before anything is built. It reads the schema keywords this project uses (docs/contract.md): `type`, `properties`,
// `required`, `additionalProperties`, `items`, `enum`, `const`, `oneOf`/`anyOf` (a union), `allOf` (an
// intersection) and `$ref` (in the file or another one of the set); `if`/`then`/`else` and value limits (`minimum`,
// `pattern`…) have no TypeScript form and are left to the validators.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateConfigValidators } from './contract-config-validators.mjs';
import { generateValidators } from './contract-validators.mjs';
import { pascal } from './contract-names.mjs';
import { deviceSchemaEntries, deviceSpecsMap, EDITOR_SCHEMA, editorSchema } from './contract-devices.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Each output file and the schemas it holds: `prefix` names the schema's definitions (`InputCard`), `name` its root
 * type; `defaults: true` where the loader fills in defaults (ajv useDefaults), so a property with a default is
 * always there once loaded. */
export const OUTPUTS = [
  {
    file: 'src/protocol/generated/messages.ts',
    about: 'inputs, commands and events (schemas/*.schema.json, docs/protocol.md)',
    schemas: [
      { path: 'schemas/input.schema.json', prefix: 'Input', name: 'Input' },
      { path: 'schemas/command.schema.json', prefix: 'Command', name: 'Command' },
      { path: 'schemas/event.schema.json', prefix: 'Event', name: 'Event' },
      { path: 'schemas/room-command.schema.json', prefix: 'RoomCommand', name: 'RoomCommand' },
    ],
  },
  {
    file: 'src/protocol/generated/devices.ts',
    about: 'device definitions (devices/schema/*.schema.json, docs/devices.md), as loaded: defaults filled in',
    // one type per kind's schema (deviceSchemaEntries), and the map from each kind to its type
    data: deviceSpecsMap,
    schemas: [
      { path: 'devices/schema/common.schema.json', prefix: 'DeviceCommon', name: null, defaults: true },
      ...deviceSchemaEntries(root),
    ],
  },
  {
    file: 'src/protocol/generated/table-config.ts',
    about: 'table configs (config/table.schema.json, config/table.example.yaml), as loaded: defaults filled in',
    schemas: [{ path: 'config/table.schema.json', prefix: 'TableConfig', name: 'TableConfigSpec', defaults: true }],
  },
  {
    file: 'src/protocol/generated/profile.ts',
    about: 'rule profiles (config/rules/profile.schema.json, docs/rules.md)',
    schemas: [{ path: 'config/rules/profile.schema.json', prefix: 'Profile', name: 'ProfileSpec' }],
    // the engine's field-by-field check (src/domain/profile/check.ts) walks this tree, so it checks the schema's fields
    data: (schemas) => `export const PROFILE_FIELDS = ${JSON.stringify(profileFields(schemas[0].schema))} as const;`,
  },
];

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const key = (name) => (IDENTIFIER.test(name) ? name : JSON.stringify(name));
const doc = (text, indent) =>
  typeof text === 'string' ? `${indent}/** ${text.replaceAll('*/', '*\\/').replaceAll('\n', ' ')} */\n` : '';

/** The TypeScript for one schema node. `ctx` resolves `$ref`s: `ctx.file` is the schema's file name. */
function typeOf(node, ctx, indent) {
  if (node === true || node === undefined) return 'unknown';
  if (node === false) return 'never';
  if (node.$ref !== undefined) return refType(node.$ref, ctx);
  if (node.const !== undefined) return JSON.stringify(node.const);
  if (Array.isArray(node.enum)) return node.enum.map((v) => JSON.stringify(v)).join(' | ');
  const parts = [];
  const base = baseType(node, ctx, indent);
  if (base !== null) parts.push(base);
  for (const keyword of ['oneOf', 'anyOf']) {
    if (!Array.isArray(node[keyword])) continue;
    const branches = node[keyword].map((b) => typeOf(b, ctx, indent)).filter((t) => t !== 'unknown');
    if (branches.length > 0) parts.push(`(${[...new Set(branches)].join(' | ')})`);
  }
  if (Array.isArray(node.allOf)) {
    for (const b of node.allOf) {
      const t = typeOf(b, ctx, indent);
      if (t !== 'unknown') parts.push(`(${t})`);
    }
  }
  // if/then/else: (if and then) or else; an `if` without `else` narrows nothing a type can say
  if (node.if !== undefined && node.else !== undefined) {
    const when = [typeOf(node.if, ctx, indent), typeOf(node.then, ctx, indent)].filter((t) => t !== 'unknown');
    const otherwise = typeOf(node.else, ctx, indent);
    if (otherwise !== 'unknown') parts.push(`((${when.join(' & ') || 'unknown'}) | ${otherwise})`);
  }
  return parts.length === 0 ? 'unknown' : parts.join(' & ');
}

function baseType(node, ctx, indent) {
  const types = Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type];
  const isObject =
    types.includes('object') || (types.length === 0 && (node.properties !== undefined || node.required !== undefined));
  const out = [];
  for (const t of types) {
    if (t === 'string') out.push('string');
    else if (t === 'integer' || t === 'number') out.push('number');
    else if (t === 'boolean') out.push('boolean');
    else if (t === 'null') out.push('null');
    else if (t === 'array') {
      const items = typeOf(node.items, ctx, indent);
      out.push(/^[A-Za-z0-9_."]+$/.test(items) ? `${items}[]` : `(${items})[]`);
    }
  }
  if (isObject) out.push(objectType(node, ctx, indent));
  return out.length === 0 ? null : out.join(' | ');
}

function objectType(node, ctx, indent) {
  const required = new Set(node.required ?? []);
  const properties = node.properties ?? {};
  const inner = `${indent}  `;
  const lines = [];
  for (const [name, schema] of Object.entries(properties)) {
    // a `const` property is a tag (`type`, `name`, `kind`): always there, whoever lists it as required
    const present = required.has(name) || schema.const !== undefined || (ctx.defaults && schema.default !== undefined);
    lines.push(
      `${doc(schema.description, inner)}${inner}${key(name)}${present ? '' : '?'}: ${typeOf(schema, ctx, inner)};`,
    );
  }
  // a required field the branches below describe is theirs to type
  const branched = node.oneOf !== undefined || node.anyOf !== undefined || node.allOf !== undefined;
  for (const name of required) if (!(name in properties) && !branched) lines.push(`${inner}${key(name)}: unknown;`);
  const extra = node.additionalProperties;
  if (extra !== undefined && extra !== false && extra !== true && Object.keys(extra).length > 0)
    lines.push(`${inner}[field: string]: ${typeOf(extra, ctx, inner)}${lines.length > 0 ? ' | undefined' : ''};`);
  return lines.length === 0 ? 'Record<string, unknown>' : `{\n${lines.join('\n')}\n${indent}}`;
}

function refType(ref, ctx) {
  const [file, pointer = ''] = ref.split('#');
  const target = file === '' ? ctx.self : ctx.byFile.get(file);
  if (!target) throw new Error(`${ctx.self.path}: $ref ${ref} is outside the generated set`);
  if (pointer === '') {
    if (!target.name) throw new Error(`${ctx.self.path}: $ref ${ref}: that schema has no root type`);
    return target.name;
  }
  const match = /^\/definitions\/([^/]+)$/.exec(pointer);
  if (match) return target.prefix + pascal(match[1]);
  // deeper (`#/definitions/x/properties/y`): the node itself, inline
  let node = target.schema;
  for (const step of pointer.split('/').slice(1)) node = node?.[step.replaceAll('~1', '/').replaceAll('~0', '~')];
  if (node === undefined) throw new Error(`${ctx.self.path}: $ref ${ref} points at nothing`);
  return typeOf(node, { ...ctx, self: target }, '  ');
}

/** A profile schema's rule fields as a tree whose leaves say what each holds: `ms` (an integer of milliseconds, by
 * its name), `count` (another integer), `bool`, `string`, `positions` (a list of integers), `strings`, or the
 * allowed words. `name`, `description` and `$schema` are no rules: the check reads them apart. */
function profileFields(node, top = true) {
  if (node.type === 'object' && node.properties) {
    const out = {};
    for (const [name, sub] of Object.entries(node.properties)) {
      if (top && ['name', 'description', '$schema'].includes(name)) continue;
      out[name] = Array.isArray(sub.enum)
        ? sub.enum
        : sub.type === 'integer' && name.endsWith('Ms')
          ? 'ms'
          : profileFields(sub, false);
    }
    return out;
  }
  if (node.type === 'integer') return 'count';
  if (node.type === 'boolean') return 'bool';
  if (node.type === 'string') return 'string';
  if (node.type === 'array') return node.items?.type === 'integer' ? 'positions' : 'strings';
  throw new Error(`profile schema: no check for ${JSON.stringify(node).slice(0, 80)}`);
}

/** The text of every output file, by path (before formatting). */
export function generateRaw() {
  const files = new Map();
  for (const output of OUTPUTS) {
    const byFile = new Map();
    const entries = output.schemas.map((entry) => {
      const schema = JSON.parse(readFileSync(join(root, entry.path), 'utf8'));
      const loaded = { ...entry, schema };
      byFile.set(entry.path.split('/').at(-1), loaded);
      return loaded;
    });
    const blocks = [];
    for (const entry of entries) {
      const ctx = { self: entry, byFile, defaults: entry.defaults === true };
      blocks.push(`// ${entry.path}`);
      if (entry.name)
        blocks.push(
          `${doc(entry.schema.description, '')}export type ${entry.name} = ${typeOf(entry.schema, ctx, '')};`,
        );
      for (const [name, def] of Object.entries(entry.schema.definitions ?? {}))
        blocks.push(
          `${doc(def.description ?? def.title, '')}export type ${entry.prefix}${pascal(name)} = ${typeOf(def, ctx, '')};`,
        );
    }
    const head = [
      `// Generated by \`npm run contract\` (scripts/contract.mjs) from the JSON Schemas of ${output.about}.`,
      '// Do not edit: change the schema and run `npm run contract` (test/protocol/contract-generated.test.ts checks it is current).',
    ];
    if (output.data) blocks.push(output.data(entries));
    files.set(output.file, `${head.join('\n')}\n\n${blocks.join('\n\n')}\n`);
  }
  // the validators compiled from the same schemas (scripts/contract-validators.mjs)
  for (const [file, text] of generateValidators(root)) files.set(file, text);
  // and those of the config, device and room schemas (scripts/contract-config-validators.mjs)
  for (const [file, text] of generateConfigValidators(root)) files.set(file, text);
  return files;
}

/** The editors' any-kind device schema (devices/schema/device.schema.json), formatted: written with the rest, kept
 * apart from generate() because it is no code (test/config/config.test.ts checks it lists every kind). */
export async function generateEditorSchema() {
  const prettier = await import('prettier');
  const file = join(root, EDITOR_SCHEMA);
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(JSON.stringify(editorSchema(root)), { ...options, filepath: file });
}

/** The files as they are written: formatted by the project's prettier settings. */
export async function generate() {
  const prettier = await import('prettier');
  const out = new Map();
  for (const [file, text] of generateRaw()) {
    const options = (await prettier.resolveConfig(join(root, file))) ?? {};
    out.set(file, await prettier.format(text, { ...options, filepath: join(root, file) }));
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [file, text] of await generate()) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
    console.log(`contract: ${file} written`);
  }
  writeFileSync(join(root, EDITOR_SCHEMA), await generateEditorSchema());
  console.log(`contract: ${EDITOR_SCHEMA} written`);
}
