// After a run: the retained messages the run's tables and room left on the broker (status, state, clock, …) are
// cleared, so a broker used for many runs does not keep hundreds of dead tables' retained topics.
import mqtt from 'mqtt';

/** Also ends the persistent sessions of `sessionClientIds` (the room service's, the watcher's), which the broker
 * would keep. */
export async function clearRetained(
  url: string,
  prefixes: readonly string[],
  sessionClientIds: readonly string[],
  settleMs = 1000,
): Promise<number> {
  for (const clientId of sessionClientIds) {
    const session = await mqtt.connectAsync(url, { clientId, clean: true, reconnectPeriod: 0 });
    await session.endAsync();
  }
  const client = await mqtt.connectAsync(url, { clientId: `fleet-sweep-${process.pid}`, reconnectPeriod: 0 });
  const topics = new Set<string>();
  client.on('message', (topic, payload, packet) => {
    if (packet.retain && payload.length > 0 && prefixes.some((p) => topic.startsWith(p))) topics.add(topic);
  });
  const filters = [...new Set(prefixes.map((p) => `${p.split('/')[0]}/#`))];
  await client.subscribeAsync(filters, { qos: 0 });
  await new Promise((r) => setTimeout(r, settleMs));
  await client.unsubscribeAsync(filters);
  await Promise.all([...topics].map((t) => client.publishAsync(t, '', { qos: 1, retain: true })));
  await client.endAsync();
  return topics.size;
}
