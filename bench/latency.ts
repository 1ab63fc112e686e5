// Card read → event on MQTT, against its physical floor: one durable append of the input (the journal's own code
// and SQLite settings, on a database of its own, nothing else) plus one bare mqtt.js publish → receive round trip
// on the same broker. All three are measured in the same run, interleaved one for one so they see the same machine.
// Both publishers connect the same way (straight into the embedded broker, TCP to mosquitto); the subscriber is a TCP
// client in a process of its own (bench/latency-subscriber.ts), as display boards are, or in this one
// (--subscriber in-process, where the controller's work after a publish competes with its reading). The card path is the real one: a simulated shoe
// hands `{type: 'card'}` to the real runtime (SQLite journal on a temp dir, real engine), the real bridge publishes
// from the outbox, and a subscriber on the broker receives the public event.
//
// With the broadcast feed (docs/broadcast.md: hole cards and equity on secure/broadcast, live, equity in its worker)
// off and on in the same run (the default, --broadcast both): --runs of each (3), alternating off, on, on, off, off,
// on, reads/(2 × runs) each, one line a run, then the card → subscriber p99 of both side by side with each one's
// run-to-run spread: the feed's change against the spread between runs alike (bench/latency-report.ts). About a
// minute or two with the defaults. --broadcast off or on: one run of that kind, with the full tables.
//
//   npm run bench:latency -- [--reads 3000|10000] [--runs 3] [--broker embedded|mosquitto] [--fsync every-input|background]
//                            [--warmup 200] [--gap-ms 2] [--subscriber process|in-process] [--broadcast both|off|on]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import pino from 'pino';
import { loadProfiles } from '../src/config/profiles.ts';
import type { MqttConfig } from '../src/config/types.ts';
import type { TableEvent } from '../src/domain/types.ts';
import { startEmbeddedBroker } from '../src/mqtt/broker.ts';
import { startMqttBridge } from '../src/mqtt/bridge.ts';
import type { MqttConnection } from '../src/mqtt/connection.ts';
import { systemClock } from '../src/runtime/clock.ts';
import { createRuntime } from '../src/runtime/runtime.ts';
import type { RawInput } from '../src/runtime/types.ts';
import { openStore } from '../src/store/store.ts';
import { startMosquitto } from '../test/helpers/mosquitto.ts';
import { Arrivals, barePublisher, connect, shuffled, stats, type Stats } from './latency-parts.ts';
import { alternating, comparison, printTables, runLine, type Run } from './latency-report.ts';

const { values: args } = parseArgs({
  options: {
    reads: { type: 'string' },
    broker: { type: 'string', default: 'embedded' },
    fsync: { type: 'string', default: 'every-input' },
    warmup: { type: 'string', default: '200' },
    'gap-ms': { type: 'string', default: '2' },
    subscriber: { type: 'string', default: 'process' },
    broadcast: { type: 'string', default: 'both' },
    runs: { type: 'string', default: '3' },
  },
});
// one run of a kind: 10,000 reads; off and on compared: 3,000 in all, so the six runs take a minute or two
const READS = Number(args.reads ?? (args.broadcast === 'both' ? 3000 : 10000));
const RUNS = Math.max(2, Number(args.runs));
const WARMUP = Number(args.warmup);
// A shoe reads a card every few hundred ms at most; a short pause lets each measurement start from an idle
// controller (the secure stream and state of the previous read are published by then), for both paths alike.
const GAP_MS = Number(args['gap-ms']);
const pause = () => new Promise((resolve) => setTimeout(resolve, GAP_MS));
const FSYNC = args.fsync === 'background' ? 'background' : 'every-input';
// CLOCK_MONOTONIC in ms: the same clock in the subscriber's process, so its arrival times subtract exactly.
const T0 = process.hrtime.bigint();
const msSince = (ns: bigint) => Number(ns - T0) / 1e6;
const now = () => msSince(process.hrtime.bigint());
const logger = pino({ level: process.env.LOG_LEVEL ?? 'warn' });
const base = 'pokertable/bench';

const mqttConfig: MqttConfig = {
  baseTopic: 'pokertable',
  embedded: { host: '127.0.0.1', port: 0, wsPort: null, anonymousRoles: ['display'], users: [] },
  external: null,
  secureDelayMs: 0,
};

async function brokerUnderTest(): Promise<{ url: string; bridge: MqttConnection; close(): Promise<void> }> {
  if (args.broker === 'mosquitto') {
    const m = await startMosquitto({ config: ['allow_anonymous true', 'set_tcp_nodelay true'] });
    return { url: m.url, bridge: { kind: 'url', url: m.url }, close: () => m.dispose() };
  }
  const broker = await startEmbeddedBroker({ embedded: mqttConfig.embedded, base, logger });
  return {
    url: `mqtt://127.0.0.1:${broker.port}`,
    bridge: { kind: 'local', link: broker.local },
    close: () => broker.close(),
  };
}

async function measure(broadcast: boolean, READS: number, quiet = false): Promise<Stats> {
  const dir = mkdtempSync(join(tmpdir(), 'pt-bench-latency-'));
  const broker = await brokerUnderTest();
  const runtime = createRuntime({
    table: { profiles: loadProfiles() },
    store: openStore({ dir, fsync: FSYNC }),
    clock: systemClock(),
    logger,
  });
  const bridge = startMqttBridge({
    runtime,
    logger,
    connection: broker.bridge,
    config: { table: { id: 'bench' }, mqtt: mqttConfig, broadcast: broadcast ? { delaySeconds: 0 } : null },
  });
  await bridge.whenConnected();

  // A topic the subscriber (an anonymous display) may read and that the table never uses.
  const bareTopic = `${base}/devices/bench-bare`;
  const eventsTopic = `${base}/events`;
  const publisher = await barePublisher(broker.bridge);
  let subscriberUp = true;
  const diagnose = () =>
    JSON.stringify({
      lastSeq: runtime.outbox.lastSeq(),
      confirmed: bridge.confirmed(),
      connected: bridge.connected(),
      subscriber: subscriberUp,
      publisher: publisher.connected,
    });
  const events = new Arrivals(diagnose);
  const bare = new Arrivals(diagnose);
  let closeSubscriber: () => void;
  if (args.subscriber === 'in-process') {
    const subscriber = await connect(broker.url);
    subscriber.on('message', (topic, payload) => {
      const t = now();
      if (topic === eventsTopic) events.arrive((JSON.parse(payload.toString()) as TableEvent).seq, t);
      else if (topic === bareTopic) bare.arrive(payload.readUInt32BE(0), t);
    });
    await subscriber.subscribeAsync([eventsTopic, bareTopic], { qos: 1 });
    closeSubscriber = () => subscriber.end(true);
  } else {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'latency-subscriber.ts'), broker.url, eventsTopic, bareTopic],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    child.on('exit', () => (subscriberUp = false));
    await new Promise<void>((resolve) => {
      createInterface({ input: child.stdout }).on('line', (line) => {
        if (line === 'ready') return resolve();
        const [key, ns] = line.split(' ') as [string, string];
        (key.startsWith('e') ? events : bare).arrive(Number(key.slice(1)), msSince(BigInt(ns)));
      });
    });
    closeSubscriber = () => child.kill();
  }

  // Submits an input and waits until the subscriber has every event it caused (so the next one starts clean).
  const submit = async (input: RawInput): Promise<TableEvent[]> => {
    const out = runtime.submit(input);
    for (const e of out) await events.wait(e.seq);
    return out;
  };
  // Seats settle by their debounce: the set-up inputs carry times in the past, the first live input fires the timers.
  const t0 = Date.now() - 120_000;
  await submit({ type: 'command', name: 'setup', seats: 6, profile: 'tda', at: t0 });
  for (const seat of [1, 2, 3, 4, 5, 6]) {
    await submit({ type: 'command', name: 'seat-player', seat, player: `P${seat}`, at: t0 + seat });
    await submit({ type: 'seat', seat, occupied: true, at: t0 + 10 + seat });
  }
  await submit({ type: 'command', name: 'set-button', seat: 1 });

  const cardLatency: number[] = [];
  const bareLatency: number[] = [];
  const appendLatency: number[] = [];
  const bothLatency: number[] = [];
  // The bare durable append: the journal's appendInput (same fsync setting, same SQLite settings) on a database of
  // its own, with an input of the same size as the card read's. No engine, no outbox, no runtime.
  const appendStore = openStore({ dir: join(dir, 'append'), fsync: FSYNC });
  const submitLatency: number[] = [];
  const afterSubmit: number[] = [];
  let seedState = 12345;
  const random = () => (seedState = (seedState * 1103515245 + 12345) >>> 0) / 2 ** 32;
  let reads = 0;
  let token = 0;
  let hands = 0;
  let actions = 0;
  // The bare round trip carries a payload of the size of a public card.dealt event.
  const barePayload = Buffer.alloc(150, 0x20);
  while (reads < READS + WARMUP) {
    const deck = shuffled(random);
    await submit({ type: 'shuffle' });
    hands++;
    const hand = runtime.snapshot().hand;
    for (let step = 0; step < 200 && reads < READS + WARMUP; step++) {
      const snap = runtime.snapshot();
      if (snap.hand !== hand || snap.phase === 'idle' || snap.phase === 'halted') break;
      if (snap.onAction) {
        actions++;
        await submit({ type: 'panel', button: random() < 0.5 ? 'call' : 'check' });
        continue;
      }
      const card = deck.pop()!;
      if (GAP_MS > 0) await pause();
      // The shoe adapter's callback: a card read goes to the runtime; the clock runs until the subscriber has it.
      const start = now();
      const out = runtime.submit({ type: 'card', card });
      const submitted = now();
      const first = out[0];
      if (!first || first.type !== 'card.dealt') throw new Error(`card ${card} was not dealt: ${JSON.stringify(out)}`);
      const arrived = await events.wait(first.seq);
      for (const e of out.slice(1)) await events.wait(e.seq);
      reads++;
      if (reads > WARMUP) {
        cardLatency.push(arrived - start);
        submitLatency.push(submitted - start);
        afterSubmit.push(arrived - submitted);
      }

      token++;
      barePayload.writeUInt32BE(token, 0);
      if (GAP_MS > 0) await pause();
      const bareStart = now();
      publisher.publish(bareTopic, barePayload);
      const bareArrived = await bare.wait(token);
      if (reads > WARMUP) bareLatency.push(bareArrived - bareStart);

      if (GAP_MS > 0) await pause();
      const at = Date.now();
      const appendStart = now();
      appendStore.appendInput(at, JSON.stringify({ type: 'card', card, at }));
      if (reads > WARMUP) appendLatency.push(now() - appendStart);

      // The same two, one after the other, timed as one path: the floor as a design would meet it.
      token++;
      if (GAP_MS > 0) await pause();
      const bothStart = now();
      appendStore.appendInput(at, JSON.stringify({ type: 'card', card, at }));
      barePayload.writeUInt32BE(token, 0);
      publisher.publish(bareTopic, barePayload);
      const bothArrived = await bare.wait(token);
      if (reads > WARMUP) bothLatency.push(bothArrived - bothStart);
    }
  }

  const card = stats(cardLatency);
  const raw = stats(bareLatency);
  const append = stats(appendLatency);
  // The floor per percentile: the two bare costs added (one after the other is what the card path must do).
  const floor = {
    ...append,
    p50: append.p50 + raw.p50,
    p90: append.p90 + raw.p90,
    p99: append.p99 + raw.p99,
    max: append.max + raw.max,
    mean: append.mean + raw.mean,
  };
  const setting =
    `broker: ${args.broker} (${bridge.protocolVersion() === 5 ? 'MQTT 5' : 'MQTT 3.1.1'}), journal fsync: ${FSYNC}, ` +
    `${card.n} card reads measured (after ${WARMUP} warm-up, ${GAP_MS} ms apart) over ${hands} hands, ${actions} panel actions between them; ` +
    `subscriber in ${args.subscriber === 'in-process' ? 'this process' : 'a process of its own'}; ` +
    `broadcast feed ${broadcast ? 'on (live, equity in its worker)' : 'off'}`;
  const tables = { setting, card, raw, append, floor, both: stats(bothLatency) };
  if (!quiet) printTables({ ...tables, submit: stats(submitLatency), after: stats(afterSubmit) });
  closeSubscriber();
  publisher.end();
  await bridge.close();
  runtime.close();
  appendStore.close();
  await broker.close();
  rmSync(dir, { recursive: true, force: true });
  return card;
}

async function main(): Promise<void> {
  if (args.broadcast !== 'both') {
    await measure(args.broadcast === 'on', READS);
    return;
  }
  // Off and on alternate (off, on, on, off, off, on …) so that a drift of the machine's load during the run falls on
  // both alike; each run prints one line, the comparison is one table.
  const runs: Run[] = [];
  const order = alternating(RUNS);
  const each = Math.max(1, Math.floor(READS / order.length));
  for (const on of order) {
    const card = await measure(on, each, true);
    runs.push({ on, card, load: loadavg()[0]! });
    console.log(runLine(runs.length, runs[runs.length - 1]!));
  }
  for (const line of comparison(runs)) console.log(line);
}

await main();
