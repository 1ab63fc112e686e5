// The one validator of the contract, as code: ajv compiles schemas/input|command|event.schema.json here, when
// `npm run contract` runs, and writes the compiled functions (ajv's standalone code, ESM) into src/protocol/generated/.
// At run time the table only calls them: no schema compiler, no `new Function`, no file read (docs/contract.md).
// The engine's edge (src/domain/validate/validate.ts), the MQTT input edge (src/protocol/schemas.ts), the simulator and the CLI
// all go through them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { acceptCode } from './contract-accept.mjs';

/** Each output file, the schemas it compiles (exported under `exports`) and the tag lists it exports beside them. */
export const VALIDATORS = [
  {
    file: 'src/protocol/generated/validate-input.ts',
    about: 'inputs and commands (schemas/input.schema.json, schemas/command.schema.json)',
    schemas: ['input', 'command'],
    exports: { validateInputShape: 'input', validateCommandShape: 'command' },
    // the discriminator's values, for "unknown … (known: …)"
    tags: { INPUT_TYPES: ['input', 'type'], COMMAND_NAMES: ['command', 'name'] },
    // the engine's first, cheaper question (scripts/contract-accept.mjs): yes, or ask validateInputShape
    accept: { acceptsInput: 'input' },
  },
  {
    // the room service's commands: apart, so that a table does not load them
    file: 'src/protocol/generated/validate-room-command.ts',
    about: "the room's commands (schemas/room-command.schema.json)",
    schemas: ['room-command'],
    exports: { validateRoomCommandShape: 'room-command' },
    tags: { ROOM_COMMAND_NAMES: ['room-command', 'name'] },
  },
  {
    // apart, so that the table's start does not load the events' code: only tests and tools check events
    file: 'src/protocol/generated/validate-event.ts',
    about: 'events (schemas/event.schema.json)',
    schemas: ['event'],
    exports: { validateEventShape: 'event' },
    tags: { EVENT_TYPES: ['event', 'type'] },
  },
];

const OPTIONS = {
  // every error, each with its schema (schemas.ts's sentences read a field's description), keyed by the
  // discriminator: the errors are the branch's the data chose
  allErrors: true,
  verbose: true,
  discriminator: true,
  strict: true,
  strictRequired: false,
  strictTypes: false,
  // lengths in UTF-16 units, as the engine's `.length`: with the default ajv would import its ucs2length helper
  // (the schemas' only length is `minLength: 1`, where both agree)
  unicode: false,
  code: { source: true, esm: true },
};

/** ajv warns that `unicode` is deprecated; the option is what keeps the code free of ajv's runtime helpers. */
const logger = {
  log: console.log,
  warn: (...args) => {
    if (!String(args[0]).includes('option unicode')) console.warn(...args);
  },
  error: console.error,
};

/** The discriminator's values of a schema's `oneOf` branches (`type` of inputs and events, `name` of commands). */
function tagsOf(schema, tag) {
  return schema.oneOf.flatMap((branch) => {
    const def = schema.definitions[branch.$ref.replace('#/definitions/', '')].properties[tag];
    return def.enum ?? [def.const];
  });
}

/** ajv tests `type: integer` as `!(x % 1) && !isNaN(x) && isFinite(x)`. On a number beyond the small-integer range,
 * as every input's `at` (milliseconds since 1970) is, `%` is a floating-point remainder that V8 leaves to a C call:
 * it was a tenth of the input check's time. `Number.isInteger(x)` is true for exactly the same numbers (finite and
 * whole) and compiles to a rounding and a compare. Every occurrence is rewritten, or the generation fails. */
export function integerChecks(code, file) {
  const out = code.replace(
    /\(\(\(typeof (\w+) == "number"\) && \(!\(\1 % 1\) && !isNaN\(\1\)\)\) && \(isFinite\(\1\)\)\)/g,
    '(Number.isInteger($1))',
  );
  if (/%\s*1\b/.test(out)) throw new Error(`${file}: an integer check ajv wrote in a form integerChecks does not know`);
  return out;
}

/** The text of each validator file, by path (before formatting). */
export function generateValidators(root) {
  const files = new Map();
  for (const output of VALIDATORS) {
    const ajv = new Ajv({ ...OPTIONS, logger });
    const loaded = new Map();
    // a schema may $ref another of the set (an input's command branch refers to command.schema.json)
    for (const name of ['input', 'command', 'event', 'room-command']) {
      const schema = JSON.parse(readFileSync(join(root, `schemas/${name}.schema.json`), 'utf8'));
      loaded.set(name, schema);
      ajv.addSchema(schema, name);
    }
    const code = standaloneCode(ajv, output.exports);
    // pure code only: no helper pulled from ajv's runtime, no module of any kind
    const imports = /\brequire\s*\(|^\s*import\b|\bimport\s*\(/m.exec(code);
    if (imports) throw new Error(`${output.file}: the compiled code loads a module (${imports[0]}): not standalone`);
    const body = integerChecks(code.replace(/^"use strict";/, ''), output.file);
    const typed = body.replace(
      /export const (\w+) = (validate\d+);/g,
      (_, name, fn) => `export const ${name}: ShapeCheck = ${fn};`,
    );
    const tags = Object.entries(output.tags).map(
      ([name, [schema, tag]]) =>
        `export const ${name}: readonly string[] = ${JSON.stringify(tagsOf(loaded.get(schema), tag))};`,
    );
    const head = [
      `// Generated by \`npm run contract\` (scripts/contract-validators.mjs): ajv's standalone code for the JSON Schemas`,
      `// of ${output.about}.`,
      '// Do not edit: change the schema and run `npm run contract` (test/protocol/contract-generated.test.ts checks it is',
      '// current). Pure code: no import, no I/O, no schema compiler (docs/contract.md).',
      '/* eslint-disable */',
      '// @ts-nocheck',
      "import type { ShapeCheck } from '../shape.ts';",
    ];
    const accept = Object.entries(output.accept ?? {}).map(([name, schema]) =>
      acceptCode(loaded.get(schema), name, [...loaded.values()]),
    );
    files.set(output.file, [head.join('\n'), tags.join('\n'), typed, ...accept].join('\n\n') + '\n');
  }
  return files;
}
