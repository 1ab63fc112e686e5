// npm run room -- --config room.yaml [--log-level L] [--new-journal]
// npm run room -- --demo [--tables N] [--port P] [--mqtt-port M] [--level-minutes X]
// npm run room -- chop …   (the ICM and even chops at a final table: src/cli/room-chop.ts)
// The room service (docs/room.md): loads the room config, opens the room's journal in storage.dir, connects to the
// room's broker and runs until SIGTERM or SIGINT. `--demo` runs a whole room on this machine instead (a broker,
// simulated tables, the room and its pages: src/room/demo). Exit codes: 0 stopped cleanly, 1 failed, 2 bad flags.
import pino, { type Logger } from 'pino';
import { terminalLog } from '../app/terminal-log.ts';
import { TableError } from '../domain/errors.ts';
import { loadRoomConfig } from '../room/config/load.ts';
import { runChop } from './room-chop.ts';
import { loadRoomProfiles, roomProfileDirs } from '../room/config/profiles.ts';
import { startRoomDemo } from '../room/demo/demo.ts';
import { startRoomPages } from '../room/service/pages.ts';
import { startRoomService } from '../room/service/service.ts';
import { loadStructures, structureDirs } from '../config/structures.ts';
import { systemClock } from '../runtime/clock.ts';
import { parseRoomArgs, USAGE, type RoomArgs } from './room-args.ts';

/** JSON lines for journald, as the table does; sentences at a terminal (src/app/terminal-log.ts). */
function makeLogger(level: string): Logger {
  const stdout = pino.destination({ dest: 1, sync: true });
  if (!process.stdout.isTTY) return pino({ name: 'pokertable-room', level }, stdout);
  const logger: Logger = pino(
    { name: 'pokertable-room', level },
    terminalLog({ write: (t) => stdout.write(t), showStacks: () => logger.levelVal <= 20 }),
  );
  return logger;
}

/** The first SIGTERM or SIGINT. The listeners stay: a Ctrl-C reaches this process twice (from the terminal, and
 * relayed by npm's and tsx's wrappers), and with no listener left the second would kill it mid-stop (a journal not
 * closed, the demo's folder left behind). */
const stopSignal = () =>
  new Promise<NodeJS.Signals>((resolve) => {
    process.on('SIGTERM', () => resolve('SIGTERM'));
    process.on('SIGINT', () => resolve('SIGINT'));
  });

async function runDemo(args: Extract<RoomArgs, { demo: true }>): Promise<number> {
  const logger = makeLogger(args.logLevel ?? 'warn');
  const demo = await startRoomDemo({ ...args, seed: 7, logger });
  process.stdout.write(`${demo.lines.join('\n')}\n`);
  await stopSignal();
  process.stdout.write('pokertable room demo: stopping\n');
  await demo.stop();
  return 0;
}

async function runRoom(args: Extract<RoomArgs, { demo: false }>): Promise<number> {
  const config = loadRoomConfig(args.config);
  const logger = makeLogger(args.logLevel ?? config.log.level);
  const clock = systemClock();
  const profiles = loadRoomProfiles(roomProfileDirs(args.config));
  const service = startRoomService({ config, profiles, logger, clock, newJournal: args.newJournal });
  // The room board and the floor page (web.port; off by default).
  const pages =
    config.web.port === null
      ? null
      : await startRoomPages({
          config,
          now: clock.now,
          logger,
          structures: loadStructures(structureDirs(args.config)),
        }).catch(async (err: unknown) => {
          await service.close();
          throw err;
        });
  if (pages) logger.info({ board: pages.url, floor: `${pages.url}floor` }, 'room pages');
  const signal = await stopSignal();
  logger.info({ signal }, 'room stopping');
  await pages?.close();
  await service.close();
  return 0;
}

async function main(): Promise<number> {
  // `chop`: the ICM and even chops at a final table (docs/room-money.md)
  if (process.argv[2] === 'chop') return runChop(process.argv.slice(3), (s) => process.stdout.write(s));
  const args = parseRoomArgs(process.argv.slice(2));
  if ('error' in args) {
    process.stderr.write(`${args.error ? `${args.error}\n` : ''}${USAGE}`);
    return args.error ? 2 : 0;
  }
  return args.demo ? runDemo(args) : runRoom(args);
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`room: ${startFailure(e)}\n`);
    // What was started before the failure (a broker, tables) must not keep a process that could not start alive.
    process.exit(1);
  },
);

/** Why the room could not start, in a sentence: a port in use says which and how to see who has it. */
function startFailure(e: unknown): string {
  if (e instanceof TableError) return e.message;
  const err = e as NodeJS.ErrnoException & { port?: number };
  if (err?.code === 'EADDRINUSE') {
    const port = err.port ?? '';
    return (
      `cannot start: port ${port} is already in use (another room demo or a broker?). See who has it with ` +
      `\`ss -ltnp 'sport = :${port}'\`, stop it, or choose other ports (--port N, --mqtt-port N with --demo).`
    );
  }
  return String((e as Error)?.stack ?? e);
}
