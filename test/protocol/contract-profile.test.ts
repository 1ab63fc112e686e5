// A rule profile's shape is the schema's (config/rules/profile.schema.json): the engine's field-by-field check
// (src/domain/profile/check.ts) walks the fields generated from it, so every field the schema requires is required
// by the check, every word it allows is allowed, and a field it does not have is refused.
import { TEST_DIR } from '../helpers/paths.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadProfiles } from '../../src/config/profiles.ts';
import { checkProfile } from '../../src/domain/profile/check.ts';

type Node = { type?: string; properties?: Record<string, Node>; required?: string[]; enum?: string[] };
const schema = JSON.parse(
  readFileSync(join(TEST_DIR, '../config/rules/profile.schema.json'), 'utf8'),
) as Node;
const tda = JSON.parse(JSON.stringify(loadProfiles().tda)) as Record<string, unknown>;

/** Every required rule field of the schema, as a path, with its node. */
function requiredPaths(node: Node, path: string[] = []): [string[], Node][] {
  const out: [string[], Node][] = [];
  for (const name of node.required ?? []) {
    if (path.length === 0 && name === 'name') continue;
    const sub = node.properties![name]!;
    out.push([[...path, name], sub]);
    if (sub.type === 'object') out.push(...requiredPaths(sub, [...path, name]));
  }
  return out;
}

const edited = (path: string[], change: (parent: Record<string, unknown>, key: string) => void) => {
  const copy = structuredClone(tda);
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
  change(parent, path.at(-1)!);
  return copy;
};

describe('the profile check follows the schema', () => {
  const paths = requiredPaths(schema);
  test('the schema has rule fields to check', () => expect(paths.length).toBeGreaterThan(20));

  test.each(paths.map(([path]) => [path.join('.')]))('%s is required', (field) => {
    const profile = edited(field.split('.'), (parent, key) => delete parent[key]);
    expect(() => checkProfile(profile, 'p.json')).toThrow(`${field} is missing`);
  });

  test.each(paths.filter(([, node]) => node.enum).map(([path, node]) => [path.join('.'), node.enum!]))(
    '%s takes each word the schema allows, and no other',
    (field, words) => {
      for (const word of words)
        expect(() =>
          checkProfile(
            edited(field.split('.'), (p, k) => (p[k] = word)),
            'p.json',
          ),
        ).not.toThrow();
      expect(() =>
        checkProfile(
          edited(field.split('.'), (p, k) => (p[k] = 'other')),
          'p.json',
        ),
      ).toThrow(field);
    },
  );

  test('a field the schema does not have is refused', () => {
    const profile = edited(['shotClock', 'enabld'], (parent, key) => (parent[key] = true));
    expect(() => checkProfile(profile, 'p.json')).toThrow('shotClock.enabld is not a profile field');
  });
});
