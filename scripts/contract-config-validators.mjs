// The config side of the compiled validators: ajv compiles the table config, rule profile, device definition and
// room schemas here, when `npm run contract` runs, with the options the loaders used when they compiled them at each
// start (defaults filled in, every error with its schema for `x-error`, discriminators, draft-07 and 2020-12 alike),
// and writes ajv's standalone code into src/protocol/generated/validate-{config,devices,room}.ts. At run time
// src/config and src/room/config only call them: no ajv in the table's or the room's process (docs/contract.md).
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { pascal } from './contract-names.mjs';
import { DEVICE_SCHEMAS, deviceKinds } from './contract-devices.mjs';

const require = createRequire(import.meta.url);

/** What src/config/schema.ts's createAjv() set when the loaders compiled at run time: the messages depend on it. */
const OPTIONS = {
  allErrors: true,
  useDefaults: true,
  strict: false,
  allowUnionTypes: true,
  verbose: true,
  discriminator: true,
  code: { source: true, esm: true },
};

/** ajv's runtime helpers that these schemas need (string lengths in code points for `minLength`, deep equality for
 * `uniqueItems`), copied into the generated file as their own source so that it loads no module. Both are
 * self-contained functions (a test runs the generated code). */
const HELPERS = new Map([
  ['require("ajv/dist/runtime/ucs2length").default', require('ajv/dist/runtime/ucs2length').default],
  ['require("ajv/dist/runtime/equal").default', require('ajv/dist/runtime/equal').default],
]);

/** The engine's seat limits (src/protocol/limits.ts) in force in the table schema, as the loader did at run time:
 * the numbers in the file are for editors and must agree (test/protocol/contract.test.ts), the engine's constant decides. */
function withSeatLimits(root, schema) {
  const limits = readFileSync(join(root, 'src/protocol/limits.ts'), 'utf8');
  const value = (name) => {
    const m = new RegExp(`export const ${name} = (\\d+);`).exec(limits);
    if (!m) throw new Error(`src/protocol/limits.ts: no \`export const ${name} = <number>;\``);
    return Number(m[1]);
  };
  const seats = schema.properties.table.properties.seats;
  seats.minimum = value('MIN_SEATS');
  seats.maximum = value('MAX_SEATS');
  return schema;
}

/** Each output file: the schemas its ajv holds (key → path, and a change made before compiling), what it exports. */
export function configValidators(root) {
  const kinds = deviceKinds(root);
  return [
    {
      file: 'src/protocol/generated/validate-config.ts',
      about:
        'table configs and rule profiles (config/table.schema.json with the seat limits of src/protocol/limits.ts, config/rules/profile.schema.json)',
      schemas: [
        { key: 'table', path: 'config/table.schema.json', change: (s) => withSeatLimits(root, s) },
        { key: 'profile', path: 'config/rules/profile.schema.json' },
      ],
      exports: { validateTableConfig: 'table', validateProfile: 'profile' },
      extra: [],
    },
    {
      // apart: a table with only simulated devices reads no definition file
      file: 'src/protocol/generated/validate-devices.ts',
      about: 'device definitions, one per kind (devices/schema/*.schema.json)',
      // every schema under its file name, so `common.schema.json#/definitions/x` resolves as in an editor
      schemas: readdirSync(join(root, DEVICE_SCHEMAS))
        .filter((n) => n.endsWith('.schema.json'))
        .sort()
        .map((name) => ({ key: name, path: `${DEVICE_SCHEMAS}/${name}`, change: (s) => ({ ...s, $id: name }) })),
      exports: Object.fromEntries(kinds.map((kind) => [`validate${pascal(kind)}`, `${kind}.schema.json`])),
      extra: [
        '/** The check of each device kind, by its `kind`. */',
        `export const DEVICE_VALIDATORS: Readonly<Record<string, ShapeCheck>> = {${kinds
          .map((kind) => `${JSON.stringify(kind)}: validate${pascal(kind)}`)
          .join(', ')}};`,
      ],
    },
    {
      // apart: the table does not load the room's
      file: 'src/protocol/generated/validate-room.ts',
      about: 'room configs and room profiles (config/room.schema.json, config/room-rules/room-profile.schema.json)',
      schemas: [
        { key: 'room', path: 'config/room.schema.json' },
        { key: 'room-profile', path: 'config/room-rules/room-profile.schema.json' },
      ],
      exports: { validateRoomConfig: 'room', validateRoomProfile: 'room-profile' },
      extra: [],
    },
  ];
}

/** ajv's standalone code with its runtime helpers written in; throws when it needs any other module. */
export function inlineHelpers(code, file) {
  let out = code;
  for (const [call, fn] of HELPERS) out = out.replaceAll(call, `(${fn.toString()})`);
  const imports = /\brequire\s*\(|^\s*import\b|\bimport\s*\(/m.exec(out);
  if (imports) throw new Error(`${file}: the compiled code loads a module (${imports[0]}): not standalone`);
  return out;
}

/** The text of each config validator file, by path (before formatting). */
export function generateConfigValidators(root) {
  const files = new Map();
  for (const output of configValidators(root)) {
    const ajv = new Ajv2020(OPTIONS);
    ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-07.json'));
    for (const { key, path, change = (s) => s } of output.schemas)
      ajv.addSchema(change(JSON.parse(readFileSync(join(root, path), 'utf8'))), key);
    const code = inlineHelpers(standaloneCode(ajv, output.exports), output.file);
    const typed = code
      .replace(/^"use strict";/, '')
      .replace(/export const (\w+) = (validate\d+);/g, (_, name, fn) => `export const ${name}: ShapeCheck = ${fn};`);
    const head = [
      "// Generated by `npm run contract` (scripts/contract-config-validators.mjs): ajv's standalone code for the JSON",
      `// Schemas of ${output.about}.`,
      '// Do not edit: change the schema and run `npm run contract` (test/protocol/contract-generated.test.ts checks it is',
      "// current). Pure code: no import, no I/O, no schema compiler (docs/contract.md). It fills in the schemas'",
      '// defaults in the value it checks (ajv useDefaults).',
      '/* eslint-disable */',
      '// @ts-nocheck',
      "import type { ShapeCheck } from '../shape.ts';",
    ];
    files.set(output.file, `${head.join('\n')}\n\n${typed}\n\n${output.extra.join('\n')}\n`);
  }
  return files;
}
