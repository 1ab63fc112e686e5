// Logs reach the journal with their level: under systemd stdout is the journal ($JOURNAL_STREAM names it) and each
// JSON line starts with `<N>`, which journald (SyslogLevelPrefix=yes) takes as the priority; elsewhere plain JSON.
import { TEST_DIR } from '../helpers/paths.ts';
import { spawnSync } from 'node:child_process';
import { closeSync, fstatSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { isJournalStream, syslogPrefixed } from '../../src/app/journald.ts';

const root = join(TEST_DIR, '..');
const dir = mkdtempSync(join(tmpdir(), 'pt-journald-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('journald priorities', () => {
  it('prefixes each pino line with its syslog priority', () => {
    const lines: string[] = [];
    const logger = pino({ level: 'trace' }, syslogPrefixed({ write: (l: string) => lines.push(l) }));
    logger.debug('d');
    logger.info('i');
    logger.warn('w');
    logger.error('e');
    logger.fatal('f');
    expect(lines.map((l) => l.slice(0, 4))).toEqual(['<7>{', '<6>{', '<4>{', '<3>{', '<2>{']);
    expect(JSON.parse(lines[2]!.slice(3))).toMatchObject({ level: 40, msg: 'w' });
  });

  it('knows the journal stream by its device and inode, not by the variable alone', () => {
    const file = join(dir, 'fd-check');
    const fd = openSync(file, 'w');
    try {
      const { dev, ino } = fstatSync(fd);
      expect(isJournalStream(fd, { JOURNAL_STREAM: `${dev}:${ino}` })).toBe(true);
      expect(isJournalStream(fd, { JOURNAL_STREAM: `${dev}:${ino + 1}` })).toBe(false);
      expect(isJournalStream(fd, {})).toBe(false);
    } finally {
      closeSync(fd);
    }
  });

  /** `npm start --config` (as the unit runs it) with a config that cannot start; stdout into a file. */
  function start(journal: boolean): string {
    const config = join(dir, 'broken.yaml');
    writeFileSync(config, 'table: {id: t1, profile: nosuch}\nstorage: {dir: ./var}\n');
    const out = join(dir, `stdout-${journal}`);
    const fd = openSync(out, 'w');
    const { dev, ino } = fstatSync(fd);
    const env = { ...process.env, ...(journal ? { JOURNAL_STREAM: `${dev}:${ino}` } : {}) };
    if (!journal) delete env.JOURNAL_STREAM;
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/app/main.ts', '--config', config], {
      cwd: root,
      env,
      stdio: ['ignore', fd, 'pipe'],
      encoding: 'utf8',
    });
    closeSync(fd);
    expect(r.status).toBe(78); // EX_CONFIG: the unit does not restart a config that cannot work
    return readFileSync(out, 'utf8');
  }

  it('the table under systemd writes `<3>` before its error line; in a plain file, bare JSON', () => {
    const journal = start(true).trim().split('\n');
    expect(journal.some((l) => l.startsWith('<3>{"level":50') && l.includes('cannot start'))).toBe(true);
    expect(journal.every((l) => /^<\d>\{/.test(l))).toBe(true);
    const plain = start(false).trim().split('\n');
    expect(plain.some((l) => l.startsWith('{"level":50') && l.includes('cannot start'))).toBe(true);
  });
});
