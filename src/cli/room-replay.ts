// npm run --silent room-replay -- FILE.jsonl | - [--rules DIR]...
// Room inputs in, one per line; the room's outputs out, one JSON object per line, on stdout and nothing else there
// (protocol.md, "Room replay"). The same file gives the same output, byte for byte: the draws come from setup's seed.
import { loadRoomProfiles, SHIPPED_ROOM_RULES_DIR } from '../room/config/profiles.ts';
import { createRoom } from '../room/engine/engine.ts';
import { replayLines } from './jsonl.ts';

function parseArgs(argv: string[]): { file: string; rulesDirs: string[] } | { error: string } {
  let file: string | null = null;
  const rulesDirs: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--rules') {
      const v = argv[++i];
      if (!v) return { error: '--rules needs a folder of room profiles' };
      rulesDirs.push(v);
    } else if (a.startsWith('--') && a !== '-') return { error: `unknown option ${a}` };
    else if (file === null) file = a;
    else return { error: `one input file only (got ${file} and ${a})` };
  }
  if (file === null) return { error: 'which file? give a JSONL file of room inputs, or - for standard input' };
  return { file, rulesDirs };
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if ('error' in args) {
    process.stderr.write(`${args.error}\nusage: npm run --silent room-replay -- FILE.jsonl|- [--rules DIR]...\n`);
    return 2;
  }
  const room = createRoom({ profiles: loadRoomProfiles([SHIPPED_ROOM_RULES_DIR, ...args.rulesDirs]) });
  await replayLines(args.file, (value, line) => {
    const outputs = room.apply(value === undefined ? { type: 'not-json' } : value, line);
    const last = outputs[outputs.length - 1];
    if (value === undefined && last?.type === 'input.rejected') last.reason = 'not valid JSON';
    return outputs.map((o) => JSON.stringify(o) + '\n');
  });
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`room-replay: ${(e as Error).message}\n`);
    process.exitCode = 1;
  },
);
