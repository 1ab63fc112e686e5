// The embedded broker's config for tests, with the test's accounts. No vitest here: the fuzz bench (bench/fuzz.ts)
// loads it too, through input-table.ts.
import type { MqttConfig, MqttUser } from '../../src/config/types.ts';

/** The embedded broker on a free loopback port (no WebSocket unless `overrides` ask), anonymous clients as
 * `display`, plus `users`. */
export function embeddedMqtt(users: MqttUser[] = [], overrides: Partial<MqttConfig['embedded']> = {}): MqttConfig {
  return {
    baseTopic: 'pokertable',
    embedded: { host: '127.0.0.1', port: 0, wsPort: null, anonymousRoles: ['display'], users, ...overrides },
    external: null,
    secureDelayMs: 0,
  };
}

/** A controller on an external broker (a mosquitto the test started) with its own account; no embedded broker. */
export function externalMqtt(url: string, username: string, password: string): MqttConfig {
  return {
    baseTopic: 'pokertable',
    embedded: { host: '127.0.0.1', port: 0, wsPort: null, anonymousRoles: [], users: [] },
    external: { url, username, password, rejectUnauthorized: true },
    secureDelayMs: 0,
  };
}
