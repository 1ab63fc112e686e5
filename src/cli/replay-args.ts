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
