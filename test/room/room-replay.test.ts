// Room replay (protocol.md, "Room replay"): test/fixtures/room/NAME.jsonl through `npm run --silent room-replay`
// (the real CLI, a child process) must give NAME.expected.jsonl byte for byte. The expected files were checked by
// hand against rules.md (docs/room.md walks through them); regenerate one with
// `npm run --silent room-replay -- test/fixtures/room/NAME.jsonl > …expected.jsonl` only after checking the difference.
// The fixtures live in their own folder: test/runtime/replay.test.ts feeds every test/fixtures/*.jsonl to the table.
import { TEST_DIR } from '../helpers/paths.ts';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

const root = join(TEST_DIR, '..');
const dir = join(root, 'test/fixtures/room');
const fixtures = readdirSync(dir).filter((f) => f.endsWith('.jsonl') && !f.endsWith('.expected.jsonl'));

function roomReplay(args: string[], stdin?: string): string {
  return execFileSync('npx', ['tsx', 'src/cli/room-replay.ts', ...args], { encoding: 'utf8', input: stdin, cwd: root });
}

describe('room replay (npm run room-replay)', () => {
  test('R-ROOM-DETAILS there are golden room replays', () => expect(fixtures.length).toBeGreaterThanOrEqual(2));

  test.each(fixtures)('R-ROOM-DETAILS %s replays to its expected outputs, byte for byte', (file) => {
    const expected = readFileSync(join(dir, file.replace(/\.jsonl$/, '.expected.jsonl')), 'utf8');
    expect(roomReplay([join(dir, file)])).toBe(expected);
  });

  test('R-ROOM-DRAW same file, same seed: the same bytes from standard input; another seed, other draws', () => {
    const text = readFileSync(join(dir, 'room-club-break.jsonl'), 'utf8');
    const first = roomReplay(['-'], text);
    expect(first).toBe(readFileSync(join(dir, 'room-club-break.expected.jsonl'), 'utf8'));
    const reseeded = text.replace('"seed":2024', '"seed":2025');
    expect(reseeded).not.toBe(text);
    const draws = (out: string) =>
      out
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as { type: string; to?: unknown })
        .filter((o) => o.type === 'move')
        .map((o) => JSON.stringify(o.to));
    expect(draws(roomReplay(['-'], reseeded))).not.toEqual(draws(first));
  });

  test('R-ROOM-DETAILS input.rejected carries the line number, from 1, blank lines counted; outputs have seq from 1 and at', () => {
    const out = roomReplay(['-'], '\n{not json\n\n{"at": 1, "type": "nope"}\n{"type": "tick"}\n');
    const lines = out
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; line?: number; seq: number; at: number });
    expect(lines.map((o) => [o.type, o.line, o.seq, o.at])).toEqual([
      ['input.rejected', 2, 1, 0],
      ['input.rejected', 4, 2, 0],
      ['input.rejected', 5, 3, 0],
    ]);
  });

  test('R-ROOM-DETAILS a missing file or a bad option: a message on stderr and a non-zero exit, nothing on stdout', () => {
    for (const args of [['no-such-file.jsonl'], ['--nope']]) {
      let error: { status?: number; stdout?: string; stderr?: string } = {};
      try {
        roomReplay(args);
      } catch (e) {
        error = e as typeof error;
      }
      expect(error.status).not.toBe(0);
      expect(error.stdout).toBe('');
      expect(error.stderr).toMatch(/room-replay|unknown option/);
    }
  });
});
