// The room journal's group commit (src/room/service/batch.ts): the inputs of one turn are written in one transaction
// before any of them is applied, then applied in order; a refused write applies none and answers each with null.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, expect, it } from 'vitest';
import type { RoomOutput } from '../../src/room/engine/types.ts';
import { createBatcher } from '../../src/room/service/batch.ts';
import { openRoomJournal, type RoomJournal } from '../../src/room/service/journal.ts';

const logger = pino({ level: 'silent' });
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const turn = () => new Promise((r) => setImmediate(r));

function setup(refuse = false) {
  const dir = mkdtempSync(join(tmpdir(), 'pt-room-batch-'));
  dirs.push(dir);
  const journal = openRoomJournal(dir);
  const log: string[] = [];
  const spy: RoomJournal = {
    ...journal,
    appendMany(inputs) {
      log.push(`write ${inputs.length} (${journal.inputs().length} before)`);
      if (refuse) throw new Error('disk full');
      journal.appendMany(inputs);
    },
  };
  const batcher = createBatcher({
    journal: spy,
    apply: (input) => {
      log.push(`apply ${String(input.n)} (${journal.inputs().length} on disk)`);
      return [{ type: 'move', seq: Number(input.n) } as unknown as RoomOutput];
    },
    after: () => log.push('after'),
    isClosed: () => false,
    log: logger,
  });
  return { journal, log, batcher };
}

it('one burst: one write of all its inputs, then each applied in order, each answer with its outputs', async () => {
  const { journal, log, batcher } = setup();
  const answers: unknown[] = [];
  for (let n = 1; n <= 3; n++) batcher.enqueue({ type: 'tick', n }, (o) => answers.push(o?.[0]?.seq));
  batcher.enqueue({ type: 'tick', n: 4 }); // no answer wanted: applied all the same
  expect(log).toEqual([]); // nothing before the turn ends
  await turn();
  expect(log).toEqual([
    'write 4 (0 before)',
    'apply 1 (4 on disk)',
    'apply 2 (4 on disk)',
    'apply 3 (4 on disk)',
    'apply 4 (4 on disk)',
    'after',
  ]);
  expect(answers).toEqual([1, 2, 3]);
  expect(journal.inputs()).toEqual([1, 2, 3, 4].map((n) => ({ type: 'tick', n })));
  journal.close();
});

it('a refused write: nothing applied, each answered null', async () => {
  const { journal, log, batcher } = setup(true);
  const answers: unknown[] = [];
  batcher.enqueue({ type: 'tick', n: 1 }, (o) => answers.push(o));
  batcher.enqueue({ type: 'tick', n: 2 }, (o) => answers.push(o));
  await turn();
  expect(log).toEqual(['write 2 (0 before)']);
  expect(answers).toEqual([null, null]);
  journal.close();
});
