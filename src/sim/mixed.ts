// The mixed games a simulated table can rotate through by level (R-GAME-MIXED): the domain's rotations
// (src/domain/games/mixed.ts, which the floor's saved structures read too), and how many players they can deal in.
import { GAME_NAMES, gameOf, type GameName } from '../domain/games/index.ts';
import { MIXED_GAMES, type MixedPart } from '../domain/games/mixed.ts';

export { MIXED_GAMES, type MixedPart };

/** The most players every game played can deal in (R-STUD-DEAL: 8 in stud), at most `seats`. */
export function playersFor(seats: number, games: readonly GameName[]): number {
  return Math.min(seats, ...games.map((g) => gameOf(g).maxPlayers ?? seats));
}

/** What a `--game` names: a mixed game's rotation, or one game under its own structure; null for a name neither. */
export function partsNamed(name: string): readonly MixedPart[] | null {
  if (Object.hasOwn(MIXED_GAMES, name)) return MIXED_GAMES[name]!;
  const game = GAME_NAMES.find((g) => g === name);
  return game ? [{ game, betting: gameOf(game).defaultBetting }] : null;
}
