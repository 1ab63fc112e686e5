// The display board and the floor page over HTTP: the static pages (src/web/table and the page kit, src/web/kit, served
// by src/web/serve.ts), MQTT.js's browser bundle from node_modules, two small JSON endpoints that tell the pages where the broker is, what time it is at the table and
// which blind structures are saved, and /health. The floor page grants nothing: it logs in to the broker, whose ACL
// decides what the account may do.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import type { BlindStructure } from '../config/structures.ts';
import { BETTING_NAMES, GAME_NAMES, gameOf, structureOf } from '../domain/games/index.ts';
import { FEED_SIZE, FEED_TYPES } from '../mqtt/feed.ts';
import { systemLoginBackoff, type LoginBackoff } from '../mqtt/auth-backoff.ts';
import type { BrokerTarget } from '../mqtt/broker-pipe.ts';
import { listen, pageFiles, send, sendLoginWait, sendNotFound, sendPageFile } from '../web/serve.ts';

/** The games the floor page can set (R-GAME-LIST), from the engine's descriptors: each one's own structure and
 * whether it brings in (a stud game: no blinds, R-STUD-BRING-IN), never a copy in the page. */
const GAMES_OFFERED = GAME_NAMES.map((name) => ({
  name,
  betting: gameOf(name).defaultBetting,
  bringIn: gameOf(name).forcedBets === 'ante-bring-in',
}));
/** The betting structures likewise: whether a level played under one needs its fixed bets (R-BET-LIMIT). */
const BETTINGS_OFFERED = BETTING_NAMES.map((name) => ({ name, fixedBets: structureOf(name).levelFields.length > 0 }));

export interface BoardPageConfig {
  tableId: string;
  /** `<baseTopic>/<tableId>` */
  base: string;
  /** Where the browser finds the broker: a full ws(s) URL; or null to use the page's own host name with `port`; or,
   * with both null, `path` on the page's own host and port (the passthrough to an external broker, `pipe`). */
  mqtt: { url: string | null; port: number | null; path: string };
  /** Saved blind structures the floor page offers (config/structures/). */
  structures?: readonly BlindStructure[];
  /** The room's base topic (`room/<id>`) when the table plays in a room: the board reads its `moves` to show where a
   * player of this table goes (docs/room.md). */
  roomBase?: string | null;
}

export interface BoardServerOptions {
  host: string;
  port: number;
  page: BoardPageConfig;
  /** The table's clock (virtual under --speed) and how fast it runs against the wall clock. */
  now: () => number;
  speed: number;
  logger: Logger;
  /** `GET /health`: answered 200 while `status` is `ok`, 503 otherwise. Without it, /health is 404. */
  health?: () => { status: string };
  /** An external broker without a WebSocket listener (mqtt:// or mqtts://): the pages reach it through `page.mqtt.path`
   * on this port, each browser with its own account, as the room's pages do (src/mqtt/broker-pipe.ts). */
  pipe?: BrokerTarget;
}

export interface BoardServer {
  readonly port: number;
  readonly url: string;
  close(): Promise<void>;
}

/** The table's pages by their paths (src/web/table); their scripts and styles, and the kit's, by their names. */
const FILES = pageFiles('table', {
  '/': 'index.html',
  '/index.html': 'index.html',
  '/floor': 'floor.html',
  '/broadcast': 'broadcast.html',
});

export async function startBoardServer(options: BoardServerOptions): Promise<BoardServer> {
  const log = options.logger.child({ module: 'http' });
  let backoff: LoginBackoff | null = null;
  const server = createServer((req, res) => {
    handle(req, res, options, backoff).catch((error: unknown) => {
      log.warn({ err: error, url: req.url }, 'board request failed');
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', 'internal error');
      else res.destroy();
    });
  });
  // Loaded only for a table on an mqtt:// external broker: ws stays out of the others (docs/bench.md).
  const pipe = options.pipe ? await attachPipe(server, options) : null;
  backoff = pipe?.backoff ?? null;
  // Without a passthrough an upgrade is not a page: refused at once.
  if (!pipe) server.on('upgrade', (_req, socket: Duplex) => socket.destroy());
  try {
    await listen(server, options.port, options.host);
  } catch (error) {
    pipe?.close();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  const shownHost = options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
  log.info({ host: options.host, port }, 'display board listening');
  return {
    port,
    url: `http://${shownHost}:${port}/`,
    close: () =>
      new Promise((resolve) => {
        pipe?.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The passthrough to an external broker, with its password back-off held here too: a plain GET of its path tells a
 * page how long its address waits (src/web/serve.ts `sendLoginWait`). */
async function attachPipe(
  server: Server,
  options: BoardServerOptions,
): Promise<{ close(): void; backoff: LoginBackoff }> {
  const { attachBrokerPipe, DEFAULT_PIPE_LIMITS } = await import('../mqtt/broker-pipe.ts');
  const backoff = systemLoginBackoff(options.logger.child({ module: 'broker-pipe' }), "the pages' /mqtt");
  const pipe = attachBrokerPipe(
    server,
    options.page.mqtt.path,
    options.pipe!,
    options.logger, // the pipe names its own module: a second `module` key would repeat in each line
    DEFAULT_PIPE_LIMITS,
    { backoff },
  );
  return {
    backoff,
    close() {
      pipe.close();
      backoff.close();
    },
  };
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  options: BoardServerOptions,
  backoff: LoginBackoff | null,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain; charset=utf-8', 'GET only');
  const path = new URL(req.url ?? '/', 'http://board').pathname;
  if (path === '/config.json') {
    // A board that builds its feed from `events` alone (before or without the `feed` topic) uses the table's own
    // list and length (src/mqtt/feed.ts): written once, never copied into the page.
    const feed = { feedTypes: [...FEED_TYPES], feedSize: FEED_SIZE };
    const body = {
      ...options.page,
      ...feed,
      games: GAMES_OFFERED,
      bettings: BETTINGS_OFFERED,
      time: { now: options.now(), speed: options.speed },
    };
    return send(res, 200, 'application/json', JSON.stringify(body));
  }
  if (path === '/health' && options.health) {
    const health = options.health();
    return send(res, health.status === 'ok' ? 200 : 503, 'application/json', JSON.stringify(health));
  }
  if (backoff && path === options.page.mqtt.path) return sendLoginWait(req, res, backoff);
  if (path === '/time')
    return send(res, 200, 'application/json', JSON.stringify({ now: options.now(), speed: options.speed }));
  if (path === '/floor/' || path === '/broadcast/') {
    // The pages' links are relative to /floor and /broadcast.
    res.writeHead(301, { location: path.slice(0, -1) });
    return void res.end();
  }
  if (!(await sendPageFile(req, res, path, FILES))) sendNotFound(res);
}
