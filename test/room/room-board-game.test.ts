// R-GAME-MIXED on the room board: the level clock panel of src/web/room/room-board.html names the game and structure
// of the level in force (its `game` line) and of the next one (the `next-level` line), as the table's board does. The
// pages' scripts (kit/table-time.js, game-words.js, board-clocks.js) run in a bare context against a stand-in
// document holding only the elements the room board's level clock panel has, so a missing line shows as no text.
import { TEST_DIR } from '../helpers/paths.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, test } from 'vitest';

const web = join(TEST_DIR, '../src/web');
const html = readFileSync(join(web, 'room/room-board.html'), 'utf8');
const panel = /<section id="level-clock"[\s\S]*?<\/section>/.exec(html)![0];
const ids = [...panel.matchAll(/id="([^"]+)"/g)].map((m) => m[1]!);

type El = { textContent: string; hidden: boolean; classList: { toggle(): void; remove(): void } };
const elements = new Map<string, El>(
  ids.map((id) => [id, { textContent: '', hidden: false, classList: { toggle() {}, remove() {} } }]),
);
const context: Record<string, unknown> = { document: { getElementById: (id: string) => elements.get(id) ?? null } };
for (const file of ['table-time.js', 'game-words.js', 'board-clocks.js'])
  runInNewContext(readFileSync(join(web, 'kit', file), 'utf8'), context);
const clocks = context.BoardClocks as { renderLevel(view: unknown, now: number, chime: unknown): void };

const level = { level: 3, isBreak: false, smallBlind: 50, bigBlind: 100, ante: 25, endsAt: null, paused: true };

describe('R-GAME-MIXED the room board shows the game of the level and of the next one', () => {
  test("a razz level, then stud: the panel's game line and its next line say so in words", () => {
    const clock = {
      ...level,
      game: 'razz',
      betting: 'limit',
      smallBet: 100,
      bigBet: 200,
      remainingMs: 600_000,
      next: { ...level, level: 4, game: 'stud', betting: 'limit', smallBet: 200, bigBet: 400, minutes: 20 },
      nextBreak: null,
    };
    clocks.renderLevel({ clockSeen: true, clock, snapshot: null }, 0, { ring() {} });
    expect(elements.get('game')?.textContent).toBe('Limit Razz 100/200');
    expect(elements.get('next-level')?.textContent).toContain('Limit Stud 200/400');
  });
});
