// Built-in object names and the seat limit at the table's edges: a floor command over the real embedded broker to
// the real runtime (SQLite journal on a temp dir), the replay CLI, and the table config. The engine's own rows are
// in test/domain/builtin-names.test.ts.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadTableConfig } from '../../src/config/load.ts';
import { MAX_SEATS } from '../../src/domain/limits.ts';
import { collect } from '../helpers/mosquitto.ts';
import { BASE as base, cleanupsAfterEach, embeddedMqtt, startRealTable } from '../helpers/mqtt-table.ts';

const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });
const NAMES = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'];
const cleanups = cleanupsAfterEach();
const tempDir = (prefix: string) => cleanups.tempDir(prefix);

/** A JSON object text with one more field after `base`'s (so `__proto__` is an own field, as on the wire). */
function withField(base: Record<string, unknown>, name: string, value: unknown): string {
  const head = JSON.stringify(base).slice(0, -1);
  return `${head}${head === '{' ? '' : ','}${JSON.stringify(name)}:${JSON.stringify(value)}}`;
}

describe('floor commands over MQTT (embedded broker, real runtime and journal)', () => {
  it('refuses built-in names as fields and seats beyond the limit, and journals none of them', async () => {
    const mqtt = embeddedMqtt([{ username: 'floor', password: 'f', roles: ['floor'] }]);
    const { runtime, store, url } = await startRealTable(cleanups, { logger, mqtt, dirPrefix: 'pt-builtin-' });
    const floor = await cleanups.client(url, { username: 'floor', password: 'f' });
    const results = collect(floor);
    await floor.subscribeAsync(`${base}/cmd/result`, { qos: 1 });
    const send = (name: string, body: string) => floor.publish(`${base}/cmd/${name}`, body, { qos: 1 });

    send('setup', JSON.stringify({ id: 'setup', seats: 6, profile: 'tda' }));
    await results.until((m) => m.length === 1, 'the setup answer');
    const journaled = store.counts().inputs;
    const refused: [string, string][] = [
      ...[...NAMES, 'color'].map(
        (n) => ['seat-player', withField({ id: n, seat: 1, player: 'Ann' }, n, 'x')] as [string, string],
      ),
      ['setup', withField({ id: 'rules-constructor', seats: 6, profile: 'tda' }, 'rules', { constructor: 1 })],
      ['setup', JSON.stringify({ id: 'seats-11', seats: 11, profile: 'tda' })],
      ['setup', JSON.stringify({ id: 'seats-12', seats: 12, profile: 'tda' })],
      ['set-button', JSON.stringify({ id: 'seat-11', seat: 11 })],
    ];
    for (const [name, body] of refused) send(name, body);
    await results.until((m) => m.length === 1 + refused.length, 'every answer');
    const answers = results.messages.slice(1).map((m) => JSON.parse(m.payload) as Record<string, unknown>);
    expect(answers.map((a) => [a.id, a.ok])).toEqual(
      refused.map(([, body]) => [(JSON.parse(body) as { id: string }).id, false]),
    );
    for (const n of [...NAMES, 'color'])
      expect(answers.find((a) => a.id === n)?.error).toMatch(new RegExp(`unknown field "${n}"`));
    expect(answers.find((a) => a.id === 'rules-constructor')?.error).toMatch(/constructor is not a profile field/);
    expect(answers.find((a) => a.id === 'seats-11')?.error).toMatch(`must be 2 to ${MAX_SEATS}`);
    expect(answers.find((a) => a.id === 'seat-11')?.error).toMatch(`from 1 to ${MAX_SEATS}`);
    // Refused at the edge: nothing reached the journal except the one the engine had to judge (the rules).
    expect(store.counts().inputs - journaled).toBeLessThanOrEqual(1);
    expect(runtime.snapshot()).toMatchObject({ seats: 6, profile: 'tda' });
    expect(runtime.snapshot().seatInfo.every((s) => s.player === null)).toBe(true);
  });
});

describe('the replay CLI', () => {
  it('refuses built-in names as fields and a table of 11 seats, and plays on', () => {
    const dir = tempDir('pt-builtin-replay-');
    const file = join(dir, 'names.jsonl');
    const lines = [
      JSON.stringify({ at: 0, type: 'command', name: 'setup', seats: 11, profile: 'tda' }),
      JSON.stringify({ at: 0, type: 'command', name: 'setup', seats: 10, profile: 'tda' }),
      withField({ at: 1, type: 'command', name: 'seat-player', seat: 1, player: 'Ann' }, 'toString', 'x'),
      withField({ at: 2, type: 'command', name: 'setup', seats: 10, profile: 'tda' }, 'rules', { constructor: {} }),
      JSON.stringify({ at: 3, type: 'command', name: 'setup', seats: 10, profile: '__proto__' }),
      JSON.stringify({ at: 4, type: 'command', name: 'seat-player', seat: 10, player: 'constructor' }),
    ];
    writeFileSync(file, lines.join('\n') + '\n');
    const out = execFileSync('npx', ['tsx', 'src/cli/replay.ts', file], { encoding: 'utf8' });
    const events = out
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(events.map((e) => [e.type, e.line ?? e.request ?? null])).toEqual([
      ['input.rejected', 1],
      ['table.ready', null],
      ['input.rejected', 3],
      ['request.rejected', 'setup'],
      ['request.rejected', 'setup'],
      ['player.seated', null],
    ]);
    expect(events[0]!.reason).toBe(`setup: seats must be 2 to ${MAX_SEATS}`);
    expect(events[2]!.reason).toMatch(/unknown field "toString"/);
    expect(events[3]!.reason).toMatch(/constructor is not a profile field/);
    expect(events[4]!.reason).toMatch(/^unknown-profile: __proto__/);
    expect(events[5]).toMatchObject({ seat: 10, player: 'constructor' });
  });
});

describe('the table config', () => {
  it(`takes 2 to ${MAX_SEATS} seats, and the schema files say the same number`, () => {
    const dir = tempDir('pt-builtin-config-');
    const config = (seats: number) => {
      const file = join(dir, `s${seats}.yaml`);
      writeFileSync(file, `table: {id: t, seats: ${seats}}\n`);
      return () => loadTableConfig(file);
    };
    expect(config(MAX_SEATS)().table.seats).toBe(MAX_SEATS);
    expect(config(2)().table.seats).toBe(2);
    expect(config(MAX_SEATS + 1)).toThrow(`/table/seats must be <= ${MAX_SEATS}`);
    expect(config(1)).toThrow('/table/seats must be >= 2');
    // Editors read the schema files: their numbers must be the engine's.
    const table = JSON.parse(readFileSync('config/table.schema.json', 'utf8')) as {
      properties: { table: { properties: { seats: { minimum: number; maximum: number } } } };
    };
    expect(table.properties.table.properties.seats).toMatchObject({ minimum: 2, maximum: MAX_SEATS });
    const board = JSON.parse(readFileSync('devices/schema/firmata-board.schema.json', 'utf8')) as {
      definitions: { seat: { maximum: number } };
    };
    expect(board.definitions.seat.maximum).toBe(MAX_SEATS);
  });
});
