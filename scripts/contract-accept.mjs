// The input schema's accept path, as code: one boolean expression per definition of schemas/input.schema.json (and of
// command.schema.json, which its command branch refers to), with no error detail. The engine asks it first and asks
// ajv's compiled check (validate-input.ts) only when it says no, for the verdict and its words (src/domain/validate/validate.ts,
// docs/contract.md "The accept path"). So a yes here must always be a yes of ajv's check; a no costs only the time of
// asking ajv. That is why this knows few keywords and answers no (`false`) to a schema with any other one (a
// command with a `not` or a plain `oneOf`, say): those inputs are always decided by ajv. An `if` is written only
// when its condition is known exactly. test/protocol/contract-fast-check.test.ts holds the two checks equal on many generated
// inputs. It exists for speed: ajv's code builds and drops error objects, passes an options object to each
// subschema, repeats the object test per keyword and reads a field once per keyword: the accept path costs about
// half of what it did through ajv alone (docs/bench.md).

/** Keywords that say nothing about the value. */
const ANNOTATIONS = new Set(['$schema', '$id', '$comment', 'title', 'description', 'definitions', 'examples']);
const OBJECT = new Set(['required', 'properties', 'additionalProperties']);
const STRING = new Set(['pattern', 'minLength', 'maxLength']);
const NUMBER = new Set(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']);
const ARRAY = new Set(['items', 'minItems', 'maxItems']);
const OTHER = new Set([
  'type',
  'const',
  'enum',
  '$ref',
  'allOf',
  'anyOf',
  'if',
  'then',
  'else',
  'oneOf',
  'discriminator',
]);
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

// ajv's tests for each `type`, with the options the contract is compiled with (scripts/contract-validators.mjs: strict,
// so strictNumbers: a number is finite, an integer a finite whole number; `unicode: false`: a string's length in
// UTF-16 units, as `.length`; patterns with the `u` flag, ajv's default)
const TYPES = {
  object: (x) => `(typeof ${x} === 'object' && ${x} !== null && !Array.isArray(${x}))`,
  array: (x) => `Array.isArray(${x})`,
  string: (x) => `typeof ${x} === 'string'`,
  boolean: (x) => `typeof ${x} === 'boolean'`,
  null: (x) => `${x} === null`,
  number: (x) => `(typeof ${x} === 'number' && isFinite(${x}))`,
  integer: (x) => `Number.isInteger(${x})`,
};
const primitive = (v) => v === null || ['string', 'number', 'boolean'].includes(typeof v);

/** `schema` (the input schema) as TypeScript: `export function <name>(data: unknown): boolean`, and one function per
 * definition it reaches, in its file or in one of `others` (a `$ref` to another schema's `$id`, as ajv resolves it). */
export function acceptCode(schema, name, others = []) {
  const defs = new Map(); // "<$id>#<definition>" → [its schema, its file's schema, function name], in the order reached
  const patterns = [];
  const keyLists = [];
  let here = schema; // the file whose local `$ref`s are being read
  const fnOf = (ref) => {
    const [file, pointer] = ref.startsWith('#') ? [here, ref] : resolve(ref);
    if (file === undefined) return null;
    const def = pointer === '' ? '' : /^#\/definitions\/([^/]+)$/.exec(pointer)?.[1];
    const target = def === '' ? file : file.definitions?.[def];
    if (def === undefined || target === undefined) return null;
    const key = `${file.$id}#${def}`;
    if (!defs.has(key)) {
      // the input file's definitions by their own name; another file's under its name (`accept_command_schema_…`)
      const prefix = file === schema ? 'accept' : `accept_${file.$id.replace(/^.*\/|\.json$/g, '')}`;
      defs.set(key, [target, file, `${prefix}${def === '' ? '' : `_${def}`}`.replace(/\W/g, '_')]);
    }
    return defs.get(key)[2];
  };
  const resolve = (ref) => {
    if (typeof here.$id !== 'string') return [undefined, ''];
    const url = new URL(ref, here.$id);
    const file = others.find((o) => o.$id === `${url.origin}${url.pathname}`);
    return [file, url.hash === '#' ? '' : url.hash];
  };

  /** A boolean expression: `x` (an expression without side effects) fits `s`. `known`: the type `x` is known to
   * have where this is evaluated (an enclosing schema's `type`, tested before), or null. */
  let unsure = 0; // how many times a no was written for what is not known here (rather than for a `false` schema)
  const dontKnow = () => {
    unsure++;
    return 'false';
  };
  const fits = (s, x, depth, known = null) => {
    if (s === true) return 'true';
    if (s === false) return 'false';
    if (typeof s !== 'object' || s === null) return dontKnow();
    for (const k of Object.keys(s))
      if (!ANNOTATIONS.has(k) && !OBJECT.has(k) && !STRING.has(k) && !NUMBER.has(k) && !ARRAY.has(k) && !OTHER.has(k))
        return dontKnow();
    const all = [];
    const types = s.type === undefined ? null : [s.type].flat();
    if (types) {
      if (!types.every((t) => t in TYPES)) return dontKnow();
      if (!(types.length === 1 && types[0] === known))
        all.push(types.length === 1 ? TYPES[types[0]](x) : `(${types.map((t) => TYPES[t](x)).join(' || ')})`);
    }
    const is = types?.length === 1 ? types[0] : known; // what `x` is known to be after the type test
    const kindOf = (t) => (t === 'integer' ? 'number' : t);
    // a keyword for one kind of value says nothing about the others: `(not that kind || the keyword holds)`
    const forKind = (kind, parts) => {
      if (parts.length === 0) return;
      if (parts.includes('false')) return all.push('false');
      const test = parts.join(' && ');
      // (with strictNumbers ajv holds only finite numbers to a limit: NaN and Infinity pass a `minimum`)
      all.push(kindOf(is) === kind ? test : `(!(${TYPES[kind](x)}) || (${test}))`);
    };
    const object = [];
    const props = s.properties ?? {};
    // a field whose test refuses `undefined` (it names a type; the discriminator's switch) needs no presence test
    const refusesUndefined = (key) =>
      props[key]?.type !== undefined || (key === s.discriminator?.propertyName && s.oneOf);
    for (const key of s.required ?? []) if (!refusesUndefined(key)) object.push(`${prop(x, key)} !== undefined`);
    if (s.additionalProperties === false) {
      // as ajv: every enumerable key of the object is one of `properties`
      keyLists.push(Object.keys(props));
      object.push(`acceptOnlyKeys(${x}, acceptKeys${keyLists.length - 1})`);
    } else if (s.additionalProperties !== undefined && s.additionalProperties !== true) return dontKnow();
    for (const [key, sub] of Object.entries(props)) {
      const optional = !s.required?.includes(key);
      // a test that would read the field more than once takes it as an argument: the field is read once (an
      // input's fields are read from objects of many shapes, where each read costs)
      const once = sub === true || (!optional && Object.keys(sub).filter((k) => !ANNOTATIONS.has(k)).length === 1);
      const test = once
        ? fits(sub, prop(x, key), depth)
        : field(sub, `${owner}_${key.replace(/\W/g, '_')}`, optional, prop(x, key));
      if (test !== 'true') object.push(test);
    }
    forKind('object', object);
    const string = [];
    if (s.pattern !== undefined) {
      patterns.push(s.pattern);
      string.push(`acceptPattern${patterns.length - 1}.test(${x})`);
    }
    if (s.minLength !== undefined) string.push(`${x}.length >= ${Number(s.minLength)}`);
    if (s.maxLength !== undefined) string.push(`${x}.length <= ${Number(s.maxLength)}`);
    forKind('string', string);
    const number = [];
    if (s.minimum !== undefined) number.push(`${x} >= ${Number(s.minimum)}`);
    if (s.maximum !== undefined) number.push(`${x} <= ${Number(s.maximum)}`);
    if (s.exclusiveMinimum !== undefined) number.push(`${x} > ${Number(s.exclusiveMinimum)}`);
    if (s.exclusiveMaximum !== undefined) number.push(`${x} < ${Number(s.exclusiveMaximum)}`);
    forKind('number', number);
    const array = [];
    if (s.minItems !== undefined) array.push(`${x}.length >= ${Number(s.minItems)}`);
    if (s.maxItems !== undefined) array.push(`${x}.length <= ${Number(s.maxItems)}`);
    if (s.items !== undefined) {
      const item = `item${depth}`;
      const test = Array.isArray(s.items) ? dontKnow() : fits(s.items, item, depth + 1);
      if (test !== 'true') array.push(`acceptEveryItem(${x}, (${item}) => ${test})`);
    }
    forKind('array', array);
    if (s.const !== undefined) all.push(primitive(s.const) ? `${x} === ${JSON.stringify(s.const)}` : dontKnow());
    if (s.enum !== undefined)
      all.push(
        s.enum.every(primitive) ? `(${s.enum.map((v) => `${x} === ${JSON.stringify(v)}`).join(' || ')})` : dontKnow(),
      );
    if (s.$ref !== undefined) all.push(fnOf(s.$ref) === null ? dontKnow() : `${fnOf(s.$ref)}(${x})`);
    for (const sub of s.allOf ?? []) all.push(fits(sub, x, depth, is));
    // one branch that says yes is a yes (a no written for what is not known here only loses that branch)
    if (s.anyOf !== undefined) all.push(`(${s.anyOf.map((sub) => fits(sub, x, depth, is)).join(' || ')})`);
    if (s.if !== undefined) {
      // the condition must be exact: a no written for a keyword not known here would choose the wrong branch
      const before = unsure;
      const cond = fits(s.if, x, depth, is);
      if (unsure !== before) return dontKnow();
      const [then, otherwise] = [s.then ?? true, s.else ?? true].map((sub) => fits(sub, x, depth, is));
      all.push(`(${cond} ? ${then} : ${otherwise})`);
    }
    if (s.oneOf !== undefined) all.push(oneOf(s, x));
    else if (s.discriminator !== undefined) return dontKnow();
    const parts = all.filter((p) => p !== 'true');
    if (parts.includes('false')) return 'false';
    return parts.length === 0 ? 'true' : parts.join(' && ');
  };

  /** `fn(x)`, a function of its own for the test of a field `x` that may be absent (`optional`) or must fit `s`. */
  const fields = [];
  let owner = name;
  const field = (s, fn, optional, x) => {
    const outer = owner;
    owner = fn;
    const test = fits(s, 'value', 0);
    owner = outer;
    if (test === 'true' || (test === 'false' && !optional)) return test;
    const body = optional ? `value === undefined || ${test}` : test;
    let unique = fn;
    for (let i = 2; fields.some((f) => f.startsWith(`function ${unique}(`)); i++) unique = `${fn}_${i}`;
    fields.push(`function ${unique}(value: any): boolean {\n  return ${body};\n}`);
    return `${unique}(${x})`;
  };

  /** A `oneOf` keyed by a discriminator, as ajv reads it: the branch whose tag the value carries decides. The tag is
   * read once, into a `switch` (an input's `type` is read from objects of many shapes: each read costs). */
  const dispatches = [];
  const oneOf = (s, x) => {
    const tag = s.discriminator?.propertyName;
    if (typeof tag !== 'string') return dontKnow();
    const cases = [];
    for (const branch of s.oneOf) {
      const def = /^#\/definitions\/([^/]+)$/.exec(branch.$ref ?? '')?.[1];
      const values = def === undefined ? undefined : tagValues(here.definitions?.[def]?.properties?.[tag]);
      if (Object.keys(branch).length !== 1 || values === undefined) return dontKnow();
      const test = fnOf(branch.$ref);
      for (const v of values) cases.push(`    case ${JSON.stringify(v)}:\n      return ${test}(data);`);
    }
    const fn = `accept_by_${tag.replace(/\W/g, '_')}${dispatches.length === 0 ? '' : dispatches.length}`;
    dispatches.push(
      `function ${fn}(data: any, tag: unknown): boolean {\n  switch (tag) {\n${cases.join('\n')}\n  }\n  return false;\n}`,
    );
    return `${fn}(${x}, ${prop(x, tag)})`;
  };

  const root = fits(schema, 'data', 0);
  const functions = [];
  for (let i = 0; i < defs.size; i++) {
    const [target, file, fn] = [...defs.values()][i];
    [here, owner] = [file, fn];
    functions.push(`function ${fn}(data: any): boolean {\n  return ${fits(target, 'data', 0)};\n}`);
  }
  return [
    ...patterns.map((p, i) => `const acceptPattern${i} = new RegExp(${JSON.stringify(p)}, 'u');`),
    ...keyLists.map((keys, i) => `const acceptKeys${i}: readonly string[] = ${JSON.stringify(keys)};`),
    `export function ${name}(data: any): boolean {\n  return ${root};\n}`,
    ...dispatches,
    ...functions,
    ...fields,
    'function acceptOnlyKeys(data: object, keys: readonly string[]): boolean {\n' +
      '  for (const key in data) if (!keys.includes(key)) return false;\n  return true;\n}',
    'function acceptEveryItem(items: unknown[], fits: (item: any) => boolean): boolean {\n' +
      '  for (let i = 0; i < items.length; i++) if (!fits(items[i])) return false;\n  return true;\n}',
  ].join('\n\n');
}

/** `x.key`, or `x["key"]` for a key that is not a plain name. */
function prop(x, key) {
  return IDENTIFIER.test(key) ? `${x}.${key}` : `${x}[${JSON.stringify(key)}]`;
}

/** The values a discriminator's property may take in a branch: its `const`, or its `enum`. */
function tagValues(def) {
  if (def?.const !== undefined) return typeof def.const === 'string' ? [def.const] : undefined;
  return Array.isArray(def?.enum) && def.enum.every((v) => typeof v === 'string') ? def.enum : undefined;
}
