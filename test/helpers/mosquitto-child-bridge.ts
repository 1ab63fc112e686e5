// Runs a bridge (fake runtime) in its own process so a test can SIGKILL it: the broker then sees a connection die
// without a DISCONNECT and must publish the last will. Env: URL, MQTT_USER, MQTT_PASS. Prints "connected".
import pino from 'pino';
import { startMqttBridge } from '../../src/mqtt/bridge.ts';
import { fakeRuntime } from './mosquitto-fake-runtime.ts';

const runtime = fakeRuntime();
const bridge = startMqttBridge({
  runtime,
  logger: pino({ level: 'silent' }),
  config: {
    table: { id: process.env.TABLE_ID ?? 't1' },
    mqtt: {
      baseTopic: 'pokertable',
      embedded: { host: '127.0.0.1', port: 0, wsPort: null, anonymousRoles: [], users: [] },
      external: {
        url: process.env.URL!,
        username: process.env.MQTT_USER,
        password: process.env.MQTT_PASS,
        rejectUnauthorized: true,
      },
      secureDelayMs: 0,
    },
  },
});
await bridge.whenConnected();
process.stdout.write('connected\n');
setInterval(() => undefined, 60_000);
