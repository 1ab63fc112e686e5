// Device definitions as data (design.md, "Hardware is data too"): devices/<file>.json says what a device is, its
// `kind` picks devices/schema/<kind>.schema.json, and the loader checks the file against it (compiled by `npm run
// contract`) with every error naming the file and the field. Adapters receive the validated, frozen object and never
// see a file.
import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TableError } from '../domain/errors.ts';
import type { DeviceDefinition, DeviceRef, ResolvedDevice } from './types.ts';
import { DEVICE_VALIDATORS } from '../protocol/generated/validate-devices.ts';
import { findKind, kindNames } from '../hardware/registry.ts';
import { deepFreeze, displayPath, fieldErrors, invalid, readJson, type Validator } from './schema.ts';

export type { DeviceDefinition, ResolvedDevice };

/** The shipped devices/ directory (definitions and schemas). */
export const DEVICES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../devices');

const SIMULATED = /^simulated-([a-z0-9]+(?:-[a-z0-9]+)*)$/;

/** The device kinds (the registry's, src/hardware/registry.ts); each has its schema devices/schema/<kind>.schema.json. */
export function deviceKinds(): string[] {
  return kindNames();
}

/** The check compiled from `<kind>.schema.json` (src/protocol/generated/validate-devices.ts, `npm run contract`), for
 * a kind whose schema is in `<devicesDir>/schema`. */
function validatorFor(kind: string, devicesDir: string, file: string): Validator {
  const kinds = deviceKinds().filter((k) => existsSync(join(devicesDir, 'schema', `${k}.schema.json`)));
  const validate = Object.hasOwn(DEVICE_VALIDATORS, kind) ? DEVICE_VALIDATORS[kind] : undefined;
  if (!validate || !kinds.includes(kind)) {
    throw invalid('DEVICE_INVALID', file, [
      {
        field: '/kind',
        message: `"${kind}" has no schema ${kind}.schema.json (known kinds: ${kinds.join(', ') || 'none'})`,
      },
    ]);
  }
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
        message: `is required: one of ${deviceKinds()
          .map((k) => JSON.stringify(k))
          .join(', ')}`,
      },
    ]);
  }
  const validate = validatorFor(kind, devicesDir, file);
  if (!validate(obj)) {
    const errors = fieldErrors(validate.errors);
    throw invalid('DEVICE_INVALID', file, findKind(kind)?.schemaErrors?.(obj, errors) ?? errors);
  }
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

/** Where a device ref's definition file is. A path is relative to the table config's directory (a venue's own
 * definitions live next to its config, as the example config says); so is a bare name when such a file is there,
 * else a bare name is one of the shipped devices/ (`acr122u-shoe.json`). */
export function definitionPath(definition: string, configDir: string, devicesDir = DEVICES_DIR): string {
  if (isAbsolute(definition)) return definition;
  if (definition.includes('/')) return resolve(configDir, definition);
  const beside = resolve(configDir, definition);
  return existsSync(beside) ? beside : join(devicesDir, definition);
}

/** Turns a table config's device entry into its definition. `simulated-<kind>` needs no file. */
export function resolveDevice(ref: DeviceRef, configDir: string, devicesDir = DEVICES_DIR): ResolvedDevice {
  const sim = SIMULATED.exec(ref.definition);
  if (sim?.[1] !== undefined) {
    const kind = sim[1];
    if (!deviceKinds().includes(kind)) {
      throw new TableError(
        'DEVICE_INVALID',
        `device "${ref.name}": ${ref.definition}: unknown kind "${kind}" (known: ${deviceKinds().join(', ')})`,
      );
    }
    return { ref, simulated: true, kind, definition: null };
  }
  const file = definitionPath(ref.definition, configDir, devicesDir);
  if (!existsSync(file)) {
    throw new TableError(
      'DEVICE_MISSING',
      isAbsolute(ref.definition) || ref.definition.includes('/')
        ? `device "${ref.name}": no such file ${displayPath(file)} (a path is relative to the config's folder)`
        : `device "${ref.name}": no such file ${ref.definition}, neither beside the config ` +
            `(${displayPath(resolve(configDir, ref.definition))}) nor among the shipped devices/ ` +
            `(${listDefinitions(devicesDir).join(', ')})`,
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
