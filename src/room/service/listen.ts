// The room service's MQTT side (service.ts): what comes in (the floor's commands, the tables' messages) and what a
// connection, or a reconnection after an outage, does.
import type { MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import type { Rate } from '../../mqtt/rate-limit.ts';
import type { Clock } from '../../runtime/types.ts';
import type { RoomConfig } from '../config/types.ts';
import type { Batcher } from './batch.ts';
import type { brokerTrouble } from './broker-trouble.ts';
import { createRoomCommands } from './commands.ts';
import type { RoomHealth } from './health.ts';
import type { StatePublisher } from './state-publisher.ts';
import { createRoomInbound, type RoomInbound } from './table-messages.ts';
import type { RoomTopics } from './topics.ts';

/** The room's MQTT inputs: the floor's commands (size, depth, rate), the tables' messages, and what a (re)connection
 * does (subscriptions, the retained state and health). Every accepted input goes to the batcher. */
export function listen(o: {
  client: MqttClient;
  config: RoomConfig;
  topics: RoomTopics;
  log: Logger;
  clock: Clock;
  batch: Batcher;
  /** Room commands from the floor, all together; null: none (service.ts's `commandRate`). */
  rate?: Rate | null;
  states: StatePublisher;
  health: RoomHealth;
  trouble: ReturnType<typeof brokerTrouble>;
  isClosed: () => boolean;
}): ReturnType<typeof onConnect> {
  const { client, config, topics, log, clock, batch } = o;
  const commands = createRoomCommands({
    topics,
    tableBaseTopic: config.mqtt.tableBaseTopic,
    client,
    now: () => clock.now(),
    log,
    enqueue: (input, done) => batch.enqueue(input, done),
    rate: o.rate,
  });
  const inbound = createRoomInbound({
    config,
    topics,
    log,
    now: () => clock.now(),
    enqueue: (input) => batch.enqueue(input),
    onCommand: commands.onCommand,
  });
  client.on('message', (topic, payload, packet) => {
    if (!o.isClosed()) inbound.onMessage(topic, payload, packet);
  });
  return onConnect(client, {
    topics,
    log,
    inbound,
    states: o.states,
    health: o.health,
    trouble: o.trouble,
    tables: config.tables.length,
  });
}

/** On every connection: the tables are stale, `online` retained, the state sent again, the topics subscribed. */
function onConnect(
  client: MqttClient,
  o: {
    topics: RoomTopics;
    log: Logger;
    inbound: RoomInbound;
    states: StatePublisher;
    health: RoomHealth;
    trouble: ReturnType<typeof brokerTrouble>;
    tables: number;
  },
): { whenConnected(): Promise<void> } {
  let ready = false;
  const waiters: (() => void)[] = [];
  client.on('connect', () => {
    o.inbound.connected();
    o.trouble.connected();
    client.publish(o.topics.status, 'online', { qos: 1, retain: true });
    o.states.connected();
    o.health.connected();
    client.subscribe(o.inbound.subscriptions(), { qos: 1 }, (err, granted) => {
      if (err) return o.log.error({ err: err.message }, 'room subscribe failed');
      const refused = (granted ?? []).filter((g) => g.qos === 128).map((g) => g.topic);
      if (refused.length > 0) o.log.error({ refused }, 'the broker refused subscriptions (check the ACL)');
      o.log.info({ tables: o.tables }, 'room online');
      ready = true;
      for (const w of waiters.splice(0)) w();
    });
  });
  return { whenConnected: () => new Promise<void>((resolve) => (ready ? resolve() : waiters.push(resolve))) };
}
