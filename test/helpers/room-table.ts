// A real table in a room for MQTT tests: the runtime and engine on a SQLite journal in a temp dir, on a fake clock,
// with the bridge connected to an embedded broker or an external one (a mosquitto), `room` in its config; and a
// virtual dealer that plays a hand through the runtime (shuffle, the hole cards, folds to the big blind).
import type { Logger } from 'pino';
import { loadProfiles } from '../../src/config/profiles.ts';
import type { MqttConfig } from '../../src/config/types.ts';
import type { TableEvent } from '../../src/domain/types.ts';
import { startEmbeddedBroker, type EmbeddedBroker } from '../../src/mqtt/broker.ts';
import { startMqttBridge, type MqttBridge } from '../../src/mqtt/bridge.ts';
import { fakeClock, type FakeClock } from '../../src/runtime/clock.ts';
import { createRuntime, type TableRuntime } from '../../src/runtime/runtime.ts';
import type { RawInput } from '../../src/runtime/types.ts';
import { openStore } from '../../src/store/store.ts';
import type { Cleanups } from './mqtt-table.ts';
import { DECK } from './scenario.ts';

const profiles = loadProfiles();

export interface RoomTable {
  id: string;
  base: string;
  clock: FakeClock;
  runtime: TableRuntime;
  bridge: MqttBridge;
  broker: EmbeddedBroker | null;
  /** Every event the table gave, in order. */
  events: TableEvent[];
  of(type: string): TableEvent[];
  /** An input now, then the clock moves on 100 ms. */
  submit(input: RawInput): TableEvent[];
  /** The virtual dealer: one hand from the shuffle to its end (the hole cards, then folds to the last player). */
  playHand(): TableEvent[];
}

export async function startRoomTable(
  cleanups: Cleanups,
  options: { id: string; mqtt: MqttConfig; room: string | null; logger: Logger; start?: number },
): Promise<RoomTable> {
  const { id, mqtt, logger } = options;
  const base = `${mqtt.baseTopic}/${id}`;
  const dir = cleanups.tempDir(`pt-room-table-${id}-`);
  const clock = fakeClock(options.start ?? 1_780_000_000_000);
  const store = openStore({ dir });
  const runtime = createRuntime({ table: { profiles }, store, clock, logger });
  cleanups.push(() => runtime.close());
  let broker: EmbeddedBroker | null = null;
  if (mqtt.external === null) {
    broker = await startEmbeddedBroker({ embedded: mqtt.embedded, base, logger });
    const started = broker;
    cleanups.push(() => started.close());
  }
  const bridge = startMqttBridge({
    runtime,
    logger,
    ...(broker ? { broker } : {}),
    now: () => clock.now(),
    config: { table: { id }, mqtt, room: options.room },
  });
  cleanups.push(() => bridge.close());
  await bridge.whenConnected();
  const events: TableEvent[] = [];
  runtime.onEvents((batch) => events.push(...batch));
  const submit = (input: RawInput) => {
    const out = runtime.submit(input);
    clock.advanceTo(clock.now() + 100);
    return out;
  };
  return {
    id,
    base,
    clock,
    runtime,
    bridge,
    broker,
    events,
    of: (type) => events.filter((e) => e.type === type),
    submit,
    playHand() {
      const out = [...submit({ type: 'shuffle' })];
      const started = out.find((e) => e.type === 'hand.started') as
        Extract<TableEvent, { type: 'hand.started' }> | undefined;
      if (!started) return out;
      for (const card of DECK.slice(0, started.dealtIn.length * 2)) out.push(...submit({ type: 'card', card }));
      for (let i = 0; i < 20 && runtime.snapshot().onAction; i++)
        out.push(...submit({ type: 'panel', button: 'fold' }));
      return out;
    },
  };
}
