// `npm start -- [flags]`: the command line, checked, with a clear message for each mistake (docs/board.md lists them).
import { parseArgs } from 'node:util';
import { TableError } from '../domain/errors.ts';
import {
  BETTING_NAMES,
  GAME_NAMES,
  isBettingName,
  isGameName,
  type BettingName,
  type GameName,
} from '../domain/games/index.ts';
import { MAX_SEATS, MIN_SEATS } from '../protocol/limits.ts';
import { MIXED_GAMES, type MixedPart } from '../sim/index.ts';

export interface StartArgs {
  /** Real hardware from this table config; absent: the simulated table. */
  config: string | null;
  mqttPort: number | null;
  wsPort: number | null;
  httpPort: number | null;
  /** Play this many hands, then exit 0. Simulated table only. */
  hands: number | null;
  speed: number;
  seed: number;
  irregularities: number;
  seats: number;
  /** The simulated table plays in this room (docs/room.md): the room seats its players and runs its clock. */
  room: string | null;
  /** The simulated table publishes on this broker (mqtt://…) instead of an embedded one; with --room, the room's. */
  broker: string | null;
  /** The simulated table's id (default `sim`): in a room, one of the room's tables. */
  tableId: string | null;
  /** The simulated table runs a level clock (on unless `--no-levels`, whatever the irregularity rate). */
  levels: boolean;
  /** The simulated table's game (R-GAME); with `mixed`, the first the levels play. */
  game: GameName;
  /** `--game horse`: the levels play these in turn (R-GAME-MIXED); null: every level plays `game`. */
  mixed: readonly MixedPart[] | null;
  /** The simulated table's betting structure (R-GAME-LIST); null: the game's own. */
  betting: BettingName | null;
  /** The simulated table plays with chips tracked (R-CHIPS-TRACKED). */
  chips: boolean;
  /** With chips: the players' amounts go out as chips through a simulated chip reader at each seat. */
  chipReaders: boolean;
  stateDir: string | null;
  logLevel: 'trace' | 'debug' | 'info' | 'warn' | 'error' | null;
  /** With --config: `text` (sentences, the default on a terminal) or `json` (lines for journald, the default
   * otherwise); null: decided by whether stdout is a terminal. */
  logFormat: 'text' | 'json' | null;
  /** Path of the log file (simulated mode); null: warnings and errors on stderr. */
  logFile: string | null;
  /** A journal found empty or damaged is moved aside and a new one (new epoch) started; a sound one is kept. */
  newJournal: boolean;
  help: boolean;
}

export const USAGE = `Usage: npm start -- [flags]

Without --config: a simulated table (virtual dealer and players, simulated shoe and board, embedded MQTT broker).
  --config FILE          run real hardware from this table config (config/*.yaml)
  --mqtt-port N          embedded broker's MQTT/TCP port (simulated default 1883; with --config overrides mqtt.embedded.port)
  --ws-port N            embedded broker's MQTT-over-WebSocket port for browsers (default 8083)
  --http-port N          display board web page (default 8080)
  --hands N              play N hands, then exit 0 (simulated table)
  --speed X              simulated time runs X times faster than the wall clock (default 1)
  --seed N               the simulation's random seed (default: random, printed at start)
  --irregularities RATE  share of hands with an irregularity, 0..1 (default 0.15)
  --seats N              seats at the simulated table, ${MIN_SEATS}..${MAX_SEATS} (default 9)
  --game GAME            the simulated table's game: holdem (default), omaha, omaha-hilo, stud, stud-hilo, razz,
                         or horse (limit hold'em, Omaha hi-lo, razz, stud, stud hi-lo: a game a level)
  --no-levels            the simulated table runs no level clock (it runs one by default)
  --room ID --broker URL the simulated table plays in room ID on its broker: the room seats the players
  --table-id ID          the simulated table's id (default sim); in a room, one of its tables (e.g. table-4)
  --betting STRUCTURE    the simulated table's betting: no-limit, pot-limit or limit (default: the game's own)
  --chips                the simulated table tracks chips: stacks, blinds, bets, side pots, busts (and rebuys)
  --chip-readers         --chips, with a simulated chip reader at each seat: calls, bets and raises go out as chips
  --state-dir DIR        journal and outbox of the simulated table (default: a fresh temporary directory)
  --log-level LEVEL      trace, debug, info, warn, error (simulated default warn; with --config the config's)
  --log-file FILE        simulated mode: JSON logs to FILE instead of stderr
  --log-format F         with --config: text (sentences; the default on a terminal) or json (the default otherwise)
  --new-journal          if the journal is damaged (JOURNAL_DAMAGED), keep it aside and start a new one (new epoch)
  --help                 this text`;

const TEXT = { type: 'string' } as const;
const SWITCH = { type: 'boolean' } as const;
const FLAGS = {
  config: TEXT,
  'mqtt-port': TEXT,
  'ws-port': TEXT,
  'http-port': TEXT,
  hands: TEXT,
  speed: TEXT,
  seed: TEXT,
  irregularities: TEXT,
  seats: TEXT,
  game: TEXT,
  'no-levels': SWITCH,
  room: TEXT,
  broker: TEXT,
  'table-id': TEXT,
  betting: TEXT,
  chips: SWITCH,
  'chip-readers': SWITCH,
  'state-dir': TEXT,
  'log-level': TEXT,
  'log-file': TEXT,
  'log-format': TEXT,
  'new-journal': SWITCH,
  help: { type: 'boolean', short: 'h' },
} as const;

/** Flags only the simulated table takes: with --config the config file decides them. */
const SIMULATED_ONLY = [
  ['--hands', 'hands'],
  ['--speed', 'speed'],
  ['--seed', 'seed'],
  ['--irregularities', 'irregularities'],
  ['--seats', 'seats'],
  ['--game', 'game'],
  ['--no-levels', 'no-levels'],
  ['--room', 'room'],
  ['--broker', 'broker'],
  ['--table-id', 'table-id'],
  ['--betting', 'betting'],
  ['--chips', 'chips'],
  ['--chip-readers', 'chip-readers'],
  ['--state-dir', 'state-dir'],
] as const;

type Flags = ReturnType<typeof readFlags>;

export function parseStartArgs(argv: readonly string[]): StartArgs {
  const v = readFlags(argv);
  const args: StartArgs = { ...checkedChoices(v), ...checkedNumbers(v), ...plainFlags(v) };
  if (args.config !== null) refuseSimulatedFlags(v);
  checkRoom(args);
  return args;
}

function readFlags(argv: readonly string[]) {
  try {
    return parseArgs({ args: [...argv], strict: true, allowPositionals: false, options: FLAGS }).values;
  } catch (error) {
    throw usage((error as Error).message);
  }
}

/** The flags that name one of a few choices, checked in the order a reader meets them in the usage text. */
function checkedChoices(v: Flags): Pick<StartArgs, 'logLevel' | 'logFormat' | 'game' | 'mixed' | 'betting'> {
  const logLevel = v['log-level'] ?? null;
  if (logLevel !== null && !['trace', 'debug', 'info', 'warn', 'error'].includes(logLevel)) {
    throw usage(`--log-level must be trace, debug, info, warn or error, got "${logLevel}"`);
  }
  const logFormat = v['log-format'] ?? null;
  if (logFormat !== null && logFormat !== 'text' && logFormat !== 'json') {
    throw usage(`--log-format must be text or json, got "${logFormat}"`);
  }
  const named = v.game ?? 'holdem';
  const mixed = Object.hasOwn(MIXED_GAMES, named) ? MIXED_GAMES[named]! : null;
  const game = mixed ? mixed[0]!.game : named;
  const choices = [...GAME_NAMES, ...Object.keys(MIXED_GAMES)];
  if (!isGameName(game)) throw usage(`--game must be ${choices.join(' or ')}, got "${named}"`);
  const betting = v.betting ?? null;
  if (betting !== null && !isBettingName(betting))
    throw usage(`--betting must be ${BETTING_NAMES.join(', ')}, got "${betting}"`);
  if (betting !== null && mixed)
    throw usage(`--betting is not for --game ${named}: each of its games is played ${mixed[0]!.betting}`);
  return { logLevel: logLevel as StartArgs['logLevel'], logFormat, game, mixed, betting };
}

function checkedNumbers(v: Flags) {
  return {
    mqttPort: port(v['mqtt-port'], '--mqtt-port'),
    wsPort: port(v['ws-port'], '--ws-port'),
    httpPort: port(v['http-port'], '--http-port'),
    hands: int(v.hands, '--hands', 1, 1_000_000),
    speed: number(v.speed, '--speed', 1, 0.01, 10_000),
    seed: int(v.seed, '--seed', 0, 2 ** 31 - 1) ?? Math.floor(Math.random() * 2 ** 31),
    irregularities: number(v.irregularities, '--irregularities', 0.15, 0, 1),
    seats: int(v.seats, '--seats', MIN_SEATS, MAX_SEATS) ?? 9,
  };
}

function plainFlags(v: Flags) {
  return {
    config: v.config ?? null,
    levels: !(v['no-levels'] ?? false),
    room: v.room ?? null,
    broker: v.broker ?? null,
    tableId: v['table-id'] ?? null,
    chips: (v.chips ?? false) || (v['chip-readers'] ?? false),
    chipReaders: v['chip-readers'] ?? false,
    stateDir: v['state-dir'] ?? null,
    logFile: v['log-file'] ?? null,
    newJournal: v['new-journal'] ?? false,
    help: v.help ?? false,
  };
}

function refuseSimulatedFlags(v: Flags): void {
  for (const [flag, key] of SIMULATED_ONLY) {
    if (v[key] !== undefined) throw usage(`${flag} is for the simulated table; with --config the config file decides`);
  }
}

/** A room is on a broker, and its ids go into MQTT topics. */
function checkRoom(args: StartArgs): void {
  if (args.room !== null && args.broker === null)
    throw usage(
      "--room needs --broker: the room's broker, e.g. --broker mqtt://127.0.0.1:1884 for `npm run room -- --demo`",
    );
  if (args.broker !== null && !/^mqtts?:\/\/[^/]+/.test(args.broker))
    throw usage(`--broker must be an mqtt:// or mqtts:// URL, got "${args.broker}"`);
  for (const [flag, id] of [
    ['--room', args.room],
    ['--table-id', args.tableId],
  ] as const) {
    if (id !== null && !/^[A-Za-z0-9_-]{1,64}$/.test(id))
      throw usage(`${flag} must be letters, digits, - and _ (as in MQTT topics), got "${id}"`);
  }
}

function usage(message: string): TableError {
  return new TableError('CONFIG_INVALID', `${message}\n\n${USAGE}`);
}

function int(raw: string | undefined, flag: string, min: number, max: number): number | null {
  if (raw === undefined) return null;
  const n = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw usage(`${flag} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return n;
}

function port(raw: string | undefined, flag: string): number | null {
  // 0 asks the system for a free port (tests).
  return int(raw, flag, 0, 65535);
}

function number(raw: string | undefined, flag: string, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n) || n < min || n > max) {
    throw usage(`${flag} must be a number from ${min} to ${max}, got "${raw}"`);
  }
  return n;
}
