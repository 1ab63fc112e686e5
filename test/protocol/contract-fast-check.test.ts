// The compiled input check made cheaper without changing what it accepts or says (docs/contract.md, "The accept
// path"): each rewrite of ajv's generated code is held equal to ajv's own form here, on many generated values.
import { TEST_DIR } from '../helpers/paths.ts';
import { Ajv } from 'ajv';
import { transformSync } from 'esbuild';
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { acceptCode } from '../../scripts/contract-accept.mjs';
import { COMMAND_FIELD_NAMES } from '../../src/domain/validate/validate.ts';
import { integerChecks } from '../../scripts/contract-validators.mjs';
import {
  acceptsInput,
  COMMAND_NAMES,
  INPUT_TYPES,
  validateInputShape,
} from '../../src/protocol/generated/validate-input.ts';

const root = join(TEST_DIR, '..');
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

describe('the accept path (acceptsInput, scripts/contract-accept.mjs)', () => {
  // values of each field an input may carry: the right ones, near misses, and any JSON value
  const near = (...good: unknown[]) =>
    fc.oneof(
      { arbitrary: fc.constantFrom(...good), weight: 6 },
      { arbitrary: fc.jsonValue(), weight: 1 },
      { arbitrary: fc.constant(undefined), weight: 2 },
    );
  const fields = {
    type: fc.oneof(fc.constantFrom(...INPUT_TYPES), near('cards', '', 'Card')),
    at: near(0, 1, 1_767_225_600_000, -1, 0.5, 1e300, '5'),
    card: near('As', 'Td', ' 10h ', 'qS', '1s', 'Ax', 'A', '', 'As ', 'AsAs'),
    uid: near('04:A2:3B', '04a23b', 'zz', '0', ''),
    place: near('shoe', 'seat', 'board', 'muck', 'table'),
    seat: near(1, 5, 10, 0, 11, 2.5, '3'),
    button: near('check', 'call', 'bet', 'raise', 'fold', 'allin', 'exposed', 'burn', 'misdeal', 'shuffle'),
    to: near(1, 100, 1_000_000_000, 0, 1_000_000_001, 2.5),
    raises: near(true, false, 'no'),
    occupied: near(true, false, 1),
    added: near(
      [],
      [25, 25],
      [0],
      [25.5],
      'x',
      Array.from({ length: 201 }, () => 1),
    ),
    removed: near([], [100], [-1]),
    verbal: near(
      { action: 'call' },
      { action: 'raise', to: 300 },
      { action: 'fold' },
      { to: 3 },
      { action: 'allin', to: 0 },
    ),
    by: near('seat', 'dealer', 'floor', 'player'),
    device: near('shoe', '', 3),
    online: near(true, false, 'yes'),
    detail: near('reader unplugged', 7),
    name: near('setup', 'levels-pause'),
  };
  const anInput = fc
    .record(fields, { requiredKeys: [] })
    .map((input) => Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)));

  // commands whose schema holds only keywords the generator knows: the accept path decides them as ajv does (the
  // others, e.g. penalty's oneOf of required fields, are a no there: ajv decides them)
  const fastCommands = ['setup', 'seat-player', 'set-stack', 'add-chips', 'remove-player', 'set-button', 'move-player'];
  fastCommands.push('levels-pause', 'levels-resume');
  const commandFields = {
    seat: near(1, 10, 11),
    player: near('Ann', 'Bo B', '', '  ', 7, 2.5, null),
    chips: near(1, 20_000, 0, 1.5),
    id: near('a1', 7, null, ''),
    seats: near(2, 9, 10, 11, 1),
    profile: near('tda', 'bfp', ''),
    rules: near({}, { chips: { mode: 'tracked' } }, 'x'),
    game: near('holdem', 'omaha', 'stud'),
    rounds: near(1, 0),
    hands: near(2, -1),
    minutes: near(5, 0, -5),
    step: near(1, -1, 2),
  };
  // a command's own fields (and `id`), now and then one it does not have
  const aCommand = fc.constantFrom(...COMMAND_NAMES).chain((name) => {
    const own = [...COMMAND_FIELD_NAMES[name as keyof typeof COMMAND_FIELD_NAMES], 'id'].filter(
      (f) => f in commandFields,
    ) as (keyof typeof commandFields)[];
    const stray = fc.oneof({ arbitrary: fc.constant(undefined), weight: 8 }, fc.constant('As'));
    return fc
      .record(
        {
          type: fc.constant('command'),
          at: near(0, 1_767_225_600_000, -1),
          name: fc.constant(name),
          ...Object.fromEntries(own.map((f) => [f, commandFields[f]])),
          card: stray,
        },
        { requiredKeys: [] },
      )
      .map((input) => Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)));
  });

  test("accepts what ajv's check accepts and refuses what it refuses; a command ajv's to decide is a no", () => {
    const accepted = { inputs: 0, commands: 0 };
    fc.assert(
      fc.property(fc.oneof(anInput, aCommand), (input) => {
        const fast = acceptsInput(input);
        const full = validateInputShape(input);
        if (fast) accepted[input.type === 'command' ? 'commands' : 'inputs']++;
        const decided = input.type !== 'command' || fastCommands.includes(input.name as string);
        expect({ input, fast }).toEqual({ input, fast: decided ? full : false });
      }),
      { numRuns: 40_000 },
    );
    // the generated inputs reach the accept side too, not only refusals
    expect(accepted.inputs).toBeGreaterThan(500);
    expect(accepted.commands).toBeGreaterThan(50);
  });

  test('agrees with ajv on every input of the replay fixtures and on values that are not objects', () => {
    const files = readdirSync(join(root, 'test/fixtures')).filter((f) => /^[^.]+\.jsonl$/.test(f));
    let inputs = 0;
    for (const file of files)
      for (const line of read(`test/fixtures/${file}`).split('\n')) {
        let input: { type?: unknown };
        try {
          input = JSON.parse(line) as { type?: unknown };
        } catch {
          continue; // not JSON: a replay refuses the line before any check
        }
        inputs++;
        const fast = acceptsInput(input);
        // a yes is ajv's yes; a no, ajv's no but for the commands it leaves to ajv
        if (fast || input.type !== 'command') expect({ line, fast }).toEqual({ line, fast: validateInputShape(input) });
      }
    expect(inputs).toBeGreaterThan(100);
    for (const value of [null, 3, 'card', [], [{ type: 'tick', at: 1 }], true])
      expect({ value, fast: acceptsInput(value) }).toEqual({ value, fast: false });
  });

  // The generator on other schemas: each keyword it knows as ajv reads it; what it does not know, refused
  const compile = (schema: object): ((data: unknown) => boolean) => {
    const ts = acceptCode({ definitions: {}, ...schema }, 'accepts');
    const js = transformSync(ts.replace('export function', 'function'), { loader: 'ts' }).code;
    return new Function(`${js}\nreturn accepts;`)() as (data: unknown) => boolean;
  };
  // the contract's options where they matter here (strict, hence strictNumbers), the unknown keywords allowed
  const ajv = new Ajv({ strict: false, strictNumbers: true, allErrors: true, discriminator: true });
  const schemas: object[] = [
    { type: 'object', required: ['a'], properties: { a: { type: ['string', 'null'], minLength: 2, maxLength: 3 } } },
    { type: 'object', properties: { n: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 } } },
    { type: 'array', minItems: 1, maxItems: 2, items: { enum: [1, 'x', null, true] } },
    { properties: { k: { const: 3 } }, required: ['k'] },
    { type: 'integer', minimum: -2, maximum: 2 },
    { type: 'object', additionalProperties: false, properties: { a: true, k: { type: 'number' } } },
    { anyOf: [{ type: 'string', pattern: '\\S' }, { required: ['a'] }] },
    { minimum: 1, exclusiveMaximum: 5 },
    { properties: { n: { minimum: 0 }, a: { maxLength: 2, maxItems: 1 } } },
    { if: { properties: { a: { const: 1 } } }, then: { required: ['b'] }, else: { required: ['c'] } },
    {
      allOf: [{ required: ['a'] }, { properties: { a: { type: 'boolean' } } }],
      properties: { 'a-b': { type: 'string' } },
    },
    {
      type: 'object',
      required: ['t'],
      discriminator: { propertyName: 't' },
      oneOf: [{ $ref: '#/definitions/x' }, { $ref: '#/definitions/y' }],
      definitions: {
        x: { properties: { t: { const: 'x' }, v: { type: 'integer' } } },
        y: { properties: { t: { enum: ['y', 'z'] } }, required: ['w'] },
      },
    },
  ];
  const value = fc.oneof(
    fc.jsonValue(),
    fc.double(),
    fc.record(
      { a: fc.jsonValue(), b: fc.jsonValue(), k: fc.constantFrom(3, '3'), t: fc.constantFrom('x', 'y', 'z', 'q') },
      { requiredKeys: [] },
    ),
    fc.record(
      {
        n: fc.double(),
        a: fc.constantFrom(1, true, 'ab', null),
        'a-b': fc.jsonValue(),
        v: fc.jsonValue(),
        w: fc.jsonValue(),
        t: fc.constantFrom('x', 'z'),
      },
      { requiredKeys: [] },
    ),
  );

  test('each keyword it knows accepts and refuses as ajv does', () => {
    for (const schema of schemas) {
      const mine = compile(schema);
      const theirs = ajv.compile(schema);
      fc.assert(
        fc.property(value, (v) => {
          expect({ schema, v, ok: mine(v) }).toEqual({ schema, v, ok: theirs(v) });
        }),
        { numRuns: 3_000 },
      );
    }
  });

  test('a keyword it does not know, or a $ref to another file, is a no where it applies (the full check decides)', () => {
    // each schema with a value ajv accepts
    const unknown: [object, unknown][] = [
      [{ additionalProperties: { type: 'string' } }, {}],
      [{ not: false }, {}],
      [{ anyOf: [{ required: ['a'] }, { uniqueItems: true }] }, {}],
      [{ properties: { a: { uniqueItems: true } } }, { a: [1, 2] }],
      [{ allOf: [{ $ref: 'command.schema.json' }] }, {}],
      [{ oneOf: [{ type: 'string' }] }, 'x'],
      [{ items: [{ type: 'string' }] }, ['x']],
      [{ const: { a: 1 } }, { a: 1 }],
      // a condition it cannot read exactly: the whole if is a no (its else would otherwise say yes here)
      [{ if: { uniqueItems: true }, then: false }, [1, 1]],
      [{ if: { properties: { a: { multipleOf: 2 } } }, then: { required: ['b'] } }, { a: 3 }],
    ];
    const loose = new Ajv({ strict: false }).addSchema({}, 'command.schema.json');
    const others = [[1, 2], [], { a: 2 }, { a: 3, b: 1 }, { a: [1, 1] }, {}, 'x', 1];
    for (const [schema, v] of unknown) {
      const [mine, theirs] = [compile(schema), loose.compile(schema)];
      expect(theirs(v)).toBe(true);
      expect({ schema, v, ok: mine(v) }).toEqual({ schema, v, ok: false });
      // and never a yes where ajv says no
      for (const w of others) if (mine(w)) expect({ schema, w, ok: theirs(w) }).toEqual({ schema, w, ok: true });
    }
  });
});
