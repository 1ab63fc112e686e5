// The board's stud line (src/web/table/board-stud.js, plain browser JS run here as it is) from the events of hands
// the contract writes (test/helpers/stud-hand.ts): who brings in and for how much, who completes and to what, with
// chips tracked (the amounts from `bet.placed`) and without (the level's bringIn and smallBet); on third street only.
import { describe, expect, test } from 'vitest';
import '../../src/web/kit/game-words.js';
import '../../src/web/table/board-feed.js';
import '../../src/web/table/board-stud.js';
import type { TableEvent } from '../../src/domain/types.ts';
import { StudHand, type StudTable } from '../helpers/stud-hand.ts';

type Bring = Record<string, unknown>;
const { none, onEvent, bringInText } = (
  globalThis as unknown as {
    BoardStud: {
      none(): Bring;
      onEvent(b: Bring, e: TableEvent): Bring;
      bringInText(b: Bring, state: unknown, level: unknown, money: (n: number) => string): string;
    };
  }
).BoardStud;
const money = (n: number) => n.toLocaleString('en-US');
type FeedLine = (e: unknown, f: { money: (n: number) => string }) => string[];
const { feedLine } = (globalThis as unknown as { BoardFeed: { feedLine: FeedLine } }).BoardFeed;
const names = ['Ann', 'Bob', 'Cat', 'Dan'];
const state = (street: string) => ({ hand: 1, street, seatInfo: names.map((player, i) => ({ seat: i + 1, player })) });
const level = { bringIn: 10, smallBet: 20 };

function table(chips: boolean): StudTable {
  const seats = names.map((name, i) => ({ seat: i + 1, name, chips: 1000 }));
  return { game: 'stud', seats, ante: 5, bringIn: 10, smallBet: 20, bigBet: 40, chips };
}

function third(chips: boolean): StudHand {
  const h = new StudHand(table(chips));
  h.deal('third', '1:As 2:7d 3:9c 4:Kd', false).deal('third', '1:Ah 2:8d 3:Tc 4:Qs', false);
  return h.deal('third', '1:Kh 2:3s 3:2c 4:Js', true).bringIn(3, '2c');
}

const line = (events: TableEvent[], street = 'third') =>
  bringInText(events.reduce(onEvent, none()), state(street), level, money);

describe('the board’s bring-in line', () => {
  test.each([true, false])('chips %s: to act, brought in, completed by another seat', (chips) => {
    expect(line(third(chips).events)).toBe('Bring-in: seat 3 · Cat · 10 to act');
    expect(line(third(chips).act(3, 'bring-in', 10).events)).toBe('Bring-in: seat 3 · Cat · 10');
    expect(line(third(chips).act(3, 'bring-in', 10).act(4, 'complete', 20).events)).toBe(
      'Bring-in: seat 3 · Cat · 10; seat 4 · Dan completes to 20',
    );
    // a raise after the completion is no second completion
    expect(line(third(chips).act(3, 'bring-in', 10).act(4, 'complete', 20).act(1, 'raise', 40).events)).toBe(
      'Bring-in: seat 3 · Cat · 10; seat 4 · Dan completes to 20',
    );
  });

  test('the bring-in seat completes itself; chips tracked give the amounts, not the level', () => {
    const h = third(true).act(3, 'complete', 20);
    expect(line(h.events)).toBe('Seat 3 · Cat completes to 20');
    const posted = third(true).act(3, 'bring-in', 10).events;
    expect(bringInText(posted.reduce(onEvent, none()), state('third'), { bringIn: 99 }, money)).toBe(
      'Bring-in: seat 3 · Cat · 10',
    );
  });

  test('gone from fourth street, and on a new hand; nothing for a board that missed the bring-in', () => {
    const h = third(true).act(3, 'bring-in', 10);
    expect(line(h.events, 'fourth')).toBe('');
    const next = { type: 'hand.started', hand: 2 } as unknown as TableEvent;
    expect(bringInText(onEvent(h.events.reduce(onEvent, none()), next), state('third'), level, money)).toBe('');
    expect(bringInText(none(), state('third'), level, money)).toBe('');
  });
});

describe('the feed’s level line', () => {
  test('a stud level: its bets and bring-in, not its unplayed blinds; its game in a mixed structure', () => {
    const stud = { type: 'level.changed', level: 3, smallBlind: 50, bigBlind: 100, ante: 10, appliesToHand: 9 };
    const razz = { ...stud, game: 'razz', betting: 'limit', smallBet: 100, bigBet: 200, bringIn: 25 };
    expect(feedLine(razz, { money })[1]).toBe('Level 3: Limit Razz 100 / 200, bring-in 25');
    const { game: _g, betting: _b, ...plain } = razz;
    expect(feedLine(plain, { money })[1]).toBe('Level 3: 100 / 200, bring-in 25');
    expect(feedLine(stud, { money })[1]).toBe('Level 3: 50 / 100');
  });
});
