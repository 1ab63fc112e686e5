// `npm start`: the composition root. Without --config a simulated table plays by itself; with --config FILE the
// table runs its real devices (systemd/pokertable.service). Exit codes: 0 stopped cleanly, 1 failed (a port in use
// among them), 2 bad flags, 78 a config that cannot work.
import pino, { type Logger } from 'pino';
import { TableError } from '../domain/errors.ts';
import { createNotifier } from '../notify/sd-notify.ts';
import { parseStartArgs, USAGE, type StartArgs } from './args.ts';
import { startHardwareTable } from './hardware.ts';
import { isJournalStream, syslogPrefixed } from './journald.ts';
import { runUntilStopped, type StopReason } from './shutdown.ts';
import { mappedErr, mapStack } from './stack-map.ts';
import { terminalLog } from './terminal-log.ts';

/** Logged errors' stacks name the src/*.ts lines of the build (src/app/stack-map.ts). */
const serializers = { err: mappedErr };

/** With --config: sentences on a terminal (terminal-log.ts), JSON lines for journald (or a pipe) otherwise. */
function logFormat(args: StartArgs): 'text' | 'json' {
  return args.logFormat ?? (process.stdout.isTTY && !isJournalStream(1) ? 'text' : 'json');
}

function makeLogger(args: StartArgs): Logger {
  if (args.config !== null) {
    // Under systemd: JSON lines on stdout, read with journalctl, each with its level's `<N>` prefix when stdout is
    // the journal (src/app/journald.ts). The config's level is applied once it is loaded.
    const stdout = pino.destination({ dest: 1, sync: true });
    const options = { name: 'pokertable', level: args.logLevel ?? 'info', serializers };
    if (logFormat(args) === 'text') {
      const logger: Logger = pino(
        options,
        terminalLog({ write: (text) => stdout.write(text), showStacks: () => logger.levelVal <= 20 }),
      );
      return logger;
    }
    const dest = isJournalStream(1) ? syslogPrefixed(stdout) : stdout;
    return pino(options, dest);
  }
  // In a terminal the summary owns stdout; logs go to stderr (warn and worse) or to --log-file.
  const dest =
    args.logFile !== null
      ? pino.destination({ dest: args.logFile, mkdir: true, sync: true })
      : pino.destination({ dest: 2, sync: true });
  return pino({ name: 'pokertable', level: args.logLevel ?? 'warn', serializers }, dest);
}

async function main(argv: readonly string[]): Promise<number> {
  let args: StartArgs;
  try {
    args = parseStartArgs(argv);
  } catch (error) {
    process.stderr.write(`pokertable: ${(error as Error).message}\n`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const logger = makeLogger(args);
  process.on('uncaughtException', (error) => {
    logger.fatal(
      { err: error },
      'uncaught exception; exiting (systemd restarts the table, the journal has every input)',
    );
    process.exit(1);
  });
  process.on('unhandledRejection', (error) => {
    logger.fatal({ err: error }, 'unhandled rejection; exiting');
    process.exit(1);
  });
  const notifier = createNotifier({ logger });
  // A stop asked for while the table starts is kept and honoured once it is up (not Node's default: die at once).
  // These listeners stay: removing the last listener of a signal drops one that is already on its way.
  let pending: StopReason | null = null;
  process.on('SIGTERM', () => void (pending ??= 'SIGTERM'));
  process.on('SIGINT', () => void (pending ??= 'SIGINT'));

  let stop: () => Promise<void>;
  let finished: Promise<void> | undefined;
  let status: string;
  try {
    if (args.config !== null) {
      const text = logFormat(args) === 'text';
      const logs = text ? 'this terminal (--log-format json for JSON lines)' : 'standard output, JSON lines';
      const app = await startHardwareTable({ ...args, config: args.config }, logger, logs);
      stop = app.stop;
      status = `table up; board ${app.urls.board ?? 'off'}; floor page ${app.urls.floor ?? 'off'}; MQTT ${app.urls.mqtt}`;
      if (text) process.stdout.write(`${app.banner.join('\n')}\n`);
      else logger.info({ urls: app.urls }, 'table ready');
    } else {
      // Loaded only here: a table on real hardware never needs the simulator (nor its display's serialport).
      const { createVirtualTable } = await import('../sim/index.ts');
      const { startSimulatedTable } = await import('./simulated.ts');
      const table = await startSimulatedTable(args, { createVirtualTable, logger, out: process.stdout });
      stop = table.stop;
      finished = table.finished;
      status = `simulated table up; board ${table.app.urls.board ?? 'off'}`;
    }
  } catch (error) {
    const message = error instanceof TableError ? error.message : mapStack((error as Error).stack ?? String(error));
    process.stderr.write(`pokertable: cannot start: ${message}\n`);
    // In a terminal the plain line says it all; under systemd (or with --log-file) the log keeps it too: a refusal
    // the table explains (a TableError) as its sentence and code, its stack at debug; anything else with its stack.
    const logged = args.config !== null ? logFormat(args) === 'json' : args.logFile !== null;
    if (logged && error instanceof TableError) {
      logger.error({ code: error.code, detail: error.message }, 'cannot start');
      logger.debug({ err: error }, 'cannot start: where');
    } else if (logged) logger.error({ err: error }, 'cannot start');
    return exitCodeFor(error);
  }

  notifier.ready(status);
  const stopWatchdog = notifier.startWatchdog();
  const { reason, code } = await runUntilStopped({
    logger,
    pending,
    ...(finished ? { finished } : {}),
    stop: async () => {
      notifier.stopping();
      stopWatchdog();
      await stop();
    },
  });
  logger.info({ reason, code }, 'stopped');
  return code;
}

/** EX_CONFIG (sysexits.h) for a config that cannot work: restarting cannot mend it, so the unit's
 * RestartPreventExitStatus stops there and `systemctl status` shows the failure at once instead of ten restarts. */
const EXIT_CONFIG = 78;

function exitCodeFor(error: unknown): number {
  return error instanceof TableError && error.code === 'CONFIG_INVALID' ? EXIT_CONFIG : 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`pokertable: ${mapStack((error as Error).stack ?? String(error))}\n`);
    process.exit(1);
  },
);
