// The device registry (src/hardware/registry.ts) is the one list of kinds: each kind has its schema, its entry names
// what the config checks and the doctor need, its simulated twin starts without hardware, and what `npm run
// contract` writes from the schemas (the editors' any-kind schema) lists the same kinds.
import { TEST_DIR } from '../helpers/paths.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { deviceKinds } from '../../scripts/contract-devices.mjs';
import { generateEditorSchema } from '../../scripts/contract.mjs';
import { DEVICE_KINDS, kindOf, placeProblems } from '../../src/hardware/registry.ts';
import type { RawInput } from '../../src/runtime/types.ts';

const root = join(TEST_DIR, '..');

describe('the device registry', () => {
  it('lists exactly the kinds that have a schema in devices/schema', () => {
    expect(DEVICE_KINDS.map((k) => k.kind).sort()).toEqual(deviceKinds(root));
  });

  it("the editors' device.schema.json is what npm run contract writes from those schemas", async () => {
    const committed = readFileSync(join(root, 'devices/schema/device.schema.json'), 'utf8');
    expect(committed === (await generateEditorSchema()), 'device.schema.json is stale: run npm run contract').toBe(true);
  });

  it('each kind has its line in docs/devices.md', () => {
    const docs = readFileSync(join(root, 'docs/devices.md'), 'utf8');
    for (const k of DEVICE_KINDS) expect(docs).toContain(`\`${k.kind}\`: ${k.about}`);
  });

  it('refuses a kind it does not know, naming the device', () => {
    expect(() => kindOf('pcsc-toaster', 'kitchen')).toThrow(/device "kitchen": kind "pcsc-toaster" has no driver/);
  });

  it("a place or seat only where the kind takes one, in the kinds' own words", () => {
    const ref = { name: 'd', definition: 'x.json', place: 'muck' as const };
    const placing = DEVICE_KINDS.filter((k) => k.placement === 'place').map((k) => k.kind);
    for (const k of DEVICE_KINDS) {
      const problems = placeProblems(ref, k.kind, 9);
      if (k.placement === 'place') expect(problems).toEqual([]);
      else expect(problems[0]?.[0]).toBe('place');
    }
    expect(placeProblems(ref, 'serial-display', 9)[0]?.[1]).toContain(`only a ${placing.join(' or ')} device`);
  });

  it('every simulated twin starts, says it is online or stays quiet, and stops', async () => {
    for (const k of DEVICE_KINDS) {
      const where = { none: {}, place: { place: 'board' as const }, seat: { seat: 2 } }[k.placement];
      const ref = { name: `sim-${k.kind}`, definition: `simulated-${k.kind}`, ...where };
      const device = await k.simulate(ref, {});
      expect(device.name).toBe(ref.name);
      const inputs: RawInput[] = [];
      await device.start({ submit: (i) => inputs.push(i), logger: pino({ level: 'silent' }), now: () => 0 });
      await device.stop();
      for (const input of inputs) expect(input.type).toBe('device');
    }
  });
});

describe('the serial drivers', () => {
  const sources = (dir: string) =>
    readdirSync(join(root, 'src/hardware', dir)).map((f) => readFileSync(join(root, 'src/hardware', dir, f), 'utf8'));

  it('firmata/ and serial-board/ do not import each other: what both use is in serial/', () => {
    for (const text of sources('firmata')) expect(text).not.toMatch(/from '\.\.\/serial-board\//);
    for (const text of sources('serial-board')) expect(text).not.toMatch(/from '\.\.\/firmata\//);
  });
});
