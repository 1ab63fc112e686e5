// `npm run history` options (src/cli/history-args.ts) and its answers to a floor person's mistakes.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseHistoryArgs } from '../../src/cli/history-args.ts';

describe('npm run history: options', () => {
  it('reads every option; the table id defaults to the journal folder name', () => {
    expect(parseHistoryArgs(['--state-dir', '/var/lib/t7'])).toEqual({
      stateDir: '/var/lib/t7',
      from: null,
      to: null,
      format: 'ohh',
      public: false,
      tableId: 't7',
      room: null,
    });
    expect(
      parseHistoryArgs([
        '--state-dir',
        'd',
        '--from',
        '3',
        '--to',
        '9',
        '--format',
        'pokerstars',
        '--public',
        '--table',
        't1',
        '--room',
        'main',
      ]),
    ).toEqual({ stateDir: 'd', from: 3, to: 9, format: 'pokerstars', public: true, tableId: 't1', room: 'main' });
  });

  it.each([
    [[], "which table? give --state-dir DIR, the folder of the table's journal (table.db)"],
    [['--state-dir'], '--state-dir needs a value'],
    [['--state-dir', 'd', '--from', 'two'], '--from must be a hand number (1, 2, 3 …), not two'],
    [['--state-dir', 'd', '--from', '0'], '--from must be a hand number (1, 2, 3 …), not 0'],
    [['--state-dir', 'd', '--from', '5', '--to', '2'], '--from 5 is after --to 2'],
    [['--state-dir', 'd', '--format', 'xml'], '--format must be ohh or pokerstars, not xml'],
    [['--state-dir', 'd', '--hands', '3'], 'unknown option --hands'],
  ])('%j is refused: %s', (argv, error) => {
    expect(parseHistoryArgs(argv)).toEqual({ error });
  });

  it('a folder without a journal: exit 1 and a sentence; a bad option: exit 2 and the usage', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pt-history-cli-'));
    try {
      const cli = (...args: string[]) =>
        spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/history.ts', ...args], { encoding: 'utf8' });
      const none = cli('--state-dir', dir);
      expect(none.status).toBe(1);
      expect(none.stderr).toBe(`history: no journal in ${dir} (table.db is not there)\n`);
      expect(none.stdout).toBe('');
      const bad = cli('--state-dir', dir, '--format', 'xml');
      expect(bad.status).toBe(2);
      expect(bad.stderr).toMatch(
        /^--format must be ohh or pokerstars, not xml\nusage: npm run --silent history -- --state-dir DIR/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
