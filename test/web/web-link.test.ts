// The page kit's broker link (src/web/kit/link.js, plain browser JS run here as it is) with a stand-in for MQTT.js
// and fetch: the words of a refused or unreachable login, and a device locked out for wrong passwords told how long
// to wait (the pages' /mqtt answers a plain GET with it, src/web/serve.ts `sendLoginWait`), which the 429 its
// WebSocket got cannot tell a page. The Chromium tests (floor-page, room-pages, broadcast-page) drive it for real.
import { TEST_DIR } from '../helpers/paths.ts';
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

class FakeClient extends EventEmitter {
  options: Record<string, unknown>;
  ended = false;
  constructor(
    readonly url: string,
    options: Record<string, unknown>,
  ) {
    super();
    this.options = options;
  }
  end() {
    this.ended = true;
    return this;
  }
}

interface Link {
  connect(
    config: unknown,
    login: { username?: string; password?: string },
    topics: string[],
    on: { state(state: string, text: string): void; message(): void },
    options?: Record<string, unknown>,
  ): FakeClient;
  brokerUrl(config: unknown): string | null;
}

function load(retryInS: number | 'down') {
  const clients: FakeClient[] = [];
  const asked: string[] = [];
  const sandbox: { PageLink?: Link } & Record<string, unknown> = {
    location: { protocol: 'http:', host: 'floor.local:8090', hostname: 'floor.local' },
    mqtt: {
      connect(url: string, options: Record<string, unknown>) {
        const c = new FakeClient(url, options);
        clients.push(c);
        return c;
      },
    },
    fetch: async (path: string) => {
      asked.push(path);
      if (retryInS === 'down') throw new Error('no answer');
      return { ok: true, json: async () => ({ retryInS }) };
    },
  };
  sandbox.window = sandbox;
  runInNewContext(readFileSync(join(TEST_DIR, '../src/web/kit/link.js'), 'utf8'), sandbox);
  return { link: sandbox.PageLink!, clients, asked };
}

const PIPE = { mqtt: { url: null, port: null, path: '/mqtt' } };
const login = { username: 'floor', password: 'pw' };

function connect(retryInS: number | 'down', config: unknown = PIPE) {
  const { link, clients, asked } = load(retryInS);
  const states: [string, string][] = [];
  const on = { state: (s: string, t: string) => void states.push([s, t]), message: () => {} };
  const client = link.connect(config, login, ['room/main/state'], on, { who: 'room' });
  return { client, clients, asked, states, link };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the pages’ broker link', () => {
  it('finds the broker as config.json says: its own URL, its WebSocket port on this host, or this port’s /mqtt', () => {
    const { link } = load(0);
    expect(link.brokerUrl({ mqtt: { url: 'wss://broker:8884', port: null, path: '' } })).toBe('wss://broker:8884');
    expect(link.brokerUrl({ mqtt: { url: null, port: 8083, path: '' } })).toBe('ws://floor.local:8083');
    expect(link.brokerUrl(PIPE)).toBe('ws://floor.local:8090/mqtt');
    expect(link.brokerUrl({ mqtt: { url: null, port: null, path: '' } })).toBeNull();
  });

  it('a wrong password is said at once, and not retried', async () => {
    const { client, states, asked } = connect(0);
    client.emit('error', Object.assign(new Error('Connection refused: Bad username or password'), { code: 4 }));
    client.emit('close');
    await settle();
    expect(states).toEqual([
      ['connecting', 'Connecting…'],
      ['refused', 'Wrong username or password.'],
    ]);
    expect(client.ended).toBe(true);
    expect(asked).toEqual([]);
  });

  it('a device locked out for wrong passwords is told how long to wait, not that the broker is out of reach', async () => {
    const { client, states, asked } = connect(8);
    client.emit('error', new Error('WebSocket error'));
    client.emit('close');
    await settle();
    expect(asked).toEqual(['/mqtt']);
    expect(states.at(-1)).toEqual(['unreachable', 'Too many wrong passwords from here: try again in 8 s.']);
    expect(states.filter(([s]) => s === 'unreachable')).toHaveLength(1);
  });

  it('not locked out (or the page server silent too): the broker is out of reach, in words', async () => {
    for (const wait of [0, 'down'] as const) {
      const { client, states } = connect(wait);
      client.emit('close');
      await settle();
      expect(states.at(-1)).toEqual(['unreachable', "Cannot reach the room's broker."]);
    }
  });

  it('the broker’s own WebSocket port has no back-off to ask about; a client the page ended says nothing more', async () => {
    const direct = connect(8, { mqtt: { url: null, port: 8083, path: '' } });
    direct.client.emit('error', new Error('WebSocket error'));
    await settle();
    expect(direct.asked).toEqual([]);
    expect(direct.states.at(-1)).toEqual(['unreachable', "Cannot reach the room's broker (WebSocket error)."]);

    const left = connect(8);
    left.client.emit('close');
    left.client.end(); // the person logged in again meanwhile
    await settle();
    expect(left.states).toEqual([['connecting', 'Connecting…']]);
  });
});
