// The room service's memory in a fleet run (docs/scaling.md): its peak resident size and the heap it still uses after
// a full garbage collection at the end (what it holds, not what the collector has not reclaimed yet), and heap
// snapshots on demand to compare by constructor.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import type { Logger } from 'pino';
import type { RoomJournal } from '../room/service/journal.ts';

export interface RoomMemory {
  /** The process's peak resident set, bytes (getrusage's maxrss). */
  peakRss: number;
  /** `heapUsed` after a full GC (null when the process was started without --expose-gc). */
  heapAfterGc: number | null;
  rss: number;
  /** The room's journal: inputs and bytes on disk (what a restart replays). */
  journal?: { inputs: number; bytes: number };
}

const collect = (): boolean => {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return false;
  gc();
  return true;
};

export function roomMemory(journal?: RoomJournal): RoomMemory {
  const collected = collect();
  const m = process.memoryUsage();
  const size = (f: string) => (existsSync(f) ? statSync(f).size : 0);
  return {
    peakRss: process.resourceUsage().maxRSS * 1024,
    heapAfterGc: collected ? m.heapUsed : null,
    rss: m.rss,
    ...(journal && { journal: { inputs: journal.count(), bytes: size(journal.path) + size(`${journal.path}-wal`) } }),
  };
}

/** With FLEET_HEAP_SNAPSHOTS=DIR: each SIGUSR2 writes `room-<n>.heapsnapshot` there (after a GC), e.g. one early in
 * the tournament and one late, to compare in Chrome's DevTools (Memory, Comparison) or with a script. */
export function watchHeapSnapshots(dir: string | undefined, logger: Logger): void {
  if (!dir) return;
  let n = 0;
  process.on('SIGUSR2', () => {
    collect();
    const file = writeHeapSnapshot(join(dir, `room-${++n}.heapsnapshot`));
    logger.warn({ file }, 'room heap snapshot written');
  });
}
