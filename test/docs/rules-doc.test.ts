// docs/rules.md is the project's own rulebook: every rule id the code and tests cite is defined there, every rule
// defined there is cited by the code or a test (only enforced rules are listed), and its profile table holds the
// values of config/rules/*.json. R-REMOVED-IN-HAND, which no test named before, is checked here too: a clock called
// on the removed seat used to pass on to the next seat and kill its hand.
import { TEST_DIR } from '../helpers/paths.ts';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DECK, scenario } from '../helpers/scenario.ts';

const root = join(TEST_DIR, '..');
const rules = readFileSync(join(root, 'docs/rules.md'), 'utf8');
const defined = new Set([...rules.matchAll(/^- \*\*(R-[A-Z0-9-]+)\*\*/gm)].map((m) => m[1]!));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|js|json|ya?ml|md|conf|acl)$/.test(name) && !path.endsWith('rules-doc.test.ts') ? [path] : [];
  });
}
const cited = new Map<string, string>(); // id → a file citing it
for (const file of [...files(join(root, 'src')), ...files(join(root, 'test')), ...files(join(root, 'config'))]) {
  for (const m of readFileSync(file, 'utf8').matchAll(/\bR-[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*\b/g))
    if (!cited.has(m[0])) cited.set(m[0], file);
}

describe('docs/rules.md', () => {
  test('defines every rule id the code, the tests and the profiles cite', () => {
    expect(defined.size).toBeGreaterThan(30);
    const isDefined = (id: string) => defined.has(id) || [...defined].some((d) => d.startsWith(`${id}-`)); // R-PREMATURE-*
    const missing = [...cited].filter(([id]) => !isDefined(id)).map(([id, file]) => `${id} (${file})`);
    expect(missing).toEqual([]);
  });

  test('lists only rules the code or a test cites (enforced rules)', () => {
    expect([...defined].filter((id) => !cited.has(id))).toEqual([]);
  });

  test("the profile table holds config/rules/*.json's values", () => {
    const header = rules.match(/^\| field \| (.+) \| rule \|$/m);
    expect(header).not.toBeNull();
    const profiles = header![1]!.split(' | ');
    expect(profiles).toEqual(['tda', 'bfp', 'club', 'robert']);
    const json = Object.fromEntries(
      profiles.map((p) => [p, JSON.parse(readFileSync(join(root, 'config/rules', `${p}.json`), 'utf8')) as object]),
    );
    const leaves = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        ['$schema', 'name', 'description'].includes(k)
          ? []
          : v !== null && typeof v === 'object' && !Array.isArray(v)
            ? leaves(v as object, `${prefix}${k}.`)
            : [`${prefix}${k}`],
      );
    const get = (o: object, path: string) =>
      path.split('.').reduce<unknown>((x, k) => (x as Record<string, unknown>)[k], o);
    const fields = leaves(json.tda!);
    for (const field of fields) {
      const row = rules.match(new RegExp(`^\\| \`${field.replaceAll('.', '\\.')}\` \\| (.+) \\| R-[A-Z-]+ \\|$`, 'm'));
      expect(row, field).not.toBeNull();
      const cells = row![1]!.split(' | ').map((c) => JSON.parse(c.replace(/^`|`$/g, '')) as unknown);
      expect({ field, cells }).toEqual({ field, cells: profiles.map((p) => get(json[p]!, field)) });
    }
    // and no row for a field the profiles do not have
    const rows = [...rules.matchAll(/^\| `([a-zA-Z.]+)` \| /gm)].map((m) => m[1]);
    expect(rows.sort()).toEqual([...fields].sort());
  });
});

describe('R-REMOVED-IN-HAND', () => {
  const dealt = () => {
    const s = scenario({ players: [1, 2, 3], button: 1 });
    s.send({ type: 'shuffle' });
    s.cards(...DECK.slice(0, 6));
    return s;
  };

  test('the seat on action removed: a fold with no other event, the action moves on', () => {
    const s = dealt();
    expect(s.last('action.on')).toMatchObject({ seat: 1, street: 'preflop' });
    const events = s.send({ type: 'command', name: 'remove-player', seat: 1 });
    expect(s.types(events)).toEqual(['player.removed', 'action.on']);
    expect(events[1]).toMatchObject({ seat: 2 });
  });

  test('a clock on the removed seat is cancelled, never passed on; the last live seat wins', () => {
    const s = dealt();
    s.send({ type: 'clock-request', by: 'floor' });
    expect(s.last('clock.called')).toMatchObject({ seat: 1 });
    s.send({ type: 'command', name: 'remove-player', seat: 1 });
    s.send({ type: 'tick' }, 60_000); // well past the call's countdown and deadline
    expect(s.all('clock.countdown')).toEqual([]);
    expect(s.all('hand.dead')).toEqual([]);
    const fold = s.send({ type: 'panel', button: 'fold' }); // seat 2 folds: seat 3 alone
    expect(fold.find((e) => e.type === 'hand.ended')).toMatchObject({ reason: 'fold', winners: [3] });
  });
});

describe('the docs are self-contained', () => {
  const docs = ['README.md', ...readdirSync(join(root, 'docs')).map((f) => `docs/${f}`)];
  const published = [...docs, ...files(join(root, 'config')), ...files(join(root, 'schemas'))].map((f) =>
    f.replace(`${root}/`, ''),
  );

  test('no project document points outside the repository', () => {
    const outside = published.filter((f) => /\.\.\/shared|\/work\//.test(readFileSync(join(root, f), 'utf8')));
    expect(outside).toEqual([]);
  });

  test('every relative link of README.md and docs/ leads to a file of the repository', () => {
    const broken: string[] = [];
    for (const doc of docs.filter((f) => f.endsWith('.md'))) {
      const text = readFileSync(join(root, doc), 'utf8');
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1]!.split('#')[0]!;
        if (target === '' || /^[a-z]+:/.test(target)) continue;
        try {
          statSync(join(root, doc, '..', target));
        } catch {
          broken.push(`${doc}: ${m[1]}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});
