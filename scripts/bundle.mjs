// The table's entry point bundled into one file (esbuild), written over tsc's dist/src/app/main.js: Node then reads,
// resolves and links one module instead of about 500 (our 160 and the libraries'), about a fifth less CPU from start
// to `online` (docs/bench.md, "Start → online"). The other files tsc wrote stay for the other commands (replay,
// deck, doctor, room). The bundle sits where main.js was, two folders below dist/ like every module that finds its
// data files by a relative path (dist/config/rules, dist/schemas, dist/src/web), so those paths still hold.
// Not bundled: native addons and what loads them (better-sqlite3, serialport, nfc-pcsc, johnny-five), ws (imported
// only for a WebSocket port), and mqtt-packet, whose cache src/mqtt/packet-cache.ts warms in node_modules' copy.
// Whitespace and syntax minified, names kept; the source map points into src/ (no copy of the sources in it).
import { build } from 'esbuild';
import { join } from 'node:path';

export const EXTERNAL = [
  'better-sqlite3',
  'serialport',
  '@serialport/*',
  'nfc-pcsc',
  'johnny-five',
  'firmata-io',
  'ws',
  'bufferutil',
  'utf-8-validate',
  'mqtt-packet',
];

/** Bundles src/app/main.ts to dist/src/app/main.js (and its .map), and the equity worker's thread
 * (src/app/equity-worker.ts, which equity-pool.ts starts from the file beside main.js) the same way; returns the
 * number of modules in main.js. */
export async function bundleMain(root) {
  await bundle(root, 'equity-worker');
  return bundle(root, 'main');
}

async function bundle(root, name) {
  const result = await build({
    entryPoints: [join(root, `src/app/${name}.ts`)],
    outfile: join(root, `dist/src/app/${name}.js`),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    // CommonJS libraries in an ES module bundle call require() for Node's own modules.
    banner: {
      js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
    },
    sourcemap: true,
    sourcesContent: false,
    minifyWhitespace: true,
    minifySyntax: true,
    metafile: true,
    logLevel: 'warning',
  });
  return Object.keys(result.metafile.inputs).length;
}
