// What a board page test runs the page against: the embedded broker (anonymous display, any floor users given), the
// board's page server on the table's time, and the controller's own in-process connection, the only one allowed
// to publish the retained topics. `close` ends all three.
import { MqttClient } from 'mqtt';
import pino from 'pino';
import { startBoardServer, type BoardServer } from '../../src/app/http.ts';
import type { MqttUser } from '../../src/config/types.ts';
import { startEmbeddedBroker, type EmbeddedBroker } from '../../src/mqtt/broker.ts';

export interface BoardStack {
  broker: EmbeddedBroker;
  server: BoardServer;
  table: MqttClient;
  close(): Promise<void>;
}

export async function startBoardStack(o: {
  base: string;
  tableId: string;
  now: () => number;
  users?: MqttUser[];
}): Promise<BoardStack> {
  const logger = pino({ level: 'silent' });
  const broker = await startEmbeddedBroker({
    embedded: { host: '127.0.0.1', port: 0, wsPort: 0, anonymousRoles: ['display'], users: o.users ?? [] },
    base: o.base,
    logger,
  });
  const server = await startBoardServer({
    host: '127.0.0.1',
    port: 0,
    now: o.now,
    speed: 1,
    logger,
    page: { tableId: o.tableId, base: o.base, mqtt: { url: null, port: broker.wsPort, path: '' } },
  });
  const table = new MqttClient(() => broker.connect(), { protocolVersion: 4, reconnectPeriod: 0 });
  await new Promise<void>((resolve, reject) => {
    table.once('connect', () => resolve());
    table.once('error', reject);
  });
  return {
    broker,
    server,
    table,
    async close() {
      table.end(true);
      await server.close();
      await broker.close();
    },
  };
}
