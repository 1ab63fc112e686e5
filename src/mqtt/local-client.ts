// The controller's client of its own embedded broker, without a connection: publishes go straight into aedes and
// subscriptions are aedes' own listeners. The table used to talk to its in-process aedes through an mqtt.js client over
// a stream pair: every event encoded by mqtt.js, parsed by aedes, acknowledged back; and mqtt.js (with the ws it
// requires) loaded in every table, about 7–12 MB resident (docs/bench.md). What the controller sees is the same: its
// will on a dropped link, retained messages on subscribe, retransmitted inputs dropped, reconnects.
import { EventEmitter } from 'node:events';
import type { Aedes, AedesPublishPacket } from 'aedes';
import type { IClientPublishOptions, IPublishPacket } from 'mqtt';

/** What the embedded broker lends its controller (broker.ts). */
export interface LocalLink {
  readonly closed: boolean;
  /** Called once when the broker closes. */
  onClosed(listener: () => void): void;
  publish(topic: string, payload: Buffer, qos: 0 | 1 | 2, retain: boolean): Promise<void>;
  /** Delivers what the broker retained under `filter`, then every new message, each once; resolves when subscribed. */
  subscribe(filter: string, deliver: (packet: IPublishPacket) => void): Promise<() => void>;
}

/** The link into one aedes; `dropped(payload)` is the broker's filter of retransmitted inputs (dup-filter.ts). */
export function localLink(aedes: Aedes, dropped: (payload: Buffer | string) => boolean): LocalLink {
  return {
    get closed() {
      return aedes.closed;
    },
    onClosed(listener) {
      aedes.once('closed', listener);
    },
    publish(topic, payload, qos, retain) {
      const packet = { cmd: 'publish' as const, topic, payload, qos, retain, dup: false };
      return new Promise((resolve, reject) => aedes.publish(packet, (err) => (err ? reject(err) : resolve())));
    },
    async subscribe(filter, deliver) {
      // A live message reaches a subscriber with retain 0, as MQTT 3.1.1 says (3.3.1.3): only what the broker held
      // before the subscription comes with retain 1.
      const live = (packet: AedesPublishPacket, done: () => void) => {
        if (!dropped(packet.payload)) deliver(copy(packet, false));
        done();
      };
      await new Promise<void>((resolve) => aedes.subscribe(filter, live, resolve));
      for await (const held of (aedes as unknown as WithStore).persistence.createRetainedStreamCombi([filter]))
        deliver(copy(held, true));
      return () => aedes.unsubscribe(filter, live, () => undefined);
    },
  };
}

/** aedes' retained store, which its types leave out. */
interface WithStore {
  persistence: { createRetainedStreamCombi(filters: string[]): AsyncIterable<IPublishPacket> };
}

function copy(packet: IPublishPacket, retain: boolean): IPublishPacket {
  const { topic, payload, qos } = packet;
  return { cmd: 'publish', topic, payload, qos, retain, dup: false };
}

export interface LocalClientOptions {
  will: { topic: string; payload: Buffer; qos: 0 | 1 | 2; retain: boolean };
  reconnectPeriod: number;
}

/** The subset of mqtt.js' MqttClient that ManagedClient uses, on a LocalLink. Connects on the next turn. */
export class LocalClient extends EventEmitter {
  connected = false;
  private ended = false;
  private unsubscribes: (() => void)[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  /** destroy() is a crash of the link: the broker publishes the will and the client reconnects. */
  readonly stream = { destroy: () => this.drop() };

  constructor(
    private readonly link: LocalLink,
    private readonly options: LocalClientOptions,
  ) {
    super();
    link.onClosed(() => this.close());
    this.schedule(0);
  }

  publishAsync(topic: string, payload: string, opts: IClientPublishOptions): Promise<void> {
    if (!this.connected) return Promise.reject(new Error('client disconnected'));
    const sent = this.link.publish(topic, Buffer.from(payload), opts.qos ?? 0, opts.retain ?? false);
    this.inFlight.add(sent);
    const settled = () => void this.inFlight.delete(sent);
    sent.then(settled, settled);
    return sent;
  }

  async subscribeAsync(filters: string[]): Promise<void> {
    if (!this.connected) throw new Error('client disconnected');
    for (const filter of filters) {
      const unsubscribe = await this.link.subscribe(filter, (packet) => {
        if (this.connected) this.emit('message', packet.topic, packet.payload as Buffer, packet);
      });
      if (this.connected) this.unsubscribes.push(unsubscribe);
      else unsubscribe();
    }
  }

  /** A clean end: no will. Unless forced, after the broker took every publish in flight (as mqtt.js waits for their
   * PUBACKs). */
  async endAsync(force = false): Promise<void> {
    this.ended = true;
    if (this.timer) clearTimeout(this.timer);
    if (!force) await Promise.allSettled([...this.inFlight]);
    this.close();
  }

  private drop(): void {
    if (!this.connected) return;
    this.close();
    const { topic, payload, qos, retain } = this.options.will;
    if (!this.link.closed) void this.link.publish(topic, payload, qos, retain).catch(() => undefined);
    this.schedule(this.options.reconnectPeriod);
  }

  private close(): void {
    for (const unsubscribe of this.unsubscribes.splice(0)) unsubscribe();
    if (!this.connected) return;
    this.connected = false;
    this.emit('close');
  }

  private schedule(ms: number): void {
    if (this.ended || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.ended) return;
      if (this.link.closed) {
        this.emit('error', new Error('embedded broker is closed'));
        this.schedule(this.options.reconnectPeriod);
        return;
      }
      this.connected = true;
      this.emit('connect');
    }, ms);
  }
}
