// sd_notify for systemd's Type=notify services: READY=1, WATCHDOG=1, STOPPING=1, STATUS=…
//
// Node cannot open unix datagram sockets, so systemd/pokertable.service starts the table through
// src/notify/notify-exec.py, which connects to NOTIFY_SOCKET and execs Node (same PID) with the connected socket as
// the descriptor named in POKERTABLE_NOTIFY_FD. A write(2) on that descriptor is one datagram, sent by the service's
// main PID, so NotifyAccess=main accepts it. Without NOTIFY_SOCKET (npm start in a terminal) every call is silent.
import { writeSync, fstatSync } from 'node:fs';
import type { Logger } from 'pino';

export interface Notifier {
  /** True when messages actually go somewhere. */
  readonly active: boolean;
  /** Half of WATCHDOG_USEC in ms (systemd's advice), or null when the watchdog is off or meant for another PID. */
  readonly watchdogIntervalMs: number | null;
  ready(status?: string): void;
  status(text: string): void;
  stopping(): void;
  /** Sends WATCHDOG=1 every `watchdogIntervalMs` from this process's event loop: a stuck loop stops the pings and
   * systemd restarts the table. Returns a stop function. No-op when the watchdog is off. */
  startWatchdog(): () => void;
}

export interface NotifierOptions {
  logger: Logger;
  env?: NodeJS.ProcessEnv;
  pid?: number;
  /** Injected for tests; defaults to fs.writeSync. */
  write?: (fd: number, data: Buffer) => void;
}

export function createNotifier(options: NotifierOptions): Notifier {
  const env = options.env ?? process.env;
  const pid = options.pid ?? process.pid;
  const logger = options.logger;
  const write = options.write ?? ((fd: number, data: Buffer) => void writeSync(fd, data));
  const fd = notifyFd(env, logger);
  const watchdogIntervalMs = fd === null ? null : watchdogInterval(env, pid);
  let failed = false;

  function send(message: string): void {
    if (fd === null || failed) return;
    try {
      write(fd, Buffer.from(message, 'utf8'));
    } catch (error) {
      // systemd gone or the descriptor closed: say so once, keep the table running.
      failed = true;
      logger.warn({ err: error }, 'sd_notify failed; no further notifications');
    }
  }

  return {
    active: fd !== null,
    watchdogIntervalMs,
    ready: (status) => send(status ? `READY=1\nSTATUS=${oneLine(status)}` : 'READY=1'),
    status: (text) => send(`STATUS=${oneLine(text)}`),
    stopping: () => send('STOPPING=1'),
    startWatchdog() {
      if (watchdogIntervalMs === null) return () => {};
      send('WATCHDOG=1');
      const timer = setInterval(() => send('WATCHDOG=1'), watchdogIntervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

function notifyFd(env: NodeJS.ProcessEnv, logger: Logger): number | null {
  if (!env.NOTIFY_SOCKET) return null;
  const raw = env.POKERTABLE_NOTIFY_FD;
  const fd = raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : null;
  if (fd === null) {
    logger.warn(
      { notifySocket: env.NOTIFY_SOCKET },
      'NOTIFY_SOCKET is set but the table was not started through src/notify/notify-exec.py: systemd will not ' +
        'hear READY=1 (see systemd/pokertable.service for the ExecStart line)',
    );
    return null;
  }
  try {
    if (!fstatSync(fd).isSocket()) throw new Error(`descriptor ${fd} is not a socket`);
  } catch (error) {
    logger.warn({ err: error, fd }, 'POKERTABLE_NOTIFY_FD is not an open socket; sd_notify disabled');
    return null;
  }
  return fd;
}

function watchdogInterval(env: NodeJS.ProcessEnv, pid: number): number | null {
  const usec = env.WATCHDOG_USEC !== undefined ? Number(env.WATCHDOG_USEC) : NaN;
  if (!Number.isFinite(usec) || usec <= 0) return null;
  if (env.WATCHDOG_PID !== undefined && Number(env.WATCHDOG_PID) !== pid) return null;
  return Math.max(1, Math.floor(usec / 2000));
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ');
}
