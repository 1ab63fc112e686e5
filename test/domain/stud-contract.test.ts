// The contract of the stud games beyond the deal (issue 21): what `level.changed` and the clock payload say of a stud
// level (R-STUD-BRING-IN, R-GAME-MIXED), and the levels a stud game is played at.
import { describe, expect, test } from 'vitest';
import { validateEventShape as validateEvent } from '../../src/protocol/generated/validate-event.ts';
import { scenario } from '../helpers/scenario.ts';

const STUD = { smallBlind: 10, bigBlind: 20, ante: 5, bringIn: 10, smallBet: 20, bigBet: 40, minutes: 20 };
const STUD_2 = { smallBlind: 20, bigBlind: 40, ante: 10, bringIn: 15, smallBet: 40, bigBet: 80, minutes: 20 };
const HOLDEM = { smallBlind: 50, bigBlind: 100, minutes: 20, game: 'holdem' };

describe('R-STUD-BRING-IN: a stud level in level.changed and on the clock', () => {
  test('level.changed carries the bring-in beside the ante and the fixed bets', () => {
    const s = scenario({ players: [1, 2, 3], game: 'stud' });
    const [changed] = s.send({ type: 'command', name: 'levels-start', levels: [STUD, STUD_2] });
    expect(changed).toMatchObject({ type: 'level.changed', level: 1, ante: 5, bringIn: 10, smallBet: 20, bigBet: 40 });
    expect(validateEvent(changed)).toBe(true);
  });

  test('the clock payload carries the bring-in of the level and of the next one', () => {
    const s = scenario({ players: [1, 2, 3], game: 'razz' });
    s.send({ type: 'command', name: 'levels-start', levels: [STUD, STUD_2] });
    const level = s.table.snapshot().level!;
    expect(level).toMatchObject({ ante: 5, bringIn: 10, smallBet: 20, bigBet: 40 });
    expect(level.next).toMatchObject({ ante: 10, bringIn: 15, smallBet: 40, bigBet: 80 });
  });

  test("in a mixed structure the next level's game, structure and bring-in are announced", () => {
    const s = scenario({ players: [1, 2, 3] });
    s.send({ type: 'command', name: 'levels-start', levels: [HOLDEM, { ...STUD_2, game: 'stud-hilo' }] });
    const next = s.table.snapshot().level!.next!;
    expect(next).toMatchObject({ game: 'stud-hilo', betting: 'limit', bringIn: 15, ante: 10 });
    s.send({ type: 'command', name: 'levels-adjust', step: 1 });
    const changed = s.last('level.changed')!;
    expect(changed).toMatchObject({ level: 2, game: 'stud-hilo', betting: 'limit', bringIn: 15 });
    expect(validateEvent(changed)).toBe(true);
  });

  test("the event schema takes a room's level.set with a stud level's fields, and refuses a bad bring-in", () => {
    const clock = { level: 3, isBreak: false, smallBlind: 10, bigBlind: 20, ante: 5, endsAt: 1, remainingMs: 1 };
    const next = { level: 4, isBreak: false, smallBlind: 20, bigBlind: 40, ante: 10, minutes: 20 };
    const set = {
      type: 'level.set',
      seq: 1,
      at: 1,
      ...clock,
      game: 'stud',
      betting: 'limit',
      bringIn: 10,
      paused: false,
      next: { ...next, game: 'razz', bringIn: 15 },
    };
    expect(validateEvent(set)).toBe(true);
    expect(validateEvent({ ...set, next: { ...next, bringIn: 0 } })).toBe(false);
    expect(validateEvent({ ...set, bringIn: 'ten' })).toBe(false);
  });
});
