// The table's display board and floor page over HTTP (http.ts), and the addresses the table prints: where the pages
// find the broker, and the external broker the board's `/mqtt` carries browsers to.
import { readFileSync } from 'node:fs';
import type { Logger } from 'pino';
import type { TableConfig } from '../config/types.ts';
import type { EmbeddedBroker, MqttBridge } from '../mqtt/index.ts';
import type { BrokerTarget } from '../mqtt/broker-pipe.ts';
import type { TableRuntime } from '../runtime/runtime.ts';
import { tableHealth } from './health.ts';
import { startBoardServer, type BoardPageConfig, type BoardServer } from './http.ts';
import type { BlindStructure } from '../config/structures.ts';
import type { Clock } from '../runtime/types.ts';

export interface TableUrls {
  mqtt: string;
  ws: string | null;
  board: string | null;
  floor: string | null;
}

/** The board server, or null with `http.port: null`. */
export async function startBoard(o: {
  options: {
    config: Readonly<TableConfig>;
    clock: Clock;
    speed: number;
    logger: Logger;
    structures?: readonly BlindStructure[];
  };
  runtime: TableRuntime;
  bridge: MqttBridge;
  broker: EmbeddedBroker | null;
  log: Logger;
}): Promise<BoardServer | null> {
  const { options, broker } = o;
  const { config, clock } = options;
  if (config.http.port === null) return null;
  const pipe = pipeTarget(config);
  const board = await startBoardServer({
    host: config.http.host,
    port: config.http.port,
    now: clock.now,
    speed: options.speed,
    logger: options.logger,
    health: tableHealth(o.runtime, o.bridge, clock.now(), clock.now),
    page: {
      tableId: config.table.id,
      base: o.bridge.base,
      structures: options.structures ?? [],
      roomBase: config.room ? `room/${config.room}` : null,
      mqtt: pageBroker(config, broker),
    },
    ...(pipe ? { pipe } : {}),
  });
  if (broker && broker.wsPort === null)
    o.log.warn(
      'the display board and the floor page cannot reach the broker: mqtt.embedded.wsPort is null; ' +
        'set it (8083), or set http.port: null if no board is wanted',
    );
  return board;
}

/** The addresses shown to a person: a wildcard listen address is shown as localhost. */
export function tableUrls(
  config: Readonly<TableConfig>,
  broker: EmbeddedBroker | null,
  board: BoardServer | null,
): TableUrls {
  const shownHost = (h: string) => (h === '0.0.0.0' || h === '::' ? 'localhost' : h);
  return {
    mqtt: broker ? `mqtt://${shownHost(broker.host)}:${broker.port}` : (config.mqtt.external?.url ?? ''),
    ws: broker?.wsPort ? `ws://${shownHost(broker.host)}:${broker.wsPort}` : null,
    board: board?.url ?? null,
    floor: board ? `${board.url}floor` : null,
  };
}

/** Where the pages find the broker: the embedded one's WebSocket port; an external broker's own ws(s):// URL; or
 * `/mqtt` on the board's port, carried to an external mqtt(s):// broker (pipeTarget), as the room's pages do. */
function pageBroker(config: Readonly<TableConfig>, broker: EmbeddedBroker | null): BoardPageConfig['mqtt'] {
  if (broker) return { url: null, port: broker.wsPort, path: '' };
  const url = config.mqtt.external?.url ?? '';
  return /^wss?:\/\//.test(url) ? { url, port: null, path: '' } : { url: null, port: null, path: BOARD_PIPE_PATH };
}

const BOARD_PIPE_PATH = '/mqtt';

/** The external broker the board's `/mqtt` carries browsers to, when the browsers cannot reach it themselves. Each
 * browser logs in with its own account (the board anonymously, the floor page with a floor account): the table lends
 * them neither its account nor its client certificate. */
function pipeTarget(config: Readonly<TableConfig>): BrokerTarget | null {
  const ext = config.mqtt.external;
  if (!ext || !/^mqtts?:\/\//.test(ext.url)) return null;
  return {
    url: ext.url,
    rejectUnauthorized: ext.rejectUnauthorized,
    ...(ext.caFile ? { ca: readFileSync(ext.caFile) } : {}),
  };
}
