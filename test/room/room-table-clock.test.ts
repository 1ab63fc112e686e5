// R-ROOM-CLOCK at the table (src/domain/levels/room-level.ts): a `level-set` stops the table's own level clock for good; a
// change of level applies from the next shuffle (R-LEVEL-CLOCK); a `level-set` of the level in force changes only the
// clock shown; a table cut off from the room plays on with the last level it got.
import { describe, expect, test } from 'vitest';
import { DECK, scenario, type Scenario } from '../helpers/scenario.ts';
import type { TableEvent } from '../../src/domain/types.ts';

const TRACKED = { chips: { mode: 'tracked' } };
const MIN = 60_000;

function levelSet(level: number, blinds: [number, number, number] | null, fields: Record<string, unknown> = {}) {
  return {
    type: 'command',
    name: 'level-set',
    level,
    isBreak: blinds === null,
    smallBlind: blinds?.[0] ?? null,
    bigBlind: blinds?.[1] ?? null,
    ante: blinds?.[2] ?? null,
    endsAt: 1_000_000,
    remainingMs: 10 * MIN,
    paused: false,
    next: { level: level + 1, isBreak: false, smallBlind: 400, bigBlind: 800, ante: 80, minutes: 20 },
    ...fields,
  };
}

function tracked(): Scenario {
  const s = scenario({ players: [1, 2, 3], button: 1, rules: TRACKED });
  for (const seat of [1, 2, 3]) s.send({ type: 'command', name: 'set-stack', seat, chips: 10_000 }, 0);
  return s;
}

function playOut(s: Scenario): void {
  const started = s.last('hand.started') as Extract<TableEvent, { type: 'hand.started' }>;
  s.cards(...DECK.slice(0, started.dealtIn.length * 2));
  while (s.table.snapshot().onAction) s.act('fold');
}

const blindsPosted = (events: TableEvent[]) =>
  events
    .filter((e) => e.type === 'bet.placed')
    .map((e) => [(e as { action: string }).action, (e as { amount: number }).amount]);

describe('R-ROOM-CLOCK: level-set at the table', () => {
  test("the room's level is in force: level.changed, then level.set; the blinds of the next hand are the room's", () => {
    const s = tracked();
    const out = s.send(levelSet(3, [100, 200, 25]));
    expect(s.types(out)).toEqual(['level.changed', 'level.set']);
    expect(out[0]).toMatchObject({ level: 3, smallBlind: 100, bigBlind: 200, ante: 25, appliesToHand: 1 });
    expect(out[1]).toMatchObject({ level: 3, isBreak: false, remainingMs: 10 * MIN, paused: false, endsAt: 1_000_000 });
    const started = s.send({ type: 'shuffle' });
    expect(started[0]).toMatchObject({ type: 'hand.started', level: 3 });
    expect(blindsPosted(started)).toContainEqual(['big-blind', 200]);
    expect(s.table.snapshot().level).toMatchObject({ level: 3, smallBlind: 100, bigBlind: 200, ante: 25 });
  });

  test('R-LEVEL-CLOCK: a change during a hand applies from the next shuffle', () => {
    const s = tracked();
    s.send(levelSet(1, [50, 100, 0]));
    s.send({ type: 'shuffle' });
    const changed = s.send(levelSet(2, [100, 200, 0], { remainingMs: 20 * MIN }));
    expect(changed[0]).toMatchObject({ type: 'level.changed', level: 2, appliesToHand: 2, hand: 1 });
    expect(s.table.snapshot().level).toMatchObject({ level: 2, bigBlind: 200 }); // shown at once
    playOut(s);
    const bets = s.all('bet.placed').map((e) => (e as { amount: number }).amount);
    expect(bets.slice(0, 2)).toEqual([50, 100]); // hand 1 kept its blinds
    const next = s.send({ type: 'shuffle' });
    expect(next[0]).toMatchObject({ type: 'hand.started', level: 2 });
    expect(blindsPosted(next)).toContainEqual(['big-blind', 200]);
  });

  test('a level-set of the level in force changes only the clock shown (a pause, a resume, a catch-up)', () => {
    const s = tracked();
    s.send(levelSet(2, [100, 200, 0]));
    const paused = s.send(levelSet(2, [100, 200, 0], { paused: true, endsAt: null, remainingMs: 7 * MIN }));
    expect(s.types(paused)).toEqual(['level.set']);
    expect(s.table.snapshot().level).toMatchObject({ level: 2, paused: true, endsAt: null, remainingMs: 7 * MIN });
    s.send({ type: 'tick' }, 5 * MIN);
    expect(s.table.snapshot().level).toMatchObject({ paused: true, remainingMs: 7 * MIN });
    const resumed = s.send(levelSet(2, [100, 200, 0], { remainingMs: 7 * MIN, endsAt: 2_000_000 }));
    expect(s.types(resumed)).toEqual(['level.set']);
    s.send({ type: 'tick' }, MIN);
    expect(s.table.snapshot().level).toMatchObject({ paused: false, remainingMs: 6 * MIN, endsAt: 2_000_000 });
  });

  test("the table's own clock stops for good: no level timer, the floor's level commands are refused", () => {
    const s = tracked();
    s.send({
      type: 'command',
      name: 'levels-start',
      levels: [
        { smallBlind: 5, bigBlind: 10, minutes: 1 },
        { smallBlind: 10, bigBlind: 20, minutes: 1 },
      ],
    });
    expect(s.table.nextDeadline()).not.toBeNull();
    // the room's level 1 is the table's own level 1 with other blinds: a change
    const out = s.send(levelSet(1, [50, 100, 0]));
    expect(s.types(out)).toEqual(['level.changed', 'level.set']);
    expect(s.table.nextDeadline()).toBeNull();
    for (const name of ['levels-start', 'levels-pause', 'levels-resume', 'levels-adjust']) {
      const cmd =
        name === 'levels-start'
          ? { levels: [{ smallBlind: 5, bigBlind: 10, minutes: 1 }] }
          : name === 'levels-adjust'
            ? { minutes: 1 }
            : {};
      expect(s.send({ type: 'command', name, ...cmd })).toMatchObject([
        { type: 'request.rejected', request: name, reason: 'room-clock' },
      ]);
    }
  });

  test('cut off from the room, the table plays on with the last level it got: its own timer never restarts', () => {
    const s = tracked();
    s.send({
      type: 'command',
      name: 'levels-start',
      levels: [
        { smallBlind: 5, bigBlind: 10, minutes: 1 },
        { smallBlind: 10, bigBlind: 20, minutes: 1 },
      ],
    });
    s.send(levelSet(4, [200, 400, 50], { remainingMs: MIN }));
    // the room falls silent; an hour goes by, far past the room's level end and the table's own levels
    const quiet = s.send({ type: 'tick' }, 60 * MIN);
    expect(s.types(quiet)).toEqual([]);
    expect(s.table.nextDeadline()).toBeNull();
    expect(s.table.snapshot().level).toMatchObject({ level: 4, remainingMs: 0, paused: false });
    const started = s.send({ type: 'shuffle' });
    expect(started[0]).toMatchObject({ level: 4 });
    expect(blindsPosted(started)).toContainEqual(['big-blind', 400]);
    playOut(s);
    // the room is back: it sends the level in force, the table catches up from the next hand
    const back = s.send(levelSet(6, [400, 800, 80]));
    expect(back[0]).toMatchObject({ type: 'level.changed', level: 6, appliesToHand: 2 });
    const next = s.send({ type: 'shuffle' });
    expect(blindsPosted(next)).toContainEqual(['big-blind', 800]);
  });

  test('a break: level.changed with break true; hands dealt during it keep the level before', () => {
    const s = tracked();
    s.send(levelSet(2, [100, 200, 0]));
    const brk = s.send(levelSet(2, null, { next: null }));
    expect(brk[0]).toMatchObject({ type: 'level.changed', level: 2, smallBlind: null, bigBlind: null, break: true });
    expect(s.table.snapshot().level).toMatchObject({ isBreak: true, level: 2, next: null });
    const started = s.send({ type: 'shuffle' });
    expect(started[0]).toMatchObject({ level: 2 });
    expect(blindsPosted(started)).toContainEqual(['big-blind', 200]);
  });

  test('a room that starts on a break: the table keeps the blinds of its own level in force', () => {
    const s = tracked();
    s.send({ type: 'command', name: 'levels-start', levels: [{ smallBlind: 25, bigBlind: 50, minutes: 10 }] });
    s.send(levelSet(1, null));
    const started = s.send({ type: 'shuffle' });
    expect(blindsPosted(started)).toContainEqual(['big-blind', 50]);
  });

  test('malformed level-set payloads are refused before they change anything', () => {
    const s = tracked();
    const bad = [
      { level: 0 },
      { isBreak: 'no' },
      { smallBlind: 300, bigBlind: 200 },
      { isBreak: true }, // a break with blinds
      { remainingMs: -1 },
      { paused: 'yes' },
      { next: { level: 2 } },
      { endsAt: 'soon' },
      { extra: 1 },
    ];
    for (const fields of bad)
      expect(s.send(levelSet(2, [100, 200, 0], fields))).toMatchObject([{ type: 'input.rejected' }]);
    expect(s.table.snapshot().level).toBeNull();
  });
});
