// The room's commands at a table (R-ROOM-MOVE, R-ROOM-CLOCK): `move-player` and `level-set`, checked field by field
// like the other commands (validate.ts), kept apart so the room's part stays in one place.
import { MAX_SEATS } from './limits.ts';
import type { Command, RoomBlinds, RoomClock } from './types.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => {
  if (typeof v !== 'object' || v === null) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const MAX_CHIPS = 1_000_000_000;
const isChips = (v: unknown): v is number => isInt(v) && v >= 1 && v <= MAX_CHIPS;

export function validateMovePlayer(raw: Obj): Command | string {
  if (raw.seat === undefined) return { name: 'move-player' };
  if (!isInt(raw.seat) || raw.seat < 1 || raw.seat > MAX_SEATS)
    return `move-player: seat must be a seat number from 1 to ${MAX_SEATS}`;
  return { name: 'move-player', seat: raw.seat };
}

const isCount = (v: unknown): v is number => isInt(v) && v >= 0 && v <= MAX_CHIPS;
const MAX_MS = 8_640_000_000_000_000; // the largest time a JavaScript Date holds

/** A level's blinds and ante (a `level-set` or its `next`): numbers for a playing level, null for a break. */
function checkBlinds(o: Obj, what: string): RoomBlinds | string {
  if (typeof o.isBreak !== 'boolean') return `${what}: isBreak must be true or false`;
  const { smallBlind, bigBlind, ante } = o;
  if (o.isBreak) {
    if (smallBlind !== null || bigBlind !== null || (ante !== null && ante !== undefined))
      return `${what}: a break has smallBlind, bigBlind and ante null`;
    return { isBreak: true, smallBlind: null, bigBlind: null, ante: null };
  }
  if (!isCount(smallBlind) || !isChips(bigBlind) || smallBlind > bigBlind)
    return `${what}: smallBlind and bigBlind must be whole numbers of chips, the big blind from 1 and not below the small`;
  if (ante !== undefined && ante !== null && !isCount(ante)) return `${what}: ante must be a whole number of chips`;
  return { isBreak: false, smallBlind, bigBlind, ante: typeof ante === 'number' ? ante : 0 };
}

/** R-ROOM-CLOCK: the room's clock payload; a fresh copy of the fields it knows. */
export function validateLevelSet(raw: Obj): Command | string {
  const { level, endsAt, remainingMs, paused, next } = raw;
  if (!isInt(level) || level < 1 || level > 10_000) return 'level-set: level must be a level number from 1';
  const blinds = checkBlinds(raw, 'level-set');
  if (typeof blinds === 'string') return blinds;
  if (endsAt !== null && (!isInt(endsAt) || endsAt < 0 || endsAt > MAX_MS))
    return 'level-set: endsAt must be a time in ms, or null while paused';
  if (!isInt(remainingMs) || remainingMs < 0 || remainingMs > MAX_MS)
    return 'level-set: remainingMs must be a whole number of ms from 0';
  if (typeof paused !== 'boolean') return 'level-set: paused must be true or false';
  let after: RoomClock['next'] = null;
  if (next !== null) {
    if (!isObj(next)) return 'level-set: next must be the next level or null';
    if (!isInt(next.level) || next.level < 1 || next.level > 10_000)
      return 'level-set: next.level must be a level number from 1';
    const nextBlinds = checkBlinds(next, 'level-set: next');
    if (typeof nextBlinds === 'string') return nextBlinds;
    if (typeof next.minutes !== 'number' || !(next.minutes > 0) || next.minutes > 24 * 60)
      return 'level-set: next.minutes must be the length of the next level in minutes';
    after = { level: next.level, ...nextBlinds, minutes: next.minutes };
  }
  return { name: 'level-set', level, ...blinds, endsAt, remainingMs, paused, next: after };
}
