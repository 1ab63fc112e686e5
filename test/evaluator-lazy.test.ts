// The hand evaluator's lookup tables (a 512 KB Int32Array and smaller ones) are built on first use, not when the
// engine is loaded: building them was the biggest single item on the way to `online` (docs/bench.md). A fresh
// process (this one has built them already) reports the ArrayBuffer memory after each step.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const KB = 1024;

const childCode = `
const buffers = () => process.memoryUsage().arrayBuffers;
const start = buffers();
await import('./src/domain/table.ts');
const { prepareEvaluator, score7, evaluate } = await import('./src/domain/evaluator.ts');
const loaded = buffers();
prepareEvaluator();
const prepared = buffers();
const royal = evaluate(['As', 'Ks', 'Qs', 'Js', 'Ts', '2d', '3c']).name;
console.log(JSON.stringify({ load: loaded - start, prepare: prepared - loaded, royal }));
`;

function run(code: string): Record<string, unknown> {
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (r.status !== 0) throw new Error(`the child failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
}

it('loading the engine builds no evaluator tables; prepareEvaluator builds them, and they evaluate', () => {
  const r = run(childCode);
  expect(r.load).toBeLessThan(128 * KB);
  expect(r.prepare).toBeGreaterThan(512 * KB);
  expect(r.royal).toBe('Royal Flush');
});

it('without prepareEvaluator the first evaluation builds the tables', () => {
  const r = run(`
const { score7 } = await import('./src/domain/evaluator.ts');
const { cardCode } = await import('./src/domain/evaluator.ts');
const codes = ['As', 'Ad', 'Ac', 'Kd', 'Ks', '2c', '7h'].map(cardCode);
console.log(JSON.stringify({ fullHouse: score7(codes) >>> 20 }));
`);
  expect(r.fullHouse).toBe(6);
});
