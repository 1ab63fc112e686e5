// The contract of the stud games beyond the deal (issue 21): what `level.changed` and the clock payload say of a stud
// level (R-STUD-BRING-IN, R-GAME-MIXED), and the levels a stud game is played at.
import { describe, expect, test } from 'vitest';
import { showingHigh, showingLow } from '../../src/domain/games/showing.ts';
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

/** A stud table at level STUD, chips not tracked. */
function studTable(players: number[]) {
  const s = scenario({ players, game: 'stud' });
  s.send({ type: 'command', name: 'levels-start', levels: [STUD] }, 0);
  s.send({ type: 'shuffle' });
  return s;
}

describe('R-STUD-MISDEAL: a seventh-street card exposed by the dealer', () => {
  // seat 1 shows 2-5-7-9, seat 2 Q-J-T-8: seat 2 acts first on fourth to sixth street; seat 1's seventh card is a nine
  const deal = (s: ReturnType<typeof studTable>) => {
    for (const pass of [['Ks', 'As'], ['Kh', '3d'], ['2d', 'Qs']]) s.cards(...pass);
    s.act('call', 'call'); // seat 1 brings in, seat 2 calls
    for (const [burn, one, two] of [['2c', '5c', 'Jh'], ['3c', '7h', 'Th'], ['4d', '9s', '8c']]) {
      s.cards(burn!, one!, two!);
      expect(s.last('action.on')).toMatchObject({ seat: 2 });
      s.act('check', 'check');
    }
    s.cards('6c', '9d'); // the burn, seat 1's seventh card
  };

  test('is no misdeal: it stays with its player as an up card, and the pair it shows acts first', () => {
    const s = studTable([1, 2]);
    deal(s);
    const events = s.send({ type: 'panel', button: 'exposed', card: '9d' });
    expect(events).toMatchObject([{ type: 'irregularity', kind: 'exposed-card', seat: 1, card: '9d' }]);
    expect((events[0] as { remedy: string }).remedy).toMatch(/up card/);
    s.cards('4c'); // seat 2's seventh card
    // seat 1 now shows a pair of nines (2-5-7-9-9) against Q-J-T-8
    expect(s.last('action.on')).toMatchObject({ seat: 1, street: 'seventh' });
    s.act('check', 'check');
    // with no bet on seventh street the best hand showing shows first (R-STUD-ORDER)
    expect(s.last('showdown')).toMatchObject({ order: [1, 2] });
  });

  test('a down card of third street exposed once the action is substantial stays a down card', () => {
    const s = studTable([1, 2]);
    deal(s);
    s.cards('4c');
    expect(s.last('action.on')).toMatchObject({ seat: 2, street: 'seventh' });
    const events = s.send({ type: 'panel', button: 'exposed', card: 'Ks' });
    expect((events[0] as { remedy: string }).remedy).not.toMatch(/up card/);
    s.act('check', 'check');
    expect(s.last('showdown')).toMatchObject({ order: [2, 1] });
  });
});

describe('R-STUD-ORDER: five up cards (a seventh-street card exposed)', () => {
  test('a full house showing beats trips, and the fifth card breaks a tie', () => {
    expect(showingHigh(['9s', '9d', '9h', '5c', '5d'])).toBeGreaterThan(showingHigh(['Qs', 'Qd', 'Qh', '2c', '3d']));
    expect(showingHigh(['As', 'Kd', 'Qh', 'Jc', '3d'])).toBeGreaterThan(showingHigh(['Ad', 'Ks', 'Qc', 'Jh', '2d']));
    expect(showingLow(['As', '2d', '3h', '4c', '6d'])).toBeGreaterThan(showingLow(['Ad', '2s', '3c', '4h', '7d']));
  });
});
