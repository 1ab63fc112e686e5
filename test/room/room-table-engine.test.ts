// The room against the real table engine (src/domain), for what the table has today: the room's seat-player goes to
// real tables, their real events and `state` snapshots come back, and the player the room picks as "the next big
// blind" (R-ROOM-BALANCE) is the one the real table then puts on the big blind; the room's clock (`level-set`) and a
// balance move (`move-player`, asked mid-hand, done at the hand's end: R-ROOM-MOVE) at real tables.
import { describe, expect, test } from 'vitest';
import { loadProfiles } from '../../src/config/profiles.ts';
import { createTable } from '../../src/domain/table.ts';
import type { TableEvent } from '../../src/domain/types.ts';
import type { RoomOutput } from '../../src/room/engine/types.ts';
import { newRoom } from '../helpers/room.ts';
import { numberedTable, type NumberedTable } from '../helpers/numbered-table.ts';
import { DECK } from '../helpers/scenario.ts';

const profiles = loadProfiles();

/** `forward`: the commands the room sends that reach the tables (all three now that the tables know them). */
function world(seats: number, forward: readonly string[] = ['seat-player']) {
  const room = newRoom();
  const tables = new Map<string, NumberedTable>();
  let at = 0;
  const outputs: RoomOutput[] = [];
  const toRoom = (input: Record<string, unknown>) => {
    const outs = room.apply({ at, ...input });
    outputs.push(...outs);
    for (const o of outs)
      if (o.type === 'send' && forward.includes(o.command.name)) toTable(o.table, { type: 'command', ...o.command });
  };
  const toTable = (id: string, input: Record<string, unknown>): TableEvent[] => {
    const t = tables.get(id)!;
    at += 10;
    const events = t.apply({ at, ...input });
    for (const event of events) toRoom({ type: 'table', table: id, event });
    toRoom({ type: 'table', table: id, state: t.snapshot() });
    if (input.name === 'seat-player') toTable(id, { type: 'seat', seat: input.seat, occupied: true });
    return events;
  };
  room.apply({
    at,
    type: 'command',
    name: 'setup',
    tables: [
      { id: 'A', seats },
      { id: 'B', seats },
    ],
    breakOrder: ['A', 'B'],
    profile: 'tda',
    seed: 5,
  });
  for (const id of ['A', 'B']) {
    const t = numberedTable(createTable({ profiles }));
    tables.set(id, t);
    t.apply({ at, type: 'command', name: 'setup', seats, profile: 'tda' });
    toRoom({ type: 'table', table: id, status: 'online' });
  }
  /** A hand at a real table: shuffle, two cards to each seat dealt in, everyone folds to the big blind. */
  const hand = (id: string): TableEvent[] => {
    at += 2000; // seat sensors settle
    toTable(id, { type: 'tick' });
    const events = toTable(id, { type: 'shuffle' });
    const started = events.find((e) => e.type === 'hand.started') as Extract<TableEvent, { type: 'hand.started' }>;
    const cards = DECK.slice(0, started.dealtIn.length * 2);
    for (const card of cards) events.push(...toTable(id, { type: 'card', card }));
    while (!events.some((e) => e.type === 'hand.ended')) events.push(...toTable(id, { type: 'panel', button: 'fold' }));
    return events;
  };
  return { room, tables, outputs, hand, toTable, toRoom };
}

describe('the room with real tables', () => {
  test('R-ROOM-DRAW the room reads the real tables: registrations seat real players, counts follow', () => {
    const w = world(6);
    for (let i = 1; i <= 9; i++) w.toRoom({ type: 'command', name: 'register', player: `P${i}` });
    const seated = (id: string) =>
      w.tables
        .get(id)!
        .snapshot()
        .seatInfo.filter((s) => s.player !== null).length;
    expect([seated('A'), seated('B')].sort()).toEqual([4, 5]);
    expect(
      w.room
        .snapshot()
        .tables.map((t) => t.players.length)
        .sort(),
    ).toEqual([4, 5]);
  });

  test('R-ROOM-BALANCE next-big-blind: the seat the room sends away is the real table’s next big blind', () => {
    const w = world(9);
    for (let i = 1; i <= 18; i++) w.toRoom({ type: 'command', name: 'register', player: `P${i}` });
    w.hand('A');
    w.hand('B');
    // Three players leave B (the floor removes them): 9 against 6 at B's next hand end.
    const b = w.tables.get('B')!;
    const bb = b.snapshot().bigBlindSeat!;
    const gone = b
      .snapshot()
      .seatInfo.filter((s) => s.player !== null && s.seat !== bb)
      .slice(0, 3)
      .map((s) => s.seat);
    for (const seat of gone) w.toTable('B', { type: 'command', name: 'remove-player', seat });
    const before = w.outputs.length;
    w.hand('B');
    const sends = w.outputs.slice(before).filter((o) => o.type === 'send' && o.command.name === 'move-player');
    expect(sends).toHaveLength(1);
    const moving = sends[0] as Extract<RoomOutput, { type: 'send' }>;
    expect(moving.table).toBe('A');
    // The real table A's next hand puts the big blind on exactly that seat.
    const next = w.hand('A').find((e) => e.type === 'hand.started') as Extract<TableEvent, { type: 'hand.started' }>;
    expect(next.bigBlind).toBe((moving.command as { seat: number }).seat);
  });

  test('R-ROOM-PLACES a real remove-player is an exit; places come from the real events', () => {
    const w = world(6);
    for (let i = 1; i <= 4; i++) w.toRoom({ type: 'command', name: 'register', player: `P${i}` });
    const a = w.tables.get('A')!;
    const seat = a.snapshot().seatInfo.find((s) => s.player !== null)!;
    w.toTable('A', { type: 'command', name: 'remove-player', seat: seat.seat });
    w.toRoom({ type: 'tick', at: 1_000_000 });
    expect(w.outputs.filter((o) => o.type === 'place')).toMatchObject([
      { type: 'place', player: seat.player, place: 4 },
    ]);
  });

  test('R-ROOM-CLOCK, R-ROOM-MOVE: the room clock at both real tables; a move asked mid-hand happens at its end', () => {
    const w = world(9, ['seat-player', 'move-player', 'level-set']);
    w.toRoom({
      type: 'command',
      name: 'levels-start',
      levels: [
        { smallBlind: 50, bigBlind: 100, minutes: 20 },
        { smallBlind: 100, bigBlind: 200, minutes: 20 },
      ],
    });
    for (const id of ['A', 'B']) expect(w.tables.get(id)!.snapshot().level).toMatchObject({ level: 1, bigBlind: 100 });
    for (let i = 1; i <= 18; i++) w.toRoom({ type: 'command', name: 'register', player: `P${i}` });
    w.hand('A');
    w.hand('B');
    const b = w.tables.get('B')!;
    const gone = b
      .snapshot()
      .seatInfo.filter((s) => s.player !== null)
      .slice(0, 3)
      .map((s) => s.seat);
    for (const seat of gone) w.toTable('B', { type: 'command', name: 'remove-player', seat });
    // A hand starts at A; B's hand ends meanwhile: the room asks A to move a player, who plays the hand out
    const started = w.toTable('A', { type: 'shuffle' });
    expect(started[0]).toMatchObject({ type: 'hand.started', level: 1 });
    const before = w.outputs.length;
    w.hand('B');
    const asked = w.outputs.slice(before).filter((o) => o.type === 'send' && o.command.name === 'move-player');
    expect(asked).toMatchObject([{ table: 'A' }]);
    const seat = ((asked[0] as Extract<RoomOutput, { type: 'send' }>).command as { seat: number }).seat;
    const a = w.tables.get('A')!;
    const player = a.snapshot().seatInfo[seat - 1]!.player!;
    expect(a.snapshot().seatInfo[seat - 1]).toMatchObject({ player, moving: true });
    // A's hand runs to its end: then the player leaves, and the room seats them at B
    const dealt = (started[0] as Extract<TableEvent, { type: 'hand.started' }>).dealtIn.length * 2;
    const events: TableEvent[] = [];
    for (const card of DECK.slice(0, dealt)) events.push(...w.toTable('A', { type: 'card', card }));
    while (!events.some((e) => e.type === 'hand.ended'))
      events.push(...w.toTable('A', { type: 'panel', button: 'fold' }));
    const types = events.map((e) => e.type);
    expect(types.slice(types.indexOf('hand.ended'))).toEqual(['hand.ended', 'player.moved']);
    expect(events.at(-1)).toMatchObject({ type: 'player.moved', seat, player });
    expect(b.snapshot().seatInfo.some((s) => s.player === player)).toBe(true);
    expect(w.outputs.filter((o) => o.type === 'move' && o.reason === 'balance')).toMatchObject([
      { player, from: { table: 'A', seat }, to: { table: 'B' } },
    ]);
  });
});
