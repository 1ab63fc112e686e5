// The hand evaluator's lookup tables (a 512 KB Int32Array and smaller ones) are filled on first use, not when the
// engine is loaded: building them was the biggest single item on the way to `online` (docs/bench.md). Each case is a
// fresh process (this one has filled them already).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

function run(code: string): Record<string, unknown> {
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (r.status !== 0) throw new Error(`the child failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
}

it('loading the engine fills no evaluator tables; prepareEvaluator fills them, and they evaluate', () => {
  const r = run(`
await import('./src/domain/table.ts');
const { evaluatorReady, prepareEvaluator, evaluate } = await import('./src/domain/evaluator.ts');
const loaded = evaluatorReady();
prepareEvaluator();
const prepared = evaluatorReady();
const royal = evaluate(['As', 'Ks', 'Qs', 'Js', 'Ts', '2d', '3c']).name;
console.log(JSON.stringify({ loaded, prepared, royal }));
`);
  expect(r).toEqual({ loaded: false, prepared: true, royal: 'Royal Flush' });
});

it('without prepareEvaluator the first evaluation fills the tables', () => {
  const r = run(`
const { cardCode, evaluatorReady, score7 } = await import('./src/domain/evaluator.ts');
const codes = ['As', 'Ad', 'Ac', 'Kd', 'Ks', '2c', '7h'].map(cardCode);
console.log(JSON.stringify({ fullHouse: score7(codes) >>> 20, ready: evaluatorReady() }));
`);
  expect(r).toEqual({ fullHouse: 6, ready: true });
});
