// Group commit for the room's journal: the inputs that arrive in one turn of the event loop (a burst of table
// messages read from one socket chunk, a timer) are journaled together, in one transaction and so one fsync, then
// applied in order. Each input is still on disk before the engine sees it. One fsync per input was what held a room
// of 500 tables minutes behind on a busy disk (docs/scaling.md).
import type { Logger } from 'pino';
import type { RoomOutput } from '../engine/types.ts';
import type { RoomJournal } from './journal.ts';

type Obj = Record<string, unknown>;
type Done = (outputs: RoomOutput[] | null, error?: unknown) => void;

export interface Batcher {
  /** Queues an input; `done` gets its outputs once journaled and applied (null: the journal refused the batch, with
   * the journal's error when it said why: `STORAGE_FULL` for a full disk). */
  enqueue(input: Obj, done?: Done): void;
  /** Journals and applies what is queued now (before closing). */
  flush(): void;
}

export function createBatcher(options: {
  journal: RoomJournal;
  /** Applies one journaled input (the engine, then publishing its outputs). */
  apply(input: Obj): RoomOutput[];
  /** After a batch of `count` inputs: the room's state, timers and checkpoints. */
  after(count: number): void;
  isClosed(): boolean;
  log: Logger;
}): Batcher {
  let queue: { input: Obj; done?: Done }[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    const batch = queue;
    queue = [];
    if (batch.length === 0) return;
    if (options.isClosed()) return batch.forEach((b) => b.done?.(null));
    try {
      options.journal.appendMany(batch.map((b) => b.input));
    } catch (err) {
      options.log.error(
        { err: (err as Error).message, code: (err as { code?: unknown }).code, inputs: batch.length },
        'room journal write failed: inputs dropped',
      );
      return batch.forEach((b) => b.done?.(null, err));
    }
    for (const b of batch) {
      const outputs = options.apply(b.input);
      b.done?.(outputs);
    }
    options.after(batch.length);
  };
  return {
    enqueue(input, done) {
      queue.push({ input, done });
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush,
  };
}
