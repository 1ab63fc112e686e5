// The display board and the floor page over HTTP: the static pages (src/app/web), MQTT.js's browser bundle from
// node_modules, two small JSON endpoints that tell the pages where the broker is, what time it is at the table and
// which blind structures are saved, and /health. The floor page grants nothing: it logs in to the broker, whose ACL
// decides what the account may do.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import type { BlindStructure } from '../config/structures.ts';
import { TableError } from '../domain/errors.ts';
import { FEED_SIZE, FEED_TYPES } from '../mqtt/feed.ts';
import { namesScript } from '../protocol/names.ts';
import type { BrokerTarget } from '../mqtt/broker-pipe.ts';

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

export const webDir = join(import.meta.dirname, 'web');
const STATIC: Record<string, { file: string; type: string }> = {
  '/': { file: join(webDir, 'index.html'), type: 'text/html; charset=utf-8' },
  '/index.html': { file: join(webDir, 'index.html'), type: 'text/html; charset=utf-8' },
  '/board.css': { file: join(webDir, 'board.css'), type: 'text/css; charset=utf-8' },
  '/board.js': { file: join(webDir, 'board.js'), type: 'text/javascript; charset=utf-8' },
  '/table-time.js': { file: join(webDir, 'table-time.js'), type: 'text/javascript; charset=utf-8' },
  '/seat-layout.js': { file: join(webDir, 'seat-layout.js'), type: 'text/javascript; charset=utf-8' },
  '/board-feed.js': { file: join(webDir, 'board-feed.js'), type: 'text/javascript; charset=utf-8' },
  '/game-words.js': { file: join(webDir, 'game-words.js'), type: 'text/javascript; charset=utf-8' },
  '/board-chime.js': { file: join(webDir, 'board-chime.js'), type: 'text/javascript; charset=utf-8' },
  '/board-clocks.js': { file: join(webDir, 'board-clocks.js'), type: 'text/javascript; charset=utf-8' },
  '/board-table.js': { file: join(webDir, 'board-table.js'), type: 'text/javascript; charset=utf-8' },
  '/board-status.js': { file: join(webDir, 'board-status.js'), type: 'text/javascript; charset=utf-8' },
  '/room-money.js': { file: join(webDir, 'room-money.js'), type: 'text/javascript; charset=utf-8' },
  '/room-money.css': { file: join(webDir, 'room-money.css'), type: 'text/css; charset=utf-8' },
  '/floor': { file: join(webDir, 'floor.html'), type: 'text/html; charset=utf-8' },
  '/floor.css': { file: join(webDir, 'floor.css'), type: 'text/css; charset=utf-8' },
  '/floor.js': { file: join(webDir, 'floor.js'), type: 'text/javascript; charset=utf-8' },
  '/floor-view.js': { file: join(webDir, 'floor-view.js'), type: 'text/javascript; charset=utf-8' },
  '/floor-structures.js': { file: join(webDir, 'floor-structures.js'), type: 'text/javascript; charset=utf-8' },
  '/floor-chips.js': { file: join(webDir, 'floor-chips.js'), type: 'text/javascript; charset=utf-8' },
  '/floor-words.js': { file: join(webDir, 'floor-words.js'), type: 'text/javascript; charset=utf-8' },
  '/broadcast': { file: join(webDir, 'broadcast.html'), type: 'text/html; charset=utf-8' },
  '/broadcast.css': { file: join(webDir, 'broadcast.css'), type: 'text/css; charset=utf-8' },
  '/broadcast.js': { file: join(webDir, 'broadcast.js'), type: 'text/javascript; charset=utf-8' },
  '/broadcast-view.js': { file: join(webDir, 'broadcast-view.js'), type: 'text/javascript; charset=utf-8' },
  '/vendor/mqtt.min.js': { file: mqttBundle(), type: 'text/javascript; charset=utf-8' },
};

export function mqttBundle(): string {
  return createRequire(import.meta.url).resolve('mqtt/dist/mqtt.min');
}

export async function startBoardServer(options: BoardServerOptions): Promise<BoardServer> {
  const log = options.logger.child({ module: 'http' });
  const server = createServer((req, res) => {
    handle(req, res, options).catch((error: unknown) => {
      log.warn({ err: error, url: req.url }, 'board request failed');
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', 'internal error');
      else res.destroy();
    });
  });
  // Loaded only for a table on an mqtt:// external broker: ws stays out of the others (docs/bench.md).
  const pipe = options.pipe
    ? (await import('../mqtt/broker-pipe.ts')).attachBrokerPipe(
        server,
        options.page.mqtt.path,
        options.pipe,
        options.logger, // the pipe names its own module: a second `module` key would repeat in each line
      )
    : null;
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

async function handle(req: IncomingMessage, res: ServerResponse, options: BoardServerOptions): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain; charset=utf-8', 'GET only');
  const path = new URL(req.url ?? '/', 'http://board').pathname;
  if (path === '/config.json') {
    // A board that builds its feed from `events` alone (before or without the `feed` topic) uses the table's own
    // list and length (src/mqtt/feed.ts): written once, never copied into the page.
    const feed = { feedTypes: [...FEED_TYPES], feedSize: FEED_SIZE };
    const body = { ...options.page, ...feed, time: { now: options.now(), speed: options.speed } };
    return send(res, 200, 'application/json', JSON.stringify(body));
  }
  if (path === '/health' && options.health) {
    const health = options.health();
    return send(res, health.status === 'ok' ? 200 : 503, 'application/json', JSON.stringify(health));
  }
  if (path === '/time')
    return send(res, 200, 'application/json', JSON.stringify({ now: options.now(), speed: options.speed }));
  if (path === '/floor/' || path === '/broadcast/') {
    // The pages' links are relative to /floor and /broadcast.
    res.writeHead(301, { location: path.slice(0, -1) });
    return void res.end();
  }
  if (path === NAMES_SCRIPT) return sendNamesScript(req, res);
  const entry = STATIC[path];
  if (!entry) return send(res, 404, 'text/plain; charset=utf-8', 'not found');
  const body = await readFile(entry.file);
  send(res, 200, entry.type, req.method === 'HEAD' ? '' : body);
}

/** The names rule (src/protocol/names.ts) as the pages load it: the table's and the room's own functions. */
export const NAMES_SCRIPT = '/player-names.js';
export function sendNamesScript(req: IncomingMessage, res: ServerResponse): void {
  send(res, 200, 'text/javascript; charset=utf-8', req.method === 'HEAD' ? '' : namesScript());
}

export function send(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  res.end(body);
}

/** `what` and `hint` name the server and the setting to change in the message of a port in use. */
export function listen(
  server: Server,
  port: number,
  host: string,
  what = 'display board',
  hint = '--http-port or http.port',
): Promise<void> {
  return new Promise((resolve, reject) => {
    // A taken port is the MQTT port's case (exit 1, the same `ss` hint); a port this machine cannot have at all
    // (EACCES, a foreign address) is the config's (exit 78).
    const onError = (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new TableError(
              'PORT_IN_USE',
              `${what} cannot listen on ${host}:${port}: EADDRINUSE. Another program already uses port ${port}` +
                ` (\`sudo ss -ltnp 'sport = :${port}'\` names it): stop it, or pick another port with ${hint}.`,
            )
          : new TableError(
              'CONFIG_INVALID',
              `${what} cannot listen on ${host}:${port}: ${error.code ?? error.message}`,
            ),
      );
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}
