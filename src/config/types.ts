// The validated, frozen shape of a table's config (config/*.yaml). The loader (src/config/load.ts) checks a file
// against this shape and names the file and field of any error. Everything downstream receives this object.
import type { GameName } from '../domain/games/game.ts';

export type Role = 'display' | 'panel' | 'floor' | 'secure' | 'production' | 'room';

export interface MqttUser {
  username: string;
  password: string;
  /** display: public topics; panel: + publish `<base>/input`; floor: + `cmd/#` but the room's; secure: +
   * `secure/events`; room: public topics, `cmd/result`, publish `cmd/seat-player`, `cmd/move-player`, `cmd/level-set`
   * (docs/room.md). */
  roles: Role[];
}

export interface MqttConfig {
  /** `pokertable` by default; the table publishes under `<baseTopic>/<tableId>`. */
  baseTopic: string;
  /** Embedded aedes broker (the default). Ignored when `external` is set. */
  embedded: {
    host: string; // 127.0.0.1 by default; 0.0.0.0 to serve the room
    port: number; // MQTT over TCP, 1883 by default
    wsPort: number | null; // MQTT over WebSocket for browsers, 8083 by default; null turns it off
    /** Anonymous clients get these roles (default: ['display']); [] refuses anonymous clients. */
    anonymousRoles: Role[];
    users: MqttUser[];
  };
  external: {
    url: string; // mqtt://host:1883, mqtts://host:8883, ws://…, wss://…
    username?: string;
    password?: string;
    caFile?: string;
    certFile?: string;
    keyFile?: string;
    rejectUnauthorized: boolean;
  } | null;
  /** Hold `secure/events` back by this many ms (broadcast delay). 0 by default. */
  secureDelayMs: number;
}

export interface DeviceRef {
  /** The device's name in events and topics (`devices/<name>`), e.g. `shoe`, `board`, `display`. */
  name: string;
  /** A device definition file under devices/, e.g. `acr122u-shoe.json`, or `simulated`. */
  definition: string;
  /** Where it is connected: a serial path (/dev/ttyACM0), a PC/SC reader-name pattern, … as its kind needs. */
  port?: string;
  /** A card antenna (pcsc-antenna) only: where it sits (R-CARD-PLACE), and the seat when at a seat; a chip reader
   * (pcsc-chip-reader): the seat whose betting zone it watches. */
  place?: 'seat' | 'board' | 'muck';
  seat?: number;
}

export interface TableConfig {
  /** The file it was read from, for messages. */
  source: string;
  table: {
    id: string;
    seats: number;
    profile: string;
    /** The game dealt (R-GAME), from the next hand. */
    game: GameName;
    /** The betting structure (R-GAME-LIST); the game's own when absent. */
    betting?: 'no-limit' | 'pot-limit' | 'limit';
    /** Values that override the profile's, same shape as a profile file. */
    rules: Record<string, unknown>;
    /** The enrolled deck file (tag → card, mode 0600). */
    deckFile: string | null;
    /** The enrolled chip tags (tag → value, mode 0600), for the seats' chip readers; null: none. */
    chipsFile: string | null;
  };
  storage: {
    /** Journal and outbox (SQLite). */
    dir: string;
    /** Inputs and published events older than this are pruned (the state is kept in a checkpoint). */
    retentionDays: number;
    /** What survives a power cut (docs/durability.md): `every-input` fsyncs each input before the engine sees it;
     * `background` fsyncs the journal right after each commit, off the card-to-event path. */
    fsync: 'every-input' | 'background';
  };
  /** The tournament room the table plays in (docs/room.md), or null: only then does it take `move-player` and
   * `level-set`, and only from the room role. */
  room: string | null;
  /** The delayed broadcast feed (docs/broadcast.md), or null: none. */
  broadcast: { delaySeconds: number } | null;
  mqtt: MqttConfig;
  http: { host: string; port: number | null };
  devices: DeviceRef[];
  log: { level: 'trace' | 'debug' | 'info' | 'warn' | 'error' };
}

/** A device definition file (devices/*.json), validated by its kind's schema. Here, below src/hardware and the
 * loader (config/devices.ts), so the drivers can name it without importing the loader that reads the registry. */
export interface DeviceDefinition<Spec = Record<string, unknown>> {
  kind: string;
  /** The file it came from, for messages. */
  file: string;
  /** The whole validated file with defaults filled in, frozen. */
  spec: Readonly<Spec>;
}

/** What a table config's device entry resolves to: a definition file, or a simulated device of a kind. */
export type ResolvedDevice =
  | { ref: DeviceRef; simulated: false; kind: string; definition: DeviceDefinition }
  | { ref: DeviceRef; simulated: true; kind: string; definition: null };
