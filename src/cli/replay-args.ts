import { readFileSync } from 'node:fs';
import { TableError } from '../domain/errors.ts';
import { normalizeUid, parseCard } from '../domain/cards.ts';

export function parseReplayArgs(
  argv: string[],
): { file: string; rulesDirs: string[]; deck: string | null } | { error: string } {
  let file: string | null = null;
  const rulesDirs: string[] = [];
  let deck: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--rules' || a === '--deck') {
      const v = argv[++i];
      if (!v) return { error: `${a} needs a value` };
      if (a === '--rules') rulesDirs.push(v);
      else deck = v;
    } else if (a.startsWith('--')) return { error: `unknown option ${a}` };
    else if (file === null) file = a;
    else return { error: `one input file only (got ${file} and ${a})` };
  }
  if (file === null) return { error: 'which file? give a JSONL file of inputs, or - for standard input' };
  return { file, rulesDirs, deck };
}

/** A deck file for uid reads: {"<uid>": "As", …} (what `npm run deck -- enroll` writes). */
export function loadDeckIfGiven(file: string | null): Map<string, string> | undefined {
  if (file === null) return undefined;
  const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const map = new Map<string, string>();
  const entries = (raw.cards && typeof raw.cards === 'object' ? raw.cards : raw) as Record<string, unknown>;
  for (const [uid, card] of Object.entries(entries)) {
    const u = normalizeUid(uid);
    const c = typeof card === 'string' ? parseCard(card) : null;
    if (!u || !c)
      throw new TableError('DECK_INVALID', `${file}: entry ${uid} → ${String(card)} is not a tag and a card`, { file });
    map.set(u, c);
  }
  return map;
}
