// The board's game line (src/web/kit/board-clocks.js `gameText`, R-GAME-LIST, R-GAME-MIXED) names every game and
// structure the engine knows in words ("Limit Omaha Hi-Lo 100/200"), never the protocol's raw name. The script is
// plain browser JS (its words are game-words.js's); both run here in a bare context, where they hang their functions
// on the context's global.
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, test } from 'vitest';
import { BETTING_NAMES, GAME_NAMES } from '../../src/domain/games/index.ts';

type Level = {
  game?: string;
  betting?: string;
  smallBet?: number;
  bigBet?: number;
  smallBlind?: number;
  bigBlind?: number;
} | null;
const context: { BoardClocks?: { gameText(level: Level, table: Level, blinds?: boolean): string } } = {};
for (const file of ['game-words.js', 'board-clocks.js'])
  runInNewContext(readFileSync(new URL(`../../src/web/kit/${file}`, import.meta.url), 'utf8'), context);
const gameText = context.BoardClocks!.gameText;

describe('the board names the game and structure in words', () => {
  test('limit Omaha hi-lo with its fixed bets; the table’s own pot-limit when the level names none', () => {
    expect(gameText({ game: 'omaha-hilo', betting: 'limit', smallBet: 100, bigBet: 200 }, null)).toBe(
      'Limit Omaha Hi-Lo 100/200',
    );
    expect(gameText(null, { game: 'omaha-hilo', betting: 'pot-limit' })).toBe('Pot-Limit Omaha Hi-Lo');
  });

  test('the level clock’s label: a limit level’s bets, else its blinds ("Limit Razz 100/200")', () => {
    const blinds = { smallBlind: 100, bigBlind: 200 };
    expect(gameText({ game: 'razz', betting: 'limit', smallBet: 100, bigBet: 200 }, null, true)).toBe(
      'Limit Razz 100/200',
    );
    expect(gameText({ game: 'stud-hilo', betting: 'limit', ...blinds, smallBet: 200, bigBet: 400 }, null, true)).toBe(
      'Limit Stud Hi-Lo 200/400',
    );
    expect(gameText({ game: 'holdem', betting: 'no-limit', ...blinds }, null, true)).toBe("No-Limit Hold'em 100/200");
    expect(gameText({ ...blinds }, { game: 'omaha', betting: 'pot-limit' }, true)).toBe('Pot-Limit Omaha 100/200');
    // the next level's game: no blinds beside the next level's own
    expect(gameText({ game: 'omaha', betting: 'pot-limit', ...blinds }, null)).toBe('Pot-Limit Omaha');
  });

  test('every game and every structure of the engine has its words', () => {
    for (const game of GAME_NAMES)
      for (const betting of BETTING_NAMES) {
        const words = gameText(null, { game, betting });
        expect(words.split(' ')).not.toContain(game);
        expect(words.split(' ')).not.toContain(betting);
        // a word of the table's, not the name capitalised ("Stud-hilo")
        expect(words).not.toMatch(/[a-z]-[a-z]/);
      }
  });
});
