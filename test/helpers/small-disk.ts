// A real full disk for tests: a 512 KiB tmpfs (mounting needs root) and a filler that takes it to the last byte.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh 512 KiB tmpfs under the temp dir; null when it cannot be mounted here. */
export function mountSmallDisk(prefix: string): string | null {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=512k,mode=0700', 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  return dir;
}

export function unmountSmallDisk(dir: string): void {
  execFileSync('umount', [dir]);
  rmSync(dir, { recursive: true, force: true });
}

/** Fills the file system holding `dir` to the last byte; returns the filler's path (delete it to free the space). */
export function fill(dir: string): string {
  const file = join(dir, 'filler');
  const fd = openSync(file, 'w');
  try {
    for (let chunk = 64 * 1024; chunk >= 1;) {
      try {
        writeSync(fd, Buffer.alloc(chunk, 1));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
        chunk = Math.floor(chunk / 2);
      }
    }
  } finally {
    closeSync(fd);
  }
  return file;
}
