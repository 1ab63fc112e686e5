// One room service per room: a second `npm run room` on the same room.yaml (the same journal) is refused by the
// journal's OS lock (src/store/lock.ts, the table's), with a sentence naming the room and the process that holds it;
// the first runs on. Real child processes, real SQLite files, a real mosquitto.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { collect, connectClient, mosquittoMissing, startMosquitto } from '../helpers/mosquitto.ts';
import { writeRoomConfig } from '../helpers/room-mqtt.ts';

const missing = mosquittoMissing();
const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function startRoom(file: string): { child: ChildProcess; output: () => string; exit: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/room.ts', '--config', file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return { child, output: () => output, exit };
}

describe.skipIf(missing !== null)(`one room service per room (${missing ?? 'real broker'})`, () => {
  it('a second service for room r1 is refused by name while the first holds the journal', async () => {
    const broker = await startMosquitto();
    cleanups.push(() => broker.dispose());
    const observer = await connectClient(broker.url, { clientId: 'observer' });
    cleanups.push(() => observer.endAsync(true));
    const seen = collect(observer);
    await observer.subscribeAsync('room/r1/status', { qos: 1 });
    const { file } = writeRoomConfig(broker.url);

    const first = startRoom(file);
    await seen.until((m) => m.some((x) => x.payload === 'online'), 'the first room service online', 60_000);
    const second = startRoom(file);
    const code = await second.exit;
    expect(code).not.toBe(0);
    expect(second.output()).toMatch(
      new RegExp(`is in use by process ${first.child.pid} \\(another room service for room "r1"\\)`),
    );
    expect(first.child.exitCode).toBeNull(); // the first runs on
  }, 120_000);
});
