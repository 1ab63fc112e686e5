// `npm start` when the MQTT port is taken (a system mosquitto on 1883, typically): it stops with one message that
// says what is wrong and what to do, not a stack trace.
import { TEST_DIR } from '../helpers/paths.ts';
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/mosquitto.ts';

const root = join(TEST_DIR, '..');
let blocker: Server | null = null;
afterEach(async () => {
  await new Promise<void>((r) => (blocker ? blocker.close(() => r()) : r()));
  blocker = null;
});

function start(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/app/main.ts', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
}

describe('npm start with the MQTT port taken', () => {
  it('exits 1 and says which port, why, and what to do', async () => {
    const [mqtt, ws, http] = [await freePort(), await freePort(), await freePort()];
    blocker = createServer();
    await new Promise<void>((r) => blocker!.listen(mqtt, '127.0.0.1', r));
    const { code, stderr } = await start([
      '--mqtt-port',
      String(mqtt),
      '--ws-port',
      String(ws),
      '--http-port',
      String(http),
      '--hands',
      '1',
    ]);
    expect(code).toBe(1);
    expect(stderr).toContain(`pokertable: cannot start: MQTT broker cannot listen on 127.0.0.1:${mqtt}: EADDRINUSE`);
    expect(stderr).toContain(`already uses port ${mqtt}`);
    expect(stderr).toContain(`npm start -- --mqtt-port ${mqtt + 1}`);
    expect(stderr).toContain('sudo systemctl stop mosquitto');
    expect(stderr).toContain('mqtt.external');
    expect(stderr).not.toMatch(/\n\s+at /); // no stack trace
  });
});
