// MQTT over WebSocket for the room's pages, on the pages' own port (`/mqtt`): each browser's WebSocket is carried
// byte for byte to the room's broker (mqtt.url, TCP or TLS). Every browser is its own MQTT client at the broker and
// logs in with its own account, so the broker's ACL decides what it may do; the room service lends it nothing (not
// its account, not its client certificate). It lets a broker without a WebSocket listener serve the pages.
import type { IncomingMessage, Server } from 'node:http';
import { connect as tcpConnect, type Socket } from 'node:net';
import { Transform, type Duplex } from 'node:stream';
import { connect as tlsConnect } from 'node:tls';
import type { Logger } from 'pino';
import { createWebSocketStream, WebSocketServer } from 'ws';
import { allowedOrigin, peerAddress, systemLoginBackoff, type LoginBackoff } from './auth-backoff.ts';
import { PacketSizeScanner, PacketTooLarge } from './packet-guard.ts';
import { connackWatch } from './connack.ts';

/** How much the pipe carries (room.yaml `web:`), so a browser or a script on the room's network cannot make the room
 * service hold any number of broker connections or buffer any size of message. */
export interface PipeLimits {
  /** Browsers carried at once (`web.maxConnections`); one more is refused with HTTP 503 and a log line. */
  maxConnections: number;
  /** The largest WebSocket message and MQTT packet a browser may send (`web.maxMessageBytes`); a bigger one closes
   * its connection, with a log line. The pages send small commands: what they read (the room's state) is not
   * limited. */
  maxMessageBytes: number;
}

/** room.schema.json's defaults. */
export const DEFAULT_PIPE_LIMITS: PipeLimits = { maxConnections: 50, maxMessageBytes: 64 * 1024 };

/** Who may come through (docs/mqtt.md, "Password guessing"): the same guard as the embedded broker's. */
export interface PipeGuard {
  /** Wrong passwords slowed per browser address (default: one on the system clock that logs). */
  backoff?: LoginBackoff;
  /** Origins besides the page's own whose pages may open the pipe (`web.allowedOrigins`). */
  allowedOrigins?: readonly string[];
  /** The pages are served over https (their own origin's scheme). */
  secure?: boolean;
}

export interface BrokerTarget {
  /** mqtt://host:port or mqtts://host:port */
  url: string;
  /** For mqtts: the CA that signed the broker's certificate, and whether to check it. */
  ca?: Buffer;
  rejectUnauthorized: boolean;
}

export interface BrokerPipe {
  /** Browsers connected now. */
  readonly connections: number;
  /** Connections refused since the pipe was last below web.maxConnections. */
  readonly refused: number;
  close(): void;
}

export function attachBrokerPipe(
  server: Server,
  path: string,
  target: BrokerTarget,
  logger: Logger,
  limits: PipeLimits = DEFAULT_PIPE_LIMITS,
  guard: PipeGuard = {},
): BrokerPipe {
  const log = logger.child({ module: 'broker-pipe' });
  const ownBackoff = guard.backoff === undefined;
  const url = new URL(target.url);
  const secure = url.protocol === 'mqtts:';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const pipe: PipeState = {
    log,
    limits,
    backoff: guard.backoff ?? systemLoginBackoff(log, "the pages' /mqtt"),
    open: new Set(),
    carried: 0,
    refused: 0,
    foreign: 0,
    lastForeignLog: Number.NEGATIVE_INFINITY,
  };
  const dial = (): Socket => {
    const port = Number(url.port) || (secure ? 8883 : 1883);
    return secure
      ? tlsConnect({ host, port, ca: target.ca, rejectUnauthorized: target.rejectUnauthorized, servername: host })
      : tcpConnect({ host, port });
  };
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: limits.maxMessageBytes,
    // MQTT.js asks for `mqtt` (3.1.1 and 5) or `mqttv3.1`.
    handleProtocols: (protocols) => (protocols.has('mqtt') ? 'mqtt' : protocols.has('mqttv3.1') ? 'mqttv3.1' : false),
  });

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (new URL(req.url ?? '/', 'http://pages').pathname !== path) return void socket.destroy();
    if (!admitted(pipe, guard, req, socket)) return;
    if (pipe.carried >= limits.maxConnections) return refuse(pipe, req, socket);
    const release = holdPlace(pipe);
    // A handshake that never completes gives its place back when its socket closes.
    socket.once('close', release);
    wss.handleUpgrade(req, socket, head, (ws) => carry(pipe, req, createWebSocketStream(ws), dial(), release));
  };
  server.on('upgrade', onUpgrade);
  log.info({ path, broker: `${url.protocol}//${url.host}` }, 'pages reach the broker through the pages port');
  return {
    get connections() {
      return pipe.open.size;
    },
    get refused() {
      return pipe.refused;
    },
    close() {
      server.off('upgrade', onUpgrade);
      for (const s of pipe.open) s.destroy();
      pipe.open.clear();
      wss.close();
      if (ownBackoff) pipe.backoff.close();
    },
  };
}

interface PipeState {
  log: Logger;
  limits: PipeLimits;
  backoff: LoginBackoff;
  /** The browsers' streams being carried. */
  open: Set<Duplex>;
  /** Upgrades accepted and not yet closed, handshakes under way included: what the limit counts. */
  carried: number;
  /** Refused since the pipe was last below its limit: logged once when it fills, summed up when it has room again. */
  refused: number;
  /** WebSockets refused for their Origin since the last line about it. */
  foreign: number;
  lastForeignLog: number;
}

/** The Origin and password back-off checks; a refused upgrade is answered here. */
function admitted(pipe: PipeState, guard: PipeGuard, req: IncomingMessage, socket: Duplex): boolean {
  // A page of another site must not use a visitor's browser to reach the broker (cross-site WebSocket).
  if (!allowedOrigin(req, guard.allowedOrigins ?? [], guard.secure)) {
    pipe.foreign++;
    if (Date.now() - pipe.lastForeignLog >= 60_000) {
      pipe.log.warn(
        { origin: String(req.headers.origin).slice(0, 100), refused: pipe.foreign, from: peerAddress(req) },
        "room pages: a WebSocket from another site's page refused (web.allowedOrigins lists the others allowed)",
      );
      pipe.lastForeignLog = Date.now();
      pipe.foreign = 0;
    }
    answer(socket, '403 Forbidden', 'this page may not open the room broker (web.allowedOrigins)');
    return false;
  }
  // Slowed after a few wrong passwords from this address, as at the embedded broker (auth-backoff.ts).
  const address = peerAddress(req);
  if (!pipe.backoff.admit(address)) {
    const wait = Math.ceil(pipe.backoff.retryInMs(address) / 1000);
    answer(
      socket,
      '429 Too Many Requests',
      `too many wrong passwords: try again in ${wait} s`,
      `Retry-After: ${wait}\r\n`,
    );
    return false;
  }
  return true;
}

function refuse(pipe: PipeState, req: IncomingMessage, socket: Duplex): void {
  const { maxConnections } = pipe.limits;
  if (pipe.refused++ === 0)
    pipe.log.warn(
      { limit: maxConnections, from: req.socket.remoteAddress },
      `room pages: ${maxConnections} browser connections to the broker already (web.maxConnections): ` +
        'refusing more until one closes',
    );
  answer(
    socket,
    '503 Service Unavailable',
    `the room pages carry at most ${maxConnections} browser connections (web.maxConnections)`,
  );
}

function answer(socket: Duplex, status: string, text: string, headers = ''): void {
  socket.on('error', () => socket.destroy()); // a browser gone before the answer: nothing to say
  socket.end(
    `HTTP/1.1 ${status}\r\nConnection: close\r\n${headers}Content-Type: text/plain; charset=utf-8\r\n\r\n${text}\n`,
  );
}

/** Counts one connection against web.maxConnections; the function returned gives its place back (once). */
function holdPlace(pipe: PipeState): () => void {
  pipe.carried++;
  let counted = true;
  return () => {
    if (!counted) return;
    counted = false;
    pipe.carried--;
    if (pipe.refused > 0 && pipe.carried < pipe.limits.maxConnections) {
      pipe.log.info(
        { refused: pipe.refused },
        `room pages: room for browser connections again (${pipe.refused} refused while full)`,
      );
      pipe.refused = 0;
    }
  };
}

/** Carries one browser's bytes to the broker and back until either side ends. */
function carry(pipe: PipeState, req: IncomingMessage, browser: Duplex, broker: Socket, release: () => void): void {
  const { log, limits, backoff } = pipe;
  const address = peerAddress(req);
  broker.setNoDelay(true);
  // ws bounds one WebSocket message; an MQTT packet may span several, so its fixed header is read too.
  const scanner = new PacketSizeScanner(limits.maxMessageBytes);
  const sizes = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const problem = scanner.scan(chunk);
      if (problem) done(problem);
      else done(null, chunk);
    },
  });
  pipe.open.add(browser);
  let ended = false;
  const end = (why?: Error) => {
    if (ended) return;
    ended = true;
    pipe.open.delete(browser);
    release();
    const code = (why as NodeJS.ErrnoException | undefined)?.code;
    if (code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' || why instanceof PacketTooLarge)
      log.warn(
        { err: why?.message, from: req.socket.remoteAddress },
        `room pages: a browser sent a message above web.maxMessageBytes (${limits.maxMessageBytes} bytes): ` +
          'its connection is closed',
      );
    else if (why) log.debug({ err: why.message }, 'page connection to the broker closed');
    browser.destroy();
    broker.destroy();
  };
  sizes.on('error', end);
  browser.on('error', end).on('close', () => end());
  broker.on('error', end).on('close', () => end());
  // The broker's answer to the browser's login (CONNACK) feeds the back-off.
  const verdict = connackWatch((ok) => (ok ? backoff.succeeded(address) : backoff.failed(address, undefined)));
  browser.pipe(sizes).pipe(broker).pipe(verdict).pipe(browser);
}
