// The compiled input check made cheaper without changing what it accepts or says (docs/contract.md, "The accept
// path"): each rewrite of ajv's generated code is held equal to ajv's own form here, on many generated values.
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { integerChecks } from '../scripts/contract-validators.mjs';

const root = join(import.meta.dirname, '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

describe("ajv's integer test as Number.isInteger", () => {
  // ajv's form, as its code generator writes it for `type: integer`
  const ajvForm = '(((typeof x == "number") && (!(x % 1) && !isNaN(x))) && (isFinite(x)))';
  const rewritten = integerChecks(`if (!${ajvForm}) {}`, 'test');
  const asFunction = (expr: string) => new Function('x', `return ${expr};`) as (x: unknown) => boolean;
  const ajvCheck = asFunction(ajvForm);
  const check = asFunction(/^if \(!(.*)\) \{\}$/.exec(rewritten)![1]!);

  test('is rewritten, and every generated contract validator has no other form of it left', () => {
    expect(rewritten).toBe('if (!(Number.isInteger(x))) {}');
    for (const file of ['src/protocol/generated/validate-input.ts', 'src/protocol/generated/validate-event.ts']) {
      expect({ file, remainders: /% 1\b/.test(read(file)) }).toEqual({ file, remainders: false });
      expect(read(file)).toContain('Number.isInteger(');
    }
    expect(() => integerChecks('if (!(x % 1 === 0)) {}', 'test')).toThrow(/integer check/);
  });

  test('accepts and refuses the same values as ajv', () => {
    const edges = [0, -0, 1, -1, 0.5, -0.5, 1_767_225_600_000, 1_767_225_600_000.5, 2 ** 31, 2 ** 53, 2 ** 53 + 2];
    const more = [1e21, 1e300, Number.MAX_VALUE, Number.MIN_VALUE, Number.EPSILON, NaN, Infinity, -Infinity];
    for (const x of [...edges, ...more, '1', '', null, undefined, true, [], {}, [1], 1n])
      expect({ x, ok: check(x) }).toEqual({ x, ok: ajvCheck(x) });
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.integer(), fc.maxSafeInteger(), fc.anything()), (x) => {
        expect(check(x)).toBe(ajvCheck(x));
      }),
      { numRuns: 20_000 },
    );
  });
});
