// Waits for the reason to stop (SIGTERM from systemd, SIGINT from a terminal, or the table being done), then stops
// within a deadline. A second signal while stopping exits at once.
import type { Logger } from 'pino';

const REPEAT_WINDOW_MS = 1000;

export type StopReason = 'SIGTERM' | 'SIGINT' | 'finished';

export interface ShutdownOptions {
  logger: Logger;
  /** Resolves when the table has nothing more to do (--hands N). */
  finished?: Promise<void>;
  /** Stops everything; its own steps log their failures. */
  stop: () => Promise<void>;
  /** Give up waiting for `stop` after this long (ms): systemd's TimeoutStopSec is 15 s. */
  deadlineMs?: number;
  /** A signal that came while the table was still starting. */
  pending?: StopReason | null;
  /** process, injected for tests. */
  signals?: Pick<NodeJS.Process, 'once' | 'removeListener' | 'exit'>;
}

/** Resolves with the exit code: 0 when everything stopped in time, 1 when the deadline passed. */
export async function runUntilStopped(options: ShutdownOptions): Promise<{ reason: StopReason; code: number }> {
  const proc = options.signals ?? process;
  const log = options.logger.child({ module: 'shutdown' });
  const reason =
    options.pending ??
    (await new Promise<StopReason>((resolve) => {
      const onTerm = () => resolve('SIGTERM');
      const onInt = () => resolve('SIGINT');
      proc.once('SIGTERM', onTerm);
      proc.once('SIGINT', onInt);
      void options.finished?.then(() => resolve('finished'));
    }));
  log.info({ reason }, 'stopping');
  // A second Ctrl-C (or a second TERM) means "now". One keypress often arrives more than once (the terminal signals
  // the whole process group, and npm and tsx relay it again), so copies within the first second do not count.
  const firstAt = Date.now();
  const force = (signal: string) => {
    const handler = () => {
      if (Date.now() - firstAt < REPEAT_WINDOW_MS) {
        proc.once(signal, handler);
        return;
      }
      log.warn({ signal }, 'second signal while stopping: exiting without finishing the shutdown');
      proc.exit(130);
    };
    return handler;
  };
  proc.once('SIGTERM', force('SIGTERM'));
  proc.once('SIGINT', force('SIGINT'));

  const deadlineMs = options.deadlineMs ?? 10_000;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), deadlineMs);
  });
  const result = await Promise.race([options.stop().then(() => 'stopped' as const), timedOut]);
  clearTimeout(timer);
  if (result === 'timeout') {
    log.error({ deadlineMs }, 'shutdown did not finish in time');
    return { reason, code: 1 };
  }
  return { reason, code: 0 };
}
