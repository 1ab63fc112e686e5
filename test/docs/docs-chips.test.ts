// The worked example of TDA 46 in docs/protocol.md is the golden replay's own output: every event line of the
// example section is a line of test/fixtures/chips-tda46.expected.jsonl (same fields, same values), and every input
// line one of chips-tda46.jsonl, so the documentation cannot drift from what the engine does.
import { TEST_DIR } from '../helpers/paths.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(TEST_DIR, '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const lines = (text: string) =>
  text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('docs/protocol.md: the worked example of TDA 46', () => {
  const doc = read('docs/protocol.md');
  const start = doc.indexOf('### Worked example: TDA 46 with chips tracked');
  const section = doc.slice(start, doc.indexOf('\n## ', start));
  const blocks = (kind: string) =>
    [...section.matchAll(new RegExp('```json ' + kind + '\\n([\\s\\S]*?)```', 'g'))].flatMap((m) => lines(m[1]!));

  it('shows the events the golden replay gives, in its order', () => {
    expect(start).toBeGreaterThan(0);
    const expected = lines(read('test/fixtures/chips-tda46.expected.jsonl'));
    const events = blocks('event');
    expect(events.length).toBeGreaterThan(20);
    for (const e of events) expect(expected).toContainEqual(e);
    const seqs = events.map((e) => e.seq as number);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    // Both situations are there: the single chip read as a call, the two chips as a full raise.
    expect(events).toContainEqual(expect.objectContaining({ type: 'bet.corrected', from: 1050, to: 600 }));
    expect(events).toContainEqual(expect.objectContaining({ type: 'bet.placed', action: 'raise', to: 1550 }));
  });

  it('shows inputs of the golden replay file', () => {
    const inputs = lines(read('test/fixtures/chips-tda46.jsonl'));
    const shown = blocks('input');
    expect(shown.length).toBeGreaterThan(3);
    for (const i of shown) expect(inputs).toContainEqual(i);
  });
});
