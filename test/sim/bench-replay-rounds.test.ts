// The replay guard's timing (bench/replay-rounds.ts, npm run bench): the sessions (plain, chips, H.O.R.S.E.) get the same passes, each pass
// replays the whole file. Figures are not checked (tests never assert on time), only that every counted pass did
// all the work on the file it was given.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { generate } from '../../bench/replay-bench.ts';
import { best, timeRounds } from '../../bench/replay-rounds.ts';
import { loadProfiles } from '../../src/config/profiles.ts';
import { MIXED_GAMES } from '../../src/sim/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'pokertable-rounds-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the replay passes of npm run bench', () => {
  test('each session gets the same rounds of each pass, and every pass replays its whole file', () => {
    const profiles = loadProfiles();
    const files = [join(dir, 'plain.jsonl'), join(dir, 'chips.jsonl'), join(dir, 'horse.jsonl')];
    const sessions = files.map((file, i) =>
      generate(file, 12, profiles, i > 0, i === 2 ? MIXED_GAMES.horse : undefined),
    );
    const times = timeRounds(files, profiles, 3, true);
    expect(times).toHaveLength(3);
    times.forEach((t, i) => {
      const g = sessions[i]!;
      expect([t.parse.length, t.apply.length, t.replay.length]).toEqual([3, 3, 3]);
      for (const p of [...t.parse, ...t.apply, ...t.replay]) {
        expect(p.lines).toBe(g.inputs);
        expect(p.cpu).toBeGreaterThanOrEqual(0);
      }
      for (const p of [...t.apply, ...t.replay]) expect(p.events).toBe(g.events);
      expect(t.parse).toContain(best(t.parse));
      expect(t.apply).toContain(best(t.apply, 'cpu'));
    });
    // the mixed session's structure names its five games (the plain sessions' name none)
    const games = new Set([...readFileSync(files[2]!, 'utf8').matchAll(/"game":"([a-z-]+)"/g)].map((m) => m[1]));
    expect(games).toEqual(new Set(MIXED_GAMES.horse!.map((m) => m.game)));
    // without the replay pass (bench/replay-cpu.ts): no replay rounds
    expect(timeRounds(files.slice(0, 1), profiles, 2, false)[0]!.replay).toEqual([]);
  }, 120_000);
});
