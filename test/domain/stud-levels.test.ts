// R-STUD-BRING-IN, R-GAME-MIXED: a stud level has an ante and a bring-in (and the fixed bets under limit), no blinds;
// the command schema, levels-start, the room's level-set and a hand played at such a level say so.
import { describe, expect, test } from 'vitest';
import { validateCommandShape } from '../../src/protocol/generated/validate-input.ts';
import type { TableEvent } from '../../src/domain/types.ts';
import { scenario } from '../helpers/scenario.ts';

const STUD = { game: 'stud', ante: 5, bringIn: 10, smallBet: 20, bigBet: 40, minutes: 20 };
const start = (levels: object[]) => ({ type: 'command', name: 'levels-start', levels });
const shape = (levels: object[]) => validateCommandShape({ name: 'levels-start', levels });

describe('the command schema: a stud level needs its bring-in, not blinds', () => {
  test('a stud level without blinds fits; one naming a stud game without bringIn, or bets under limit, does not', () => {
    expect(shape([STUD])).toBe(true);
    expect(shape([{ ...STUD, game: 'razz', betting: 'no-limit', smallBet: undefined, bigBet: undefined }])).toBe(true);
    const { bringIn: _b, ...noBringIn } = STUD;
    expect(shape([{ ...noBringIn, smallBlind: 10, bigBlind: 20 }])).toBe(false);
    const { smallBet: _s, ...noBets } = STUD;
    expect(shape([noBets])).toBe(false); // stud plays limit unless the level says otherwise
    expect(shape([{ ...noBets, betting: 'pot-limit' }])).toBe(true);
  });

  test('a flop level still needs its blinds; a level naming no game needs blinds or a bring-in', () => {
    expect(shape([{ minutes: 20, game: 'holdem', bringIn: 10 }])).toBe(false);
    expect(shape([{ minutes: 20, ante: 5 }])).toBe(false);
    expect(shape([{ minutes: 20, ante: 5, bringIn: 10 }])).toBe(true);
    expect(shape([{ minutes: 20, smallBlind: 10, bigBlind: 20 }])).toBe(true);
  });
});

describe('levels-start with a stud level without blinds', () => {
  test('it is taken: level.changed has no blinds, the ante, the bring-in and the bets', () => {
    const s = scenario({ players: [1, 2, 3] });
    const [changed] = s.send(start([STUD]));
    expect(changed).toMatchObject({ type: 'level.changed', smallBlind: null, bigBlind: null, ante: 5, bringIn: 10 });
    expect(s.table.snapshot().level).toMatchObject({ smallBlind: null, bigBlind: null, bringIn: 10, smallBet: 20 });
  });

  test('the existing sentences: a stud level without bringIn, a flop level without blinds', () => {
    const s = scenario({ players: [1, 2, 3] });
    const { bringIn: _b, ...noBringIn } = { ...STUD, game: 'razz' };
    expect(s.send(start([noBringIn]))[0]).toMatchObject({
      type: 'input.rejected',
      reason: expect.stringMatching(/level 1 of the structure is played as razz.*needs bringIn/),
    });
    expect(s.send(start([{ minutes: 20, game: 'omaha', ante: 5 }]))[0]).toMatchObject({
      type: 'input.rejected',
      reason: expect.stringMatching(/level 1 of the structure needs smallBlind and bigBlind/),
    });
  });

  test("a level with a bring-in and no game is played as the table's game: a hold'em table refuses it", () => {
    const s = scenario({ players: [1, 2, 3] });
    const { game: _g, ...plain } = STUD;
    expect(s.send(start([plain]))[0]).toMatchObject({
      type: 'request.rejected',
      reason: expect.stringMatching(/^fixed-bets-missing: level 1 .* played as holdem, which has blinds/),
    });
    const stud = scenario({ players: [1, 2, 3], game: 'stud' });
    expect(stud.send(start([plain]))[0]).toMatchObject({ type: 'level.changed', bringIn: 10 });
    // and the table may not turn to hold'em while such a structure runs
    const refused = stud.send({ type: 'command', name: 'setup', seats: 6, profile: 'tda', game: 'holdem' });
    expect(refused[0]).toMatchObject({ type: 'request.rejected', reason: expect.stringMatching(/has blinds/) });
  });

  test('a hand at that level: antes, the bring-in, the completion to the small bet (R-STUD-BRING-IN)', () => {
    const s = scenario({ players: [1, 2, 3], game: 'stud', rules: { chips: { mode: 'tracked' } } });
    for (const seat of [1, 2, 3]) s.send({ type: 'command', name: 'set-stack', seat, chips: 500 }, 0);
    s.send(start([STUD]));
    s.send({ type: 'shuffle' });
    for (const pass of [
      ['2s', '4s', '6s'],
      ['3s', '5s', '7s'],
      ['Kd', '3c', 'Qs'],
    ])
      s.cards(...pass);
    s.act('call', 'raise');
    const bets = s.all('bet.placed') as Extract<TableEvent, { type: 'bet.placed' }>[];
    expect(bets.map((e) => [e.seat, e.action, e.amount])).toEqual([
      [1, 'ante', 5],
      [2, 'ante', 5],
      [3, 'ante', 5],
      [2, 'bring-in', 10],
      [3, 'raise', 20],
    ]);
  });
});

describe("the room's level-set: a stud level without blinds", () => {
  const set = (fields: object) => ({
    type: 'command',
    name: 'level-set',
    level: 2,
    isBreak: false,
    smallBlind: null,
    bigBlind: null,
    ante: 5,
    endsAt: 1_000_000,
    remainingMs: 600_000,
    paused: false,
    next: { level: 3, isBreak: false, smallBlind: null, bigBlind: null, ante: 10, bringIn: 15, minutes: 20 },
    ...fields,
  });

  test('is taken with its bring-in (level.changed carries no blinds), refused without one', () => {
    const s = scenario({ players: [1, 2, 3], game: 'stud' });
    const out = s.send(set({ bringIn: 10, smallBet: 20, bigBet: 40 }));
    expect(out.map((e) => e.type)).toEqual(['level.changed', 'level.set']);
    expect(out[0]).toMatchObject({ smallBlind: null, bigBlind: null, ante: 5, bringIn: 10 });
    expect(s.table.snapshot().level).toMatchObject({ bringIn: 10, next: { bringIn: 15 } });
    expect(s.send(set({}))[0]).toMatchObject({ type: 'input.rejected' });
  });
});
