// Keeps disk waits off the path from a card read to its event on MQTT. SQLite commits in WAL mode with
// synchronous=NORMAL: a commit is a write into the WAL file, safe from a killed process at once. Then:
// - `background` fsync: right after a commit the WAL file is fsynced on libuv's thread pool (one at a time, the
//   ones asked for meanwhile folded into the next), so a power cut loses at most the last few milliseconds;
// - checkpoints (copying the WAL into the database, which fsyncs) run when the table has been quiet for a moment,
//   instead of inside whichever commit crosses SQLite's threshold.
// Figures and the trade-off: docs/durability.md.
import { closeSync, fsync, openSync } from 'node:fs';
import type { Database as Db } from 'better-sqlite3';

export interface WalOptions {
  /** fsync the WAL after each commit, in the background. Off when every commit is fsynced in line anyway. */
  background: boolean;
  /** A checkpoint waits for this long without a commit (ms). */
  quietMs: number;
  /** Commits since the last checkpoint before one is wanted. */
  checkpointAfter: number;
  /** Commits since the last checkpoint after which it runs in the next turn of the event loop, quiet or not (a table
   * never idle): not inside the commit, which may be a card read's on its way to MQTT. Twice as many (a burst that
   * never yields, such as a recovery) and it runs in line. */
  forceAfter: number;
  /** A background fsync or a checkpoint failed (the disk is failing): the caller logs it. */
  onError(err: Error): void;
}

export const DEFAULT_WAL: Omit<WalOptions, 'background' | 'onError'> = {
  quietMs: 200,
  checkpointAfter: 500,
  // Each commit appends 3–4 pages of 4 KiB: 2,000 commits (4,000 in a burst that never yields, such as a
  // recovery) bound the WAL near 32 MB (64 MB).
  forceAfter: 2_000,
};

export class WalKeeper {
  private fd: number | null = null;
  private syncing = false;
  private again = false;
  private closing = false;
  private commits = 0;
  private lastCommit = 0;
  private timer: NodeJS.Timeout | null = null;
  private syncTimer: NodeJS.Timeout | null = null;
  private forceTimer: NodeJS.Timeout | null = null;
  /** Called once an fsync that started after they were added has finished (not on a failed one). */
  private waiting: (() => void)[] = [];
  private noFile = false;

  constructor(
    private readonly db: Db,
    private readonly walPath: string,
    private readonly o: WalOptions,
  ) {
    // SQLite checkpoints when we say so, not inside a commit; the file it then starts again from the top of is cut
    // back to 8 MB, so one burst does not keep the disk space for good.
    db.pragma('wal_autocheckpoint = 0');
    db.pragma(`journal_size_limit = ${8 * 1024 * 1024}`);
  }

  /** `sync`: fsync this commit in the background (always in `background` mode; with `every-input`, the store asks
   * it for the commits it does not fsync in line, so that the next input's fsync has nothing else to carry). */
  afterCommit(sync = false): void {
    if (this.closing) return;
    if (this.o.background || sync) this.syncNextTurn();
    this.commits += 1;
    this.lastCommit = performance.now();
    if (this.commits >= 2 * this.o.forceAfter) this.checkpoint();
    else if (this.commits >= this.o.forceAfter) this.checkpointNextTurn();
    else if (this.commits >= this.o.checkpointAfter && this.timer === null) this.waitForQuiet(this.o.quietMs);
  }

  /** Runs a checkpoint now (also called by the quiet timer). */
  checkpoint(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.forceTimer) clearTimeout(this.forceTimer);
    this.forceTimer = null;
    if (this.closing || !this.db.open) return;
    try {
      this.db.pragma('wal_checkpoint(PASSIVE)');
      this.commits = 0;
    } catch (err) {
      this.o.onError(err as Error);
    }
  }

  /** Calls `done` once everything committed so far is fsynced (background, next turn); never if that fails. */
  whenSynced(done: () => void): void {
    if (this.closing) return;
    this.waiting.push(done);
    this.syncNextTurn();
  }

  /** Stops the timers; an fsync in flight finishes before the file is let go. */
  close(): void {
    this.closing = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.syncTimer) clearTimeout(this.syncTimer);
    this.syncTimer = null;
    if (this.forceTimer) clearTimeout(this.forceTimer);
    this.forceTimer = null;
    if (!this.syncing) this.release();
  }

  /** A timer, not setImmediate: the embedded broker forwards a just-published event from a setImmediate, first. */
  private checkpointNextTurn(): void {
    this.forceTimer ??= setTimeout(() => {
      this.forceTimer = null;
      this.checkpoint();
    }, 0);
  }

  private waitForQuiet(ms: number): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      const since = performance.now() - this.lastCommit;
      if (since >= this.o.quietMs) this.checkpoint();
      else this.waitForQuiet(this.o.quietMs - since);
    }, ms);
    this.timer.unref();
  }

  /** Asking libuv for an fsync costs the event loop tens of microseconds (waking a pool thread on a busy machine):
   * not inside the turn that journals a card read and publishes its event, but in the next one. */
  private syncNextTurn(): void {
    this.syncTimer ??= setTimeout(() => {
      this.syncTimer = null;
      this.syncSoon();
    }, 0);
  }

  private syncSoon(): void {
    if (this.syncing) {
      this.again = true;
      return;
    }
    const fd = this.file();
    if (fd === null) return;
    this.syncing = true;
    const round = this.waiting.splice(0);
    fsync(fd, (err) => {
      this.syncing = false;
      if (err) this.o.onError(err);
      else for (const done of round) done();
      if (this.closing) return this.release();
      if (this.again) {
        this.again = false;
        this.syncSoon();
      }
    });
  }

  /** The WAL file, opened at the first commit (SQLite creates it lazily) and kept: fsync needs a descriptor. */
  private file(): number | null {
    if (this.fd !== null || this.noFile) return this.fd;
    try {
      this.fd = openSync(this.walPath, 'r');
    } catch (err) {
      this.noFile = true; // said once, not at every commit
      this.o.onError(err as Error);
    }
    return this.fd;
  }

  private release(): void {
    if (this.fd === null) return;
    closeSync(this.fd);
    this.fd = null;
  }
}
