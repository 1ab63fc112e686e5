// The lookup of source map v3 (ECMA-426) that a stack trace needs, without decoding the whole map: one pass over
// the `mappings` string for all of a stack's frames, keeping nothing but the answers. Same answer as Node's
// `module.SourceMap#findEntry`: the last segment at or before the position, in the order of the generated code.

export interface RawSourceMap {
  sources: string[];
  sourceRoot?: string;
  mappings: string;
}

/** A place in the generated file or in a source, zero-based like findEntry's. */
export interface Position {
  line: number;
  column: number;
}

export interface Origin {
  source: string;
  line: number;
  column: number;
}

const BASE64 = new Int8Array(128).fill(-1);
for (const [i, c] of [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].entries()) {
  BASE64[c.charCodeAt(0)] = i;
}
const COMMA = 44;
const SEMICOLON = 59;

/** For each position (in any order), where it comes from, or null before the first mapped segment. */
export function originsOf(map: RawSourceMap, positions: readonly Position[]): (Origin | null)[] {
  const out: (Origin | null)[] = positions.map(() => null);
  // The positions in the generated code's order: one pass answers them all.
  const order = positions.map((_, i) => i).sort((a, b) => compare(positions[a]!, positions[b]!));
  const text = map.mappings;
  let next = 0; // the next position of `order` to answer
  let i = 0;
  let line = 0;
  let column = 0;
  let source = 0;
  let hasSource = false;
  let sourceLine = 0;
  let sourceColumn = 0;
  // The last segment seen, answered to every position before the segment being read.
  let last: Origin | null = null;
  const vlq = (): number => {
    let value = 0;
    let shift = 0;
    for (;;) {
      const digit = BASE64[text.charCodeAt(i++)] ?? -1;
      if (digit < 0) throw new Error(`bad source map: character ${i - 1} of its mappings`);
      value += (digit & 31) * 2 ** shift;
      if ((digit & 32) === 0) break;
      shift += 5;
    }
    return value % 2 === 1 ? -(value - 1) / 2 : value / 2;
  };
  const answerUpTo = (at: Position | null) => {
    while (next < order.length && (at === null || compare(positions[order[next]!]!, at) < 0)) {
      out[order[next]!] = last;
      next++;
    }
  };
  while (i < text.length && next < order.length) {
    const c = text.charCodeAt(i);
    if (c === SEMICOLON) {
      line++;
      column = 0;
      i++;
      continue;
    }
    if (c === COMMA) {
      i++;
      continue;
    }
    column += vlq();
    answerUpTo({ line, column });
    if (i < text.length && text.charCodeAt(i) !== COMMA && text.charCodeAt(i) !== SEMICOLON) {
      source += vlq();
      hasSource = true;
      sourceLine += vlq();
      sourceColumn += vlq();
      if (i < text.length && text.charCodeAt(i) !== COMMA && text.charCodeAt(i) !== SEMICOLON) vlq(); // the name
    }
    // A segment without a source (one field) keeps the previous one's, as findEntry does.
    const src = hasSource ? map.sources[source] : undefined;
    last = src === undefined ? last : { source: (map.sourceRoot ?? '') + src, line: sourceLine, column: sourceColumn };
  }
  answerUpTo(null);
  return out;
}

function compare(a: Position, b: Position): number {
  return a.line - b.line || a.column - b.column;
}
