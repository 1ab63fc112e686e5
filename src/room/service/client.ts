// The room's MQTT client: the table's broker options (credentials, TLS files read and named on error: src/mqtt/
// connection.ts), a persistent session so that the tables' events published while the room is down wait at the
// broker, and the room's `offline` as its last will.
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { externalConnection, urlClientOptions } from '../../mqtt/connection.ts';
import type { RoomConfig } from '../config/types.ts';
import type { RoomTopics } from './topics.ts';

export function connectRoomClient(config: RoomConfig, topics: RoomTopics, extra?: IClientOptions): MqttClient {
  const connection = externalConnection(config.mqtt, 'mqtt');
  return mqtt.connect(connection.url, {
    ...urlClientOptions(connection),
    clientId: `room-${config.room.id}`,
    clean: false,
    will: { topic: topics.status, payload: Buffer.from('offline'), qos: 1, retain: true },
    // Not mqtt-packet's table of 65,536 two-byte Buffers for message ids: 6 MB of heap, a quarter of the room's.
    writeCache: false,
    ...extra,
  });
}
