// Reads a text file line by line, synchronously, in large chunks: the same reader serves the parse-only floor and
// the replay pass, so the ratio between them measures the engine, not the reader.
import { closeSync, openSync, readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

export function forEachLine(file: string, onLine: (line: string, number: number) => void): number {
  const fd = openSync(file, 'r');
  const buffer = Buffer.allocUnsafe(1 << 22);
  const decoder = new StringDecoder('utf8');
  let rest = '';
  let number = 0;
  try {
    for (;;) {
      const n = readSync(fd, buffer, 0, buffer.length, null);
      const text = n === 0 ? rest + decoder.end() : rest + decoder.write(buffer.subarray(0, n));
      let start = 0;
      for (let end = text.indexOf('\n', start); end !== -1; end = text.indexOf('\n', start)) {
        if (end > start) onLine(text.slice(start, end), ++number);
        start = end + 1;
      }
      rest = text.slice(start);
      if (n === 0) {
        if (rest.length > 0) onLine(rest, ++number);
        return number;
      }
    }
  } finally {
    closeSync(fd);
  }
}
