// R-GAME-MIXED: a level of levels-start may carry `game` and `betting` (and R-BET-LIMIT's `smallBet`/`bigBet`): from
// that level's first hand the table plays them; `level.changed` and the clock payload say what the level plays and
// what the next one will.
import { describe, expect, test } from 'vitest';
import { scenario, DECK } from '../helpers/scenario.ts';

const HOLDEM_LIMIT = { smallBlind: 50, bigBlind: 100, minutes: 1, betting: 'limit', smallBet: 100, bigBet: 200 };
const OMAHA = { smallBlind: 100, bigBlind: 200, minutes: 1, game: 'omaha' };
const PLAIN = { smallBlind: 200, bigBlind: 400, minutes: 1 };

describe('R-GAME-MIXED: the game and structure by level', () => {
  test('level.changed carries the game and structure of a mixed structure; a plain one keeps its old shape', () => {
    const mixed = scenario({ players: [1, 2, 3] });
    expect(mixed.send({ type: 'command', name: 'levels-start', levels: [HOLDEM_LIMIT, OMAHA] })[0]).toEqual(
      expect.objectContaining({ level: 1, game: 'holdem', betting: 'limit', smallBet: 100, bigBet: 200 }),
    );
    const plain = scenario({ players: [1, 2, 3] });
    const changed = plain.send({ type: 'command', name: 'levels-start', levels: [PLAIN] })[0]!;
    expect(Object.keys(changed)).toEqual([
      'type',
      'level',
      'smallBlind',
      'bigBlind',
      'ante',
      'appliesToHand',
      'seq',
      'at',
    ]);
  });

  test("each level's hands play its game: limit hold'em, then pot-limit Omaha, then the table's own game", () => {
    const s = scenario({ players: [1, 2, 3], button: 1 });
    s.send({ type: 'command', name: 'levels-start', levels: [HOLDEM_LIMIT, OMAHA, PLAIN] });
    s.send({ type: 'shuffle' });
    s.cards(...DECK.slice(0, 6));
    s.act('raise', 'raise', 'raise'); // the big blind and three raises: the cap of limit play
    expect(s.send({ type: 'panel', button: 'raise' })).toMatchObject([{ type: 'request.rejected', reason: 'capped' }]);
    s.act('fold', 'fold'); // the hand ends
    s.send({ type: 'tick' }, 60_000);
    expect(s.last('level.changed')).toMatchObject({ level: 2, game: 'omaha', betting: 'pot-limit' });
    s.send({ type: 'shuffle' });
    const dealt = s.cards(...DECK.slice(0, 12)).filter((e) => e.type === 'card.dealt');
    expect(dealt.filter((e) => (e as { to: string }).to === 'seat')).toHaveLength(12); // four hole cards each
    expect(s.act('raise', 'raise', 'raise', 'raise').filter((e) => e.type === 'request.rejected')).toEqual([]);
    s.act('fold', 'fold');
    s.send({ type: 'tick' }, 60_000);
    // a level that names no game in a mixed structure: the table's (hold'em, no-limit)
    expect(s.last('level.changed')).toMatchObject({ level: 3, game: 'holdem', betting: 'no-limit' });
    s.send({ type: 'shuffle' });
    expect(s.cards(...DECK.slice(0, 7)).filter((e) => (e as { to?: string }).to === 'seat')).toHaveLength(6);
  });

  test('the clock payload shows the game of the level and of the next one', () => {
    const s = scenario({ players: [1, 2, 3] });
    s.send({ type: 'command', name: 'levels-start', levels: [HOLDEM_LIMIT, OMAHA] });
    expect(s.table.snapshot().level).toMatchObject({
      level: 1,
      game: 'holdem',
      betting: 'limit',
      smallBet: 100,
      bigBet: 200,
      next: { level: 2, game: 'omaha', betting: 'pot-limit', smallBlind: 100, bigBlind: 200 },
    });
    const plain = scenario({ players: [1, 2, 3] });
    plain.send({ type: 'command', name: 'levels-start', levels: [PLAIN, PLAIN] });
    expect(plain.table.snapshot().level).not.toHaveProperty('game');
    expect(plain.table.snapshot().level!.next).not.toHaveProperty('game');
  });
});
