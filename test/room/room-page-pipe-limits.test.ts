// The room pages' /mqtt pipe has limits (room.yaml web.maxConnections, web.maxMessageBytes; broker-pipe.ts): real
// WebSocket clients (MQTT.js, and raw `ws` sockets for what a page would never send) through the pages to a real
// mosquitto; what the technician reads in the log is read back from the pages' logger.
import { appendFileSync, rmSync } from 'node:fs';
import { Writable } from 'node:stream';
import mqtt, { type MqttClient } from 'mqtt';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadRoomConfig } from '../../src/room/config/load.ts';
import { startRoomPages } from '../../src/room/service/pages.ts';
import { connectClient, freePort, mosquittoMissing, startMosquitto } from '../helpers/mosquitto.ts';
import { writeRoomConfig } from '../helpers/room-mqtt.ts';

const missing = mosquittoMissing();
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

interface Line {
  level: number;
  msg: string;
}

async function serve(limits: string) {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const text of String(chunk).split('\n')) if (text) lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  const broker = await startMosquitto();
  cleanups.push(() => broker.dispose());
  const { file, dir } = writeRoomConfig(broker.url, { id: 'main-event' });
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  appendFileSync(file, `web: { port: ${await freePort()}, ${limits} }\n`);
  const pages = await startRoomPages({ config: loadRoomConfig(file), now: () => 0, logger: pino(stream) });
  cleanups.push(() => pages.close());
  const url = `ws://127.0.0.1:${pages.port}/mqtt`;
  const page = async (clientId: string): Promise<MqttClient> => {
    const client = await connectClient(url, { clientId, protocolVersion: 4 });
    cleanups.push(() => void client.end(true));
    return client;
  };
  const warnings = () => lines.filter((l) => l.level === 40).map((l) => l.msg);
  return { url, page, lines, warnings };
}

/** A raw WebSocket to /mqtt: the HTTP status of a refused upgrade, or the socket once open. */
function rawSocket(url: string): Promise<{ status: number } | { ws: WebSocket }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, 'mqtt');
    ws.once('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode ?? 0 });
      ws.terminate();
    });
    ws.once('open', () => resolve({ ws }));
    ws.once('error', (err) => reject(err));
    cleanups.push(() => ws.terminate());
  });
}

const closed = (ws: WebSocket) =>
  new Promise<number>((resolve) => {
    if (ws.readyState === WebSocket.CLOSED) return resolve(1006);
    ws.once('close', (code) => resolve(code));
  });

/** What becomes of an MQTT.js client that tries the pipe once. */
function attempt(url: string): Promise<string> {
  return new Promise((resolve) => {
    const client = mqtt.connect(url, { clientId: 'page-x', protocolVersion: 4, reconnectPeriod: 0 });
    client.on('error', () => undefined);
    client.once('connect', () => resolve('connected'));
    client.once('close', () => resolve('closed before connecting'));
    cleanups.push(() => void client.end(true));
  });
}

async function until(what: string, ok: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !ok(); i++) await new Promise((r) => setTimeout(r, 20));
  if (!ok()) throw new Error(`timed out waiting for ${what}`);
}

describe.skipIf(missing !== null)(`the room pages' /mqtt limits (${missing ?? 'real mosquitto'})`, () => {
  it('carries web.maxConnections browsers, refuses one more with 503 and one warning, and has room when one leaves', async () => {
    const { url, page, lines, warnings } = await serve('maxConnections: 2');
    const first = await page('page-1');
    const second = await page('page-2');
    expect(await rawSocket(url)).toEqual({ status: 503 });
    // A page as the room's pages connect (MQTT.js): it never gets to MQTT's CONNECT.
    expect(await attempt(url)).toBe('closed before connecting');
    expect(warnings()).toEqual([
      'room pages: 2 browser connections to the broker already (web.maxConnections): refusing more until one closes',
    ]);
    expect(first.connected && second.connected).toBe(true);

    first.end(true);
    await until('the pipe to have room', () => lines.some((l) => l.msg.includes('room for browser connections')));
    expect(lines.at(-1)!.msg).toBe('room pages: room for browser connections again (2 refused while full)');
    const third = await page('page-3');
    expect(third.connected).toBe(true);
    expect(await rawSocket(url)).toEqual({ status: 503 });
  }, 60_000);

  it('closes a browser that sends a message above web.maxMessageBytes, or announces an MQTT packet above it', async () => {
    const { url, page, warnings } = await serve('maxMessageBytes: 2048');
    const ok = await page('page-ok');
    await ok.publishAsync('room/main-event/cmd/register', JSON.stringify({ player: 'A'.repeat(1500) }), { qos: 1 });
    expect(warnings()).toEqual([]);

    // One WebSocket message too big: ws closes it (1009, message too big).
    const big = await rawSocket(url);
    if (!('ws' in big)) throw new Error('not opened');
    big.ws.send(Buffer.alloc(4096));
    expect(await closed(big.ws)).toBe(1009);

    // Small WebSocket messages, one MQTT packet too big: its fixed header says so, the pipe closes it.
    const split = await rawSocket(url);
    if (!('ws' in split)) throw new Error('not opened');
    split.ws.send(Buffer.from([0x30, 0x80, 0x80, 0x01])); // PUBLISH, remaining length 16,384
    expect(await closed(split.ws)).toBe(1006);

    await until('two warnings', () => warnings().length === 2);
    expect(warnings()).toEqual([
      'room pages: a browser sent a message above web.maxMessageBytes (2048 bytes): its connection is closed',
      'room pages: a browser sent a message above web.maxMessageBytes (2048 bytes): its connection is closed',
    ]);
    expect(ok.connected).toBe(true);
  }, 60_000);
});
