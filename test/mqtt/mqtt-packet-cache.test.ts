// mqtt-packet's cache of encoded packet lengths pins one 8 KiB Buffer-pool slab per new packet size (src/mqtt/
// packet-cache.ts): the table's memory grew for hours as new event sizes turned up. Measured through the embedded
// broker over TCP, as the table runs it, by the ArrayBuffer memory left after a full GC.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedBroker, type EmbeddedBroker } from '../../src/mqtt/broker.ts';
import { warmPacketLengthCache } from '../../src/mqtt/packet-cache.ts';
import { connectClient } from '../helpers/mosquitto.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const topic = 'pokertable/t1/events';
const KB = 1024;

let broker: EmbeddedBroker;
let table: MqttClient;
let display: MqttClient;
beforeAll(async () => {
  broker = await startEmbeddedBroker({
    embedded: { host: '127.0.0.1', port: 0, wsPort: null, anonymousRoles: ['display'], users: [] },
    base: 'pokertable/t1',
    logger: pino({ level: 'silent' }),
  });
  // As the table's own client: the in-process stream, without mqtt-packet's table of message ids.
  table = new MqttClient(() => broker.connect(), { clientId: 'pokertable-t1', writeCache: false, reconnectPeriod: 0 });
  await new Promise((resolve) => table.once('connect', resolve));
  display = await connectClient(`mqtt://127.0.0.1:${broker.port}`, { writeCache: false });
  await display.subscribeAsync(topic, { qos: 0 });
});
afterAll(async () => {
  await display?.endAsync(true);
  await table?.endAsync(true);
  await broker?.close();
});

/** ArrayBuffer memory kept after publishing one event of each size to the display and a full GC. */
async function keptAfterPublishing(sizes: number[]): Promise<number> {
  const before = await settled();
  const received = new Promise<void>((resolve) => {
    let left = sizes.length;
    const onMessage = () => {
      if (--left === 0) {
        display.off('message', onMessage);
        resolve();
      }
    };
    display.on('message', onMessage);
  });
  for (const size of sizes) table.publish(topic, Buffer.allocUnsafe(size).fill(0x61), { qos: 0 });
  await received;
  return (await settled()) - before;
}

/** ArrayBuffer memory after full GCs (V8 frees array buffers' memory concurrently, after the GC proper). */
async function settled(): Promise<number> {
  for (let i = 0; i < 3; i++) {
    await new Promise((r) => setTimeout(r, 20));
    gc();
  }
  return process.memoryUsage().arrayBuffers;
}

const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

describe('mqtt-packet length cache', () => {
  it('cold, each new packet size keeps memory; once warmed, new sizes keep none', async () => {
    // The problem, shown on sizes not seen yet (if mqtt-packet stops pinning slabs, this part says so).
    const cold = await keptAfterPublishing(range(1000, 300));
    expect(cold).toBeGreaterThan(300 * KB);

    warmPacketLengthCache();
    await keptAfterPublishing(range(10, 5)); // the warm-up's own garbage out of the way
    const warm = await keptAfterPublishing(range(300, 300));
    expect(warm).toBeLessThan(64 * KB);
    // The same sizes again: nothing new either way.
    expect(await keptAfterPublishing(range(1000, 300))).toBeLessThan(64 * KB);
  });
});
