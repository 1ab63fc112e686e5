// One process per journal: two runtimes on one file would interleave inputs and fight over seq. A lock file
// holds the owner's pid; a lock whose process is gone (killed, crashed) is taken over.
import { linkSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TableError } from '../domain/errors.ts';

export const LOCK_FILE = 'table.lock';
/** Locks this process holds: a second open in the same process is refused too. */
const held = new Set<string>();

function alive(pid: number): boolean {
  // Our own pid in a lock we do not hold: left by an earlier process that had the same pid.
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the journal's lock or throws JOURNAL_FAILED naming the process that holds it. Returns the release. */
export function lockJournal(dir: string): () => void {
  const lock = join(dir, LOCK_FILE);
  if (held.has(lock)) throw new TableError('JOURNAL_FAILED', `${dir} is already open in this process`, { file: lock });
  const release = () => {
    held.delete(lock);
    rmSync(lock, { force: true });
  };
  const mine = join(dir, `${LOCK_FILE}.${process.pid}`);
  writeFileSync(mine, `${process.pid}\n`, { mode: 0o600 });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(mine, lock); // atomic: fails if the lock exists
        held.add(lock);
        return release;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw err;
      }
      let holder = NaN;
      try {
        holder = Number(readFileSync(lock, 'utf8').trim());
      } catch {
        // vanished or unreadable: treat as stale
      }
      if (alive(holder)) {
        throw new TableError('JOURNAL_FAILED', `${dir} is in use by process ${holder} (another table controller?)`, {
          file: lock,
        });
      }
      unlinkSync(lock);
    }
  } finally {
    rmSync(mine, { force: true });
  }
}
