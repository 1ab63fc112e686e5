// Golden replays: each test/fixtures/NAME.jsonl is fed through `npm run --silent replay` (the real CLI, as a user
// runs it) and its output must equal NAME.expected.jsonl byte for byte. The expected files were reviewed by hand
// against rules.md; regenerate one with `npm run --silent replay -- test/fixtures/NAME.jsonl > …expected.jsonl`
// only after checking the difference.
import { TEST_DIR } from '../helpers/paths.ts';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

const dir = join(TEST_DIR, 'fixtures');
const fixtures = readdirSync(dir).filter((f) => f.endsWith('.jsonl') && !f.endsWith('.expected.jsonl'));

function replay(args: string[], stdin?: string): string {
  return execFileSync('npx', ['tsx', 'src/cli/replay.ts', ...args], {
    encoding: 'utf8',
    input: stdin,
    cwd: join(dir, '../..'),
  });
}

describe('golden replays (npm run replay)', () => {
  test('there are golden files', () => expect(fixtures.length).toBeGreaterThanOrEqual(4));

  test.each(fixtures)('%s replays to its expected events', (file) => {
    const expected = readFileSync(join(dir, file.replace(/\.jsonl$/, '.expected.jsonl')), 'utf8');
    expect(replay([join(dir, file)])).toBe(expected);
  });

  test('standard input (-) gives the same bytes, and stdout holds nothing but events', () => {
    const file = join(dir, fixtures[0]!);
    const out = replay(['-'], readFileSync(file, 'utf8'));
    expect(out).toBe(replay([file]));
    for (const line of out.trimEnd().split('\n')) expect(JSON.parse(line)).toHaveProperty('seq');
  });

  test('input.rejected.line is the line number in the file, from 1, blank lines counted', () => {
    const out = replay(['-'], '\n{not json\n\n   \n{"at": 1, "type": "nope"}\n');
    const rejected = out
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; line?: number });
    expect(rejected.map((e) => [e.type, e.line])).toEqual([
      ['input.rejected', 2],
      ['input.rejected', 5],
    ]);
  });

  test('a missing file is an error on stderr with a non-zero exit, not a crash trace on stdout', () => {
    let error: { status?: number; stdout?: string; stderr?: string } = {};
    try {
      replay(['no/such/file.jsonl']);
    } catch (e) {
      error = e as typeof error;
    }
    expect(error.status).not.toBe(0);
    expect(error.stdout).toBe('');
    expect(error.stderr).toMatch(/no\/such\/file\.jsonl/);
  });
});
