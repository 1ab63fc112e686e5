// Bad input around games and betting structures (issue item 10): a limit level without its fixed bets, an unknown
// game or structure, a game change during a hand, a `to` under the limit. Each is refused with a sentence a floor
// person understands; a refusal the schema makes (input.rejected) is never journaled, one the rules make
// (request.rejected) replays to the same refusal; the hand under way goes on unharmed.
import { describe, expect, test } from 'vitest';
import { domainEngine } from '../../src/runtime/engine.ts';
import { scenario, DECK } from '../helpers/scenario.ts';
import type { TableEvent } from '../../src/domain/types.ts';

const levels = (...ls: Record<string, unknown>[]) => ({ type: 'command', name: 'levels-start', levels: ls });
const reasonOf = (evs: TableEvent[]) => (evs[0] as { reason?: string }).reason;
const messageOf = (evs: TableEvent[]) => (evs[0] as { message?: string }).message;

describe('a limit level without smallBet and bigBet', () => {
  test('a level that says betting limit without them: input.rejected, naming the level and the fields', () => {
    const s = scenario({ players: [1, 2, 3] });
    const evs = s.send(
      levels(
        { smallBlind: 50, bigBlind: 100, minutes: 20 },
        { smallBlind: 100, bigBlind: 200, minutes: 20, betting: 'limit', smallBet: 200 },
      ),
    );
    expect(evs).toMatchObject([{ type: 'input.rejected' }]);
    expect(reasonOf(evs)).toBe(
      'levels-start: level 2 of the structure is played limit: it needs smallBet and bigBet (the fixed bets, e.g. 200 and 400), and bigBet is missing',
    );
    expect(s.table.snapshot().level).toBeNull();
  });

  test('a level that keeps a limit table structure without them: request.rejected (fixed-bets-missing)', () => {
    const s = scenario({ players: [1, 2, 3], betting: 'limit' });
    const evs = s.send(levels({ smallBlind: 50, bigBlind: 100, minutes: 20 }));
    expect(evs).toMatchObject([{ type: 'request.rejected', request: 'levels-start', code: 'fixed-bets-missing' }]);
    expect(messageOf(evs)).toBe(
      'Level 1 of the structure is played limit: it needs smallBet and bigBet (the fixed bets, e.g. 200 and 400), and smallBet and bigBet are missing',
    );
    expect(s.table.snapshot().level).toBeNull();
    // the same structure with its fixed bets starts
    expect(s.send(levels({ smallBlind: 50, bigBlind: 100, smallBet: 100, bigBet: 200, minutes: 20 }))[0]).toMatchObject(
      {
        type: 'level.changed',
        smallBet: 100,
        bigBet: 200,
      },
    );
  });

  test('a setup to limit while a structure without fixed bets runs is refused; the table keeps no-limit', () => {
    const s = scenario({ players: [1, 2, 3] });
    s.send(levels({ smallBlind: 50, bigBlind: 100, minutes: 20 }));
    const evs = s.send({ type: 'command', name: 'setup', seats: 6, profile: 'tda', betting: 'limit' });
    expect(evs).toMatchObject([{ type: 'request.rejected', request: 'setup', code: 'fixed-bets-missing' }]);
    s.send({ type: 'shuffle' });
    s.cards(...DECK.slice(0, 6));
    // no cap under no-limit: five raises in a row stand
    expect(s.act('raise', 'raise', 'raise', 'raise', 'raise').filter((e) => e.type === 'request.rejected')).toEqual([]);
  });

  test('bad fixed bets: not whole chips, or a small bet above the big bet', () => {
    const s = scenario({ players: [1, 2, 3] });
    expect(reasonOf(s.send(levels({ smallBlind: 50, bigBlind: 100, minutes: 20, smallBet: 0, bigBet: 200 })))).toMatch(
      /smallBet must be a whole number of chips from 1 \(got 0\)/,
    );
    expect(
      reasonOf(s.send(levels({ smallBlind: 50, bigBlind: 100, minutes: 20, smallBet: 400, bigBet: 200 }))),
    ).toMatch(/the small bet \(400\) is larger than the big bet \(200\)/);
  });
});

describe('an unknown game or structure', () => {
  test('on a level: input.rejected with the names the table knows', () => {
    const s = scenario({ players: [1, 2, 3] });
    expect(reasonOf(s.send(levels({ smallBlind: 50, bigBlind: 100, minutes: 20, game: 'badugi' })))).toMatch(
      /level 1 of the structure: game must be holdem or omaha/,
    );
    expect(reasonOf(s.send(levels({ smallBlind: 50, bigBlind: 100, minutes: 20, betting: 'spread' })))).toMatch(
      /betting must be no-limit, pot-limit, limit/,
    );
  });
});

describe('a game or structure change during a hand', () => {
  test('setup is refused (hand-in-progress) and the hand plays on as it started', () => {
    const s = scenario({ players: [1, 2, 3], betting: 'limit' });
    s.send({ type: 'shuffle' });
    s.cards(...DECK.slice(0, 6));
    const evs = s.send({
      type: 'command',
      name: 'setup',
      seats: 6,
      profile: 'tda',
      game: 'omaha',
      betting: 'no-limit',
    });
    expect(evs).toMatchObject([{ type: 'request.rejected', request: 'setup', reason: 'hand-in-progress' }]);
    expect(messageOf(evs)).toBe('A hand is under way: wait until it ends');
    s.act('raise', 'raise', 'raise'); // limit: the big blind and three raises
    expect(s.send({ type: 'panel', button: 'raise' })).toMatchObject([{ type: 'request.rejected', reason: 'capped' }]);
  });

  test('a level that changes the game during a hand applies from the next shuffle', () => {
    const s = scenario({ players: [1, 2, 3] });
    s.send(
      levels(
        { smallBlind: 50, bigBlind: 100, minutes: 1 },
        { smallBlind: 50, bigBlind: 100, minutes: 20, game: 'omaha' },
      ),
    );
    s.send({ type: 'shuffle' });
    s.send({ type: 'tick' }, 61_000); // level 2 (Omaha) starts during the hold'em hand
    expect(s.last('level.changed')).toMatchObject({ level: 2, game: 'omaha', betting: 'pot-limit', appliesToHand: 2 });
    const holeCards = s
      .cards(...DECK.slice(0, 7))
      .filter((e) => e.type === 'card.dealt' && (e as { to: string }).to === 'seat');
    expect(holeCards).toHaveLength(6); // still two hole cards each: the 7th read is no hole card
  });
});

describe('a to under the limit', () => {
  test('refused (fixed-limit): the seat stays on action, its stack untouched', () => {
    const s = scenario({ players: [1, 2, 3], button: 1, betting: 'limit', rules: { chips: { mode: 'tracked' } } });
    for (const seat of [1, 2, 3]) s.send({ type: 'command', name: 'set-stack', seat, chips: 5000 }, 0);
    s.send(levels({ smallBlind: 50, bigBlind: 100, smallBet: 100, bigBet: 200, minutes: 20 }), 0);
    s.send({ type: 'shuffle' });
    s.cards(...DECK.slice(0, 6));
    const evs = s.send({ type: 'panel', button: 'raise', to: 150 });
    expect(evs).toMatchObject([{ type: 'request.rejected', reason: 'fixed-limit', seat: 1 }]);
    expect(s.table.snapshot().onAction).toMatchObject({ seat: 1 });
    expect(s.table.snapshot().seatInfo[0]).toMatchObject({ stack: 5000 });
  });
});

describe('nothing refused by the schema reaches the journal', () => {
  test("the runtime's check before journaling refuses the bad levels and names, and lets a limit level through", () => {
    const command = (fields: Record<string, unknown>) => ({ at: 1, type: 'command', ...fields });
    const level = { smallBlind: 50, bigBlind: 100, minutes: 20 };
    for (const bad of [
      command({ name: 'levels-start', levels: [{ ...level, betting: 'limit' }] }),
      command({ name: 'levels-start', levels: [{ ...level, game: 'badugi' }] }),
      command({ name: 'setup', seats: 6, profile: 'tda', betting: 'spread' }),
      command({ name: 'setup', seats: 6, profile: 'tda', game: 'badugi' }),
    ])
      expect(domainEngine.malformed!(bad)).toEqual(expect.any(String));
    const good = command({
      name: 'levels-start',
      levels: [{ ...level, betting: 'limit', smallBet: 100, bigBet: 200 }],
    });
    expect(domainEngine.malformed!(good)).toBeNull();
  });
});
