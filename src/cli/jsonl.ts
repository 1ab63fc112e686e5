// The replays' shared loop (replay.ts, room-replay.ts): a JSONL file or standard input ('-') in, one line at a time,
// blank lines skipped but counted (1-based, as `input.rejected.line` says); what each line gives out on stdout,
// batched, waiting for stdout to drain so a long replay never piles up in memory.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

/** `value` is the parsed line, or undefined when the line is not JSON; the answer is the text to write for it. */
export type LineHandler = (value: unknown, line: number) => string[];

export async function replayLines(file: string, handle: LineHandler): Promise<void> {
  const input = file === '-' ? process.stdin : createReadStream(file);
  const out: string[] = [];
  const flush = () => {
    if (out.length === 0) return true;
    const ok = process.stdout.write(out.join(''));
    out.length = 0;
    return ok;
  };
  let line = 0;
  for await (const text of createInterface({ input, crlfDelay: Infinity })) {
    line += 1;
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    out.push(...handle(value, line));
    if (out.length > 512 && !flush()) await new Promise((r) => process.stdout.once('drain', r));
  }
  flush();
}
