// The controller's one MQTT client: where it connects (the embedded broker in-process, or an external broker by URL
// with TLS), which protocol it speaks (MQTT 5 when the broker does, else 3.1.1), and staying connected.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Duplex } from 'node:stream';
import type { IClientOptions, IClientPublishOptions, IPublishPacket } from 'mqtt';
import type { Logger } from 'pino';
import type { MqttConfig } from '../config/types.ts';
import { TableError } from '../domain/errors.ts';
import { LocalClient, type LocalLink } from './local-client.ts';
import type { ControllerPresence } from './presence.ts';

export type MqttConnection =
  /** The embedded broker of this process, without a connection (local-client.ts): the table's default. */
  | { kind: 'local'; link: LocalLink }
  | { kind: 'stream'; open: () => Duplex; label?: string }
  | {
      kind: 'url';
      url: string;
      username?: string;
      password?: string;
      ca?: Buffer;
      cert?: Buffer;
      key?: Buffer;
      rejectUnauthorized?: boolean;
      /** `auto` (the default) tries MQTT 5 and falls back to 3.1.1 when the broker refuses it. */
      protocolVersion?: 4 | 5 | 'auto';
    };

/** Reads the external broker's settings, TLS files included; an unreadable file is a config error naming it (its
 * field under `prefix`: the table's `mqtt.external`, the room's `mqtt`). */
export function externalConnection(
  external: NonNullable<MqttConfig['external']>,
  prefix = 'mqtt.external',
): UrlConnection {
  const read = (file: string | undefined, field: string): Buffer | undefined => {
    if (!file) return undefined;
    try {
      return readFileSync(file);
    } catch (err) {
      throw new TableError('CONFIG_INVALID', `cannot read ${field} "${file}": ${(err as Error).message}`, {
        file,
        field: `${prefix}.${field}`,
      });
    }
  };
  return {
    kind: 'url',
    url: external.url,
    username: external.username,
    password: external.password,
    ca: read(external.caFile, 'caFile'),
    cert: read(external.certFile, 'certFile'),
    key: read(external.keyFile, 'keyFile'),
    rejectUnauthorized: external.rejectUnauthorized,
    protocolVersion: 'auto',
  };
}

export type UrlConnection = Extract<MqttConnection, { kind: 'url' }>;

/** The credentials and TLS options of a broker by URL: one place for the controller's client, its preflight probe
 * and the room service's client. */
export function urlClientOptions(connection: UrlConnection): IClientOptions {
  return {
    username: connection.username,
    password: connection.password,
    ca: connection.ca,
    cert: connection.cert,
    key: connection.key,
    rejectUnauthorized: connection.rejectUnauthorized ?? true,
  };
}

export interface ManagedClientOptions {
  connection: MqttConnection;
  clientId: string;
  will: { topic: string; payload: string };
  reconnectPeriodMs: number;
  logger: Logger;
  onConnect(protocolVersion: 4 | 5): void;
  onClose(): void;
  onMessage(topic: string, payload: Buffer, packet: IPublishPacket): void;
  /** One controller per table (presence.ts): its topics are handled there, not passed to onMessage. */
  presence?: ControllerPresence;
}

/** What ManagedClient uses of a client: mqtt.js' MqttClient, or LocalClient on the embedded broker. */
interface Client {
  publishAsync(topic: string, payload: string, opts: IClientPublishOptions): Promise<unknown>;
  subscribeAsync(filters: string[], opts: { qos: 1 }): Promise<unknown>;
  endAsync(force?: boolean): Promise<unknown>;
  readonly stream?: { destroy(): void };
  on(event: 'connect' | 'close', listener: () => void): unknown;
  on(event: 'message', listener: (topic: string, payload: Buffer, packet: IPublishPacket) => void): unknown;
  on(event: 'error', listener: (err: Error & { code?: unknown }) => void): unknown;
}

const UNACCEPTABLE_PROTOCOL = 1; // MQTT 3.1.1 CONNACK return code
const UNSUPPORTED_PROTOCOL = 132; // MQTT 5 reason code 0x84
const IDENTIFIER_REJECTED = 2; // MQTT 3.1.1 CONNACK return code
const CLIENT_ID_NOT_VALID = 133; // MQTT 5 reason code 0x85

/** One mqtt.js client at a time; swapped for a 3.1.1 one when an `auto` connection meets a broker without MQTT 5. */
export class ManagedClient {
  private client: Client;
  private version: 4 | 5;
  private isConnected = false;
  private lastError = '';
  private ended = false;

  constructor(private readonly options: ManagedClientOptions) {
    const conn = options.connection;
    this.version = conn.kind === 'url' && conn.protocolVersion !== 4 ? 5 : 4;
    this.client = this.create();
    options.presence?.attach({
      publish: (topic, payload, opts) => this.publish(topic, payload, opts),
      subscribe: (filters) => this.subscribe(filters),
      reassert: () => {
        if (this.isConnected) this.options.onConnect(this.version);
      },
      leave: () => {
        // A clean DISCONNECT: the broker drops our last will, so the other controller's `online` stays.
        this.ended = true;
        this.isConnected = false;
        void this.client.endAsync(false).catch(() => undefined);
      },
    });
  }

  get connected(): boolean {
    return this.isConnected;
  }

  get protocolVersion(): 4 | 5 {
    return this.version;
  }

  publish(topic: string, payload: string, opts: IClientPublishOptions): Promise<unknown> {
    return this.client.publishAsync(topic, payload, opts);
  }

  async subscribe(filters: string[]): Promise<void> {
    try {
      await this.client.subscribeAsync(filters, { qos: 1 });
    } catch (err) {
      // mqtt.js rejects when the SUBACK refuses any filter (0x80); the packet says which.
      const granted = (err as { packet?: { granted?: number[] } }).packet?.granted;
      if (!granted) throw err;
      const refused = filters.filter((_, i) => (granted[i] ?? 128) >= 128);
      this.options.logger.error({ refused }, 'MQTT broker refused the controller these subscriptions: check its ACL');
    }
  }

  /** Closes without a DISCONNECT, as a crash would: the broker publishes the last will. For tests and kill paths. */
  destroyConnection(): void {
    this.client.stream?.destroy();
  }

  async end(): Promise<void> {
    this.ended = true;
    const client = this.client;
    // A graceful end waits for in-flight messages; a broker that is gone would make it wait for ever.
    let timer: NodeJS.Timeout | undefined;
    const graceful = client.endAsync(false).then(
      () => true,
      () => false,
    );
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 2000)));
    const clean = await Promise.race([graceful, late]);
    clearTimeout(timer);
    if (!clean) {
      client.stream?.destroy();
      await Promise.race([client.endAsync(true).catch(() => undefined), new Promise((r) => setTimeout(r, 500))]);
    }
  }

  private create(): Client {
    const { connection, clientId, will, reconnectPeriodMs } = this.options;
    if (connection.kind === 'local') {
      const payload = Buffer.from(will.payload);
      const local = new LocalClient(connection.link, {
        will: { topic: will.topic, payload, qos: 1, retain: true },
        reconnectPeriod: reconnectPeriodMs,
      });
      return this.listen(local, clientId);
    }
    // mqtt.js only for a broker over a connection: a table on its embedded broker never loads it.
    const mqtt = loadMqtt();
    const common: IClientOptions = {
      clientId,
      clean: true,
      protocolVersion: this.version,
      reconnectPeriod: reconnectPeriodMs,
      reconnectOnConnackError: true,
      connectTimeout: 10_000,
      keepalive: 30,
      resubscribe: false, // the bridge subscribes on every connect itself
      will: { topic: will.topic, payload: Buffer.from(will.payload), qos: 1, retain: true },
      // Not mqtt-packet's table of 65,536 two-byte Buffers for message ids (6 MB of heap, shared with the embedded
      // broker, which uses the same mqtt-packet): a 2-byte Buffer per packet costs nothing measurable (docs/bench.md).
      writeCache: false,
    };
    const client =
      connection.kind === 'stream'
        ? new mqtt.MqttClient(() => connection.open(), common)
        : mqtt.connect(connection.url, { ...common, ...urlClientOptions(connection) });
    return this.listen(client as unknown as Client, clientId);
  }

  private listen(client: Client, clientId: string): Client {
    client.on('connect', () => {
      // Events are small and each one matters now: no Nagle wait on a TCP or TLS socket (not on WebSocket).
      (client.stream as { setNoDelay?: (on: boolean) => void } | undefined)?.setNoDelay?.(true);
      this.isConnected = true;
      this.lastError = '';
      this.options.logger.info({ protocolVersion: this.version, clientId }, 'MQTT connected');
      this.options.presence?.connected();
      this.options.onConnect(this.version);
    });
    client.on('close', () => {
      this.options.presence?.disconnected();
      if (!this.isConnected) return;
      this.isConnected = false;
      if (!this.ended) this.options.logger.warn('MQTT connection lost; reconnecting');
      this.options.onClose();
    });
    client.on('message', (topic, payload, packet) => {
      const presence = this.options.presence;
      if (presence?.owns(topic)) presence.message(topic, payload, packet.retain);
      else this.options.onMessage(topic, payload, packet);
    });
    client.on('error', (err) => this.onError(client, err));
    return client;
  }

  private onError(client: Client, err: Error & { code?: unknown }): void {
    const auto =
      this.options.connection.kind === 'url' && (this.options.connection.protocolVersion ?? 'auto') === 'auto';
    if (auto && this.version === 5 && (err.code === UNACCEPTABLE_PROTOCOL || err.code === UNSUPPORTED_PROTOCOL)) {
      this.options.logger.info('MQTT broker does not speak MQTT 5; using 3.1.1');
      this.version = 4;
      void client.endAsync(true).catch(() => undefined);
      if (!this.ended) this.client = this.create();
      return;
    }
    if (this.options.presence && (err.code === IDENTIFIER_REJECTED || err.code === CLIENT_ID_NOT_VALID)) {
      this.ended = true;
      void client.endAsync(true).catch(() => undefined);
      this.options.presence.refused(this.options.clientId);
      return;
    }
    // A broker that stays down repeats the same error every period: say it once.
    const text = `${String(err.code ?? '')} ${err.message}`;
    if (text !== this.lastError) {
      this.lastError = text;
      this.options.logger.error({ err: err.message, code: err.code }, 'MQTT connection error');
    }
  }
}

let mqttModule: typeof import('mqtt') | null = null;

function loadMqtt(): typeof import('mqtt') {
  mqttModule ??= createRequire(import.meta.url)('mqtt') as typeof import('mqtt');
  return mqttModule;
}
