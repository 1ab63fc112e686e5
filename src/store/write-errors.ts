// What a failed journal write becomes: `STORAGE_FULL` for a full disk, else `JOURNAL_FAILED` with SQLite's words,
// and who hears that the journal stopped (or started again) taking writes (the table's health, storage-watch.ts).
import { TableError } from '../domain/errors.ts';
import type { StoreOptions } from './types.ts';

/** What a command is answered, and the error says, when the journal cannot be written for want of space. */
export const DISK_FULL = 'the table cannot write its journal: disk full';

export function storageError(path: string, what: string, err: unknown): TableError {
  const code = (err as { code?: unknown }).code;
  // SQLite says SQLITE_FULL for a full disk (ENOSPC from the file system), a full tmpfs or a size quota.
  if (code === 'SQLITE_FULL' || code === 'ENOSPC') return new TableError('STORAGE_FULL', DISK_FULL, { file: path });
  return new TableError('JOURNAL_FAILED', `cannot ${what} in ${path}: ${(err as Error).message}`, { file: path });
}

/** Runs the journal's reads and writes, turning SQLite's errors into TableErrors. */
export class JournalAccess {
  closed = false;
  private failing = false;

  constructor(
    private readonly path: string,
    private readonly onWritable: StoreOptions['onWritable'],
  ) {}

  read<T>(what: string, fn: () => T): T {
    this.open(what);
    try {
      return fn();
    } catch (err) {
      if (err instanceof TableError) throw err;
      throw storageError(this.path, what, err);
    }
  }

  /** A write: `onWritable` hears when the journal stops taking writes, and at the first one that passes again. */
  write<T>(what: string, fn: () => T): T {
    this.open(what);
    let result: T;
    try {
      result = fn();
    } catch (err) {
      // Our own refusal (a batch whose seq does not follow) is the caller's mistake, not the disk's.
      if (err instanceof TableError) throw err;
      const error = storageError(this.path, what, err);
      this.failing = true;
      this.onWritable?.(error);
      throw error;
    }
    if (this.failing) {
      this.failing = false;
      this.onWritable?.(null);
    }
    return result;
  }

  private open(what: string): void {
    if (this.closed) throw new TableError('JOURNAL_FAILED', `cannot ${what}: the journal ${this.path} is closed`);
  }
}
