// The validated, frozen shape of a room's config (room.yaml). The loader (load.ts) checks a file against
// config/room.schema.json and names the file and field of any error.
import type { BalancePick, SetupTable } from '../engine/types.ts';

export interface RoomConfig {
  /** The file it came from, as shown in messages. */
  source: string;
  room: {
    id: string;
    profile: string;
    rules: { room?: { balanceAt?: number; balancePick?: BalancePick } };
    startingStack: number | null;
    /** The tournament's money as room.yaml gives it (checked again, with sentences, by the engine's validateMoney). */
    money?: Record<string, unknown>;
  };
  tables: Required<SetupTable>[];
  breakOrder: string[];
  mqtt: {
    url: string;
    baseTopic: string;
    tableBaseTopic: string;
    username?: string;
    password?: string;
    caFile?: string;
    certFile?: string;
    keyFile?: string;
    rejectUnauthorized: boolean;
  };
  /** `checkpointEvery`: inputs between two checkpoints of the room's state (the loader fills the schema's 5000). */
  storage: { dir: string; checkpointEvery?: number };
  /** The room's pages (src/room/service/pages.ts): off while `port` is null. */
  web: {
    host: string;
    port: number | null;
    brokerUrl: string | null;
    /** The /mqtt pipe's limits (broker-pipe.ts); the loader fills room.schema.json's defaults (50, 65536). */
    maxConnections?: number;
    maxMessageBytes?: number;
    /** Origins besides the pages' own whose pages may open /mqtt (broker-pipe.ts); the loader fills `[]`. */
    allowedOrigins?: string[];
  };
  log: { level: 'trace' | 'debug' | 'info' | 'warn' | 'error' };
}
