// The flags of `npm run fleet` (src/cli/fleet.ts), checked: a mistake is a sentence, exit 2.
import type { FleetOptions } from '../fleet/run.ts';
import { MIXED_GAMES, partsNamed, playersFor } from '../sim/index.ts';
import { GAME_NAMES } from '../domain/games/index.ts';

export const USAGE = `usage: npm run fleet -- --tables N --broker URL [--hands H] [--speed X] [--workers W] [--seed S]
       [--seats 9] [--players-per-table 8] [--level-minutes 3] [--table-levels] [--stall-seconds 120] [--money]
       [--game holdem|omaha|omaha-hilo|stud|razz|stud-hilo|horse]\n`;

type Parsed = Omit<FleetOptions, 'print'>;

export function parseFleetArgs(argv: string[]): Parsed | { error: string } {
  const o: Partial<Parsed> = {};
  const numbers: Record<string, (v: number) => void> = {
    '--tables': (v) => (o.tables = v),
    '--hands': (v) => (o.hands = v),
    '--speed': (v) => (o.speed = v),
    '--workers': (v) => (o.workers = v),
    '--seed': (v) => (o.seed = v),
    '--seats': (v) => (o.seats = v),
    '--players-per-table': (v) => (o.perTable = v),
    '--level-minutes': (v) => (o.levelMinutes = v),
    '--stall-seconds': (v) => (o.stallMs = v * 1000),
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--help' || a === '-h') return { error: '' };
    if (a === '--table-levels') o.tableLevels = true;
    else if (a === '--money') o.money = true;
    else if (a === '--game') {
      const v = argv[++i] ?? '';
      const names = [...GAME_NAMES, ...Object.keys(MIXED_GAMES)];
      if (!partsNamed(v)) return { error: `--game needs one of ${names.join(', ')}${v ? `, got "${v}"` : ''}` };
      o.game = v;
    } else if (a === '--broker') {
      const v = argv[++i];
      if (!v) return { error: '--broker needs a URL' };
      o.broker = v;
    } else if (numbers[a]) {
      const v = Number(argv[++i]);
      if (!Number.isFinite(v) || v <= 0) return { error: `${a} needs a positive number` };
      numbers[a](v);
    } else return { error: `unknown argument ${a}` };
  }
  if (!o.tables || !Number.isInteger(o.tables)) return { error: 'how many tables? give --tables N' };
  if (!o.broker) return { error: 'which broker? give --broker mqtt://host:port' };
  const parts = o.game ? partsNamed(o.game)! : null;
  // A stud game deals 8 players at most (R-STUD-DEAL): the room's tables get no more seats than every game can deal.
  const most = parts
    ? playersFor(
        9,
        parts.map((p) => p.game),
      )
    : 9;
  const seats = o.seats ?? most;
  if (seats > most) return { error: `--game ${o.game} deals ${most} players at most: give --seats ${most} or fewer` };
  const perTable = o.perTable ?? Math.max(2, seats - 1);
  if (perTable > seats) return { error: '--players-per-table must be at most --seats' };
  return {
    tables: o.tables,
    broker: o.broker,
    hands: o.hands ?? null,
    seats,
    perTable,
    speed: o.speed ?? 20,
    workers: o.workers ?? Math.min(4, Math.ceil(o.tables / 125)),
    seed: o.seed ?? 1,
    levelMinutes: o.levelMinutes ?? 3,
    tableLevels: o.tableLevels ?? false,
    stallMs: o.stallMs ?? 120_000,
    money: o.money ?? false,
    game: o.game ?? null,
  };
}
