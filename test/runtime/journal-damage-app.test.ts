// `npm start` on a damaged journal, as real processes: refused with a clear message and exit 1 (the journal left as
// it was), then `--new-journal` keeps the damaged file aside and plays on a new journal with a new epoch.
import { TEST_DIR } from '../helpers/paths.ts';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';

const MAIN = join(TEST_DIR, '..', 'src', 'app', 'main.ts');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function start(dir: string, ...extra: string[]) {
  const args = ['--state-dir', dir, '--hands', '1', '--speed', '1000', '--seed', '3'];
  const ports = ['--mqtt-port', '0', '--ws-port', '0', '--http-port', '0'];
  return spawnSync(process.execPath, ['--import', 'tsx', MAIN, ...args, ...ports, ...extra], {
    cwd: join(TEST_DIR, '..'),
    encoding: 'utf8',
    timeout: 120_000,
  });
}

const epochOf = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare("SELECT value FROM meta WHERE key = 'epoch'").pluck().get() as string;
  } finally {
    db.close();
  }
};

describe('npm start on a damaged journal', () => {
  it('refuses an emptied table.db, then --new-journal keeps it aside and starts a new epoch', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pt-damage-app-'));
    dirs.push(dir);
    const first = start(dir);
    expect(first.status, first.stderr).toBe(0);
    const db = join(dir, 'table.db');
    const firstEpoch = epochOf(db);

    writeFileSync(db, ''); // what a broken SD card or a careless copy leaves
    const refused = start(dir);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(`pokertable: cannot start: the journal ${db} is damaged: the file is empty`);
    expect(refused.stderr).toContain('--new-journal');
    expect(statSync(db).size).toBe(0);

    const renewed = start(dir, '--new-journal');
    expect(renewed.status, renewed.stderr).toBe(0);
    expect(renewed.stdout).toMatch(/hands played 1/);
    // The damaged file, with its -wal and -shm if it had them, under one name.
    const aside = readdirSync(dir).filter((f) => /^table\.db\.damaged-\d{8}T\d{6}Z$/.test(f));
    expect(aside, readdirSync(dir).join(' ')).toHaveLength(1);
    expect(statSync(join(dir, aside[0]!)).size).toBe(0);
    expect(epochOf(db)).not.toBe(firstEpoch);
  });
});
