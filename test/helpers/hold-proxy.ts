// A TCP proxy in front of a broker that can hold back what the broker sends its client: the client then reads
// nothing, not even the acknowledgements of what it publishes, as a room service reading its socket minutes late
// does. What it sends still reaches the broker.
import { createServer, connect, type Socket } from 'node:net';

export interface HoldProxy {
  url: string;
  /** From now on, the broker's bytes to the client wait here. */
  hold(): void;
  /** Delivers what waited, in order, and lets the rest through. */
  release(): void;
  close(): Promise<void>;
}

export async function startHoldProxy(brokerPort: number): Promise<HoldProxy> {
  let held = false;
  const links: { client: Socket; waiting: Buffer[] }[] = [];
  const server = createServer((client) => {
    const link = { client, waiting: [] as Buffer[] };
    links.push(link);
    const broker = connect(brokerPort, '127.0.0.1');
    client.on('data', (d) => broker.write(d));
    broker.on('data', (d) => (held ? link.waiting.push(d) : client.write(d)));
    const end = () => {
      client.destroy();
      broker.destroy();
    };
    client.on('close', end).on('error', end);
    broker.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `mqtt://127.0.0.1:${port}`,
    hold: () => void (held = true),
    release() {
      held = false;
      for (const l of links) for (const d of l.waiting.splice(0)) l.client.write(d);
    },
    close() {
      for (const l of links) l.client.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
