// The room demo's broker: MQTT on 127.0.0.1 only, in the demo's own process, with no accounts and no ACL. Enough for
// a room, its tables and its pages on one machine to try them; never a venue's broker (that one is a mosquitto with
// the room's accounts and ACL: config/mosquitto/, docs/room.md).
import { createServer, type AddressInfo } from 'node:net';
import { Aedes } from 'aedes';

export interface DemoBroker {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

export async function startDemoBroker(port: number): Promise<DemoBroker> {
  const aedes = await Aedes.createBroker();
  const server = createServer(aedes.handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `mqtt://127.0.0.1:${actual}`,
    port: actual,
    close: () =>
      new Promise((resolve) => {
        server.close();
        aedes.close(() => resolve());
      }),
  };
}
