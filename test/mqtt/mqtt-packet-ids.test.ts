// mqtt-packet builds a table of all 65,536 two-byte message ids (one Buffer each, 6.2 MB of heap) the first time it
// writes a packet, unless told not to; the embedded broker turns it off (skipPacketIdCache in src/mqtt/
// packet-cache.ts). Run in a child process of its own, so that no other test has written a packet in it before:
// the real broker over TCP, mosquitto_sub as a display at QoS 1 (its packets carry message ids).
import { TEST_DIR } from '../helpers/paths.ts';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const root = join(TEST_DIR, '..');

const SCRIPT = `
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import pino from 'pino';
import { startEmbeddedBroker } from ${JSON.stringify(join(root, 'src/mqtt/broker.ts'))};

const broker = await startEmbeddedBroker({
  embedded: { host: '127.0.0.1', port: 0, wsPort: null, anonymousRoles: ['display'], users: [] },
  base: 'pokertable/t1',
  logger: pino({ level: 'silent' }),
});
// aedes' copy of mqtt-packet's id table: the one its packets are written with (nothing else in this process writes).
const ids = createRequire(import.meta.resolve('aedes'))('mqtt-packet/numbers').cache;
const topic = 'pokertable/t1/events';
await new Promise((resolve, reject) =>
  broker.aedes.publish(
    { cmd: 'publish', topic, payload: Buffer.from('{"seq":1}'), qos: 1, retain: true, dup: false },
    (err) => (err ? reject(err) : resolve()),
  ),
);
// A display in its own process, at QoS 1: its CONNACK, SUBACK and the retained event (with a message id).
const args = ['-h', '127.0.0.1', '-p', String(broker.port), '-t', topic, '-q', '1', '-C', '1', '-W', '30'];
const payload = await new Promise((resolve, reject) =>
  execFile('mosquitto_sub', args, (err, stdout) => (err ? reject(err) : resolve(stdout.trim()))),
);
console.log(JSON.stringify({ payload, ids: Object.keys(ids).length }));
await broker.close();
`;

it("the embedded broker writes its packets without mqtt-packet's table of every message id", () => {
  const dir = mkdtempSync(join(root, '.cache/packet-ids-'));
  try {
    writeFileSync(join(dir, 'run.mts'), SCRIPT);
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(dir, 'run.mts')], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as { payload: string; ids: number };
    expect(out.payload).toBe('{"seq":1}');
    expect(out.ids).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 90_000);
