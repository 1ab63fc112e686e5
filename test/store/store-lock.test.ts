// The journal's lock (src/store/lock.ts) against real processes: a pid left in the lock file by a power cut never
// stops the table, a live second controller is refused by name, a SIGKILLed one leaves nothing behind.
import { TEST_DIR } from '../helpers/paths.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../src/store/lock.ts';
import { openStore } from '../../src/store/store.ts';

const HOLDER = join(TEST_DIR, 'helpers', 'store-holder.ts');
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) {
    if (c.exitCode === null && c.signalCode === null) {
      c.kill('SIGKILL');
      await new Promise((r) => c.once('exit', r));
    }
  }
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'pt-lock-'));
  dirs.push(dir);
  return dir;
};

/** Starts a holder process on `dir`; resolves with its first line (`held` or `refused …`). */
function holder(dir: string): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', HOLDER, dir], { stdio: ['pipe', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const nl = out.indexOf('\n');
      if (nl >= 0) resolve({ child, line: out.slice(0, nl) });
    });
    child.once('exit', (code) => reject(new Error(`holder exited (${code}) before a line: ${out}`)));
  });
}

describe('journal lock', () => {
  it.each([
    ['pid 1', '1'],
    ["this test's parent", String(process.ppid)],
    ['this very process', String(process.pid)],
  ])('starts although the lock file names a live unrelated process (%s)', (_what, pid) => {
    const dir = tempDir();
    openStore({ dir }).close();
    // What a power cut left with the pid-file lock: a pid that now belongs to someone else.
    writeFileSync(join(dir, LOCK_FILE), `${pid}\n`);
    const store = openStore({ dir });
    expect(store.lastSeq()).toBe(0);
    store.close();
  });

  it('refuses a real second controller on the same journal, naming its pid, and the holder is unharmed', async () => {
    const dir = tempDir();
    const { child, line } = await holder(dir);
    expect(line).toBe('held');
    let refused: unknown;
    try {
      openStore({ dir }).close();
    } catch (err) {
      refused = err;
    }
    expect(refused).toMatchObject({
      code: 'JOURNAL_FAILED',
      message: `${dir} is in use by process ${child.pid} (another table controller?)`,
    });
    // A third process is refused as well, with the same words.
    const third = await holder(dir);
    expect(third.line).toContain(`refused JOURNAL_FAILED ${dir} is in use by process ${child.pid}`);
    // The holder closes cleanly; then the journal is free.
    child.stdin!.end();
    await new Promise((r) => child.once('exit', r));
    expect(child.exitCode).toBe(0);
    openStore({ dir }).close();
  });

  it('is released by the kernel when the holder is SIGKILLed', async () => {
    const dir = tempDir();
    const { child, line } = await holder(dir);
    expect(line).toBe('held');
    expect(() => openStore({ dir })).toThrow(expect.objectContaining({ code: 'JOURNAL_FAILED' }));
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const store = openStore({ dir });
    store.appendInput(1, '{"type":"tick","at":1}');
    store.close();
    // And another process can take it after this one closed.
    const next = await holder(dir);
    expect(next.line).toBe('held');
  });
});
