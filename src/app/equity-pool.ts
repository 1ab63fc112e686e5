// Exact equity off the event loop: one worker thread (equity-worker.ts) takes the spots in order and answers each.
// The table's process keeps reading cards while a 9-way pre-flop enumeration runs (docs/broadcast.md).
import { Worker } from 'node:worker_threads';
import { equityOf, type EquityResult, type EquitySpot } from '../domain/equity/equity.ts';

/** Where equity is computed: the worker in the table, in-process in tests that want no thread. */
export interface EquityService {
  compute(spot: EquitySpot): Promise<EquityResult>;
  close(): Promise<void>;
}

/** The same computation in the caller's thread (tests, tools). */
export function inlineEquity(): EquityService {
  return { compute: async (spot) => equityOf(spot), close: async () => {} };
}

type Waiter = { resolve(result: EquityResult): void; reject(err: Error): void };

/** One worker thread. From the sources (tsx, tests) the worker loads its .ts file through tsx's loader; from the build
 * it is the compiled .js beside this module (dist/src/app/, also where the bundled main.js lives). A thread that dies
 * fails the spots it held and the next spot starts a new one: the feed loses those figures, not all that follow.
 * `file`: another worker module (tests). */
export function workerEquity(file: URL = defaultWorkerFile()): EquityService {
  let worker: Worker | null = null;
  let closed = false;
  const waiting = new Map<number, Waiter>();
  let next = 1;
  const start = (): Worker => {
    const w = spawnWorker(file);
    // the thread must not keep a stopping table's process alive
    w.unref();
    const fail = (err: Error) => {
      if (worker === w) worker = null;
      for (const waiter of waiting.values()) waiter.reject(err);
      waiting.clear();
    };
    w.on('message', (m: { id: number; result?: EquityResult; error?: string }) => {
      const waiter = waiting.get(m.id);
      if (!waiter) return;
      waiting.delete(m.id);
      if (m.error !== undefined) waiter.reject(new Error(m.error));
      else waiter.resolve(m.result!);
    });
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`the equity worker stopped (exit ${code})`)));
    return w;
  };
  return {
    compute(spot) {
      if (closed) return Promise.reject(new Error('the equity worker is closed'));
      worker ??= start();
      const w = worker;
      const id = next++;
      return new Promise<EquityResult>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        w.postMessage({ id, spot });
      });
    },
    async close() {
      closed = true;
      await worker?.terminate();
    },
  };
}

function defaultWorkerFile(): URL {
  return new URL(`./equity-worker.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url);
}

/** execArgv []: the thread does not take the process's own flags (the unit's heap limits, a test runner's). */
function spawnWorker(file: URL): Worker {
  if (!file.pathname.endsWith('.ts')) return new Worker(file, { execArgv: [] });
  return new Worker(
    `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(file.href)}); })`,
    { eval: true, execArgv: [] },
  );
}
