// The MQTT side of the table: the embedded broker and the bridge that puts the table on it.
export { startEmbeddedBroker, type EmbeddedBroker, type EmbeddedBrokerOptions } from './broker.ts';
export { startMqttBridge, DEFAULT_MAX_PAYLOAD, type MqttBridge, type MqttBridgeOptions } from './bridge.ts';
export { externalConnection, type MqttConnection } from './connection.ts';
export { baseTopicOf, topicsFor, type Topics } from './topics.ts';
