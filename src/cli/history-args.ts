// `npm run history` options (docs/history.md).
import { basename, resolve } from 'node:path';

export interface HistoryArgs {
  stateDir: string;
  from: number | null;
  to: number | null;
  format: 'ohh' | 'pokerstars';
  public: boolean;
  tableId: string;
  room: string | null;
}

export const HISTORY_USAGE =
  'usage: npm run --silent history -- --state-dir DIR [--from HAND] [--to HAND] [--format ohh|pokerstars] [--public]' +
  ' [--table ID] [--room ID]';

export function parseHistoryArgs(argv: readonly string[]): HistoryArgs | { error: string } {
  const values = new Map<string, string>();
  let pub = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--public') {
      pub = true;
      continue;
    }
    if (!['--state-dir', '--from', '--to', '--format', '--table', '--room'].includes(a)) {
      return { error: `unknown option ${a}` };
    }
    const v = argv[++i];
    if (v === undefined || v.startsWith('--')) return { error: `${a} needs a value` };
    values.set(a, v);
  }
  const stateDir = values.get('--state-dir');
  if (!stateDir) return { error: "which table? give --state-dir DIR, the folder of the table's journal (table.db)" };
  const from = hand(values.get('--from'), '--from');
  const to = hand(values.get('--to'), '--to');
  if (typeof from === 'string') return { error: from };
  if (typeof to === 'string') return { error: to };
  if (from !== null && to !== null && from > to) return { error: `--from ${from} is after --to ${to}` };
  const format = values.get('--format') ?? 'ohh';
  if (format !== 'ohh' && format !== 'pokerstars')
    return { error: `--format must be ohh or pokerstars, not ${format}` };
  return {
    stateDir,
    from,
    to,
    format,
    public: pub,
    // the table's id is not in its journal: by default the journal folder's name, as `storage.dir` usually is
    tableId: values.get('--table') ?? basename(resolve(stateDir)),
    room: values.get('--room') ?? null,
  };
}

function hand(value: string | undefined, option: string): number | null | string {
  if (value === undefined) return null;
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : `${option} must be a hand number (1, 2, 3 …), not ${value}`;
}
