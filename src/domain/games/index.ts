// The games a table can play (setup.game, R-GAME). The state keeps the name (plain data for checkpoints); the
// descriptor is looked up here.
import type { Game, GameName } from './game.ts';
import { holdem } from './holdem.ts';
import { omaha } from './omaha.ts';
import { omahaHilo } from './omaha-hilo.ts';
import { razz } from './razz.ts';
import { stud } from './stud.ts';
import { studHilo } from './stud-hilo.ts';

export type { ActingOrder, CardFace, Game, GameName, HandJudge } from './game.ts';
export { GAME_NAMES } from './game.ts';
export {
  BETTING_NAMES,
  capReached,
  capRules,
  isBettingName,
  structureOf,
  type BettingName,
  type BettingStructure,
  type CapRules,
  type LevelBets,
} from './betting.ts';

const GAMES: Readonly<Record<GameName, Game>> = {
  holdem,
  omaha,
  'omaha-hilo': omahaHilo,
  stud,
  'stud-hilo': studHilo,
  razz,
};

export function gameOf(name: GameName): Game {
  return GAMES[name];
}

export function isGameName(value: unknown): value is GameName {
  return typeof value === 'string' && Object.hasOwn(GAMES, value);
}
