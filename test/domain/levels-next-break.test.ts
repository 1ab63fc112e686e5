// The level clock tells a board when the next break comes (not only when it is the next level), and that a level is
// the last one (no `next`): rules.md R-LEVEL-CLOCK, docs/board.md.
import { describe, expect, test } from 'vitest';
import { scenario } from '../helpers/scenario.ts';

const MIN = 60_000;
const levels = [
  { smallBlind: 100, bigBlind: 200, minutes: 20 },
  { smallBlind: 150, bigBlind: 300, minutes: 15 },
  { break: true, minutes: 10 },
  { smallBlind: 200, bigBlind: 400, ante: 50, minutes: 20 },
  { break: true, minutes: 5 },
  { smallBlind: 300, bigBlind: 600, ante: 75, minutes: 20 },
];

describe('level clock: next break', () => {
  test('from each level, the next break and the play between the end of this level and its start', () => {
    const s = scenario({ players: [1, 2, 3] });
    s.send({ type: 'command', name: 'levels-start', levels });
    const seen = () => s.table.snapshot().level;
    // Level 1: level 2 (15 min) lies between its end and the break.
    expect(seen()).toMatchObject({ level: 1, nextBreak: { level: 2, minutes: 10, afterMs: 15 * MIN } });
    s.send({ type: 'command', name: 'levels-adjust', step: 1 });
    expect(seen()).toMatchObject({ level: 2, nextBreak: { level: 2, minutes: 10, afterMs: 0 } });
    s.send({ type: 'command', name: 'levels-adjust', step: 1 });
    // On a break, the next break is the one after.
    expect(seen()).toMatchObject({ isBreak: true, nextBreak: { level: 3, minutes: 5, afterMs: 20 * MIN } });
    s.send({ type: 'command', name: 'levels-adjust', step: 1 });
    s.send({ type: 'command', name: 'levels-adjust', step: 1 });
    s.send({ type: 'command', name: 'levels-adjust', step: 1 });
    // The final level: no next level, no break to come.
    expect(seen()).toMatchObject({ level: 4, next: null, nextBreak: null });
  });
});
