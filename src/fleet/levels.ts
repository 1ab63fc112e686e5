// The fleet's blind structure: short levels whose blinds double, so stacks melt and busts come quickly, with a short
// break every six levels. The room runs it (levels-start); until the tables follow the room's clock, each table
// runs the same structure itself. With `--game`, each playing level names its game and structure in turn (a mixed
// game's rotation, R-GAME-MIXED), with the fixed bets, ante and bring-in they need.
import type { Level, PlayingLevel } from '../domain/types.ts';
import { levelPlaying, type MixedPart } from '../domain/games/mixed.ts';

export type FleetLevel = Level;

/** `minutes` of virtual time per level; 40 playing levels (the big blind doubles from 100). */
export function fleetLevels(minutes: number, parts: readonly MixedPart[] | null = null): FleetLevel[] {
  const levels: FleetLevel[] = [];
  for (let i = 0; i < 40; i++) {
    const bigBlind = 100 * 2 ** i;
    const level: PlayingLevel = {
      smallBlind: bigBlind / 2,
      bigBlind,
      ...(i >= 2 ? { ante: bigBlind / 4 } : {}),
      minutes,
    };
    levels.push(parts ? levelPlaying(level, parts[i % parts.length]!, true) : level);
    if (i % 6 === 5) levels.push({ break: true, minutes: minutes / 2 });
  }
  return levels;
}
