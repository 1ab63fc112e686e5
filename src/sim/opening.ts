// How the virtual dealer opens a table: from an empty journal (set up, seat everyone, sensors, button, levels), or
// from one a previous run left behind (only what is missing).
import type { Profile } from '../domain/profile/profile.ts';
import type { EngineSnapshot } from '../domain/snapshot/types.ts';
import { gameOf } from '../domain/games/index.ts';
import { levelPlaying } from '../domain/games/mixed.ts';
import type { BettingName, GameName } from '../domain/games/index.ts';
import type { Level, PlayingLevel, Seat } from '../domain/types.ts';
import type { Random } from './random.ts';
import type { Step } from './steps.ts';
import type { VirtualTableOptions } from './options.ts';

export interface Opening {
  options: VirtualTableOptions;
  profile: Profile;
  random: Random;
  playerSeats: readonly Seat[];
  rate: number;
}

const LEVELS: Level[] = [
  { smallBlind: 100, bigBlind: 200, minutes: 4 },
  { smallBlind: 200, bigBlind: 400, ante: 50, minutes: 4 },
  { break: true as const, minutes: 2 },
  { smallBlind: 300, bigBlind: 600, ante: 75, minutes: 4 },
  { smallBlind: 500, bigBlind: 1000, ante: 100, minutes: 4 },
];

/** What the table plays at each level: the options' game and structure, or a mixed rotation (R-GAME-MIXED) that
 * moves on a game a level. */
function playsAt(o: Opening, i: number): { game: GameName; betting: BettingName; named: boolean } {
  const mixed = o.options.mixed;
  if (mixed && mixed.length > 0) return { ...mixed[i % mixed.length]!, named: true };
  const game = o.options.game ?? 'holdem';
  return { game, betting: o.options.betting ?? gameOf(game).defaultBetting, named: false };
}

/** The structure's levels, each with what its game and structure need (games/mixed.ts `levelPlaying`). */
function levelsFor(o: Opening): Level[] {
  let played = 0;
  return baseLevels(o).map((l) => {
    if ('break' in l) return l;
    const { named, ...plays } = playsAt(o, played++);
    return levelPlaying(l, plays, named);
  });
}

/** The short levels; a mixed game's go round them again until its rotation has come round three times. */
function baseLevels(o: Opening): Level[] {
  const levels = [...LEVELS];
  const playing = LEVELS.filter((l) => !('break' in l));
  for (let i = playing.length; i < 3 * (o.options.mixed?.length ?? 0); i++) levels.push(playing[i % playing.length]!);
  return levels;
}

const setupStep = ({ options }: Opening): Step => ({
  after: 0,
  input: {
    type: 'command',
    name: 'setup',
    seats: options.seats,
    profile: options.profile,
    ...(options.rules || options.chips
      ? { rules: { ...options.rules, ...(options.chips ? { chips: { mode: 'tracked' } } : {}) } }
      : {}),
    ...(options.game ? { game: options.game } : {}),
    ...(options.betting ? { betting: options.betting } : {}),
  },
  answer: null,
});
/** The stack each player starts with (and buys in again with) when the simulation plays with chips. */
export const SIM_STACK = 20_000;
export const seatPlayer = (o: Opening, seat: Seat, player = `Player ${seat}`): Step => ({
  after: 10,
  input: o.options.chips
    ? { type: 'command', name: 'seat-player', seat, player, chips: SIM_STACK }
    : { type: 'command', name: 'seat-player', seat, player },
  answer: null,
});
const sitDown = (seat: Seat): Step => ({ after: 10, input: { type: 'seat', seat, occupied: true }, answer: null });
const setButton = (o: Opening): Step => ({
  after: 10,
  input: { type: 'command', name: 'set-button', seat: o.random.pick(o.playerSeats) },
  answer: null,
});
export const levelsStart = (o: Opening): Step => ({
  after: 10,
  input: { type: 'command', name: 'levels-start', levels: levelsFor(o) },
  answer: null,
});
/** When a mixed game's structure reaches its last level, the floor loads it again once that level's time is up, as
 * a room running H.O.R.S.E. for hours would (the last level has no end of its own: R-LEVEL-CLOCK). Without it the
 * table would play the last level's game for the rest of the session. The last playing level's number and minutes,
 * or null when the structure is not the simulator's own mixed one. */
export function mixedStructureEnd(o: Opening): { level: number; minutes: number } | null {
  if (!wantsLevels(o) || (o.options.mixed?.length ?? 0) === 0) return null;
  const playing = levelsFor(o).filter((l): l is PlayingLevel => !('break' in l));
  return { level: playing.length, minutes: playing[playing.length - 1]!.minutes };
}

const wantsLevels = (o: Opening) =>
  o.options.levels ?? (o.rate > 0 || o.options.chips === true || (o.options.mixed?.length ?? 0) > 0);

/** The first shuffle waits for the seat sensors' debounce. */
export const firstShuffle = (profile: Profile): Step => ({
  after: profile.presence.debounceMs + 1000,
  input: { type: 'shuffle' },
  answer: 'hand.started',
});

/** An empty journal: setup, players and their sensors, the button, maybe levels, and the first shuffle. */
export function freshOpening(o: Opening): Step[] {
  const steps: Step[] = [setupStep(o)];
  for (const seat of o.playerSeats) steps.push(seatPlayer(o, seat), sitDown(seat));
  steps.push(setButton(o));
  if (wantsLevels(o)) steps.push(levelsStart(o));
  steps.push(firstShuffle(o.profile));
  return steps;
}

/** A recovered table: what it lacks for the virtual dealer to play on. `sensors` (players who were away sit down
 * again) may go in during a hand; `table` (setup, players, button, levels) waits for the hand to end. */
export function repairs(o: Opening, snapshot: EngineSnapshot): { sensors: Step[]; table: Step[] } {
  const table: Step[] = [];
  const sensors: Step[] = [];
  const setUpAgain =
    snapshot.seats !== o.options.seats ||
    snapshot.profile !== o.options.profile ||
    (snapshot.game ?? 'holdem') !== (o.options.game ?? 'holdem') ||
    (o.options.betting !== undefined && snapshot.betting !== o.options.betting);
  if (setUpAgain) table.push(setupStep(o));
  for (const seat of o.playerSeats) {
    const info = setUpAgain ? undefined : snapshot.seatInfo[seat - 1];
    if (!info?.player) table.push(seatPlayer(o, seat));
    if (!info?.present) sensors.push(sitDown(seat));
  }
  if (snapshot.button === null) table.push(setButton(o));
  if (wantsLevels(o) && snapshot.level === null) table.push(levelsStart(o));
  return { sensors, table };
}
