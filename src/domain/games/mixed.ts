// Mixed games (R-GAME-MIXED): the rotations a structure can play, a game a level, and what each level then needs
// beside its blinds. H.O.R.S.E. is the card rooms' own order: limit hold'em, limit Omaha hi-lo, razz, stud, stud
// hi-lo. The simulated table (src/sim) and the floor's saved structures (config/structures, `"mixed"`) both read it.
import type { PlayingLevel } from '../types.ts';
import { structureOf, type BettingName } from './betting.ts';
import type { GameName } from './game.ts';
import { gameOf } from './index.ts';

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

/** A level with what its game and structure need: fixed bets under limit (R-BET-LIMIT; the small bet the big blind
 * and the big bet twice it, as limit rooms play), and an ante and a bring-in where the game has them
 * (R-STUD-BRING-IN; a quarter of the small bet brings in, beside an ante of a tenth, whole chips). `named`: the level
 * says its game and structure (a mixed structure), else it keeps the table's. */
export function levelPlaying(l: PlayingLevel, plays: MixedPart, named: boolean): PlayingLevel {
  const level: PlayingLevel = named ? { ...l, ...plays } : { ...l };
  const big = l.bigBlind;
  if (big === undefined) return level; // the amounts are made from the blinds: a level written without them keeps its own
  if (structureOf(plays.betting).levelFields.length > 0) {
    level.smallBet = big;
    level.bigBet = 2 * big;
  }
  if (gameOf(plays.game).forcedBets === 'ante-bring-in') {
    level.ante = Math.max(1, Math.round(big / 10));
    level.bringIn = Math.max(1, Math.round(big / 4));
  }
  return level;
}
