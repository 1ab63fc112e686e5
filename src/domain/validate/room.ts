// The room's commands at a table (R-ROOM-MOVE, R-ROOM-CLOCK): `move-player` and `level-set`, built from a command the
// schema's check (validate.ts) has already passed; what stays here is what a schema does not say.
import type { Command, LevelPlays, RoomBlinds, RoomClock } from '../types.ts';

type Obj = Record<string, unknown>;

export function validateMovePlayer(raw: Obj): Command {
  return raw.seat === undefined ? { name: 'move-player' } : { name: 'move-player', seat: raw.seat as number };
}

/** A level's blinds and ante (a `level-set` or its `next`): numbers for a playing level (a missing ante is 0, a small
 * blind not above its big blind, as `levels-start` wants; null on a stud level without blinds, which the schema lets
 * through only with a bring-in), null for a break. */
function blindsOf(o: Obj, what: string): RoomBlinds | string {
  if (o.isBreak) return { isBreak: true, smallBlind: null, bigBlind: null, ante: null };
  const smallBlind = o.smallBlind as number | null;
  const bigBlind = o.bigBlind as number | null;
  if ((smallBlind === null) !== (bigBlind === null)) return `${what}: give both blinds, or neither on a stud level`;
  if (smallBlind !== null && bigBlind !== null && smallBlind > bigBlind)
    return `${what}: the small blind must not be above the big blind`;
  return { isBreak: false, smallBlind, bigBlind, ante: typeof o.ante === 'number' ? o.ante : 0 };
}

/** R-GAME-MIXED: what a level of the room's clock plays, where it says (the schema checked the values). */
function playsOf(o: Obj): LevelPlays {
  const plays: LevelPlays = {};
  if (o.isBreak) return plays;
  if (o.game !== undefined) plays.game = o.game as LevelPlays['game'];
  if (o.betting !== undefined) plays.betting = o.betting as LevelPlays['betting'];
  if (o.smallBet !== undefined) plays.smallBet = o.smallBet as number;
  if (o.bigBet !== undefined) plays.bigBet = o.bigBet as number;
  if (o.bringIn !== undefined) plays.bringIn = o.bringIn as number; // R-STUD-BRING-IN
  return plays;
}

/** R-ROOM-CLOCK: the room's clock payload; a fresh copy of the fields it knows. */
export function validateLevelSet(raw: Obj): Command | string {
  const blinds = blindsOf(raw, 'level-set');
  if (typeof blinds === 'string') return blinds;
  let after: RoomClock['next'] = null;
  const next = raw.next as Obj | null;
  if (next !== null) {
    const nextBlinds = blindsOf(next, 'level-set: next');
    if (typeof nextBlinds === 'string') return nextBlinds;
    after = { level: next.level as number, ...nextBlinds, ...playsOf(next), minutes: next.minutes as number };
  }
  const { level, endsAt, remainingMs, paused } = raw as {
    level: number;
    endsAt: number | null;
    remainingMs: number;
    paused: boolean;
  };
  return { name: 'level-set', level, ...blinds, ...playsOf(raw), endsAt, remainingMs, paused, next: after };
}
