// Device definitions as data (design.md, "Hardware is data too"): devices/<file>.json says what a device is, its
// `kind` picks devices/schema/<kind>.schema.json, and the loader checks the file against it with every error naming
// the file and the field. Adapters receive the validated, frozen object and never see a file.
import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TableError } from '../domain/errors.ts';
import type { DeviceRef } from './types.ts';
import { createAjv, deepFreeze, displayPath, fieldErrors, invalid, readJson, type Validator } from './schema.ts';

/** The shipped devices/ directory (definitions and schemas). */
export const DEVICES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../devices');

export interface DeviceDefinition<Spec = Record<string, unknown>> {
  kind: string;
  /** The file it came from, for messages. */
  file: string;
  /** The whole validated file with defaults filled in, frozen. */
  spec: Readonly<Spec>;
}

/** What a table config's device entry resolves to: a definition file, or a simulated device of a kind. */
export type ResolvedDevice =
  | { ref: DeviceRef; simulated: false; kind: string; definition: DeviceDefinition }
  | { ref: DeviceRef; simulated: true; kind: string; definition: null };

const SIMULATED = /^simulated-([a-z0-9]+(?:-[a-z0-9]+)*)$/;

// One validator per schema directory and kind: schemas do not change while the table runs.
const cache = new Map<string, { validators: Map<string, Validator>; ajv: ReturnType<typeof createAjv> }>();

function schemaSet(schemaDir: string): { validators: Map<string, Validator>; ajv: ReturnType<typeof createAjv> } {
  let set = cache.get(schemaDir);
  if (set) return set;
  const ajv = createAjv();
  // Every schema is registered under its file name, so `common.schema.json#/definitions/x` resolves here exactly
  // as it does in an editor that follows the relative path.
  for (const name of existsSync(schemaDir) ? readdirSync(schemaDir) : []) {
    if (!name.endsWith('.schema.json')) continue;
    const file = join(schemaDir, name);
    const schema = readJson(file, 'DEVICE_INVALID') as Record<string, unknown>;
    try {
      ajv.addSchema({ ...schema, $id: name }, name);
    } catch (err) {
      throw new TableError(
        'DEVICE_INVALID',
        `${displayPath(file)}: not a usable JSON Schema (${(err as Error).message})`,
        {
          file: displayPath(file),
        },
      );
    }
  }
  set = { validators: new Map(), ajv };
  cache.set(schemaDir, set);
  return set;
}

/** Device kinds that have a schema. */
export function deviceKinds(devicesDir = DEVICES_DIR): string[] {
  const dir = join(devicesDir, 'schema');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((n) => n.endsWith('.schema.json') && n !== 'common.schema.json' && n !== 'device.schema.json')
    .map((n) => n.slice(0, -'.schema.json'.length))
    .sort();
}

function validatorFor(kind: string, schemaDir: string, file: string): Validator {
  const set = schemaSet(schemaDir);
  let validate = set.validators.get(kind);
  if (validate) return validate;
  const name = `${kind}.schema.json`;
  try {
    validate = set.ajv.getSchema(name);
  } catch (err) {
    throw new TableError(
      'DEVICE_INVALID',
      `${displayPath(join(schemaDir, name))}: cannot compile (${(err as Error).message})`,
      {
        file: displayPath(join(schemaDir, name)),
      },
    );
  }
  if (!validate) {
    const known = deviceKinds(dirname(schemaDir)).join(', ') || 'none';
    throw invalid('DEVICE_INVALID', file, [
      { field: '/kind', message: `"${kind}" has no schema ${name} (known kinds: ${known})` },
    ]);
  }
  set.validators.set(kind, validate);
  return validate;
}

/** Reads and validates one definition file; the schema comes from `<devicesDir>/schema`. */
export function loadDeviceDefinition(file: string, devicesDir = DEVICES_DIR): DeviceDefinition {
  const raw = readJson(file, 'DEVICE_INVALID');
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw invalid('DEVICE_INVALID', file, [{ field: '/', message: 'must be a JSON object' }]);
  }
  const obj = raw as Record<string, unknown>;
  const kind = obj.kind;
  if (typeof kind !== 'string' || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(kind)) {
    throw invalid('DEVICE_INVALID', file, [
      {
        field: '/kind',
        message: `is required: one of ${deviceKinds(devicesDir)
          .map((k) => JSON.stringify(k))
          .join(', ')}`,
      },
    ]);
  }
  const validate = validatorFor(kind, join(devicesDir, 'schema'), file);
  if (!validate(obj)) throw invalid('DEVICE_INVALID', file, fieldErrors(validate.errors));
  if (obj.$schema !== undefined && !schemaFits(String(obj.$schema), kind)) {
    // Editors would check the file against the wrong schema and show nothing wrong.
    throw invalid('DEVICE_INVALID', file, [
      {
        field: '/$schema',
        message: `must name ${kind}.schema.json (kind is ${kind}): "./schema/${kind}.schema.json" beside the shipped files, or an absolute path or URL ending in /${kind}.schema.json`,
      },
    ]);
  }
  return deepFreeze({ kind, file: displayPath(file), spec: obj });
}

/** Whether a file's `$schema` points editors at its kind's schema (or the any-kind device.schema.json): the shipped
 * relative form, or an absolute path or URL for a venue's own file kept outside the program's folder. */
function schemaFits(ref: string, kind: string): boolean {
  const name = ref.slice(ref.lastIndexOf('/') + 1);
  if (name !== `${kind}.schema.json` && name !== 'device.schema.json') return false;
  return ref === `./schema/${name}` || isAbsolute(ref) || /^(file|https?):\/\//.test(ref);
}

/** Where a device ref's definition file is: a bare name is one of the shipped devices/; a path is relative to the
 * table config's directory (a venue's own definitions live next to its config). */
export function definitionPath(definition: string, configDir: string, devicesDir = DEVICES_DIR): string {
  if (isAbsolute(definition)) return definition;
  if (definition.includes('/')) return resolve(configDir, definition);
  return join(devicesDir, definition);
}

/** Turns a table config's device entry into its definition. `simulated-<kind>` needs no file. */
export function resolveDevice(ref: DeviceRef, configDir: string, devicesDir = DEVICES_DIR): ResolvedDevice {
  const sim = SIMULATED.exec(ref.definition);
  if (sim?.[1] !== undefined) {
    const kind = sim[1];
    if (!deviceKinds(devicesDir).includes(kind)) {
      throw new TableError(
        'DEVICE_INVALID',
        `device "${ref.name}": ${ref.definition}: unknown kind "${kind}" (known: ${deviceKinds(devicesDir).join(', ')})`,
      );
    }
    return { ref, simulated: true, kind, definition: null };
  }
  const file = definitionPath(ref.definition, configDir, devicesDir);
  if (!existsSync(file)) {
    throw new TableError(
      'DEVICE_MISSING',
      `device "${ref.name}": no definition file ${displayPath(file)} (shipped: ${listDefinitions(devicesDir).join(', ')})`,
      {
        file: displayPath(file),
      },
    );
  }
  const definition = loadDeviceDefinition(file, devicesDir);
  return { ref, simulated: false, kind: definition.kind, definition };
}

/** The shipped definition files (names to put in a table config's `definition`). */
export function listDefinitions(devicesDir = DEVICES_DIR): string[] {
  if (!existsSync(devicesDir)) return [];
  return readdirSync(devicesDir)
    .filter((n) => n.endsWith('.json'))
    .map((n) => basename(n))
    .sort();
}
