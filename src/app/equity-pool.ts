// Exact equity off the event loop: one worker thread (equity-worker.ts) takes the spots in order and answers each.
// The table's process keeps reading cards while a 9-way pre-flop enumeration runs (docs/broadcast.md).
import { Worker } from 'node:worker_threads';
import { equityOf, type EquityResult, type EquitySpot } from '../domain/equity.ts';

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
 * it is the compiled .js beside this module (dist/src/app/, also where the bundled main.js lives). */
export function workerEquity(): EquityService {
  const fromSource = import.meta.url.endsWith('.ts');
  const file = new URL(`./equity-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url);
  // execArgv [] : the thread does not take the process's own flags (the unit's heap limits, a test runner's)
  const worker = fromSource
    ? new Worker(
        `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(file.href)}); })`,
        { eval: true, execArgv: [] },
      )
    : new Worker(file, { execArgv: [] });
  // the thread must not keep a stopping table's process alive
  worker.unref();
  const waiting = new Map<number, Waiter>();
  let next = 1;
  let failure: Error | null = null;
  const failAll = (err: Error) => {
    failure = err;
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  };
  worker.on('message', (m: { id: number; result?: EquityResult; error?: string }) => {
    const w = waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id);
    if (m.error !== undefined) w.reject(new Error(m.error));
    else w.resolve(m.result!);
  });
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`the equity worker stopped (exit ${code})`)));
  return {
    compute(spot) {
      if (failure) return Promise.reject(failure);
      const id = next++;
      return new Promise<EquityResult>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, spot });
      });
    },
    async close() {
      await worker.terminate();
    },
  };
}
