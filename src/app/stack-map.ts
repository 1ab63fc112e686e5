// Stack traces of the build point into src/*.ts, without `--enable-source-maps`: that flag makes Node parse the
// bundle's whole source map when the table starts (about 5 MB resident for the life of the process, docs/bench.md).
// Here a map is read only when a stack is logged: the first error a table logs reads `<file>.map` next to the
// JavaScript file its frames name, Node's public `module.SourceMap` class (it works without the flag) maps each
// frame, and the map stays cached for the next error. A table that never logs a stack never reads a map.
// Frames in node_modules, node: internals and files without a map are left as they are; in the sources (tsx) the
// frames already name .ts files and nothing is mapped.
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';

const maps = new Map<string, SourceMap | null>();

/** `at fn (file:///…/main.js:12:34)` or `at file:///…/main.js:12:34`: the location, its line and column. */
const FRAME = /((?:file:\/\/)?\/[^\s()]+\.[cm]?js):(\d+):(\d+)(?=\)?$)/;

function mapFor(file: string): SourceMap | null {
  let map = maps.get(file);
  if (map !== undefined) return map;
  map = null;
  const path = `${file}.map`;
  if (!file.includes('/node_modules/') && existsSync(path)) {
    try {
      map = new SourceMap(JSON.parse(readFileSync(path, 'utf8')) as ConstructorParameters<typeof SourceMap>[0]);
    } catch {
      map = null; // an unreadable map: the frames stay as Node wrote them
    }
  }
  maps.set(file, map);
  return map;
}

function mapFrame(line: string): string {
  if (!line.trimStart().startsWith('at ')) return line;
  const m = FRAME.exec(line);
  if (!m) return line;
  const file = m[1]!.startsWith('file://') ? fileURLToPath(m[1]!) : m[1]!;
  const map = mapFor(file);
  if (!map) return line;
  const entry = map.findEntry(Number(m[2]) - 1, Number(m[3]) - 1);
  if (!('originalSource' in entry)) return line;
  // The map's sources are relative to the map's own folder (esbuild and tsc write `../../../src/…`).
  const source = entry.originalSource.startsWith('file://')
    ? fileURLToPath(entry.originalSource)
    : resolve(dirname(file), entry.originalSource);
  return `${line.slice(0, m.index)}${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}${line.slice(m.index + m[0].length)}`;
}

/** The stack with each frame of a mapped JavaScript file replaced by its place in the TypeScript source, as
 * `--enable-source-maps` prints it. */
export function mapStack(stack: string): string {
  return stack.split('\n').map(mapFrame).join('\n');
}

type Serialized = ReturnType<typeof pino.stdSerializers.err> & { aggregateErrors?: Serialized[] };

function mapSerialized(out: Serialized): Serialized {
  if (typeof out.stack === 'string') out.stack = mapStack(out.stack);
  out.aggregateErrors?.forEach(mapSerialized);
  return out;
}

/** pino's `err` serializer (its stack includes the causes'), with the stack mapped. For the table's logger:
 * `pino({ serializers: { err: mappedErr } })`; child loggers inherit it. */
export function mappedErr(error: Error): ReturnType<typeof pino.stdSerializers.err> {
  const out = pino.stdSerializers.err(error) as Serialized;
  return out !== null && typeof out === 'object' ? mapSerialized(out) : out;
}
