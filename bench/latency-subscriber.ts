// The subscriber of bench/latency.ts in a process of its own, as a display board is: the controller's work after a
// publish (the outbox write, the state snapshot) then competes with nothing but the broker, as in a real room.
// Arrival times are CLOCK_MONOTONIC (process.hrtime), the same clock in every process, so the bench subtracts them
// from its own start times exactly. Prints `ready`, then `e<seq> <ns>` per event and `b<token> <ns>` per bare message.
//   node --import tsx bench/latency-subscriber.ts URL EVENTS_TOPIC BARE_TOPIC
import mqtt from 'mqtt';

const [url, eventsTopic, bareTopic] = process.argv.slice(2) as [string, string, string];
const client = mqtt.connect(url, { reconnectPeriod: 0 });
client.on('connect', () => {
  void client.subscribeAsync([eventsTopic, bareTopic], { qos: 1 }).then(() => process.stdout.write('ready\n'));
});
client.on('message', (topic, payload) => {
  const t = process.hrtime.bigint();
  const key =
    topic === eventsTopic
      ? `e${(JSON.parse(payload.toString()) as { seq: number }).seq}`
      : `b${payload.readUInt32BE(0)}`;
  process.stdout.write(`${key} ${t}\n`);
});
client.on('error', (err) => {
  process.stderr.write(`subscriber: ${err.message}\n`);
  process.exit(1);
});
