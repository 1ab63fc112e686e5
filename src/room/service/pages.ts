// The room's pages over HTTP (docs/room.md, "The room's pages"): the room board at `/` (read-only, for the room's
// screens) and the room's floor page at `/floor`, both plain browser pages in src/web/room with the page kit that the
// table's pages load too (src/web/kit: clock, words, the broker link, MQTT.js's bundle; src/web/serve.ts serves them),
// `config.json` (where the room's topics and the broker are), `/time` (the room service's clock), and `/mqtt`, MQTT
// over WebSocket carried to the room's broker (broker-pipe.ts) unless `web.brokerUrl` sends the browsers to the
// broker's own WebSocket listener. The pages grant nothing: each logs in to the broker with its own account.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import type { BlindStructure } from '../../config/structures.ts';
import type { RoomConfig } from '../config/types.ts';
import { systemLoginBackoff, type LoginBackoff } from '../../mqtt/auth-backoff.ts';
import { attachBrokerPipe, DEFAULT_PIPE_LIMITS, type BrokerPipe } from '../../mqtt/broker-pipe.ts';
import { listen, pageFiles, send, sendLoginWait, sendNotFound, sendPageFile } from '../../web/serve.ts';

export interface RoomPagesOptions {
  config: Readonly<RoomConfig>;
  /** The room service's clock: the pages count the level clock on from it. */
  now: () => number;
  logger: Logger;
  /** Saved blind structures the floor page offers (config/structures/ and the venue's). */
  structures?: readonly BlindStructure[];
  /** The /mqtt pipe's password back-off (tests: one on a fake clock). Default: its own on the system clock. */
  loginBackoff?: LoginBackoff;
}

export interface RoomPages {
  readonly port: number;
  /** The board's URL; the floor page is `floor` under it. */
  readonly url: string;
  close(): Promise<void>;
}

/** Where the browsers' MQTT over WebSocket goes when the pages carry it. */
export const PIPE_PATH = '/mqtt';

/** The room's pages by their paths (src/web/room); their scripts and styles, and the kit's, by their names. */
const FILES = pageFiles('room', { '/': 'room-board.html', '/floor': 'room-floor.html' });

export async function startRoomPages(options: RoomPagesOptions): Promise<RoomPages> {
  const { config } = options;
  const web = config.web;
  if (web.port === null) throw new Error('startRoomPages: web.port is null (the pages are off)');
  const log = options.logger.child({ module: 'room-pages', room: config.room.id });
  // The pipe's password back-off, held here too: a plain GET of /mqtt tells a page how long its address waits.
  const ownBackoff = options.loginBackoff === undefined;
  let backoff: LoginBackoff | null = null;
  const server = createServer((req, res) => {
    handle(req, res, options, backoff).catch((error: unknown) => {
      log.warn({ err: error, url: req.url }, 'room page request failed');
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', 'internal error');
      else res.destroy();
    });
  });
  let pipe: BrokerPipe | null = null;
  if (web.brokerUrl === null && /^mqtts?:/.test(config.mqtt.url)) {
    backoff =
      options.loginBackoff ??
      systemLoginBackoff(options.logger.child({ room: config.room.id, module: 'broker-pipe' }), "the pages' /mqtt");
    const ca = config.mqtt.caFile ? readFileSync(config.mqtt.caFile) : undefined;
    pipe = attachBrokerPipe(
      server,
      PIPE_PATH,
      { url: config.mqtt.url, ca, rejectUnauthorized: config.mqtt.rejectUnauthorized },
      // the pipe names its own module: a second `module` key would repeat in each line
      options.logger.child({ room: config.room.id }),
      {
        maxConnections: web.maxConnections ?? DEFAULT_PIPE_LIMITS.maxConnections,
        maxMessageBytes: web.maxMessageBytes ?? DEFAULT_PIPE_LIMITS.maxMessageBytes,
      },
      { backoff, allowedOrigins: web.allowedOrigins ?? [] },
    );
  } else {
    // The browsers go to the broker's own WebSocket listener: an upgrade here is refused, not answered as a page.
    server.on('upgrade', (_req, socket: Duplex) => socket.destroy());
  }
  await listen(server, web.port, web.host, 'room pages', 'web.port in room.yaml');
  const port = (server.address() as AddressInfo).port;
  const shownHost = web.host === '0.0.0.0' || web.host === '::' ? 'localhost' : web.host;
  log.info({ host: web.host, port }, 'room pages listening');
  return {
    port,
    url: `http://${shownHost}:${port}/`,
    close: () =>
      new Promise((resolve) => {
        pipe?.close();
        if (ownBackoff) backoff?.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** What the pages read at start: the room, its topics, the tables it may open, and how to reach the broker. */
export function pageConfig(options: RoomPagesOptions): Record<string, unknown> {
  const { config } = options;
  const brokerUrl = config.web.brokerUrl ?? (/^wss?:/.test(config.mqtt.url) ? config.mqtt.url : null); // null: this port's /mqtt
  return {
    roomId: config.room.id,
    base: `${config.mqtt.baseTopic}/${config.room.id}`,
    tableBase: config.mqtt.tableBaseTopic,
    tables: config.tables.map((t) => ({ id: t.id, seats: t.seats })),
    startingStack: config.room.startingStack,
    mqtt: { url: brokerUrl, path: PIPE_PATH },
    time: { now: options.now(), speed: 1 },
    structures: options.structures ?? [],
  };
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  options: RoomPagesOptions,
  backoff: LoginBackoff | null,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain; charset=utf-8', 'GET only');
  const path = new URL(req.url ?? '/', 'http://pages').pathname;
  if (path === '/config.json') return send(res, 200, 'application/json', JSON.stringify(pageConfig(options)));
  if (path === PIPE_PATH && backoff) return sendLoginWait(req, res, backoff);
  if (path === '/time') return send(res, 200, 'application/json', JSON.stringify({ now: options.now(), speed: 1 }));
  if (path === '/floor/') {
    // The page's links are relative to /floor.
    res.writeHead(301, { location: '/floor' });
    return void res.end();
  }
  if (!(await sendPageFile(req, res, path, FILES))) sendNotFound(res);
}
