// R-ROOM-MOVE at the table (src/domain/seats/room-moves.ts): `move-player` takes a player to another table only between hands,
// at once between hands and at the end of the hand under way otherwise; with chips tracked the stack goes along
// (`player.moved.chips`) and leaves the table. At the new table R-NEW-PLAYER and R-AT-YOUR-SEAT apply as to anyone
// seated there.
import { describe, expect, test } from 'vitest';
import { loadProfiles } from '../../src/config/profiles.ts';
import { createTable } from '../../src/domain/table.ts';
import { DECK, scenario, type Scenario } from '../helpers/scenario.ts';
import type { TableEvent } from '../../src/domain/types.ts';

const TRACKED = { chips: { mode: 'tracked' } };
const LEVELS = { type: 'command', name: 'levels-start', levels: [{ smallBlind: 50, bigBlind: 100, minutes: 20 }] };
const move = (seat?: number) => ({ type: 'command', name: 'move-player', ...(seat === undefined ? {} : { seat }) });

/** Deals the hole cards of the hand under way and folds to the big blind; returns the events of the folds. */
function foldToBigBlind(s: Scenario): TableEvent[] {
  const started = s.last('hand.started') as Extract<TableEvent, { type: 'hand.started' }>;
  s.cards(...DECK.slice(0, started.dealtIn.length * 2));
  const events: TableEvent[] = [];
  for (;;) {
    const on = s.table.snapshot().onAction;
    if (!on || s.table.snapshot().hand === null) return events;
    events.push(...s.act('fold'));
  }
}

function tracked(players: number[], stacks: number[]): Scenario {
  const s = scenario({ players, button: players[0], rules: TRACKED });
  players.forEach((seat, i) => s.send({ type: 'command', name: 'set-stack', seat, chips: stacks[i] }, 0));
  s.send(LEVELS, 0);
  return s;
}

describe('R-ROOM-MOVE: move-player', () => {
  test('between hands the player leaves at once; the seat is empty and the next hand deals without it', () => {
    const s = scenario({ players: [1, 2, 3, 4], button: 1 });
    expect(s.send(move(3))).toMatchObject([{ type: 'player.moved', seat: 3, player: 'P3' }]);
    const moved = s.last('player.moved')!;
    expect(moved).not.toHaveProperty('chips'); // chips not tracked
    expect(moved).not.toHaveProperty('hand');
    expect(s.table.snapshot().seatInfo[2]).toMatchObject({ seat: 3, player: null });
    const started = s.send({ type: 'shuffle' });
    expect(started[0]).toMatchObject({ type: 'hand.started' });
    expect((started[0] as { dealtIn: number[] }).dealtIn).not.toContain(3);
  });

  test('asked mid-hand, the player plays the hand out and leaves only at its end, right after hand.ended', () => {
    const s = scenario({ players: [1, 2, 3, 4], button: 1 });
    s.send({ type: 'shuffle' });
    const asked = s.send(move(1));
    expect(asked).toEqual([]); // nothing yet: the hand goes on
    expect(s.table.snapshot().seatInfo[0]).toMatchObject({ player: 'P1', moving: true, dealtIn: true });
    s.send(move(1)); // asked again (a room that restarted): still one move
    const end = foldToBigBlind(s);
    const types = s.types(end);
    expect(types.slice(types.indexOf('hand.ended'))).toEqual(['hand.ended', 'player.moved']);
    expect(s.all('player.moved')).toHaveLength(1);
    expect(s.last('player.moved')).toMatchObject({ seat: 1, player: 'P1' });
    expect(s.last('player.moved')).not.toHaveProperty('hand');
    expect(s.table.snapshot().seatInfo[0]).toMatchObject({ player: null });
    expect(s.table.snapshot().seatInfo[0]).not.toHaveProperty('moving');
  });

  test('with no seat: the player who would post the next big blind, found when the hand ends', () => {
    const s = scenario({ players: [1, 2, 3, 4], button: 1 });
    s.send({ type: 'shuffle' });
    expect(s.last('hand.started')).toMatchObject({ button: 1, smallBlind: 2, bigBlind: 3 });
    s.send(move());
    foldToBigBlind(s);
    // the big blind moves forward one seat: seat 4 would post it next
    expect(s.last('player.moved')).toMatchObject({ seat: 4, player: 'P4' });
    // between hands, at once: the next big blind is now seat 1 (seat 4 is gone)
    expect(s.send(move())).toMatchObject([{ type: 'player.moved', seat: 1, player: 'P1' }]);
    const next = s.send({ type: 'shuffle' });
    expect(next[0]).toMatchObject({ type: 'hand.started', bigBlind: 2 });
  });

  test('with chips tracked the stack goes along and leaves the table', () => {
    const s = tracked([1, 2, 3], [1000, 700, 2000]);
    s.send({ type: 'shuffle' });
    s.send(move(2)); // the small blind: 50 in, lost to the big blind's fold-win
    foldToBigBlind(s);
    expect(s.last('player.moved')).toMatchObject({ seat: 2, player: 'P2', chips: 650 });
    const seats = s.table.snapshot().seatInfo;
    expect(seats[1]).toMatchObject({ player: null, stack: null });
    const total = seats.reduce((sum, x) => sum + (x.stack ?? 0), 0);
    expect(total).toBe(1000 + 700 + 2000 - 650);
    // between hands too
    expect(s.send(move(3))).toMatchObject([{ type: 'player.moved', seat: 3, chips: 2050 }]);
  });

  test('a player eliminated in the hand does not move; one removed does not either', () => {
    const s = tracked([1, 2, 3], [1000, 100, 2000]);
    s.send({ type: 'shuffle' }); // button 1, small blind 2, big blind 3
    s.send(move(2));
    s.send(move(1));
    s.send({ type: 'command', name: 'remove-player', seat: 1 });
    // dealing order 2, 3, 1: seat 2 junk, seat 3 aces; seat 2 all in for its 100, seat 3 checks along
    s.cards('2c', 'As', 'Ks', '7d', 'Ad', 'Kd');
    s.send({ type: 'panel', button: 'allin' });
    for (let on = s.table.snapshot(); on.onAction; on = s.table.snapshot())
      s.send({ type: 'panel', button: on.toCall ? 'call' : 'check' });
    s.cards('3h', '4s', '9c', 'Jd', '5h', 'Qh', '6d', '8s');
    expect(s.last('player.eliminated')).toMatchObject({ seat: 2 });
    const over = s.all('hand.ended');
    expect(over).toHaveLength(1);
    expect(s.all('player.moved')).toEqual([]);
    expect(s.types()).toContain('player.removed');
  });

  test('a misdealt hand ends too: the move happens after it', () => {
    const s = scenario({ players: [1, 2, 3], button: 1 });
    s.send({ type: 'shuffle' });
    s.send(move(3));
    const ended = s.send({ type: 'panel', button: 'misdeal' });
    expect(s.types(ended)).toEqual(['misdeal', 'hand.ended', 'player.moved']);
  });

  test('refusals: an empty seat, a seat beyond the table, a table with no next big blind', () => {
    const s = scenario({ players: [1], button: 1 });
    expect(s.send(move(2))).toMatchObject([{ type: 'request.rejected', request: 'move-player', reason: 'seat-empty' }]);
    expect(s.send(move(9))).toMatchObject([{ type: 'input.rejected' }]);
    expect(s.send(move())).toMatchObject([{ type: 'request.rejected', reason: 'not-enough-players' }]);
    expect(s.send({ type: 'command', name: 'move-player', seat: 0 })).toMatchObject([{ type: 'input.rejected' }]);
  });
});

describe('at the new table: R-NEW-PLAYER and R-AT-YOUR-SEAT', () => {
  test('a moved player seated between the button and the small blind waits; one seated elsewhere, not yet at the table, is dealt in, blinded, and the hand is dead', () => {
    // the destination: players 1, 2, 4, 5 of 6 seats; hand 1: button 1, small blind 2, big blind 4
    const dest = scenario({ players: [1, 2, 4, 5], button: 1, seats: 6 });
    dest.send({ type: 'shuffle' });
    expect(dest.last('hand.started')).toMatchObject({ button: 1, smallBlind: 2, bigBlind: 4 });
    foldToBigBlind(dest);
    // the room seats two moved players (neither has sat down yet): seat 3 lies between the next button (2) and
    // small blind (4); seat 6 lies after the next big blind (5)
    dest.send({ type: 'command', name: 'seat-player', seat: 3, player: 'Anna' });
    dest.send({ type: 'command', name: 'seat-player', seat: 6, player: 'Bob' });
    const started = dest.send({ type: 'shuffle' })[0] as Extract<TableEvent, { type: 'hand.started' }>;
    expect(started).toMatchObject({ button: 2, smallBlind: 4, bigBlind: 5 });
    expect(started.dealtIn).not.toContain(3); // R-NEW-PLAYER: waits for the button to pass
    expect(dest.table.snapshot().seatInfo[2]).toMatchObject({ player: 'Anna', waiting: true });
    expect(started.dealtIn).toContain(6); // R-AT-YOUR-SEAT: dealt in though absent
    const deal = dest.cards(...DECK.slice(0, started.dealtIn.length * 2));
    expect(deal).toContainEqual(expect.objectContaining({ type: 'hand.dead', seat: 6, reason: 'absent' }));
  });
});

describe('a saved table from before the room (domain-state-10)', () => {
  test('loads without the room fields and plays a hand to its end', () => {
    const profiles = loadProfiles();
    const first = createTable({ profiles });
    let at = 0;
    first.apply({ at, type: 'command', name: 'setup', seats: 6, profile: 'tda' });
    for (const seat of [1, 2, 3]) first.apply({ at, type: 'command', name: 'seat-player', seat, player: `P${seat}` });
    const old = first.save() as unknown as Record<string, unknown>;
    delete old.room;
    delete old.moves;
    const table = createTable({ profiles }, old as unknown as ReturnType<typeof first.save>);
    at += 10_000;
    expect(table.apply({ at, type: 'shuffle' })[0]).toMatchObject({ type: 'hand.started' });
    expect(table.apply({ at: at + 1, type: 'command', name: 'move-player', seat: 1 })).toEqual([]);
    const ended = table.apply({ at: at + 2, type: 'panel', button: 'misdeal' });
    expect(ended.map((e) => e.type)).toEqual(['misdeal', 'hand.ended', 'player.moved']);
  });
});
