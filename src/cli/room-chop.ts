// npm run room -- chop (docs/room-money.md, "Deals"): the ICM and even chops of what is left at a final table, for the
// floor to show the players. Either from the room's retained `room/<id>/prizes` (--config room.yaml: the stacks the
// room knows and the prizes left), or from figures typed in (--stacks 52000,31000,17000 --prizes 50000,30000,20000,
// prizes in cents, best place first). Prints a table; exit 0, 1 when nothing can be computed, 2 on bad flags.
import mqtt from 'mqtt';
import { readFileSync } from 'node:fs';
import { loadRoomConfig } from '../room/config/load.ts';
import { evenChop, icmChop, MAX_ICM_PLAYERS } from '../room/engine/money/icm.ts';
import { decimal } from '../room/engine/money/summary.ts';
import { roomTopics } from '../room/service/topics.ts';

export const CHOP_USAGE =
  'usage: npm run room -- chop --config room.yaml\n' +
  '       npm run room -- chop --stacks 52000,31000,17000 --prizes 50000,30000,20000 [--players Ann,Bob,Cat]\n' +
  '       (prizes in cents, best place first)\n';

export interface ChopRow {
  player: string;
  stack: number;
  icm: number;
  even: number;
}

/** The table the floor reads out: one line a player, biggest stack first, amounts as decimals, and the totals. */
export function chopTable(rows: readonly ChopRow[], currency: string): string {
  const sorted = [...rows].sort((a, b) => b.stack - a.stack);
  const lines = [['player', 'stack', `ICM ${currency}`, `even ${currency}`]];
  for (const r of sorted) lines.push([r.player, String(r.stack), decimal(r.icm), decimal(r.even)]);
  const sum = (k: 'icm' | 'even') => decimal(rows.reduce((n, r) => n + r[k], 0));
  lines.push(['total', String(rows.reduce((n, r) => n + r.stack, 0)), sum('icm'), sum('even')]);
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  return (
    lines.map((l) => l.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')).join('\n') +
    '\n'
  );
}

const list = (v: string) => v.split(',').map((x) => x.trim());
const whole = (xs: string[]) => xs.every((x) => /^\d+$/.test(x));

/** Rows from typed figures, or the sentence saying what is wrong. */
export function chopFromFigures(stacks: string, prizes: string, players?: string): ChopRow[] | string {
  const s = list(stacks);
  const p = list(prizes);
  if (!whole(s) || s.some((x) => Number(x) < 1)) return '--stacks: whole numbers of chips from 1, comma-separated';
  if (!whole(p)) return '--prizes: whole numbers of cents, comma-separated, best place first';
  if (s.length < 2 || s.length > MAX_ICM_PLAYERS) return `a chop is for 2 to ${MAX_ICM_PLAYERS} players`;
  const names = players ? list(players) : s.map((_, i) => `player ${i + 1}`);
  if (names.length !== s.length) return '--players: one name for each stack';
  const stackN = s.map(Number);
  const prizeN = p.map(Number).slice(0, s.length);
  const icm = icmChop(stackN, prizeN);
  const even = evenChop(
    stackN,
    prizeN.reduce((a, b) => a + b, 0),
  );
  return names.map((player, i) => ({ player, stack: stackN[i]!, icm: icm[i]!, even: even[i]! }));
}

function flags(argv: string[]): Record<string, string> | string {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i += 2) {
    const k = argv[i]!;
    if (k === '--help' || k === '-h') return '';
    if (!['--config', '--stacks', '--prizes', '--players'].includes(k)) return `unknown argument ${k}`;
    const v = argv[i + 1];
    if (v === undefined) return `${k} needs a value`;
    out[k.slice(2)] = v;
  }
  return out;
}

/** Reads the room's retained prizes (5 s at most) with the room config's broker and account. */
async function fromRoom(file: string): Promise<{ rows: ChopRow[]; currency: string } | string> {
  const config = loadRoomConfig(file);
  const m = config.mqtt;
  const client = await mqtt.connectAsync(m.url, {
    username: m.username,
    password: m.password,
    ca: m.caFile ? readFileSync(m.caFile) : undefined,
    rejectUnauthorized: m.rejectUnauthorized,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
  try {
    const topic = roomTopics(config).prizes;
    const body = await new Promise<Record<string, unknown> | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), 5000);
      client.on('message', (_t, payload) => {
        clearTimeout(timer);
        resolve(JSON.parse(payload.toString('utf8')) as Record<string, unknown>);
      });
      void client.subscribeAsync(topic, { qos: 1 });
    });
    if (!body) return `no prizes on ${topic}: is the room running, with money in its setup?`;
    if (!Array.isArray(body.chop))
      return `no chop yet: it is shown once the money is reached, with 2 to ${MAX_ICM_PLAYERS} players left whose stacks the room knows (${String(body.playersLeft)} left)`;
    return { rows: body.chop as ChopRow[], currency: String(body.currency) };
  } finally {
    await client.endAsync();
  }
}

export async function runChop(argv: string[], out: (s: string) => void): Promise<number> {
  const f = flags(argv);
  if (typeof f === 'string') {
    out(`${f ? `${f}\n` : ''}${CHOP_USAGE}`);
    return f ? 2 : 0;
  }
  if (f.config !== undefined) {
    const got = await fromRoom(f.config);
    if (typeof got === 'string') {
      out(`${got}\n`);
      return 1;
    }
    out(chopTable(got.rows, got.currency));
    return 0;
  }
  if (f.stacks === undefined || f.prizes === undefined) {
    out(CHOP_USAGE);
    return 2;
  }
  const rows = chopFromFigures(f.stacks, f.prizes, f.players);
  if (typeof rows === 'string') {
    out(`${rows}\n`);
    return 2;
  }
  out(chopTable(rows, 'amount'));
  return 0;
}
