// Pieces of the latency benchmark (bench/latency.ts): the publishers' connection, arrival bookkeeping, a deck, and
// percentiles.
import mqtt, { MqttClient } from 'mqtt';
import type { MqttConnection } from '../src/mqtt/connection.ts';
import { deckByRank } from '../src/protocol/notation.ts';

export interface BarePublisher {
  readonly connected: boolean;
  publish(topic: string, payload: Buffer): void;
  end(): void;
}

/** The bare publisher, connected as the bridge's client is: on the embedded broker, straight into it (the table's
 * LocalClient does the same, src/mqtt/local-client.ts); otherwise a plain mqtt.js client on the same connection. */
export async function barePublisher(target: MqttConnection): Promise<BarePublisher> {
  if (target.kind === 'local') {
    const link = target.link;
    return {
      get connected() {
        return !link.closed;
      },
      // A copy, as the bridge's client makes one from its string: the broker may still be writing the last one.
      publish: (topic, payload) => void link.publish(topic, Buffer.from(payload), 1, false),
      end: () => undefined,
    };
  }
  const client = await connect(target);
  return {
    get connected() {
      return client.connected;
    },
    publish: (topic, payload) => void client.publish(topic, payload, { qos: 1 }),
    end: () => void client.end(true),
  };
}

/** A plain mqtt.js client, by URL or over a connection of the kind the bridge's takes. */
export async function connect(target: string | Exclude<MqttConnection, { kind: 'local' }>): Promise<MqttClient> {
  const client =
    typeof target === 'string'
      ? mqtt.connect(target, { reconnectPeriod: 0 })
      : target.kind === 'stream'
        ? new MqttClient(() => target.open(), { protocolVersion: 4, reconnectPeriod: 0 })
        : mqtt.connect(target.url, { reconnectPeriod: 0 });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  // As the bridge's own client does (connection.ts), so that both publishers are configured alike.
  (client.stream as { setNoDelay?: (on: boolean) => void }).setNoDelay?.(true);
  return client;
}

/** Resolves when `seq` (or, for the bare path, token) arrives. */
export class Arrivals {
  private waiting = new Map<number, (t: number) => void>();
  private early = new Map<number, number>();
  arrive(key: number, t: number): void {
    const w = this.waiting.get(key);
    if (w) {
      this.waiting.delete(key);
      w(t);
    } else this.early.set(key, t);
  }
  constructor(private readonly diagnose: () => string) {}
  wait(key: number): Promise<number> {
    const t = this.early.get(key);
    if (t !== undefined) {
      this.early.delete(key);
      return Promise.resolve(t);
    }
    // A lost message must stop the run with what is known, not hang it.
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${key} never arrived: ${this.diagnose()}`)), 30_000);
      this.waiting.set(key, (at) => {
        clearTimeout(timer);
        resolve(at);
      });
    });
  }
}

export function shuffled(random: () => number): string[] {
  const deck = deckByRank();
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  return deck;
}

export type Stats = ReturnType<typeof stats>;

export function stats(samples: number[]): {
  n: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
} {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return {
    n: s.length,
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    max: s[s.length - 1]!,
    mean: s.reduce((a, b) => a + b, 0) / s.length,
  };
}
