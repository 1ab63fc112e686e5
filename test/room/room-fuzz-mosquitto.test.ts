// Issue 22, item 1 on the real stack: mosquitto with the shipped ACL (config/mosquitto/pokertable.acl), the room
// service under its own account, the floor account sending 1,000 fuzzed payloads on room/<id>/cmd/* (unknown fields,
// a 70 KB `extra`, a 5,000-level levels-start, arrays 600 deep, `__proto__` and `constructor` keys, broken JSON,
// names that are not valid Unicode) and then a burst. Every payload is answered; the room's journal grows only by the
// commands it took (those the room's own rules then refuse, such as already-registered, included, as a table's are);
// no journaled row carries a field its command does not have. Figures in docs/durability.md.
import { readFileSync } from 'node:fs';
import type { MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { validateRoomCommandShape } from '../../src/protocol/generated/validate-room-command.ts';
import { fakeClock } from '../../src/runtime/clock.ts';
import { loadRoomConfig } from '../../src/room/config/load.ts';
import { loadRoomProfiles } from '../../src/room/config/profiles.ts';
import { startRoomService } from '../../src/room/service/service.ts';
import { collect, connectClient, mosquittoMissing, startMosquitto, type Mosquitto } from '../helpers/mosquitto.ts';
import { exampleSecurityLines } from '../helpers/mosquitto-example.ts';
import { writeRoomConfig } from '../helpers/room-mqtt.ts';
import { roomFuzzer } from '../helpers/room-fuzz.ts';

const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });
const missing = mosquittoMissing();
const users = { floor: 'floor-pw', 'room-main-event': 'room-password' };
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
/** Refusals made before the journal (inbound.ts, commands.ts); any other code is the room engine's, after it. */
const EDGE = new Set(['not-json', 'payload-too-large', 'bad-request', 'unknown-command', 'invalid', 'rate-limited']);

function deepest(v: unknown): number {
  if (typeof v !== 'object' || v === null) return 0;
  return 1 + Math.max(0, ...Object.values(v).map(deepest));
}
function keysOf(v: unknown, out: Set<string> = new Set()): Set<string> {
  if (typeof v === 'object' && v !== null)
    for (const [k, x] of Object.entries(v)) {
      out.add(k);
      keysOf(x, out);
    }
  return out;
}

describe.skipIf(missing !== null)(`room commands fuzzed on mosquitto (${missing ?? 'real broker'})`, () => {
  let broker: Mosquitto;
  beforeAll(async () => {
    broker = await startMosquitto({
      users,
      files: { 'pokertable.acl': readFileSync('config/mosquitto/pokertable.acl', 'utf8') },
      config: [...exampleSecurityLines(), 'use_username_as_clientid true'],
    });
  });
  afterAll(async () => {
    await broker?.dispose();
  });

  it('1,000 fuzzed commands and a burst: each answered, the journal grows only by the commands taken', async () => {
    const clock = fakeClock(1_000_000);
    const { file } = writeRoomConfig(broker.url, {
      id: 'main-event',
      mqtt: `username: room-main-event, password: ${users['room-main-event']}`,
    });
    const service = startRoomService({
      config: loadRoomConfig(file),
      profiles: loadRoomProfiles(),
      logger,
      clock,
      seed: 5,
    });
    cleanups.push(() => service.close());
    await service.whenConnected();
    const floor: MqttClient = await connectClient(broker.url, {
      username: 'floor',
      password: 'floor-pw',
      protocolVersion: 4,
    });
    cleanups.push(() => void floor.end(true));
    const answers = collect(floor);
    await floor.subscribeAsync('room/main-event/cmd/result', { qos: 1 });
    const rowsBefore = service.journal.count();
    // the floor may send only the commands the ACL names (room/+/cmd/<name>): the broker drops the others unanswered
    const acl = readFileSync('config/mosquitto/pokertable.acl', 'utf8');
    const allowed = new Set([...acl.matchAll(/^topic write room\/\+\/cmd\/([a-z-]+)$/gm)].map((m) => m[1]!));
    expect(allowed.has('register') && !allowed.has('setup')).toBe(true);
    const next = roomFuzzer(22);
    let sent = 0;
    let dropped = 0;
    let bytes = 0;
    for (let i = 0; i < 1000; i++) {
      const { name, payload } = next();
      clock.advance(100); // 10 a second: under the rate limit, so that each payload meets the checks
      await floor.publishAsync(`room/main-event/cmd/${name}`, payload, { qos: 1 });
      bytes += payload.length;
      if (allowed.has(name)) sent++;
      else dropped++;
    }
    // a burst: 80 good commands at one instant after a quiet spell, 50 taken (the bucket), 30 refused as too many
    await answers.until((m) => m.length >= sent, `${sent} answers`);
    clock.advance(5000);
    for (let i = 0; i < 80; i++) {
      await floor.publishAsync('room/main-event/cmd/balance-at', JSON.stringify({ id: `burst-${i}`, players: 3 }), {
        qos: 1,
      });
      sent++;
    }
    await answers.until((m) => m.length >= sent, `${sent} answers`);
    const got = answers.messages.map((m) => JSON.parse(m.payload) as { ok: boolean; code?: string; message?: string });
    const codes: Record<string, number> = {};
    for (const a of got) codes[a.ok ? 'ok' : a.code!] = (codes[a.ok ? 'ok' : a.code!] ?? 0) + 1;
    const taken = got.filter((a) => a.ok || !EDGE.has(a.code!)).length;
    const rows = service.journal.inputs().slice(rowsBefore);
    const rowBytes = rows.reduce((n: number, r) => n + JSON.stringify(r).length, 0);
    console.log(
      `room fuzz: ${sent + dropped} payloads (${(bytes / 1e6).toFixed(1)} MB, ${dropped} dropped by the ACL) → ${rows.length} journal rows, ` +
        `${(rowBytes / 1e3).toFixed(1)} kB; answers ${JSON.stringify(codes)}`,
    );
    expect(got).toHaveLength(sent);
    expect(rows.length).toBe(taken);
    // every refusal answered in words
    for (const a of got.filter((x) => !x.ok)) expect(a.message, JSON.stringify(a)).toMatch(/\w{3,}/);
    // every kind of garbage was refused, some good commands were taken
    for (const code of ['ok', 'not-json', 'payload-too-large', 'invalid', 'bad-request', 'rate-limited'])
      expect(codes[code], code).toBeGreaterThan(0);
    expect(got.slice(-80).filter((a) => a.code === 'rate-limited')).toHaveLength(30);
    // what was journaled is the commands' own fields, small and shallow
    for (const row of rows) {
      expect(validateRoomCommandShape(row), JSON.stringify(row).slice(0, 200)).toBe(true);
      expect(deepest(row)).toBeLessThanOrEqual(4);
      for (const k of ['__proto__', 'constructor', 'extra', 'toString', 'polluted'])
        expect(keysOf(row).has(k)).toBe(false);
      expect(JSON.stringify(row).length).toBeLessThan(64 * 1024);
    }
  }, 120_000);
});
