// `npm run build`: compiles src/ to plain JavaScript in dist/ (tsc, tsconfig.build.json, with source maps) and copies
// beside it the files the table reads at run time. The compiled modules find them by paths relative to their own
// file (import.meta.url), so dist/ mirrors the repository's layout: dist/src/config/profiles.js reads
// dist/config/rules/, dist/src/web/serve.js (and the bundled main.js) serve dist/src/web/. Plain JavaScript, so it
// runs without tsx.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleMain } from './bundle.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');

/** [folder, which of its files] — relative to the repository, copied to the same place under dist/. */
const ASSETS = [
  ['config/rules', (f) => f.endsWith('.json')],
  ['config', (f) => f === 'table.schema.json' || f === 'table.example.yaml'],
  ['devices', (f) => f.endsWith('.json')],
  ['devices/schema', (f) => f.endsWith('.json')],
  ['config/structures', (f) => f.endsWith('.json')],
  ['config/room-rules', (f) => f.endsWith('.json')],
  ['config', (f) => f === 'room.schema.json' || f === 'room.example.yaml'],
  ['schemas', (f) => f.endsWith('.json')],
  // the pages (src/web/serve.ts serves them from beside its own compiled file)
  ['src/web/kit', () => true],
  ['src/web/table', () => true],
  ['src/web/room', () => true],
  ['src/notify', (f) => f.endsWith('.py')],
];

rmSync(dist, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit', cwd: root });

let copied = 0;
for (const [folder, wanted] of ASSETS) {
  mkdirSync(join(dist, folder), { recursive: true });
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    if (!entry.isFile() || !wanted(entry.name)) continue;
    cpSync(join(root, folder, entry.name), join(dist, folder, entry.name), { preserveTimestamps: true });
    copied++;
  }
}
const bundled = await bundleMain(root);
console.log(
  `build: dist/ written (tsc, ${copied} data files copied, main.js bundled from ${bundled} modules); ` +
    'run it with npm run start:dist (node dist/src/app/main.js)',
);
