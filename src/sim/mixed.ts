// The mixed games a simulated table can rotate through by level (R-GAME-MIXED): each a list of what the levels play
// in turn. H.O.R.S.E. is the card rooms' own order: limit hold'em, limit Omaha hi-lo, razz, stud, stud hi-lo.
import { gameOf, type BettingName, type GameName } from '../domain/games/index.ts';

export interface MixedPart {
  game: GameName;
  betting: BettingName;
}

export const MIXED_GAMES: Readonly<Record<string, readonly MixedPart[]>> = {
  horse: [
    { game: 'holdem', betting: 'limit' },
    { game: 'omaha-hilo', betting: 'limit' },
    { game: 'razz', betting: 'limit' },
    { game: 'stud', betting: 'limit' },
    { game: 'stud-hilo', betting: 'limit' },
  ],
};

/** The most players every game played can deal in (R-STUD-DEAL: 8 in stud), at most `seats`. */
export function playersFor(seats: number, games: readonly GameName[]): number {
  return Math.min(seats, ...games.map((g) => gameOf(g).maxPlayers ?? seats));
}
