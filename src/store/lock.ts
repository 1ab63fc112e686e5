// One process per journal: two runtimes on one file would interleave inputs and fight over seq. The lock is an
// OS file lock (POSIX fcntl, taken through SQLite, since Node has no flock), held by an open exclusive transaction
// on an empty lock file: the kernel drops it with the process, so a power cut or a kill -9 leaves nothing stale, and
// a pid that happens to be reused by an unrelated program can never stop the table.
import { closeSync, ftruncateSync, openSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { TableError } from '../domain/errors.ts';

export const LOCK_FILE = 'table.lock';
/** Locks this process holds: a second open in the same process is refused with a message of its own. */
const held = new Set<string>();

/** Takes the journal's lock or throws JOURNAL_FAILED naming the process that holds it, and `who` it may be (the
 * room service says which room). Returns the release. */
export function lockJournal(dir: string, who = 'another table controller?'): () => void {
  const file = join(dir, LOCK_FILE);
  if (held.has(file))
    throw new TableError('JOURNAL_FAILED', `${dir} is already open in this process (${who})`, { file });
  emptyLockFile(file);
  const db = new Database(file, { timeout: 0 });
  try {
    // No rollback journal beside the lock file: nothing is ever written to it.
    db.pragma('journal_mode = MEMORY');
    db.exec('BEGIN EXCLUSIVE');
  } catch (err) {
    db.close();
    if ((err as { code?: string }).code !== 'SQLITE_BUSY') throw err;
    const holder = lockHolder(file);
    throw new TableError(
      'JOURNAL_FAILED',
      `${dir} is in use by ${holder === null ? 'another process' : `process ${holder}`} (${who})`,
      { file },
    );
  }
  held.add(file);
  // The file itself stays: deleting a lock file lets a process that opened it just before lock a dead inode.
  return () => {
    if (!held.delete(file)) return;
    db.close();
  };
}

/** The lock file holds no data. Earlier versions wrote a pid into it; SQLite would call that "not a database".
 * Emptying it is harmless even while another process holds it: a lock is on the file, not on its bytes. */
function emptyLockFile(file: string): void {
  const fd = openSync(file, 'a', 0o600);
  try {
    ftruncateSync(fd, 0);
  } finally {
    // Closing a descriptor drops this process's fcntl locks on the file: done before SQLite takes one.
    closeSync(fd);
  }
}

/** The pid holding a lock on `file`, from Linux's /proc/locks; null where that cannot be read. */
export function lockHolder(file: string): number | null {
  try {
    const { ino, dev } = statSync(file);
    // Linux's dev_t: the major and minor numbers /proc/locks prints in hex.
    const major = ((dev >> 8) & 0xfff) | (Math.floor(dev / 2 ** 32) & ~0xfff);
    const minor = (dev & 0xff) | ((dev >> 12) & ~0xff & 0xfffff);
    for (const line of readFileSync('/proc/locks', 'utf8').split('\n')) {
      // "1: POSIX  ADVISORY  WRITE 4242 fe:00:2147414 1073741824 1073742335"; a waiter has "->" after the id.
      const m = /^\d+:\s+\S+\s+\S+\s+\S+\s+(\d+)\s+([0-9a-f]+):([0-9a-f]+):(\d+)\s/.exec(line);
      if (!m || Number(m[4]) !== ino || parseInt(m[2]!, 16) !== major || parseInt(m[3]!, 16) !== minor) continue;
      if (Number(m[1]) !== process.pid) return Number(m[1]);
    }
  } catch {
    // not Linux, or no /proc: the message says "another process"
  }
  return null;
}
