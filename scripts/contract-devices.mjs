// The device kinds as `npm run contract` sees them: one schema per kind in devices/schema/ (`<kind>.schema.json`,
// beside the shared common.schema.json and the editors' device.schema.json, which this writes). Everything generated
// that lists kinds derives from here: the spec types and the DeviceSpecs map (src/protocol/generated/devices.ts), the
// validators (validate-devices.ts) and the editors' any-kind schema. The kinds' code is the device registry
// (src/hardware/registry.ts); test/config/config-compiled.test.ts holds the registry's kinds to these.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pascal } from './contract-names.mjs';

export const DEVICE_SCHEMAS = 'devices/schema';
/** The device schemas that are no kind: shared definitions, and the editors' any-kind schema. */
const NOT_KINDS = new Set(['common', 'device']);
export const EDITOR_SCHEMA = `${DEVICE_SCHEMAS}/device.schema.json`;

export function deviceKinds(root) {
  return readdirSync(join(root, DEVICE_SCHEMAS))
    .filter((n) => n.endsWith('.schema.json'))
    .map((n) => n.slice(0, -'.schema.json'.length))
    .filter((kind) => !NOT_KINDS.has(kind))
    .sort();
}

/** contract.mjs's entries for the kinds' schemas: `pcsc-shoe` → prefix PcscShoe, type PcscShoeSpec. */
export function deviceSchemaEntries(root) {
  return deviceKinds(root).map((kind) => ({
    path: `${DEVICE_SCHEMAS}/${kind}.schema.json`,
    prefix: pascal(kind),
    name: `${pascal(kind)}Spec`,
    defaults: true,
    kind,
  }));
}

/** The map from each kind to its spec type (src/config/device-specs.ts's specOf reads it). */
export function deviceSpecsMap(entries) {
  const lines = entries.filter((e) => e.kind).map((e) => `  ${JSON.stringify(e.kind)}: ${e.name};`);
  return [
    '/** Each device kind and the type its schema gives its files once loaded (defaults filled in). */',
    `export interface DeviceSpecs {\n${lines.join('\n')}\n}`,
  ].join('\n');
}

/** The editors' schema for any device file: picks the kind's schema by `kind` (.vscode/settings.json maps it). */
export function editorSchema(root) {
  const kinds = deviceKinds(root);
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'device.schema.json',
    title: 'pokertable device definition (any kind)',
    description:
      "For editors only: picks the kind's schema by `kind`. The loader (src/config/devices.ts) always uses devices/schema/<kind>.schema.json directly. Written by `npm run contract` from the kinds' schemas in this folder: do not edit.",
    type: 'object',
    required: ['kind'],
    properties: { kind: { enum: kinds } },
    allOf: kinds.map((kind) => ({
      if: { properties: { kind: { const: kind } } },
      then: { $ref: `${kind}.schema.json` },
    })),
  };
}
