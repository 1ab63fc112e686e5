// A room service killed with SIGKILL (a real child process, `npm run room`'s entry point) and started again on its
// journal: the same state, nothing it had published is sent again, and what the tables published while it was down
// (kept by the broker for its persistent session) is handled once it is back.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { collect, connectClient, mosquittoMissing, startMosquitto } from '../helpers/mosquitto.ts';
import { MqttTable, waitFor, writeRoomConfig } from '../helpers/room-mqtt.ts';

const missing = mosquittoMissing();
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
const json = (s: string) => JSON.parse(s) as Record<string, unknown>;

function startRoom(file: string): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/room.ts', '--config', file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return { child, output: () => output };
}

async function kill(child: ChildProcess): Promise<void> {
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGKILL');
  });
}

describe.skipIf(missing !== null)(`room service killed and restarted (${missing ?? 'real broker'})`, () => {
  it('SIGKILL, restart: same state, no command or move sent twice, missed events handled', async () => {
    const broker = await startMosquitto();
    cleanups.push(() => broker.dispose());
    const tables = { A: await MqttTable.start(broker.url, 'A', 6), B: await MqttTable.start(broker.url, 'B', 6) };
    for (const t of Object.values(tables)) {
      cleanups.push(() => t.close());
      t.online();
    }
    const observer = await connectClient(broker.url, { clientId: 'observer' });
    cleanups.push(() => void observer.end(true));
    const seen = collect(observer);
    await observer.subscribeAsync(['room/r1/#'], { qos: 1 });
    const { file, dir } = writeRoomConfig(broker.url);
    const statuses = () => seen.messages.filter((m) => m.topic === 'room/r1/status').map((m) => m.payload);

    let room = startRoom(file);
    await seen
      .until(() => statuses().includes('online'), 'the room online')
      .catch((e: Error) => {
        throw new Error(`${e.message}\n${room.output()}`);
      });
    const players = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9', 'p10'];
    for (const player of players)
      observer.publish('room/r1/cmd/register', JSON.stringify({ player, id: player }), { qos: 1 });
    await waitFor(() => tables.A.count() + tables.B.count() === 10, 'ten players seated');
    // Wait until the room has recorded the broker's acknowledgement of its last command (its id carries the seq).
    const sentSeqs = [...tables.A.commands, ...tables.B.commands].map((c) => Number(String(c.id).split('-').pop()));
    const journal = new Database(join(dir, 'journal', 'room.db'), { readonly: true });
    cleanups.push(() => void journal.close());
    const published = () => journal.prepare("SELECT cursor FROM sinks WHERE name = 'broker'").pluck().get() as number;
    await waitFor(() => published() >= Math.max(...sentSeqs), 'the acknowledgement journaled');
    // Quiet: setup, the two tables' stale marks of the connect (no-ops: never heard from), two statuses, ten
    // registrations, and each table's player.seated and state after each seat-player.
    const inputs = () => journal.prepare('SELECT json FROM inputs ORDER BY id').pluck().all() as string[];
    await waitFor(() => inputs().length === 1 + 2 + 2 + 10 + 2 * 10, 'the 35 inputs journaled');
    const lastAt = (json(inputs().at(-1)!).at as number).toString();
    const states = () => seen.messages.filter((m) => m.topic === 'room/r1/state');
    await waitFor(() => states().at(-1)?.payload.startsWith(`{"at":${lastAt},`) === true, 'the last state published');
    const stateBefore = seen.messages.filter((m) => m.topic === 'room/r1/state').at(-1)!.payload;
    const movesBefore = seen.messages.filter((m) => m.topic === 'room/r1/moves').length;
    expect(movesBefore).toBe(10);

    await kill(room.child);
    await waitFor(() => statuses().at(-1) === 'offline', 'the last will');
    // While the room is away, table A loses three players: a gap of 3 the room must act on when it is back.
    const seatsA = tables.A.fake.players.flatMap((p, i) => (p === null ? [] : [i + 1]));
    tables.A.hand(seatsA.slice(0, 3).map((seat) => ({ seat, stackAtStart: 1000 })));
    const mark = seen.messages.length;

    room = startRoom(file);
    await waitFor(() => statuses().at(-1) === 'online', 'the room online again');
    await seen
      .until(
        (m) => m.slice(mark).some((x) => x.topic === 'room/r1/moves' && json(x.payload).reason === 'balance'),
        'the balance move after the restart',
      )
      .catch((e: Error) => {
        throw new Error(`${e.message}\n${room.output()}`);
      });
    await waitFor(() => tables.A.count() === 3, 'the moved player seated at A');
    const after = seen.messages.slice(mark);
    // The first state the restarted room publishes is the one it had when it was killed.
    expect(after.find((m) => m.topic === 'room/r1/state')?.payload).toBe(stateBefore);
    const moves = seen.messages.filter((m) => m.topic === 'room/r1/moves').map((m) => json(m.payload));
    expect(moves.map((m) => m.reason)).toEqual([...players.map(() => 'draw'), 'balance']);
    expect(new Set(moves.map((m) => m.seq)).size).toBe(moves.length);
    // Each registration's seat-player once, one move-player, one seat-player for the moved player: nothing twice.
    const seated = [...tables.A.named('seat-player'), ...tables.B.named('seat-player')];
    expect(seated).toHaveLength(11);
    expect(tables.B.named('move-player')).toHaveLength(1);
    expect(tables.A.fake.conflicts + tables.B.fake.conflicts).toBe(0);
    expect(tables.B.count()).toBe(4);
    // A clean stop: offline published, the journal closed, exit 0.
    const exited = new Promise<number | null>((resolve) => room.child.once('exit', resolve));
    room.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await waitFor(() => statuses().at(-1) === 'offline', 'offline after SIGTERM');
  });
});
