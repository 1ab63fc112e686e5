// The embedded broker (aedes, MQTT 3.1.1): TCP for the room, WebSocket for browsers, and an in-process stream for the
// controller's own client. Users and roles come from config.mqtt.embedded; the ACL is topics.ts.
import { createServer, type Server } from 'node:net';
import { duplexPair, type Duplex } from 'node:stream';
import { timingSafeEqual, createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { WebSocketServer } from 'ws';
import type { Logger } from 'pino';
import type { MqttConfig, Role } from '../config/types.ts';
import { RetransmissionFilter } from './dup-filter.ts';
import { localLink, type LocalLink } from './local-client.ts';
import { skipPacketIdCache } from './packet-cache.ts';
import { guarded } from './packet-guard.ts';
import { peerAddress, systemLoginBackoff, type LoginBackoff } from './auth-backoff.ts';
import { listen, listenWs } from './broker-listen.ts';
import { KeyedLimiter, type Rate } from './rate-limit.ts';
import { canPublish, canRead, canSubscribe, isReservedClientId, type Principal } from './topics.ts';

export interface EmbeddedBrokerOptions {
  embedded: MqttConfig['embedded'];
  /** `<baseTopic>/<tableId>`: the ACL is relative to it. */
  base: string;
  logger: Logger;
  /** Publishes bigger than this are refused by the broker (the client is disconnected). Default 1 MiB; the bridge
   * answers oversized commands below that with an error of its own. */
  hardMaxPayloadBytes?: number;
  /** Publishes per client id (anyone but the controller); over it, the client is disconnected. null: no limit. */
  publishRate?: Rate | null;
  /** Wrong passwords slowed per client address (auth-backoff.ts). Default: one on the system clock, logging only;
   * the table passes one that also reports on its health. */
  loginBackoff?: LoginBackoff;
}

/** A panel presses a few buttons a second; a floor tool's burst (setup, ten players, levels) fits in 30. */
export const DEFAULT_PUBLISH_RATE: Rate = { perSecond: 10, burst: 30 };

export interface EmbeddedBroker {
  /** The TCP port actually listened on (useful with port 0). */
  readonly port: number;
  readonly host: string;
  /** The WebSocket port, or null when off. */
  readonly wsPort: number | null;
  /** A fresh in-process connection with the controller's full rights (no network, no password). Holding this
   * object is the controller's proof of identity: reserved client ids are refused on every other connection. */
  connect(): Duplex;
  /** The controller's link without a connection (local-client.ts): what the table's own client uses. */
  readonly local: LocalLink;
  /** The aedes instance, for diagnostics and tests. */
  readonly aedes: Aedes;
  close(): Promise<void>;
}

// aedes return codes (its AuthErrorCode is a const enum, which isolated modules cannot import).
const IDENTIFIER_REJECTED = 2;
const BAD_USERNAME_OR_PASSWORD = 4;
const NOT_AUTHORIZED = 5;

export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const { embedded } = options;
  const log = options.logger.child({ module: 'mqtt-broker' });
  const publishRate = options.publishRate === undefined ? DEFAULT_PUBLISH_RATE : options.publishRate;
  skipPacketIdCache();
  const access: BrokerAccess = {
    base: options.base,
    log,
    hardMax: options.hardMaxPayloadBytes ?? 1024 * 1024,
    principals: new WeakMap(),
    trustedStreams: new WeakSet(),
    users: new Map(embedded.users.map((u) => [u.username, u])),
    anonymousRoles: new Set<Role>(embedded.anonymousRoles),
    limiter: publishRate ? new KeyedLimiter(publishRate, Date.now) : null,
    retransmissions: new RetransmissionFilter(),
    backoff: options.loginBackoff ?? systemLoginBackoff(log, 'MQTT'),
    addresses: new WeakMap(),
  };
  const { retransmissions, backoff } = access;

  const aedes = await Aedes.createBroker({
    // A display whose socket stops draining (a sleeping tablet, bad Wi-Fi) would hold up delivery to everyone
    // else; after this long it is disconnected (it reconnects and reads the retained topics again).
    drainTimeout: 5000,
    authenticate: authenticator(access),
    authorizePublish: publishAuthorizer(access),
    authorizeSubscribe(client, sub, done) {
      const who = access.principals.get(client);
      if (!who || !canSubscribe(access.base, who, sub.topic)) {
        log.warn({ clientId: client.id, filter: sub.topic }, 'MQTT subscription refused by ACL');
        return done(null, null); // SUBACK 0x80 for this filter; the connection stays
      }
      done(null, sub);
    },
    // Called for every message on its way to a subscriber, retained ones included: a wildcard that reaches further
    // than the role may read is cut down here, message by message.
    authorizeForward(client, packet) {
      if (retransmissions.isDropped(packet.payload)) return null;
      const who = access.principals.get(client);
      return who && canRead(access.base, who, packet.topic) ? packet : null;
    },
  });
  aedes.on('clientError', (client, err) => log.debug({ clientId: client.id, err: err.message }, 'MQTT client error'));
  aedes.on('connectionError', (client, err) =>
    log.debug({ clientId: client.id, err: err.message }, 'MQTT connection error'),
  );
  const { tcp, port, wss, wsPort } = await listenAll(aedes, embedded, access);
  log.info({ host: embedded.host, port, wsPort }, 'embedded MQTT broker listening');

  return {
    port,
    host: embedded.host,
    wsPort,
    aedes,
    local: localLink(aedes, (payload) => retransmissions.isDropped(payload)),
    connect: () => trustedConnection(aedes, access.trustedStreams),
    async close() {
      await Promise.all([
        new Promise<void>((resolve) => tcp.close(() => resolve())),
        wss ? closeWss(wss) : Promise.resolve(),
        closeAedes(aedes),
      ]);
      if (!options.loginBackoff) backoff.close();
      log.info('embedded MQTT broker closed');
    },
  };
}

/** Who each connection is and what limits it: the state the broker's hooks share. */
interface BrokerAccess {
  base: string;
  log: Logger;
  hardMax: number;
  principals: WeakMap<Client, Principal>;
  /** The controller's in-process streams (connect()). */
  trustedStreams: WeakSet<object>;
  users: Map<string, MqttConfig['embedded']['users'][number]>;
  anonymousRoles: Set<Role>;
  limiter: KeyedLimiter | null;
  retransmissions: RetransmissionFilter;
  backoff: LoginBackoff;
  /** Each network connection's peer address, by the stream aedes is handed (its `client.conn`). */
  addresses: WeakMap<object, string>;
}

type AedesOptions = NonNullable<Parameters<typeof Aedes.createBroker>[0]>;

function authenticator(access: BrokerAccess): NonNullable<AedesOptions['authenticate']> {
  const { log, principals, backoff, anonymousRoles } = access;
  return (client, username, password, done) => {
    if (access.trustedStreams.has(client.conn)) {
      principals.set(client, { kind: 'controller' });
      return done(null, true);
    }
    // MQTT lets a newer connection with a client id take the older one's session over: a display using the
    // controller's id would keep kicking the table off. Only the in-process stream is the controller.
    if (isReservedClientId(client.id)) {
      log.warn({ username, clientId: client.id }, "MQTT login refused: client id reserved for the table's controller");
      return done(authError('client id reserved for the controller', IDENTIFIER_REJECTED), false);
    }
    if (username === undefined || username === '') {
      if (anonymousRoles.size === 0) return done(authError('anonymous clients are refused', NOT_AUTHORIZED), false);
      principals.set(client, { kind: 'user', username: null, roles: anonymousRoles });
      return done(null, true);
    }
    const address = access.addresses.get(client.conn) ?? 'unknown';
    // Slowed after a few wrong passwords (auth-backoff.ts): while locked out, not even looked at.
    if (!backoff.admit(address))
      return done(authError('too many wrong passwords: wait', BAD_USERNAME_OR_PASSWORD), false);
    const user = access.users.get(username);
    if (!user || !password || !sameSecret(password, user.password)) {
      // One line for a typo; a burst of them is one line with its count when it ends (auth-backoff.ts).
      if (backoff.retryInMs(address) === 0 && !backoff.following(address))
        log.warn({ username, clientId: client.id, address }, 'MQTT login refused: bad username or password');
      backoff.failed(address, username);
      return done(authError('bad username or password', BAD_USERNAME_OR_PASSWORD), false);
    }
    backoff.succeeded(address);
    principals.set(client, { kind: 'user', username, roles: new Set(user.roles) });
    done(null, true);
  };
}

function publishAuthorizer(access: BrokerAccess): NonNullable<AedesOptions['authorizePublish']> {
  const { log, hardMax, limiter, retransmissions } = access;
  return (client, packet, done) => {
    // client is null only for a stale last will that aedes republishes itself.
    const who = client ? access.principals.get(client) : undefined;
    if (!who) return done(new Error('not authenticated'));
    if (who.kind !== 'controller' && packet.payload.length > hardMax) {
      log.warn(
        { clientId: client?.id, topic: packet.topic, bytes: packet.payload.length },
        'MQTT publish refused: too big',
      );
      return done(new Error('payload too large'));
    }
    if (who.kind !== 'controller' && client && limiter && !limiter.take(client.id)) {
      log.warn({ clientId: client.id, topic: packet.topic }, 'MQTT publish refused: over the rate limit');
      return done(new Error('publishing too fast'));
    }
    if (!canPublish(access.base, who, packet.topic, packet.retain)) {
      log.warn({ clientId: client?.id, topic: packet.topic, retain: packet.retain }, 'MQTT publish refused by ACL');
      return done(new Error(`not allowed to publish to ${packet.topic}`));
    }
    // Acknowledged (aedes sends the PUBACK), then forwarded to nobody: see authorizeForward.
    if (client && who.kind !== 'controller' && retransmissions.check(client.id, packet)) {
      log.info(
        { clientId: client.id, topic: packet.topic, messageId: packet.messageId },
        'MQTT retransmission dropped',
      );
    }
    done(null);
  };
}

/** TCP for the room and, unless `wsPort` is null, WebSocket for browsers, each stream guarded for packet size. */
async function listenAll(
  aedes: Aedes,
  embedded: MqttConfig['embedded'],
  access: BrokerAccess,
): Promise<{ tcp: Server; port: number; wss: WebSocketServer | null; wsPort: number | null }> {
  const { log, addresses } = access;
  // Room for the topic and properties on top of the payload limit.
  const maxPacket = access.hardMax + 64 * 1024;
  const refuseOversized = (err: Error) => log.warn({ err: err.message }, 'MQTT connection cut: packet too large');
  const tcp = createServer((socket) => {
    socket.on('error', (err) => log.debug({ err: err.message }, 'MQTT socket error'));
    // Events are small and late is wrong: no Nagle wait for the previous segment's ACK.
    socket.setNoDelay(true);
    const stream = guarded(socket, maxPacket, refuseOversized);
    addresses.set(stream, socket.remoteAddress ?? 'unknown');
    aedes.handle(stream);
  });
  const port = await listen(tcp, embedded.port, embedded.host, 'MQTT');
  if (embedded.wsPort === null) return { tcp, port, wss: null, wsPort: null };
  // Loaded only for a table that serves browsers: a table with `wsPort: null` never pays for ws.
  const ws = await import('ws');
  let wss: WebSocketServer;
  try {
    wss = await listenWs(ws.WebSocketServer, embedded.wsPort, embedded.host, maxPacket);
  } catch (err) {
    tcp.close();
    await closeAedes(aedes);
    throw err;
  }
  wss.on('connection', (socket, req) => {
    const stream = ws.createWebSocketStream(socket);
    stream.on('error', (err) => log.debug({ err: err.message }, 'MQTT WebSocket stream error'));
    const conn = guarded(stream, maxPacket, refuseOversized);
    addresses.set(conn, peerAddress(req));
    aedes.handle(conn, req);
  });
  return { tcp, port, wss, wsPort: (wss.address() as AddressInfo).port };
}

/** A fresh in-process connection with the controller's rights (EmbeddedBroker.connect). */
function trustedConnection(aedes: Aedes, trustedStreams: WeakSet<object>): Duplex {
  const [ours, theirs] = duplexPair();
  if (aedes.closed) {
    process.nextTick(() => ours.destroy(new Error('embedded broker is closed')));
    return ours;
  }
  // A duplexPair side does not end when the other is destroyed; a connection must, both ways.
  ours.once('close', () => theirs.destroy());
  theirs.once('close', () => ours.destroy());
  trustedStreams.add(theirs);
  aedes.handle(theirs);
  return ours;
}

function authError(message: string, returnCode: number): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
}

/** Compares digests so neither length nor content leaks through timing. */
function sameSecret(given: Buffer, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

function closeWss(wss: WebSocketServer): Promise<void> {
  for (const socket of wss.clients) socket.terminate();
  return new Promise((resolve) => wss.close(() => resolve()));
}

function closeAedes(aedes: Aedes): Promise<void> {
  return new Promise((resolve) => aedes.close(() => resolve()));
}
