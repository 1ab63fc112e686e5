// The fleet's child processes (worker.ts): the room service in one, the tables in a few; each reports its progress,
// and at the end what it published (the tables) or its memory (the room).
import { fork, type ChildProcess } from 'node:child_process';
import type { WorkerMessage, WorkerStart } from './worker.ts';
import type { PublishedReport } from './tables.ts';
import type { RoomMemory } from './memory.ts';

const WORKER = new URL(`./worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);

export interface Child {
  proc: ChildProcess;
  progress: Extract<WorkerMessage, { type: 'progress' }>;
  report: Promise<PublishedReport[]>;
  /** The room service's, with its report. */
  memory?: RoomMemory;
  ready: Promise<void>;
}

export function startChild(start: WorkerStart): Child {
  const proc = fork(WORKER, [], {
    // --expose-gc: the room's heap is measured after a full collection (memory.ts)
    execArgv: [...(WORKER.pathname.endsWith('.ts') ? ['--import', 'tsx'] : []), '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced', // the reports' typed arrays
  });
  const child: Child = { proc, progress: { hands: 0, done: 0, players: 0, rss: 0, heap: 0, cpuMs: 0 } } as Child;
  child.ready = new Promise((resolve, reject) => {
    child.report = new Promise((resolveReport, rejectReport) => {
      proc.on('message', (m: WorkerMessage) => {
        if (m.type === 'ready') resolve();
        if (m.type === 'progress') child.progress = m;
        if (m.type === 'report') {
          child.memory = m.memory;
          resolveReport(m.tables);
        }
        if (m.type === 'failed') {
          reject(new Error(m.error));
          rejectReport(new Error(m.error));
        }
      });
      proc.on('exit', (code) => {
        const err = new Error(`fleet ${start.role} process exited (${code})`);
        reject(err);
        rejectReport(err);
      });
    });
  });
  child.report.catch(() => undefined);
  proc.send(start);
  return child;
}
