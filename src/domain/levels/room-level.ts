// R-ROOM-CLOCK: a table in a room follows the room's level clock (`level-set`) instead of its own. The first
// `level-set` stops the table's own clock for good; a change of level applies from the next shuffle (R-LEVEL-CLOCK),
// and a `level-set` of the level already in force changes only the clock shown.
import type { Ctx } from '../context.ts';
import { levelGame } from './check.ts';
import { appliesToHand, levelOf, levelSnapshot } from './levels.ts';
import type { LevelClockSnapshot } from '../snapshot/types.ts';
import type { RoomLevel, State } from '../state.ts';
import type { LevelPlays, PlayingLevel, RoomClock } from '../types.ts';

type Blinds = NonNullable<RoomLevel['blinds']>;

/** The blinds of the table's own level `number` (breaks excluded), or null. */
function ownBlinds(state: State, number: number | null): Blinds | null {
  const ls = state.levels;
  if (!ls || number === null) return null;
  const i = ls.levels.findIndex((l, k) => ls.numbers[k] === number && !('break' in l));
  const level = ls.levels[i];
  if (!level || 'break' in level) return null;
  return {
    level: number,
    smallBlind: level.smallBlind,
    bigBlind: level.bigBlind,
    ante: level.ante ?? 0,
    ...playsOf(level),
  };
}

/** What a level plays beyond its blinds (R-GAME-MIXED, R-BET-LIMIT), copied where it says. */
function playsOf(l: LevelPlays): LevelPlays {
  const plays: LevelPlays = {};
  if (l.game !== undefined) plays.game = l.game;
  if (l.betting !== undefined) plays.betting = l.betting;
  if (l.smallBet !== undefined) plays.smallBet = l.smallBet;
  if (l.bigBet !== undefined) plays.bigBet = l.bigBet;
  if (l.bringIn !== undefined) plays.bringIn = l.bringIn; // R-STUD-BRING-IN
  return plays;
}

const samePlays = (a: LevelPlays, b: LevelPlays) =>
  a.game === b.game &&
  a.betting === b.betting &&
  a.smallBet === b.smallBet &&
  a.bigBet === b.bigBet &&
  a.bringIn === b.bringIn;

/** The playing level in force numbered `number`, the room's or the table's own (R-ROOM-CLOCK), or null. */
export function levelInForce(state: State, number: number | null): PlayingLevel | null {
  if (!state.room) return levelOf(state, number);
  const b = roomBlinds(state.room, number);
  return b && { smallBlind: b.smallBlind, bigBlind: b.bigBlind, ante: b.ante, minutes: 0, ...playsOf(b) };
}

/** The level shown before this `level-set`, as the fields that make it "the same level". */
function shown(
  state: State,
): (Pick<RoomClock, 'level' | 'isBreak' | 'smallBlind' | 'bigBlind' | 'ante'> & LevelPlays) | null {
  return state.room?.clock ?? levelSnapshot(state.levels, state.now);
}

export function levelSet(ctx: Ctx, input: RoomClock): void {
  const state = ctx.state;
  const { level, endsAt, remainingMs, paused, next } = input;
  // the room's payload order (level, isBreak, blinds, endsAt, …), as `level.set` repeats it
  const clock: RoomClock = input.isBreak
    ? { level, isBreak: true, smallBlind: null, bigBlind: null, ante: null, endsAt, remainingMs, paused, next }
    : {
        level,
        isBreak: false,
        smallBlind: input.smallBlind,
        bigBlind: input.bigBlind,
        ante: input.ante,
        ...playsOf(input),
        endsAt,
        remainingMs,
        paused,
        next,
      };
  const before = shown(state);
  // The first level-set: the table's own clock stops for good; the blinds it had for the next hand stay in force
  // until the room names a playing level (a room that starts on a break).
  const blinds = state.room ? state.room.blinds : ownBlinds(state, state.levelForNextHand);
  state.levels = null;
  state.room = {
    clock,
    at: ctx.at,
    blinds: clock.isBreak
      ? blinds
      : {
          level: clock.level,
          smallBlind: clock.smallBlind ?? undefined, // a stud level may have none (R-STUD-BRING-IN)
          bigBlind: clock.bigBlind ?? undefined,
          ante: clock.ante,
          ...playsOf(clock),
        },
  };
  const same =
    before !== null &&
    before.level === clock.level &&
    before.isBreak === clock.isBreak &&
    before.smallBlind === clock.smallBlind &&
    before.bigBlind === clock.bigBlind &&
    (before.ante ?? 0) === (clock.ante ?? 0) &&
    samePlays(before, clock);
  const shownNext = next && { ...next };
  if (!same) {
    if (clock.isBreak)
      ctx.emit({
        type: 'level.changed',
        level: clock.level,
        smallBlind: null,
        bigBlind: null,
        ante: null,
        appliesToHand: appliesToHand(state),
        break: true,
      });
    else {
      state.levelForNextHand = clock.level;
      ctx.emit({
        type: 'level.changed',
        level: clock.level,
        smallBlind: clock.smallBlind,
        bigBlind: clock.bigBlind,
        ante: clock.ante ?? 0,
        ...roomGameFields(clock, state),
        appliesToHand: appliesToHand(state),
      });
    }
  }
  ctx.emit({ type: 'level.set', ...clock, next: shownNext });
}

/** The blinds of level `number` when the room's clock runs the table: only the playing level in force. */
export function roomBlinds(room: RoomLevel, number: number | null): Blinds | null {
  return room.blinds !== null && room.blinds.level === number ? room.blinds : null;
}

/** The room's clock as the table shows it on `<base>/clock` and in `state`: counting down from when it came. */
export function roomLevelSnapshot(room: RoomLevel, now: number): LevelClockSnapshot {
  const c = room.clock;
  return {
    level: c.level,
    isBreak: c.isBreak,
    smallBlind: c.smallBlind,
    bigBlind: c.bigBlind,
    ante: c.ante,
    ...playsOf(c),
    endsAt: c.endsAt,
    remainingMs: c.paused ? c.remainingMs : Math.max(0, c.remainingMs - (now - room.at)),
    paused: c.paused,
    next: c.next && { ...c.next },
  };
}

/** `level.changed`'s game fields for a room's level (R-GAME-MIXED): the game and structure when the room names one,
 * resolved as a table's own level would be; the fixed bets where the level has them. */
function roomGameFields(clock: LevelPlays, state: State): LevelPlays {
  const out: LevelPlays = {};
  if (clock.game !== undefined || clock.betting !== undefined) {
    const played = levelGame(clock as PlayingLevel, state.setup!);
    out.game = played.game;
    out.betting = played.betting;
  }
  if (clock.smallBet !== undefined) out.smallBet = clock.smallBet;
  if (clock.bigBet !== undefined) out.bigBet = clock.bigBet;
  if (clock.bringIn !== undefined) out.bringIn = clock.bringIn;
  return out;
}
