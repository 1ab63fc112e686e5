// The games a table can play (setup.game, R-GAME). The state keeps the name (plain data for checkpoints); the
// descriptor is looked up here.
import type { Game, GameName } from './game.ts';
import { holdem } from './holdem.ts';
import { omaha } from './omaha.ts';
import { omahaHilo } from './omaha-hilo.ts';

export type { Game, GameName, HandJudge } from './game.ts';
export { GAME_NAMES } from './game.ts';

const GAMES: Readonly<Record<GameName, Game>> = { holdem, omaha, 'omaha-hilo': omahaHilo };

export function gameOf(name: GameName): Game {
  return GAMES[name];
}
