// npm run room -- --config room.yaml [--log-level L]
// The room service (docs/room.md): loads the room config, opens the room's journal in storage.dir, connects to the
// room's broker and runs until SIGTERM or SIGINT. Exit codes: 0 stopped cleanly, 1 failed, 2 bad flags.
import pino from 'pino';
import { TableError } from '../domain/errors.ts';
import { loadRoomConfig } from '../room/config/load.ts';
import { runChop } from './room-chop.ts';
import { loadRoomProfiles, roomProfileDirs } from '../room/config/profiles.ts';
import { startRoomPages } from '../room/service/pages.ts';
import { startRoomService } from '../room/service/service.ts';
import { loadStructures, structureDirs } from '../config/structures.ts';
import { systemClock } from '../runtime/clock.ts';

const USAGE =
  'usage: npm run room -- --config room.yaml [--log-level trace|debug|info|warn|error]\n' +
  '       npm run room -- chop …   (the ICM and even chops at a final table: npm run room -- chop --help)\n';
const LEVELS = ['trace', 'debug', 'info', 'warn', 'error'];

function parseArgs(argv: string[]): { config: string; logLevel: string | null } | { error: string } {
  let config: string | null = null;
  let logLevel: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--help' || a === '-h') return { error: '' };
    if (a === '--config' || a === '--log-level') {
      const v = argv[++i];
      if (!v) return { error: `${a} needs a value` };
      if (a === '--config') config = v;
      else if (LEVELS.includes(v)) logLevel = v;
      else return { error: `--log-level must be one of ${LEVELS.join(', ')}` };
    } else return { error: `unknown argument ${a}` };
  }
  if (config === null) return { error: 'which room? give --config room.yaml' };
  return { config, logLevel };
}

async function main(): Promise<number> {
  // `chop`: the ICM and even chops at a final table (docs/room-money.md)
  if (process.argv[2] === 'chop') return runChop(process.argv.slice(3), (s) => process.stdout.write(s));
  const args = parseArgs(process.argv.slice(2));
  if ('error' in args) {
    process.stderr.write(`${args.error ? `${args.error}\n` : ''}${USAGE}`);
    return args.error ? 2 : 0;
  }
  const config = loadRoomConfig(args.config);
  // JSON lines on stdout, for journald, as the table does.
  const logger = pino(
    { name: 'pokertable-room', level: args.logLevel ?? config.log.level },
    pino.destination({ dest: 1, sync: true }),
  );
  const clock = systemClock();
  const profiles = loadRoomProfiles(roomProfileDirs(args.config));
  const service = startRoomService({ config, profiles, logger, clock });
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
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGTERM', resolve);
    process.once('SIGINT', resolve);
  });
  logger.info({ signal }, 'room stopping');
  await pages?.close();
  await service.close();
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    const message = e instanceof TableError ? e.message : String((e as Error).stack ?? e);
    process.stderr.write(`room: ${message}\n`);
    process.exitCode = 1;
  },
);
