// Shared by the client-id and two-controller tests: one connection attempt's outcome, and a floor tool's rounds.
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { collect } from './mosquitto.ts';

/** Connects once and reports what the broker answered: 'connected' or the CONNACK return code. */
export function tryConnect(url: string, options: IClientOptions): Promise<'connected' | number | string> {
  return new Promise((resolve) => {
    const c = mqtt.connect(url, { reconnectPeriod: 0, connectTimeout: 5000, ...options });
    c.once('connect', () => {
      resolve('connected');
      // Stay connected a moment, as an attacker would: long enough for a takeover to bite.
      setTimeout(() => c.end(true), 200);
    });
    c.once('error', (err: Error & { code?: number | string }) => {
      c.end(true);
      resolve(err.code ?? err.message);
    });
  });
}

/** A floor tool sends `count` commands one after the other and counts the answers. */
export async function floorRounds(floor: MqttClient, topicBase: string, count: number): Promise<number> {
  const answers = collect(floor);
  await floor.subscribeAsync(`${topicBase}/cmd/result`, { qos: 1 });
  for (let i = 0; i < count; i++) {
    await floor.publishAsync(`${topicBase}/cmd/levels-resume`, JSON.stringify({ id: `r${i}` }), { qos: 1 });
    await answers.until(
      (m) => m.some((x) => (JSON.parse(x.payload) as { id?: string }).id === `r${i}`),
      `the answer to r${i}`,
      5000,
    );
  }
  return answers.messages.length;
}
