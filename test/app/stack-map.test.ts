// src/app/stack-map.ts: a stack logged by the build names the .ts lines, with plain `node` (no --enable-source-maps).
// A small program is bundled the way scripts/bundle.mjs bundles the table (esbuild, minified, a source map without
// the sources) together with the real stack-map module, and run as a child process.
import { TEST_DIR } from '../helpers/paths.ts';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SourceMap } from 'node:module';
import { build } from 'esbuild';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { originsOf, type RawSourceMap } from '../../src/app/source-map-vlq.ts';

const root = join(TEST_DIR, '..');
let dir = '';

const THROWER = `export function deal(card: string): string {
  if (card.length > 0) {
    throw new Error('no such card: ' + card);
  }
  return card;
}
`;

const ENTRY = (stackMap: string) => `import pino from 'pino';
import { mappedErr, mapStack } from ${JSON.stringify(stackMap)};
import { deal } from './thrower.ts';

function shoe(): void {
  deal('Xx');
}

try {
  shoe();
} catch (error) {
  const err = new Error('the shoe failed', { cause: error });
  console.log(JSON.stringify({ raw: (error as Error).stack, mapped: mapStack((error as Error).stack!) }));
  pino({ serializers: { err: mappedErr } }, pino.destination(1)).error({ err }, 'logged');
}
`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pokertable-stack-map-'));
  writeFileSync(join(dir, 'thrower.ts'), THROWER);
  writeFileSync(join(dir, 'entry.ts'), ENTRY(join(root, 'src/app/stack-map.ts')));
  await build({
    entryPoints: [join(dir, 'entry.ts')],
    outfile: join(dir, 'out/bundle.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    banner: {
      js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
    },
    nodePaths: [join(root, 'node_modules')],
    sourcemap: true,
    sourcesContent: false,
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'error',
  });
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function runBundle(): { raw: string; mapped: string; logged: { err: { stack: string } } } {
  const r = spawnSync(process.execPath, [join(dir, 'out/bundle.mjs')], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  const [first, second] = r.stdout.trim().split('\n');
  return { ...(JSON.parse(first!) as { raw: string; mapped: string }), logged: JSON.parse(second!) };
}

it('maps the frames of a minified bundle to the lines of its .ts sources, in a logged error and its cause', () => {
  const { raw, mapped, logged } = runBundle();
  // Plain node names the bundle's minified lines; mapped, the frames name the sources.
  expect(raw).toMatch(/at deal \(file:\/\/\S+\/out\/bundle\.mjs:\d+:\d+\)/);
  expect(mapped).toContain(`at deal (${dir}/thrower.ts:3:11)`);
  expect(mapped).toContain(`at shoe (${dir}/entry.ts:6:3)`);
  expect(mapped).toMatch(new RegExp(`at ${dir}/entry\\.ts:10:3$`, 'm'));
  expect(mapped).not.toContain('bundle.mjs');
  // Node's own frames are left as they were.
  expect(mapped.split('\n').filter((l) => l.includes('node:internal'))).toEqual(
    raw.split('\n').filter((l) => l.includes('node:internal')),
  );
  // pino's err serializer: the error's stack and, after "caused by", its cause's.
  const stack = logged.err.stack;
  expect(stack).toMatch(new RegExp(`^Error: the shoe failed\\n {4}at ${dir}/entry\\.ts:12:15$`, 'm'));
  expect(stack).toContain(`caused by: Error: no such card: Xx\n    at deal (${dir}/thrower.ts:3:11)`);
  expect(stack).not.toContain('bundle.mjs');
});

it('leaves the frames as they are when the bundle has no map beside it', () => {
  const map = join(dir, 'out/bundle.mjs.map');
  const saved = readFileSync(map);
  rmSync(map);
  try {
    const { raw, mapped } = runBundle();
    expect(mapped).toBe(raw);
  } finally {
    writeFileSync(map, saved);
  }
});

it("finds the same places as node:module's SourceMap (which decodes the whole map), over a whole bundle", () => {
  const raw = JSON.parse(readFileSync(join(dir, 'out/bundle.mjs.map'), 'utf8')) as RawSourceMap;
  const node = new SourceMap(raw as unknown as ConstructorParameters<typeof SourceMap>[0]);
  const code = readFileSync(join(dir, 'out/bundle.mjs'), 'utf8').split('\n');
  // Every 7th column of every line (pino is in the bundle: thousands of segments), and before and after the end.
  const positions = code.flatMap((text, line) =>
    Array.from({ length: Math.ceil((text.length + 10) / 7) }, (_, k) => ({ line, column: k * 7 })),
  );
  positions.push({ line: code.length + 5, column: 0 });
  expect(positions.length).toBeGreaterThan(10_000);
  const ours = originsOf(raw, positions);
  const theirs = positions.map(({ line, column }) => {
    const e = node.findEntry(line, column);
    return 'originalSource' in e ? { source: e.originalSource, line: e.originalLine, column: e.originalColumn } : null;
  });
  expect(ours).toEqual(theirs);
  expect(ours.filter((o) => o?.source.endsWith('thrower.ts')).length).toBeGreaterThan(0);
});
