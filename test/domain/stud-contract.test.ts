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
    for (const pass of [
      ['Ks', 'As'],
      ['Kh', '3d'],
      ['2d', 'Qs'],
    ])
      s.cards(...pass);
    s.act('call', 'call'); // seat 1 brings in, seat 2 calls
    for (const [burn, one, two] of [
      ['2c', '5c', 'Jh'],
      ['3c', '7h', 'Th'],
      ['4d', '9s', '8c'],
    ]) {
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
    // the state snapshot shows it among the up cards (public); seat 2's seventh card stays down
    const seats = s.table.snapshot().seatInfo;
    expect(seats.slice(0, 2).map((info) => info.upCards)).toEqual([
      ['2d', '5c', '7h', '9s', '9d'],
      ['Qs', 'Jh', 'Th', '8c'],
    ]);
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

/** A stud table under `betting`, chips tracked, third street dealt: seat 2 shows the three of clubs and brings in. */
function freeBetting(betting: 'no-limit' | 'pot-limit') {
  const s = scenario({ players: [1, 2, 3, 4], game: 'stud', betting, rules: { chips: { mode: 'tracked' } } });
  for (const seat of [1, 2, 3, 4]) s.send({ type: 'command', name: 'set-stack', seat, chips: 1000 }, 0);
  const level = { ante: 5, bringIn: 10, smallBet: 20, minutes: 20, smallBlind: 10, bigBlind: 20 };
  s.send({ type: 'command', name: 'levels-start', levels: [level] }, 0);
  s.send({ type: 'shuffle' });
  for (const pass of [
    ['2s', '4s', '6s', '8s'],
    ['3s', '5s', '7s', '9s'],
    ['Kd', '3c', 'Qs', '3h'],
  ])
    s.cards(...pass);
  return s;
}
const raise = (s: ReturnType<typeof scenario>, to: number) => s.send({ type: 'panel', button: 'raise', to });

describe('R-STUD-BRING-IN under no-limit and pot-limit', () => {
  test('no-limit: the bring-in, the completion to the least bet, raises from the completion', () => {
    const s = freeBetting('no-limit');
    expect(s.last('action.on')).toMatchObject({ seat: 2, toCall: 0, minRaiseTo: 20 }); // the bring-in or a bet
    s.act('call');
    expect(s.last('bet.placed')).toMatchObject({ seat: 2, action: 'bring-in', amount: 10 });
    // the completion is a full bet to the least bet, not a raise of the bring-in
    expect(s.last('action.on')).toMatchObject({ seat: 3, toCall: 10, minRaiseTo: 20 });
    raise(s, 20);
    expect(s.last('bet.placed')).toMatchObject({ seat: 3, amount: 20, to: 20, short: false });
    expect(s.last('action.on')).toMatchObject({ seat: 4, toCall: 20, minRaiseTo: 40 });
    raise(s, 60);
    expect(s.last('action.on')).toMatchObject({ seat: 1, toCall: 60, minRaiseTo: 100 });
    s.act('call');
    // the bring-in seat may raise again: the completion reopened the betting to it
    expect(s.last('action.on')).toMatchObject({ seat: 2, toCall: 50, minRaiseTo: 100 });
  });

  test('no-limit: a completion short of the least bet is completed; a call of the bring-in is reopened', () => {
    const s = freeBetting('no-limit');
    s.act('call', 'call'); // the bring-in; seat 3 calls it
    expect(raise(s, 15)).toMatchObject([{ type: 'bet.corrected', seat: 4, from: 15, to: 20 }, {}, {}, {}]);
    s.act('call', 'call'); // seats 1 and 2
    expect(s.last('action.on')).toMatchObject({ seat: 3, toCall: 10, minRaiseTo: 40 });
  });

  test('pot-limit: the pot after the bring-in and after the completion', () => {
    const s = freeBetting('pot-limit');
    expect(s.last('action.on')).toMatchObject({ seat: 2, minRaiseTo: 20, maxRaiseTo: 20 }); // the antes: 20
    s.act('call');
    // 20 in antes, the bring-in's 10 and the call of it: a raise to 10 + 40
    expect(s.last('action.on')).toMatchObject({ seat: 3, toCall: 10, minRaiseTo: 20, maxRaiseTo: 50 });
    raise(s, 20);
    expect(s.last('action.on')).toMatchObject({ seat: 4, toCall: 20, minRaiseTo: 40, maxRaiseTo: 90 });
    expect(raise(s, 100)[0]).toMatchObject({ type: 'bet.corrected', from: 100, to: 90, rule: 'R-GAME' });
  });
});

describe('the state snapshot (R-STUD-DEAL)', () => {
  test('a flop hand has no up cards on its seats', () => {
    const s = scenario({ players: [1, 2, 3] });
    s.send({ type: 'command', name: 'levels-start', levels: [{ smallBlind: 10, bigBlind: 20, minutes: 20 }] });
    s.send({ type: 'shuffle' });
    s.cards('As', 'Ks', 'Qs', 'Js', 'Ts', '9s');
    expect(s.table.snapshot().seatInfo.some((info) => 'upCards' in info)).toBe(false);
  });
});
