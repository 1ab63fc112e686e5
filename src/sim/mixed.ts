// The mixed games a simulated table can rotate through by level (R-GAME-MIXED): the domain's rotations
// (src/domain/games/mixed.ts, which the floor's saved structures read too), and how many players they can deal in.
import { gameOf, type GameName } from '../domain/games/index.ts';

export { MIXED_GAMES, type MixedPart } from '../domain/games/index.ts';

/** The most players every game played can deal in (R-STUD-DEAL: 8 in stud), at most `seats`. */
export function playersFor(seats: number, games: readonly GameName[]): number {
  return Math.min(seats, ...games.map((g) => gameOf(g).maxPlayers ?? seats));
}
