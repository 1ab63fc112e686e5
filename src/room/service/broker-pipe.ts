// MQTT over WebSocket for the room's pages, on the pages' own port (`/mqtt`): each browser's WebSocket is carried
// byte for byte to the room's broker (mqtt.url, TCP or TLS). Every browser is its own MQTT client at the broker and
// logs in with its own account, so the broker's ACL decides what it may do; the room service lends it nothing (not
// its account, not its client certificate). It lets a broker without a WebSocket listener serve the pages.
import type { IncomingMessage, Server } from 'node:http';
import { connect as tcpConnect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { connect as tlsConnect } from 'node:tls';
import type { Logger } from 'pino';
import { createWebSocketStream, WebSocketServer } from 'ws';

/** The pages send small commands and read a room's state: a packet above this closes the browser's connection. */
const MAX_PAYLOAD = 1024 * 1024 + 64 * 1024;

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
  close(): void;
}

export function attachBrokerPipe(server: Server, path: string, target: BrokerTarget, logger: Logger): BrokerPipe {
  const log = logger.child({ module: 'broker-pipe' });
  const url = new URL(target.url);
  const secure = url.protocol === 'mqtts:';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port) || (secure ? 8883 : 1883);
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_PAYLOAD,
    // MQTT.js asks for `mqtt` (3.1.1 and 5) or `mqttv3.1`.
    handleProtocols: (protocols) => (protocols.has('mqtt') ? 'mqtt' : protocols.has('mqttv3.1') ? 'mqttv3.1' : false),
  });
  const open = new Set<Duplex>();

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (new URL(req.url ?? '/', 'http://pages').pathname !== path) return void socket.destroy();
    wss.handleUpgrade(req, socket, head, (ws) => {
      const browser = createWebSocketStream(ws);
      const broker: Socket = secure
        ? tlsConnect({ host, port, ca: target.ca, rejectUnauthorized: target.rejectUnauthorized, servername: host })
        : tcpConnect({ host, port });
      broker.setNoDelay(true);
      open.add(browser);
      let ended = false;
      const end = (why?: Error) => {
        if (ended) return;
        ended = true;
        open.delete(browser);
        if (why) log.debug({ err: why.message }, 'page connection to the broker closed');
        browser.destroy();
        broker.destroy();
      };
      browser.on('error', end).on('close', () => end());
      broker.on('error', end).on('close', () => end());
      browser.pipe(broker).pipe(browser);
    });
  };
  server.on('upgrade', onUpgrade);
  log.info({ path, broker: `${url.protocol}//${url.host}` }, 'pages reach the broker through the pages port');
  return {
    get connections() {
      return open.size;
    },
    close() {
      server.off('upgrade', onUpgrade);
      for (const s of open) s.destroy();
      open.clear();
      wss.close();
    },
  };
}
