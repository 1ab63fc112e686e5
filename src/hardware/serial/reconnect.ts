// Keeps a serial device connection up: opens it, notices when it goes away, reopens it with a growing delay.
// Shared by the Firmata board and the serial display board (src/hardware/serial/ is what both use, so neither imports
// the other). Reports only transitions, so a board that stays unplugged gives one `device.offline`, not one per attempt.
import type { Logger } from 'pino';

export interface Backoff {
  /** First retry delay, ms. */
  initialMs: number;
  /** Longest delay between attempts, ms. */
  maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { initialMs: 500, maxMs: 30_000 };

export function backoffDelay(backoff: Backoff, failures: number): number {
  return Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.max(0, failures - 1));
}

export interface LinkOptions<T> {
  /** Opens the connection; rejects (with a message for people) when the device is not there or does not answer.
   * `signal` aborts a slow attempt when the link stops. */
  open(signal: AbortSignal): Promise<T>;
  /** Releases a connection; must not throw. */
  close(handle: T): Promise<void>;
  /** The connection is usable (first time or again). */
  up(handle: T): void;
  /** The connection went away or could not be made; `detail` says why. */
  down(detail: string): void;
  backoff: Backoff;
  logger: Logger;
}

export interface Link<T> {
  /** First attempt; resolves when it is up or has been reported down (then retries go on in the background). */
  start(): Promise<void>;
  /** The device went away (port closed, no answer): close it, report, retry. Ignored for a stale handle. */
  lost(handle: T, detail: string): void;
  current(): T | null;
  stop(): Promise<void>;
}

export function createLink<T>(opts: LinkOptions<T>): Link<T> {
  let current: T | null = null;
  let online: boolean | null = null;
  let failures = 0;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let attempt: Promise<void> | null = null;
  const abort = new AbortController();

  const reportDown = (detail: string): void => {
    if (online === false) return;
    online = false;
    opts.down(detail);
  };

  const schedule = (): void => {
    if (stopped || timer) return;
    const delay = backoffDelay(opts.backoff, failures);
    opts.logger.debug({ delay, failures }, 'reconnecting later');
    timer = setTimeout(() => {
      timer = null;
      attempt = tryOpen();
    }, delay);
  };

  const tryOpen = async (): Promise<void> => {
    let handle: T;
    try {
      handle = await opts.open(abort.signal);
    } catch (err) {
      if (stopped) return;
      failures++;
      const detail = (err as Error).message;
      // One line per change of state: the first failure is a warning, each retry after it only at debug.
      const log = online === false ? opts.logger.debug.bind(opts.logger) : opts.logger.warn.bind(opts.logger);
      log({ err: detail, failures }, 'device not available; retrying in the background');
      reportDown(detail);
      schedule();
      return;
    }
    if (stopped) {
      await opts.close(handle);
      return;
    }
    failures = 0;
    current = handle;
    online = true;
    opts.up(handle);
  };

  return {
    async start() {
      attempt = tryOpen();
      await attempt;
    },
    lost(handle, detail) {
      if (handle !== current || stopped) return;
      current = null;
      failures++;
      opts.logger.warn({ detail }, 'device lost');
      reportDown(detail);
      void opts.close(handle).finally(schedule);
    },
    current: () => current,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      abort.abort();
      await attempt;
      const handle = current;
      current = null;
      if (handle !== null) await opts.close(handle);
    },
  };
}
