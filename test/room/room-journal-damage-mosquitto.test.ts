// The room's journal as the table's (src/store), for real: `npm run room` child processes on a real mosquitto and
// real SQLite files. An emptied or overwritten room.db is refused with a sentence and left as it was; `--new-journal`
// keeps it aside and begins a journal with a new epoch, which the room's `state` carries. A room.db of the earlier
// format is refused with what to do. A restart after SIGKILL restores the newest checkpoint and replays only the
// inputs after it, to the same state.
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openRoomJournal } from '../../src/room/service/journal.ts';
import { collect, connectClient, mosquittoMissing, startMosquitto } from '../helpers/mosquitto.ts';
import { roomRefused, spawnRoom } from '../helpers/room-child.ts';
import { MqttTable, waitFor, writeRoomConfig } from '../helpers/room-mqtt.ts';

const missing = mosquittoMissing();
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
const json = (s: string) => JSON.parse(s) as Record<string, unknown>;

function readDb<T>(file: string, read: (db: Database.Database) => T): T {
  const db = new Database(file, { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}
const epochOf = (file: string) =>
  readDb(file, (db) => db.prepare("SELECT value FROM meta WHERE key = 'epoch'").pluck().get() as string);

async function brokerAndObserver() {
  const broker = await startMosquitto();
  cleanups.push(() => broker.dispose());
  const observer = await connectClient(broker.url, { clientId: 'observer' });
  cleanups.push(() => observer.endAsync(true));
  const seen = collect(observer);
  await observer.subscribeAsync(['room/r1/#'], { qos: 1 });
  const on = (topic: string, from = 0) => seen.messages.slice(from).filter((m) => m.topic === `room/r1/${topic}`);
  return { broker, seen, on };
}

describe.skipIf(missing !== null)(`the room's journal (${missing ?? 'real broker, real files'})`, () => {
  it('emptied, then overwritten: refused with a sentence; --new-journal keeps it aside, a new epoch', async () => {
    const { broker, seen, on } = await brokerAndObserver();
    const { file, dir } = writeRoomConfig(broker.url);
    const db = join(dir, 'journal', 'room.db');
    /** One run until the room is online and its state out; returns the epoch that state carries. */
    const run = async (...extra: string[]) => {
      const mark = seen.messages.length;
      const room = spawnRoom(file, cleanups, ...extra);
      await seen
        .until(() => on('status', mark).some((m) => m.payload === 'online') && on('state', mark).length > 0, 'online')
        .catch((e: Error) => {
          throw new Error(`${e.message}\n${room.output()}`);
        });
      expect(await room.stop()).toBe(0);
      return json(on('state', mark).at(-1)!.payload).epoch;
    };
    const first = await run();
    expect(first).toBe(epochOf(db));
    const aside = () => readdirSync(join(dir, 'journal')).filter((f) => /^room\.db\.damaged-\d{8}T\d{6}Z$/.test(f));

    writeFileSync(db, ''); // what a broken SD card or a careless copy leaves
    const empty = roomRefused(file);
    expect(empty.status).toBe(1);
    expect(empty.stderr).toContain(
      `room: the journal ${db} is damaged: the file is empty (0 bytes). The room service will not start a new ` +
        'numbering on its own: start once with --new-journal',
    );
    expect(statSync(db).size).toBe(0);
    const second = await run('--new-journal');
    expect(second).toBe(epochOf(db));
    expect(second).not.toBe(first);
    expect(aside()).toHaveLength(1);
    expect(statSync(join(dir, 'journal', aside()[0]!)).size).toBe(0);

    const size = statSync(db).size;
    const fd = openSync(db, 'r+');
    writeSync(fd, Buffer.alloc(100, 0xa5), 0, 100, 0); // the header overwritten
    closeSync(fd);
    const overwritten = roomRefused(file);
    expect(overwritten.status).toBe(1);
    expect(overwritten.stderr).toMatch(/room: the journal .*room\.db is damaged: SQLite's integrity check fails/);
    expect(overwritten.stderr).toContain('--new-journal');
    expect(statSync(db).size).toBe(size);
    // A second start with the flag a moment later: the set-aside names differ by the second.
    await new Promise((r) => setTimeout(r, 1_100));
    const third = await run('--new-journal');
    expect(new Set([first, second, third]).size).toBe(3);
    expect(aside()).toHaveLength(2);
    // From now on the journal is sound: a start without the flag keeps its epoch.
    expect(await run()).toBe(third);
  }, 120_000);

  it('a room.db of the earlier format is refused with what to do; --new-journal keeps it aside', () => {
    const { file, dir } = writeRoomConfig('mqtt://127.0.0.1:1');
    const db = join(dir, 'journal', 'room.db');
    mkdirSync(join(dir, 'journal'));
    // The earlier service's schema, one input and its publishing mark.
    const old = new Database(db);
    old.exec(`CREATE TABLE inputs (n INTEGER PRIMARY KEY, input TEXT NOT NULL);
      CREATE TABLE published (id INTEGER PRIMARY KEY CHECK (id = 1), seq INTEGER NOT NULL);
      INSERT INTO published VALUES (1, 0); INSERT INTO inputs (input) VALUES ('{"type":"tick","at":1}');`);
    old.close();
    const refused = roomRefused(file);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(`room: the room journal ${db} is in the format of an earlier version`);
    expect(refused.stderr).toContain('start once with --new-journal');
    const renewed = openRoomJournal(join(dir, 'journal'), 'r1', { newJournal: true });
    expect(renewed.setAside).toMatch(/room\.db\.damaged-\d{8}T\d{6}Z$/);
    expect(renewed.count()).toBe(0);
    renewed.close();
    expect(readDb(renewed.setAside!, (d) => d.prepare('SELECT input FROM inputs').pluck().all())).toEqual([
      '{"type":"tick","at":1}',
    ]);
  });

  it('SIGKILL after checkpoints: the restart restores the newest and replays only the inputs after it', async () => {
    const { broker, seen, on } = await brokerAndObserver();
    const tables = { A: await MqttTable.start(broker.url, 'A', 6), B: await MqttTable.start(broker.url, 'B', 6) };
    for (const t of Object.values(tables)) {
      cleanups.push(() => t.close());
      t.online();
    }
    const { file, dir } = writeRoomConfig(broker.url);
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace('{ dir: journal }', '{ dir: journal, checkpointEvery: 10 }'),
    );
    const db = join(dir, 'journal', 'room.db');
    let room = spawnRoom(file, cleanups);
    await seen.until(() => on('status').some((m) => m.payload === 'online'), 'online');
    const floor = await connectClient(broker.url, { clientId: 'floor' });
    cleanups.push(() => floor.endAsync(true));
    for (let i = 1; i <= 10; i++)
      floor.publish('room/r1/cmd/register', JSON.stringify({ player: `p${i}` }), { qos: 1 });
    await waitFor(() => tables.A.count() + tables.B.count() === 10, 'ten players seated');
    const count = () => readDb(db, (d) => d.prepare('SELECT count(*) FROM inputs').pluck().get() as number);
    await waitFor(() => count() === 35, 'the 35 inputs journaled');
    const lastState = () => json(on('state').at(-1)?.payload ?? '{}');
    const published = () =>
      readDb(db, (d) => d.prepare("SELECT cursor FROM sinks WHERE name = 'broker'").pluck().get() as number);
    await waitFor(() => lastState().seq !== undefined && published() >= (lastState().seq as number), 'all published');
    const lastAt = readDb(
      db,
      (d) => json(d.prepare('SELECT json FROM inputs ORDER BY id DESC').pluck().get() as string).at,
    );
    await waitFor(() => lastState().at === lastAt, 'the last state published');
    const stateBefore = on('state').at(-1)!.payload;
    await room.kill();

    const checkpoints = readDb(db, (d) =>
      d.prepare('SELECT input_id FROM checkpoints ORDER BY input_id').pluck().all(),
    );
    expect(checkpoints.length).toBeGreaterThan(0);
    const newest = checkpoints.at(-1) as number;
    expect(newest).toBeGreaterThanOrEqual(10);
    const mark = seen.messages.length;
    room = spawnRoom(file, cleanups, '--log-level', 'info');
    await seen
      .until(() => on('state', mark).length > 0, 'the state after the restart')
      .catch((e: Error) => {
        throw new Error(`${e.message}\n${room.output()}`);
      });
    const opened = room
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map(json)
      .find((l) => l.msg === 'room journal opened');
    expect(opened).toMatchObject({ checkpoint: newest, inputs: 35 - newest });
    expect(on('state', mark)[0]!.payload).toBe(stateBefore);
    expect(await room.stop()).toBe(0);
  }, 120_000);
});
