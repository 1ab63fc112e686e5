// npm run --silent replay -- FILE.jsonl | -
// Inputs in, one per line; events out, one JSON object per line, on stdout and nothing else there.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { loadProfiles, SHIPPED_RULES_DIR } from '../config/profiles.ts';
import { createTable } from '../domain/table.ts';
import { loadDeck } from '../deck/store.ts';
import { numbered } from '../runtime/numbering.ts';
import { parseReplayArgs } from './replay-args.ts';

async function main(): Promise<number> {
  const args = parseReplayArgs(process.argv.slice(2));
  if ('error' in args) {
    process.stderr.write(
      `${args.error}\nusage: npm run --silent replay -- FILE.jsonl|- [--rules DIR]... [--deck FILE]\n`,
    );
    return 2;
  }
  const profiles = loadProfiles([SHIPPED_RULES_DIR, ...args.rulesDirs]);
  // the enrolled deck file `npm run deck -- enroll` writes, checked the same way the table checks it
  const deck = args.deck === null ? undefined : loadDeck(args.deck);
  const table = createTable({ profiles, deck });
  const input = args.file === '-' ? process.stdin : createReadStream(args.file);
  const out: string[] = [];
  const flush = () => {
    if (out.length === 0) return true;
    const ok = process.stdout.write(out.join(''));
    out.length = 0;
    return ok;
  };
  let line = 0;
  let seq = 0; // numbered from 1, as a new journal numbers them
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const text of lines) {
    line += 1;
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    const events = value === undefined ? table.apply({ type: 'not-json' }, line) : table.apply(value, line);
    if (value === undefined && events[0]?.type === 'input.rejected') events[0].reason = 'not valid JSON';
    for (const e of events) out.push(JSON.stringify(numbered(e, ++seq)) + '\n');
    if (out.length > 512 && !flush()) await new Promise((r) => process.stdout.once('drain', r));
  }
  flush();
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`replay: ${(e as Error).message}\n`);
    process.exitCode = 1;
  },
);
