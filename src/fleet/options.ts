// What `npm run fleet` is asked (cli/fleet-args.ts) and what it answers (run.ts).
export interface FleetOptions {
  tables: number;
  broker: string;
  /** Stop after this many hands per table (null: play to a winner). */
  hands: number | null;
  seats: number;
  /** Players registered per table at the start (entries = tables × this). */
  perTable: number;
  /** Virtual time runs this many times faster than the wall clock. */
  speed: number;
  /** Child processes holding the tables. */
  workers: number;
  seed: number;
  /** Virtual minutes per level. */
  levelMinutes: number;
  /** The tables run the structure themselves (for tables that do not take the room's `level-set`). */
  tableLevels: boolean;
  /** Give up when no hand ends anywhere for this long (wall ms). */
  stallMs: number;
  /** The room keeps money; the floor takes re-entries and rebuys (money.ts). */
  money?: boolean;
  /** What the levels play (cli/fleet-args.ts): a game, or a mixed game's rotation, one a level; null: the tables'
   * hold'em, the levels naming no game. */
  game?: string | null;
  print(line: string): void;
}

export interface FleetResult {
  ok: boolean;
  events: number;
  lost: number;
  outOfOrder: number;
  p99: number;
  winner: string | null;
  entries: number;
}
