// `npm run doctor` on the journal and its disk: a sound journal (also while a real controller process holds it),
// a damaged one with the way out, and a disk with no room left (a real 512 KiB tmpfs).
import { TEST_DIR } from '../helpers/paths.ts';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkStorage } from '../../src/app/doctor/checks.ts';
import { checkJournal } from '../../src/app/doctor/journal.ts';
import { runDoctor } from '../../src/app/doctor/run.ts';
import { openStore } from '../../src/store/store.ts';

const HOLDER = join(TEST_DIR, 'helpers', 'store-holder.ts');
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'pt-doctor-journal-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

async function holder(dir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', HOLDER, dir], { stdio: ['pipe', 'pipe', 'inherit'] });
  cleanups.push(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) =>
      String(chunk).startsWith('held') ? resolve() : reject(new Error(String(chunk))),
    );
  });
  return child;
}

describe('doctor: the journal', () => {
  it('says when there is no journal yet', () => {
    const dir = tempDir();
    expect(checkJournal(join(dir, 'var'))).toMatchObject({
      status: 'ok',
      detail: expect.stringContaining('does not exist yet'),
    });
  });

  it('reports a sound journal with its seq and epoch, and the controller process that holds it', async () => {
    const dir = tempDir();
    const store = openStore({ dir });
    const id = store.appendInput(1, '{"type":"tick","at":1}');
    store.appendEvents(id, [{ type: 'hand.ended', reason: 'fold', seq: 1, at: 1 }]);
    const { epoch } = store;
    store.close();
    expect(checkJournal(dir)).toMatchObject({
      status: 'ok',
      detail: expect.stringMatching(new RegExp(`sound \\(quick check ok\\).*last seq 1, epoch ${epoch}$`)),
    });
    const child = await holder(dir);
    expect(checkJournal(dir).detail).toContain(`; in use by process ${child.pid} (the running table)`);
  });

  it('fails a damaged journal and says how to start again', async () => {
    const dir = tempDir();
    openStore({ dir }).close();
    writeFileSync(join(dir, 'table.db'), '');
    const result = checkJournal(dir);
    expect(result).toMatchObject({ status: 'fail', detail: expect.stringContaining('is damaged: the file is empty') });
    expect(result.fix).toContain('--new-journal');

    // Through `npm run doctor -- --config`, too.
    const config = join(dir, 'table.yaml');
    writeFileSync(
      config,
      JSON.stringify({
        table: { id: 't1', seats: 6, deckFile: null },
        storage: { dir },
        mqtt: { embedded: { port: 18877, wsPort: null } },
        http: { port: null },
        devices: [],
      }),
    );
    const results = await runDoctor(config);
    expect(
      results.find((r) => r.subject === 'journal'),
      JSON.stringify(results),
    ).toMatchObject({ status: 'fail' });
  });

  it('fails a state directory on a disk with no room left', () => {
    const dir = tempDir();
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=512k', 'tmpfs', dir], { stdio: 'ignore' });
    } catch {
      return; // not root: nothing to mount a small disk with
    }
    cleanups.push(() => void execFileSync('umount', [dir]));
    expect(checkStorage(join(dir, 'var'))).toMatchObject({
      status: 'fail',
      detail: expect.stringMatching(/^0 MB free on /),
      fix: expect.stringContaining('free some disk space'),
    });
  });
});
