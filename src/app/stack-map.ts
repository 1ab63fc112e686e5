// Stack traces of the build point into src/*.ts, without `--enable-source-maps`: that flag makes Node read the
// bundle's whole source map when the table starts (about 5 MB resident for the life of the process, docs/bench.md).
// Here a map is read only when a stack is logged: `<file>.map` next to the JavaScript file a frame names, decoded
// (source-map-vlq.ts) just far enough to find that frame's place, then dropped a minute after the last stack that
// needed it. Node's own `module.SourceMap` would do the lookup too, but it decodes every mapping of the bundle into
// arrays up front: 22 MB of heap for this bundle's map (32 MB resident while it is held).
// Frames in node_modules, node: internals and files without a map are left as they are; in the sources (tsx) the
// frames already name .ts files and nothing is mapped.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { originsOf, type Position, type RawSourceMap } from './source-map-vlq.ts';

/** Maps read for the stacks logged in the last minute (null: that file has none). */
const maps = new Map<string, RawSourceMap | null>();
const KEEP_MS = 60_000;
let dropTimer: NodeJS.Timeout | null = null;

/** `at fn (file:///…/main.js:12:34)` or `at file:///…/main.js:12:34`: the location, its line and column. */
const FRAME = /((?:file:\/\/)?\/[^\s()]+\.[cm]?js):(\d+):(\d+)(?=\)?$)/;

function mapFor(file: string): RawSourceMap | null {
  let map = maps.get(file);
  if (map !== undefined) return map;
  map = null;
  const path = `${file}.map`;
  if (!file.includes('/node_modules/') && existsSync(path)) {
    try {
      const raw = JSON.parse(readFileSync(path, 'utf8')) as Partial<RawSourceMap>;
      if (typeof raw.mappings === 'string' && Array.isArray(raw.sources)) map = raw as RawSourceMap;
    } catch {
      // an unreadable map: the frames stay as Node wrote them
    }
  }
  maps.set(file, map);
  return map;
}

/** The stack with each frame of a mapped JavaScript file replaced by its place in the TypeScript source, as
 * `--enable-source-maps` prints it. */
export function mapStack(stack: string): string {
  const lines = stack.split('\n');
  const frames = new Map<string, { line: number; match: RegExpExecArray; at: Position }[]>();
  lines.forEach((text, line) => {
    if (!text.trimStart().startsWith('at ')) return;
    const match = FRAME.exec(text);
    if (!match) return;
    const file = match[1]!.startsWith('file://') ? fileURLToPath(match[1]!) : match[1]!;
    const at = { line: Number(match[2]) - 1, column: Number(match[3]) - 1 };
    frames.set(file, [...(frames.get(file) ?? []), { line, match, at }]);
  });
  for (const [file, list] of frames) {
    const map = mapFor(file);
    if (!map) continue;
    const origins = originsOf(
      map,
      list.map((f) => f.at),
    );
    list.forEach(({ line, match }, k) => {
      const origin = origins[k];
      if (!origin) return;
      // The map's sources are relative to the map's own folder (esbuild and tsc write `../../../src/…`).
      const source = origin.source.startsWith('file://')
        ? fileURLToPath(origin.source)
        : resolve(dirname(file), origin.source);
      const text = lines[line]!;
      lines[line] =
        `${text.slice(0, match.index)}${source}:${origin.line + 1}:${origin.column + 1}` +
        text.slice(match.index + match[0].length);
    });
  }
  if (maps.size > 0) {
    if (dropTimer) clearTimeout(dropTimer);
    dropTimer = setTimeout(() => maps.clear(), KEEP_MS).unref();
  }
  return lines.join('\n');
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
