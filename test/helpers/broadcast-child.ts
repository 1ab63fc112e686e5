// A table in its own process for the broadcast restart test (test/mqtt/broadcast-restart.test.ts): the real runtime on
// the SQLite journal in DIR, on a fake clock starting at START, its bridge on the mosquitto at URL with the broadcast
// feed delayed DELAY seconds (equity in the real worker). Commands on stdin, one a line: `setup`, `hand <seq>` (a new
// hand, played until the journal reaches seq), `rest` (the hand under way, to its end), `advance <ms>`. Each answered
// `ok <lastSeq> <now>` on stdout once done; the test SIGKILLs it whenever it likes.
import { createInterface } from 'node:readline';
import pino from 'pino';
import { loadProfiles } from '../../src/config/profiles.ts';
import { startMqttBridge } from '../../src/mqtt/bridge.ts';
import { fakeClock } from '../../src/runtime/clock.ts';
import { createRuntime } from '../../src/runtime/runtime.ts';
import { openStore } from '../../src/store/store.ts';
import { BROADCAST_HAND } from './broadcast-hand.ts';
import { continueHand, playHand, setUpTable } from './broadcast-play.ts';

const [dir, url, start, delay] = process.argv.slice(2);
const logger = pino({ level: process.env.CHILD_LOG ?? 'silent' }, pino.destination(2));
const clock = fakeClock(Number(start));
const runtime = createRuntime({ table: { profiles: loadProfiles() }, store: openStore({ dir: dir! }), clock, logger });
const bridge = startMqttBridge({
  runtime,
  logger,
  now: () => clock.now(),
  setTimer: (at, fire) => clock.setTimer(at, fire),
  connection: { kind: 'url', url: url!, username: 'pokertable-controller', password: 'c' },
  config: {
    table: { id: 't1' },
    mqtt: {
      baseTopic: 'pokertable',
      embedded: { host: '127.0.0.1', port: 0, wsPort: null, anonymousRoles: [], users: [] },
      external: null,
      secureDelayMs: 0,
    },
    broadcast: { delaySeconds: Number(delay) },
  },
});
await bridge.whenConnected();
const reply = () => process.stdout.write(`ok ${runtime.outbox.lastSeq()} ${clock.now()}\n`);
reply();
for await (const line of createInterface({ input: process.stdin })) {
  const [command, arg] = line.trim().split(' ');
  if (command === 'setup') await setUpTable(runtime, clock, BROADCAST_HAND);
  else if (command === 'hand')
    await playHand(runtime, clock, BROADCAST_HAND, () => runtime.outbox.lastSeq() >= Number(arg));
  else if (command === 'rest') await continueHand(runtime, clock, BROADCAST_HAND);
  else if (command === 'advance') clock.advance(Number(arg));
  reply();
}
