// Issue 22, item 4: a player is one person whatever the keyboard. One rule (src/protocol/names.ts) for the table, the
// room and the pages: " Ann ", "ann" and a full-width "Ａnn" are the "Ann" already in; a lone surrogate is refused
// with a sentence. On the real stacks: the table behind the embedded broker, the room service on mosquitto, and the
// very script the pages load.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { nameKey, nameProblem, namesScript, storedName } from '../../src/protocol/names.ts';
import { collect, connectClient, mosquittoMissing, startMosquitto } from '../helpers/mosquitto.ts';
import { BASE, startInputTable } from '../helpers/input-table.ts';
import { startRoomOn } from '../helpers/room-mqtt.ts';

const logger = pino({ level: 'silent' });
const missing = mosquittoMissing();
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
const json = (s: string) => JSON.parse(s) as Record<string, unknown>;
// JSON text with the escape as sent on the wire: JSON.stringify would send the lone surrogate escaped the same way
const LONE = '"\\ud800"';

describe('one rule for names', () => {
  it('stored as typed, cleaned; the same player case-insensitively after NFKC', () => {
    expect([' Ann ', 'Ann', ' Ann  Lee\t', 'A\u030a'].map(storedName)).toEqual(['Ann', 'Ann', 'Ann Lee', '\u00c5']);
    expect(new Set([' Ann ', 'ann', '\uff21nn', 'Ann', 'ANN'].map(nameKey)).size).toBe(1);
    expect(nameKey('Anna')).not.toBe(nameKey('Ann'));
    expect(nameProblem('\ud800')).toMatch(/not valid Unicode/);
    expect(nameProblem('Ann\udc00')).toMatch(/not valid Unicode/);
    expect(nameProblem('\ud83d\ude00 Joe')).toBeNull(); // a whole emoji is fine
    expect(nameProblem('  \t ')).toMatch(/empty/);
    expect(nameProblem('a\u0000b')).toMatch(/control character/);
  });

  it('the pages run the very same functions (the served script agrees with the module)', () => {
    const box: {
      PlayerNames?: { nameProblem: typeof nameProblem; storedName: typeof storedName; nameKey: typeof nameKey };
    } = {};
    runInNewContext(namesScript(), box);
    const page = box.PlayerNames!;
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (s) => {
        expect(page.nameProblem(s)).toBe(nameProblem(s));
        expect(page.storedName(s)).toBe(storedName(s));
        expect(page.nameKey(s)).toBe(nameKey(s));
      }),
      { seed: 22, numRuns: 500 },
    );
  });
});

describe('the table (embedded broker)', () => {
  it('" Ann " is seated as "Ann"; "ann" and "Ａnn" at other seats are the same player; a lone surrogate is refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pt-names-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const t = await startInputTable(dir, logger);
    cleanups.push(() => t.close());
    t.runtime.submit({ type: 'command', name: 'setup', seats: 6, profile: 'tda' } as never);
    const floor = await connectClient(t.url, { username: 'floor', password: 'floor-pw', clientId: 'names-floor' });
    cleanups.push(() => void floor.end(true));
    const answers = collect(floor);
    await floor.subscribeAsync(`${BASE}/cmd/result`, { qos: 1 });
    const rows = () => t.runtime.snapshot().seatInfo.map((s) => s.player);
    const players = [' Ann ', 'ann', '\uff21nn', LONE];
    for (const [i, p] of players.entries()) {
      const body = `{"id":"s${i}","seat":${i + 1},"player":${p.startsWith('"') ? p : JSON.stringify(p)}}`;
      await floor.publishAsync(`${BASE}/cmd/seat-player`, body, { qos: 1 });
    }
    await answers.until((m) => m.length >= 4, 'four answers');
    const got = answers.messages.map((m) => json(m.payload));
    expect(got.map((a) => [a.id, a.ok, a.code ?? null])).toEqual([
      ['s0', true, null],
      ['s1', false, 'player-already-seated'],
      ['s2', false, 'player-already-seated'],
      ['s3', false, 'invalid-value'],
    ]);
    expect(got[3]!.message).toMatch(/broken character \(text that is not valid Unicode\)/);
    expect(rows().slice(0, 4)).toEqual(['Ann', null, null, null]);
  });
});

describe.skipIf(missing !== null)(`the room (mosquitto: ${missing ?? 'real broker'})`, () => {
  it('registers "Ann" once: " Ann ", "ann", "Ａnn" are already in; a lone surrogate is refused in words', async () => {
    const broker = await startMosquitto();
    cleanups.push(() => broker.dispose());
    const service = startRoomOn(broker.url);
    cleanups.push(() => service.close());
    await service.whenConnected();
    const floor = await connectClient(broker.url, { clientId: 'names-room-floor' });
    cleanups.push(() => void floor.end(true));
    const answers = collect(floor);
    await floor.subscribeAsync('room/r1/cmd/result', { qos: 1 });
    const rowsBefore = service.journal.count();
    const players = ['Ann', ' Ann ', 'ann', '\uff21nn', LONE];
    for (const [i, p] of players.entries()) {
      const body = `{"id":"r${i}","player":${p.startsWith('"') ? p : JSON.stringify(p)}}`;
      await floor.publishAsync('room/r1/cmd/register', body, { qos: 1 });
    }
    await answers.until((m) => m.length >= 5, 'five answers');
    const got = answers.messages.map((m) => json(m.payload));
    expect(got.map((a) => [a.id, a.ok, a.code ?? null])).toEqual([
      ['r0', true, null],
      ['r1', false, 'already-registered'],
      ['r2', false, 'already-registered'],
      ['r3', false, 'already-registered'],
      ['r4', false, 'invalid'],
    ]);
    expect(got[4]!.message).toMatch(/broken character/);
    const seated = service.room.snapshot().tables.flatMap((t) => t.players.map((p) => p.player));
    expect(seated).toEqual(['Ann']);
    // the lone surrogate never reached the journal; the three refused by the room's rule did, as the table's do
    expect(service.journal.count() - rowsBefore).toBe(4);
  });
});
