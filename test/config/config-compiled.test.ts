// The config, device and room schemas are checked by code that `npm run contract` compiled
// (src/protocol/generated/validate-{config,devices,room}.ts): no schema compiler in the table's or the room's process.
// The compiled checks give the verdict, the errors and the filled-in defaults that the loaders' run-time ajv gave
// (its options below, as src/config/schema.ts had them), on the shipped files and on thousands of broken copies.
import { TEST_DIR } from '../helpers/paths.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { deviceKinds } from '../../src/config/devices.ts';
import { MAX_SEATS, MIN_SEATS } from '../../src/protocol/limits.ts';
import type { ShapeCheck } from '../../src/protocol/shape.ts';
import { validateProfile, validateTableConfig } from '../../src/protocol/generated/validate-config.ts';
import { DEVICE_VALIDATORS } from '../../src/protocol/generated/validate-devices.ts';
import { validateRoomConfig, validateRoomProfile } from '../../src/protocol/generated/validate-room.ts';

const root = join(TEST_DIR, '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const json = (file: string) => JSON.parse(read(file)) as Record<string, unknown>;
const GENERATED = ['validate-config.ts', 'validate-devices.ts', 'validate-room.ts'].map(
  (f) => `src/protocol/generated/${f}`,
);

/** The loaders' ajv before the schemas were compiled ahead (src/config/schema.ts, createAjv). */
function runTimeAjv(): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    useDefaults: true,
    strict: false,
    allowUnionTypes: true,
    verbose: true,
    discriminator: true,
  });
  ajv.addMetaSchema(createRequire(import.meta.url)('ajv/dist/refs/json-schema-draft-07.json') as object);
  return ajv;
}

/** Broken copies of a value: each field set to a wrong value of several kinds, removed, or joined by an unknown one. */
function variants(value: unknown): unknown[] {
  const out: unknown[] = [];
  const walk = (node: unknown, edit: (change: (parent: Record<string, unknown> | unknown[]) => void) => void) => {
    if (node === null || typeof node !== 'object') return;
    const keys = Array.isArray(node) ? node.map((_, i) => i) : Object.keys(node);
    edit((n) => ((n as Record<string, unknown>).zzUnknown = 1));
    for (const key of keys) {
      for (const wrong of ['x', '', -1, 0, 1.5, 99999, true, null, [], {}, ['x', 'x'], '🂡🂡🂡🂡'])
        edit((n) => ((n as Record<string, unknown>)[key] = wrong));
      edit((n) => (Array.isArray(n) ? n.splice(Number(key), 1) : delete n[key]));
      const child = (node as Record<string, unknown>)[key];
      walk(child, (change) => edit((n) => change((n as Record<string, unknown>)[key] as Record<string, unknown>)));
    }
  };
  walk(value, (change) => {
    const copy = structuredClone(value) as Record<string, unknown>;
    change(copy);
    out.push(copy);
  });
  return out;
}

/** Runs both checks on copies of each value: same verdict, same errors, same defaults written in. */
function expectSame(compiled: ShapeCheck, reference: ShapeCheck, values: unknown[], name: string): number {
  let refused = 0;
  for (const value of values) {
    const a = structuredClone(value);
    const b = structuredClone(value);
    const ok = compiled(a);
    expect({ name, value, ok }).toEqual({ name, value, ok: reference(b) });
    expect({ name, value, errors: compiled.errors ?? null }).toEqual({ name, value, errors: reference.errors ?? null });
    expect(a).toEqual(b);
    if (!ok) refused++;
  }
  return refused;
}

describe('the compiled config, device and room checks', () => {
  test('are pure code: no module loaded (the helpers ajv needs are written in), no I/O, no code built at run time', () => {
    for (const file of GENERATED) {
      const code = read(file);
      const imports = [...code.matchAll(/^import .*$/gm)].map((m) => m[0]);
      expect({ file, imports }).toEqual({ file, imports: ["import type { ShapeCheck } from '../shape.ts';"] });
      expect(code).not.toMatch(/\brequire\s*\(|\bimport\s*\(|new Function|\beval\(|\bprocess\.|globalThis/);
    }
  });

  test('no module of src/ loads ajv (the table, the room, doctor, deck and chips run without it)', () => {
    for (const name of readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })) {
      if (!name.endsWith('.ts')) continue;
      const file = `src/${name}`;
      expect({ file, ajv: /from 'ajv|import\('ajv|require\('ajv/.test(read(file)) }).toEqual({ file, ajv: false });
    }
  });

  test('there is one compiled check per device kind', () => {
    expect(Object.keys(DEVICE_VALIDATORS).sort()).toEqual(deviceKinds());
  });

  test("the table config's: same verdicts, errors and defaults as ajv at run time, the engine's seat limits in force", () => {
    const schema = json('config/table.schema.json') as {
      properties: { table: { properties: { seats: Record<string, unknown> } } };
    };
    Object.assign(schema.properties.table.properties.seats, { minimum: MIN_SEATS, maximum: MAX_SEATS });
    const reference = runTimeAjv().compile(schema);
    const example = parse(read('config/table.example.yaml')) as Record<string, unknown>;
    const minimal = {
      table: { id: 't' },
      mqtt: { embedded: { users: [{ username: 'u', password: 'p'.repeat(8), roles: ['floor'] }] } },
    };
    const values = [example, minimal, ...variants(example), ...variants(minimal)];
    expect(expectSame(validateTableConfig, reference, values, 'table')).toBeGreaterThan(values.length / 2);
  });

  test('string lengths count characters, not UTF-16 units, and lists of roles have no duplicates (as before)', () => {
    const config = (password: string, roles: string[]) => ({
      table: { id: 't' },
      mqtt: { embedded: { users: [{ username: 'u', password, roles }] } },
    });
    expect(validateTableConfig(config('🂡🂡🂡🂡', ['floor']))).toBe(false);
    expect(validateTableConfig.errors?.map((e) => [e.instancePath, e.message])).toEqual([
      ['/mqtt/embedded/users/0/password', 'must NOT have fewer than 8 characters'],
    ]);
    expect(validateTableConfig(config('🂡🂡🂡🂡🂡🂡🂡🂡', ['floor', 'floor']))).toBe(false);
    expect(validateTableConfig.errors?.map((e) => [e.instancePath, e.message])).toEqual([
      ['/mqtt/embedded/users/0/roles', 'must NOT have duplicate items (items ## 0 and 1 are identical)'],
    ]);
  });

  test('the rule profiles: the same as ajv at run time', () => {
    const reference = runTimeAjv().compile(json('config/rules/profile.schema.json'));
    for (const name of readdirSync(join(root, 'config/rules')).filter((f) => /^[a-z]+\.json$/.test(f))) {
      const profile = json(`config/rules/${name}`);
      expect(validateProfile(structuredClone(profile)), name).toBe(true);
      expectSame(validateProfile, reference, [profile, ...variants(profile)], name);
    }
  });

  test('the device definitions: the same as ajv at run time, each kind by its own schema', () => {
    const ajv = runTimeAjv();
    for (const name of readdirSync(join(root, 'devices/schema')).filter((f) => f.endsWith('.schema.json')))
      ajv.addSchema({ ...json(`devices/schema/${name}`), $id: name }, name);
    const shipped = readdirSync(join(root, 'devices')).filter((f) => f.endsWith('.json'));
    expect(shipped.length).toBeGreaterThan(5);
    for (const name of shipped) {
      const definition = json(`devices/${name}`);
      const kind = String(definition.kind);
      const reference = ajv.getSchema(`${kind}.schema.json`)!;
      expectSame(DEVICE_VALIDATORS[kind]!, reference, [definition, ...variants(definition)], name);
    }
  });

  test("the room's config and profiles: the same as ajv at run time", () => {
    const room = runTimeAjv().compile(json('config/room.schema.json'));
    const example = parse(read('config/room.example.yaml')) as Record<string, unknown>;
    expectSame(validateRoomConfig, room, [example, ...variants(example)], 'room');
    const profile = runTimeAjv().compile(json('config/room-rules/room-profile.schema.json'));
    for (const name of readdirSync(join(root, 'config/room-rules')).filter((f) => /^[a-z]+\.json$/.test(f))) {
      const value = json(`config/room-rules/${name}`);
      expectSame(validateRoomProfile, profile, [value, ...variants(value)], name);
    }
  });
});
