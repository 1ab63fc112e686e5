// npm run --silent replay -- FILE.jsonl | -
// Inputs in, one per line; events out, one JSON object per line, on stdout and nothing else there.
import { loadProfiles, SHIPPED_RULES_DIR } from '../config/profiles.ts';
import { createTable } from '../domain/table.ts';
import { loadDeck } from '../enrolment/deck/store.ts';
import { numbered } from '../runtime/numbering.ts';
import { replayLines } from './jsonl.ts';
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
  let seq = 0; // numbered from 1, as a new journal numbers them
  await replayLines(args.file, (value, line) => {
    const events = value === undefined ? table.apply({ type: 'not-json' }, line) : table.apply(value, line);
    if (value === undefined && events[0]?.type === 'input.rejected') events[0].reason = 'not valid JSON';
    return events.map((e) => JSON.stringify(numbered(e, ++seq)) + '\n');
  });
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
