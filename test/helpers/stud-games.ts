// The stud games' descriptors for the history tests, until the engine's own exist (src/domain/games/; another piece
// of work adds them): a stand-in is used only for a game the real table does not know, so once `stud`, `stud-hilo`
// and `razz` are there the tests read their names and hands from them. The stand-ins score with the domain's own
// evaluators: the best high of all the seat's cards, the eight-or-better low of any five, razz's ace-to-five low.
import { cardCode, scoreCodes } from '../../src/domain/evaluator.ts';
import { lowName, NO_LOW, scoreLow8, scoreRazzCodes } from '../../src/domain/evaluator-low.ts';
import type * as Games from '../../src/domain/games/index.ts';
import type { Game } from '../../src/domain/games/index.ts';
import type { Card } from '../../src/domain/types.ts';

const codes = (hole: readonly Card[], board: readonly Card[]) => [...hole, ...board].map(cardCode);
const high = (hole: readonly Card[], board: readonly Card[]) => scoreCodes(codes(hole, board));

function standIn(name: string, history: Game['history'], rest: Partial<Game>): Game {
  return {
    name: name as Game['name'],
    holeCards: 7,
    boardCards: { flop: 0, turn: 0, river: 0 },
    next: { preflop: null, flop: null, turn: null, river: null },
    defaultBetting: 'limit',
    score: high,
    equityKernel: () => {
      throw new Error('no equity in the history tests');
    },
    history,
    ...rest,
  };
}

const STAND_INS: Record<string, Game> = {
  stud: standIn('stud', { ohhGameType: 'Stud', pokerStars: '7 Card Stud' }, {}),
  'stud-hilo': standIn(
    'stud-hilo',
    { ohhGameType: 'StudHiLo', pokerStars: '7 Card Stud Hi/Lo' },
    {
      hands: {
        low: { score: (h, b) => (h.length + b.length >= 5 ? scoreLow8(codes(h, b)) : NO_LOW), name: lowName },
      },
    },
  ),
  razz: standIn(
    'razz',
    { ohhGameType: 'Razz', pokerStars: 'Razz' },
    { score: (h, b) => scoreRazzCodes(codes(h, b)), hands: { name: lowName } },
  ),
};

/** The games module with the stand-ins for the stud games it does not know yet (vi.mock's factory). */
export function withStudStandIns(real: typeof Games): typeof Games {
  const missing = Object.keys(STAND_INS).filter((name) => !real.isGameName(name));
  const known = (value: unknown): boolean => real.isGameName(value) || missing.includes(value as string);
  return {
    ...real,
    GAME_NAMES: [...real.GAME_NAMES, ...(missing as Game['name'][])],
    gameOf: (name) => (real.isGameName(name) ? real.gameOf(name) : STAND_INS[name]!),
    isGameName: known as typeof real.isGameName,
  };
}

/** Whether the real descriptor of a game exists (else the tests run on the stand-in). */
export function realGame(real: typeof Games, name: string): boolean {
  return real.isGameName(name);
}
