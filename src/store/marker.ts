// How the previous process stopped, and the seqs it may have published. An "open" marker is set (fsynced) when the
// journal opens and cleared when it closes cleanly. A start that finds it set follows an unclean stop: with the
// same boot id (/proc/sys/kernel/random/boot_id) the process was killed and the OS still had every write; with
// another one the machine lost power (or crashed), and with `storage.fsync: background` the last few milliseconds
// of commits may be gone although their events were published. The seq reserve bounds those: no event above it
// is ever told to anyone (runtime/seq-reserve.ts), so numbering can resume past it (docs/durability.md).
import { readFileSync } from 'node:fs';
import type { Database as Db, Statement } from 'better-sqlite3';

export type FsyncMode = 'every-input' | 'background';

export interface UncleanStop {
  /** `power-cut`: another boot id (or none readable); `process`: the same boot, the OS kept every write. */
  kind: 'power-cut' | 'process';
  /** The fsync mode the stopped process ran with (what a power cut could have cost depends on it). */
  fsync: FsyncMode;
}

/** This boot's id, or null where the kernel does not say (then every unclean stop counts as a power cut). */
export function readBootId(): string | null {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
  } catch {
    return null;
  }
}

export class OpenMarker {
  readonly unclean: UncleanStop | null;
  private readonly get: Statement;
  private readonly set: Statement;
  private readonly drop: Statement;
  private readonly raise: Statement;

  constructor(
    private readonly db: Db,
    bootId: string | null,
    fsync: FsyncMode,
  ) {
    db.exec('CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value NOT NULL)');
    this.get = db.prepare('SELECT value FROM meta WHERE key = ?').pluck();
    this.set = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
    // The reserve never moves back (a late background step must not undo an in-line one).
    this.raise = db.prepare(`INSERT INTO meta (key, value) VALUES ('seq_reserve', ?)
                             ON CONFLICT (key) DO UPDATE SET value = max(value, excluded.value)`);
    this.drop = db.prepare('DELETE FROM meta WHERE key = ?');
    const previous = this.get.get('open') as string | undefined;
    if (previous === undefined) this.unclean = null;
    else {
      const was = JSON.parse(previous) as { boot: string | null; fsync: FsyncMode };
      const sameBoot = bootId !== null && was.boot === bootId;
      this.unclean = { kind: sameBoot ? 'process' : 'power-cut', fsync: was.fsync };
    }
    this.durably(true, () => this.set.run('open', JSON.stringify({ boot: bootId, fsync })));
  }

  /** The highest seq that may have been told to anyone (0: none recorded). */
  reserved(): number {
    return Number(this.get.get('seq_reserve') ?? 0);
  }

  /** Records the reserve; `durable`: fsynced before this returns (else it rides on the WAL's next fsync). */
  reserve(through: number, durable: boolean): void {
    this.durably(durable, () => this.raise.run(through));
  }

  /** A clean close: the next start needs no guess. */
  clear(): void {
    this.drop.run('open');
  }

  private durably(durable: boolean, write: () => unknown): void {
    // Never a prepared PRAGMA (SQLite applies some while compiling them); and never inside a transaction.
    if (durable) this.db.pragma('synchronous = FULL');
    try {
      write();
    } finally {
      if (durable) this.db.pragma('synchronous = NORMAL');
    }
  }
}
