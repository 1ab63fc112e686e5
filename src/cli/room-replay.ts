// npm run --silent room-replay -- FILE.jsonl | - [--rules DIR]...
// Room inputs in, one per line; the room's outputs out, one JSON object per line, on stdout and nothing else there
// (protocol.md, "Room replay"). The same file gives the same output, byte for byte: the draws come from setup's seed.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { loadRoomProfiles, SHIPPED_ROOM_RULES_DIR } from '../room/config/profiles.ts';
import { createRoom } from '../room/engine/engine.ts';

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
  const input = args.file === '-' ? process.stdin : createReadStream(args.file);
  const out: string[] = [];
  const flush = () => {
    const ok = out.length === 0 || process.stdout.write(out.join(''));
    out.length = 0;
    return ok;
  };
  let line = 0;
  for await (const text of createInterface({ input, crlfDelay: Infinity })) {
    line += 1;
    if (text.trim() === '') continue;
    let value: unknown;
    let json = true;
    try {
      value = JSON.parse(text);
    } catch {
      json = false;
    }
    const outputs = room.apply(json ? value : { type: 'not-json' }, line);
    const last = outputs[outputs.length - 1];
    if (!json && last?.type === 'input.rejected') last.reason = 'not valid JSON';
    for (const o of outputs) out.push(JSON.stringify(o) + '\n');
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
    process.stderr.write(`room-replay: ${(e as Error).message}\n`);
    process.exitCode = 1;
  },
);
