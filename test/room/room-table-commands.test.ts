// What the room service publishes to a table's `cmd/<name>` (src/room/service/topics.ts), read by the table's own
// command parser (src/mqtt/commands.ts), from a real room engine's outputs: seat-player (with chips), move-player and
// level-set (R-ROOM-MOVE, R-ROOM-CLOCK) all parse as the table's commands.
import { describe, expect, it } from 'vitest';
import { validateCommand } from '../../src/domain/validate/validate.ts';
import { parseCommand } from '../../src/mqtt/commands.ts';
import { outputMessage, roomTopics } from '../../src/room/service/topics.ts';
import type { RoomConfig } from '../../src/room/config/types.ts';
import { RoomHarness } from '../helpers/room.ts';

const config = {
  room: { id: 'r1' },
  mqtt: { baseTopic: 'room', tableBaseTopic: 'pokertable' },
} as unknown as RoomConfig;

describe("the room's commands at a table", () => {
  it('seat-player: the topic of the drawn table, fields the table accepts, the id naming the room and seq', () => {
    const h = new RoomHarness({
      tables: [{ id: 'A', seats: 6 }],
      breakOrder: [],
      profile: 'tda',
      seed: 5,
    });
    const sends = h.of('send', h.register('Anna'));
    expect(sends).toHaveLength(1);
    const m = outputMessage(roomTopics(config), 'r1', sends[0]!)!;
    expect(m.topic).toMatch(/^pokertable\/A\/cmd\/seat-player$/);
    const parsed = parseCommand('seat-player', JSON.parse(m.payload));
    expect(parsed).toMatchObject({ ok: true, value: { id: `room-r1-${sends[0]!.seq}` } });
    expect(parsed.ok && parsed.value.input).toMatchObject({ name: 'seat-player', player: 'Anna' });
  });

  it('seat-player with chips, level-set (playing level, pause, break) and move-player: all accepted as sent', () => {
    const h = new RoomHarness({
      tables: [
        { id: 'A', seats: 6 },
        { id: 'B', seats: 6 },
      ],
      breakOrder: ['A', 'B'],
      profile: 'tda',
      startingStack: 1000,
      seed: 5,
    });
    h.input({
      type: 'command',
      name: 'levels-start',
      levels: [
        { smallBlind: 50, bigBlind: 100, minutes: 20 },
        { break: true, minutes: 10 },
        { smallBlind: 100, bigBlind: 200, ante: 25, minutes: 20 },
      ],
    });
    h.input({ type: 'command', name: 'levels-pause' });
    h.input({ type: 'tick', at: h.at + 1 });
    h.input({ type: 'command', name: 'levels-resume' });
    h.input({ type: 'tick', at: h.at + 20 * 60_000 }); // the break
    h.register('P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7');
    // bust players at the table with four until the gap calls for a balance move
    const full = h.count('A') > h.count('B') ? 'A' : 'B';
    h.hand(full === 'A' ? 'B' : 'A', [{ seat: h.table(full === 'A' ? 'B' : 'A').players.findIndex((p) => p) + 1 }]);
    h.hand(full === 'A' ? 'B' : 'A', [{ seat: h.table(full === 'A' ? 'B' : 'A').players.findIndex((p) => p) + 1 }]);
    const sends = h.of('send');
    const names = new Set(sends.map((o) => o.command.name));
    expect(names).toEqual(new Set(['seat-player', 'level-set', 'move-player']));
    expect(sends.some((o) => o.command.name === 'level-set' && o.command.isBreak)).toBe(true);
    expect(sends.some((o) => o.command.name === 'level-set' && o.command.paused)).toBe(true);
    for (const send of sends) {
      const m = outputMessage(roomTopics(config), 'r1', send)!;
      const parsed = parseCommand(send.command.name, JSON.parse(m.payload));
      expect(parsed, m.payload).toMatchObject({ ok: true });
      const input: Record<string, unknown> = parsed.ok ? { ...parsed.value.input } : {};
      delete input.id;
      expect(input).toEqual({ type: 'command', ...send.command });
    }
  });
});

describe("a table refuses a malformed level-set or move-player (the schema's check, then what it cannot say)", () => {
  const good = {
    name: 'level-set',
    level: 2,
    isBreak: false,
    smallBlind: 100,
    bigBlind: 200,
    ante: 25,
    endsAt: 1_200_000,
    remainingMs: 1_200_000,
    paused: false,
    next: null,
  };
  it.each([
    ['a level 0', { ...good, level: 0 }, /level/],
    ['a small blind above the big blind', { ...good, smallBlind: 300 }, /small blind must not be above the big blind/],
    ['a break with blinds', { ...good, isBreak: true }, /smallBlind|bigBlind|break/],
    [
      'a next level with its small blind above its big',
      { ...good, next: { level: 3, isBreak: false, smallBlind: 500, bigBlind: 400, minutes: 20 } },
      /next: the small blind/,
    ],
    ['an unknown field', { ...good, colour: 'red' }, /colour/],
  ])('level-set: %s', (_what, payload, reason) => {
    const parsed = parseCommand('level-set', payload);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.message).toMatch(reason);
  });
  it('level-set: a good one keeps its fields, a missing ante is 0 (the engine edge)', () => {
    const { ante: _ante, ...withoutAnte } = good;
    expect(parseCommand('level-set', withoutAnte).ok).toBe(true);
    expect(validateCommand(withoutAnte)).toMatchObject({ name: 'level-set', level: 2, ante: 0, next: null });
  });
  it('move-player: a seat out of range is refused, no seat is the next big blind', () => {
    expect(parseCommand('move-player', { seat: 0 }).ok).toBe(false);
    const parsed = parseCommand('move-player', {});
    expect(parsed.ok && parsed.value.input).toEqual({ type: 'command', name: 'move-player' });
  });
});
