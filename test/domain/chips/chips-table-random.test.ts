// Random play at table level with chips tracked (R-CHIPS-*, R-POT-*): whatever the panel presses, with amounts
// from `action.on`, no input breaks the engine, every hand ends, and the chips at the table never change in total
// (busted players leave with none).
import { describe, expect, test } from 'vitest';
import { DECK, scenario } from '../../helpers/scenario.ts';
import { generator } from '../../helpers/seeded.ts';
import type { TableEvent } from '../../../src/domain/types.ts';

function play(seed: number, game: 'holdem' | 'omaha', anteBy: 'big-blind' | 'each') {
  const r = generator(seed);
  const players = [1, 2, 3, 4, 5].slice(0, r.int(2, 5));
  const s = scenario({ players, button: 1, game, rules: { chips: { mode: 'tracked', anteBy } } });
  let total = 0;
  for (const seat of players) {
    const chips = r.int(1, 40) * 25;
    total += chips;
    s.send({ type: 'command', name: 'set-stack', seat, chips }, 0);
  }
  s.send({ type: 'command', name: 'levels-start', levels: [{ smallBlind: 25, bigBlind: 50, ante: 10, minutes: 600 }] });
  const stacks = () =>
    s.table
      .snapshot()
      .seatInfo.map((x) => x.stack ?? 0)
      .reduce((a, b) => a + b, 0);
  for (let hand = 0; hand < 15; hand++) {
    const started = s.send({ type: 'shuffle' });
    if (started[0]?.type !== 'hand.started') break;
    const deck = [...DECK].sort(() => r.next() - 0.5);
    let last: TableEvent[] = started;
    for (let step = 0; step < 400 && !last.some((e) => e.type === 'hand.ended'); step++) {
      const on = [...last].reverse().find((e) => e.type === 'action.on');
      if (!s.table.snapshot().onAction || !on || on.type !== 'action.on') {
        last = s.send({ type: 'card', card: deck.pop()! });
        continue;
      }
      const u = r.next();
      const min = on.minRaiseTo ?? null;
      const press =
        u < 0.15
          ? { type: 'panel', button: 'fold' }
          : u < 0.55
            ? { type: 'panel', button: on.toCall! > 0 ? 'call' : 'check' }
            : u < 0.65
              ? { type: 'panel', button: 'allin' }
              : u < 0.7
                ? { type: 'panel', button: 'check' } // maybe refused: facing a bet
                : min === null
                  ? { type: 'panel', button: 'call' }
                  : { type: 'panel', button: 'raise', to: min + r.int(0, 3) * 25 };
      const events = s.send(press);
      last = events.some((e) => e.type === 'request.rejected') ? s.send({ type: 'panel', button: 'fold' }) : events;
    }
    expect(
      last.some((e) => e.type === 'hand.ended'),
      `seed ${seed} hand ${hand} ended`,
    ).toBe(true);
    expect(stacks(), `seed ${seed} hand ${hand}: chips conserved`).toBe(total);
  }
  expect(s.events.filter((e) => e.type === 'input.rejected')).toEqual([]);
  const busts = s.events.filter((e) => e.type === 'player.eliminated').length;
  const left = s.table.snapshot().seatInfo.filter((x) => x.player !== null).length;
  expect(left + busts).toBe(players.length);
}

describe('R-CHIPS-*, R-POT-*: random play with chips tracked', () => {
  test.each([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])("hold'em, ante by the big blind, seed %i", (seed) =>
    play(seed, 'holdem', 'big-blind'),
  );
  test.each([11, 12, 13, 14, 15])('Omaha pot limit, ante by each, seed %i', (seed) => play(seed, 'omaha', 'each'));
});
