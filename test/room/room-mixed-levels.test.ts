// R-GAME-MIXED in a room: the room's structure may name a game, a betting structure and fixed bets by level; its
// clock and every `level-set` carry them, and a table deals the room's level's game from its next shuffle.
import { describe, expect, test } from 'vitest';
import type { RoomOutput } from '../../src/room/engine/types.ts';
import { newRoom } from '../helpers/room.ts';
import { scenario, DECK } from '../helpers/scenario.ts';

const MIN = 60_000;

/** A room with one table, T1, online. */
function onlineRoom(seats: number) {
  const room = newRoom();
  room.apply({ at: 0, type: 'command', name: 'setup', tables: [{ id: 'T1', seats }], breakOrder: [], profile: 'tda' });
  room.apply({ at: 0, type: 'table', table: 'T1', status: 'online' });
  return room;
}

describe('R-GAME-MIXED: the room runs a mixed structure', () => {
  test("the room's clock and level-set carry the level's game, structure and fixed bets, and the next level's", () => {
    const room = onlineRoom(9);
    const outs = room.apply({
      at: 1000,
      type: 'command',
      name: 'levels-start',
      levels: [
        { smallBlind: 100, bigBlind: 200, minutes: 20, betting: 'limit', smallBet: 200, bigBet: 400 },
        { smallBlind: 100, bigBlind: 200, minutes: 20, game: 'omaha' },
      ],
    });
    expect(outs[0]).toMatchObject({ type: 'clock', level: 1, betting: 'limit', smallBet: 200, bigBet: 400 });
    const set = outs.find((o) => o.type === 'send') as Extract<RoomOutput, { type: 'send' }>;
    expect(set.command).toMatchObject({
      name: 'level-set',
      level: 1,
      betting: 'limit',
      smallBet: 200,
      bigBet: 400,
      next: { level: 2, game: 'omaha' },
    });
    const later = room.apply({ at: 1000 + 20 * MIN, type: 'tick' });
    expect(later.find((o) => o.type === 'send')).toMatchObject({ command: { level: 2, game: 'omaha' } });
  });

  test("a table under the room's clock plays the room's level: limit with its fixed bets, then Omaha", () => {
    const s = scenario({ players: [1, 2, 3], button: 1, rules: { chips: { mode: 'tracked' } } });
    for (const seat of [1, 2, 3]) s.send({ type: 'command', name: 'set-stack', seat, chips: 10_000 }, 0);
    const clock = (level: number, plays: Record<string, unknown>) => ({
      type: 'command',
      name: 'level-set',
      level,
      isBreak: false,
      smallBlind: 100,
      bigBlind: 200,
      ante: 0,
      ...plays,
      endsAt: null,
      remainingMs: 600_000,
      paused: true,
      next: null,
    });
    const changed = s.send(clock(1, { betting: 'limit', smallBet: 200, bigBet: 400 }));
    expect(changed[0]).toMatchObject({ type: 'level.changed', game: 'holdem', betting: 'limit', smallBet: 200 });
    expect(s.table.snapshot().level).toMatchObject({ betting: 'limit', smallBet: 200, bigBet: 400 });
    s.send({ type: 'shuffle' });
    s.cards(...DECK.slice(0, 6));
    expect(s.last('action.on')).toMatchObject({ seat: 1, minRaiseTo: 400, maxRaiseTo: 400 });
    s.act('fold', 'fold');
    expect(s.send(clock(2, { game: 'omaha' }))[0]).toMatchObject({ game: 'omaha', betting: 'pot-limit' });
    s.send({ type: 'shuffle' });
    const dealt = s.cards(...DECK.slice(0, 12)).filter((e) => (e as { to?: string }).to === 'seat');
    expect(dealt).toHaveLength(12);
  });

  test('a room level under limit without fixed bets: the shuffle is refused (fixed-bets-missing), nothing is dealt', () => {
    const s = scenario({ players: [1, 2, 3], button: 1, betting: 'limit', rules: { chips: { mode: 'tracked' } } });
    for (const seat of [1, 2, 3]) s.send({ type: 'command', name: 'set-stack', seat, chips: 10_000 }, 0);
    s.send({
      type: 'command',
      name: 'level-set',
      level: 1,
      isBreak: false,
      smallBlind: 100,
      bigBlind: 200,
      ante: 0,
      endsAt: null,
      remainingMs: 600_000,
      paused: true,
      next: null,
    });
    const evs = s.send({ type: 'shuffle' });
    expect(evs).toMatchObject([{ type: 'request.rejected', request: 'shuffle', reason: 'fixed-bets-missing' }]);
    expect((evs[0] as { message: string }).message).toBe(
      'This level has no small bet and big bet for limit play: start a structure that gives them',
    );
  });
});

describe("R-STUD-BRING-IN in a room: a stud level's bring-in reaches the tables", () => {
  test('level-set carries the bring-in of a stud level without blinds, and a table takes it', () => {
    const room = onlineRoom(8);
    const stud = { game: 'stud', ante: 25, bringIn: 50, smallBet: 100, bigBet: 200, minutes: 20 };
    const outs = room.apply({
      at: 1000,
      type: 'command',
      name: 'levels-start',
      levels: [stud, { ...stud, bringIn: 75 }],
    });
    const set = outs.find((o) => o.type === 'send') as Extract<RoomOutput, { type: 'send' }>;
    expect(set.command).toMatchObject({
      name: 'level-set',
      smallBlind: null,
      bigBlind: null,
      bringIn: 50,
      next: { bringIn: 75 },
    });
    const s = scenario({ players: [1, 2, 3], game: 'stud' });
    const taken = s.send({ type: 'command', ...set.command });
    expect(taken.map((e) => e.type)).toEqual(['level.changed', 'level.set']);
    expect(taken[0]).toMatchObject({ ante: 25, bringIn: 50 });
  });
});
