// What the virtual table is given and what it offers (src/sim/virtual-table.ts).
import { TableError } from '../domain/errors.ts';
import type { BettingName, GameName } from '../domain/games/index.ts';
import type { Profile } from '../domain/profile/profile.ts';
import type { Input, EngineEvent } from '../domain/types.ts';
import type { ResumeFrom } from './resume.ts';

export interface VirtualTableOptions {
  seed: number;
  seats: number;
  /** Players seated in seats 1 … players. */
  players: number;
  /** Rule profile name for the `setup` command. */
  profile: string;
  /** The game (R-GAME) for the `setup` command; hold'em when absent. */
  game?: GameName;
  /** The betting structure (R-GAME-LIST) for the `setup` command; the game's own when absent. Limit levels carry
   * their fixed bets (opening.ts). */
  betting?: BettingName;
  /** A mixed game (R-GAME-MIXED, e.g. H.O.R.S.E.): the levels play these in turn, one a level, each level naming its
   * game and structure; `game` and `betting` are then the table's between levels. Runs the level clock. */
  mixed?: readonly { game: GameName; betting: BettingName }[];
  /** Chance per hand (0 … 1) of one irregularity: exposed or extra or premature card, four-card flop, dealer
   * misdeal, clock call (answered or running out), time bank, a player away for a few hands. 0: clean play. */
  irregularityRate: number;
  /** Virtual time (ms) of the first input. */
  startAt: number;
  /** Overrides sent with `setup` (same shape as a profile file), e.g. to turn the shot clock on. */
  rules?: Record<string, unknown>;
  /** Where `profile` is looked up (default: the shipped profiles in config/rules). */
  profiles?: Readonly<Record<string, Profile>>;
  /** The enrolled deck (uid → card): reads then carry `uid` instead of `card`. */
  deck?: ReadonlyMap<string, string>;
  /** Run a level clock with short levels (default: when irregularityRate > 0). */
  levels?: boolean;
  /** Card antennas at the seats, the board and the muck (R-CARD-PLACE, sightings.ts): now and then a card is seen
   * where it lies, and in a share of hands (irregularityRate / 4) at the wrong seat. Off by default. */
  sightings?: boolean;
  /** Play with chips tracked (R-CHIPS-TRACKED): stacks, blinds and antes, bets with amounts, all-ins, side pots and
   * busts; a busted player buys in again before the next hand (a rebuy, BFP 18). Runs the level clock. */
  chips?: boolean;
  /** The table was recovered from a journal (src/sim/resume.ts): play on from it instead of setting up. */
  resume?: ResumeFrom;
}

export interface VirtualTable {
  /** The first inputs: setup, players, seat sensors, the first button, maybe levels, and the first shuffle. */
  start(): Input[];
  /** Call with every batch of events the table emits (all the events of one input or tick, as `Table.apply` and the
   * runtime's `onEvents` give them); returns the next inputs, each with the future `at` it should be applied at. */
  react(events: readonly EngineEvent[]): Input[];
}

/** Refuses options no table could be: a clear error for a wrong `--seats` or a caller's mistake. */
export function checkOptions(options: VirtualTableOptions): void {
  if (!Number.isInteger(options.seats) || options.seats < 2)
    throw new TableError('CONFIG_INVALID', `virtual table: seats must be an integer ≥ 2, got ${options.seats}`);
  if (!Number.isInteger(options.players) || options.players < 2 || options.players > options.seats) {
    throw new TableError(
      'CONFIG_INVALID',
      `virtual table: players must be an integer from 2 to the ${options.seats} seats, got ${options.players}`,
    );
  }
  if (!Number.isFinite(options.startAt))
    throw new TableError('CONFIG_INVALID', 'virtual table: startAt must be a time in ms');
}
