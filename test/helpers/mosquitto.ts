// A real mosquitto on a free loopback port, for integration tests. Missing binary: the caller skips, unless CI is
// set, where it is a failure (see mosquittoMissing).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { listening as canConnect } from './net.ts';

const BINARY = process.env.MOSQUITTO ?? (existsOnPath('mosquitto') ? 'mosquitto' : '/usr/sbin/mosquitto');

function existsOnPath(bin: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${bin}`]).status === 0;
}

/** Why mosquitto cannot run here, or null when it can. Under CI a missing broker throws instead of skipping. */
export function mosquittoMissing(): string | null {
  const probe = spawnSync(BINARY, ['-h']);
  if (!probe.error) return null;
  const reason = `mosquitto not found (${BINARY}): install the Debian package "mosquitto"`;
  if (process.env.CI) throw new Error(`${reason}; under CI this is a failure, not a skip`);
  return reason;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface MosquittoOptions {
  /** Config lines after `listener` (default: `allow_anonymous true`). Use `{dir}` for the instance's temp dir. */
  config?: string[];
  /** Files to write into the temp dir first (name → content), e.g. an ACL file. */
  files?: Record<string, string>;
  /** username → password: written as a mosquitto password file `passwd` (hashed with mosquitto_passwd -U). */
  users?: Record<string, string>;
  /** Keep sessions and queued messages across restarts (persistence file in the temp dir). */
  persistence?: boolean;
}

export interface Mosquitto {
  port: number;
  url: string;
  dir: string;
  /** Everything mosquitto wrote to stderr (its log), for failure messages. */
  log(): string;
  /** SIGTERM and wait: a clean stop (persistence is saved). SIGKILL: a crash (only the last autosave is kept). */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** With persistence: writes the in-memory database now (SIGUSR1), as an autosave would, and waits for the file. */
  save(): Promise<void>;
  /** Starts again on the same port with the same config. */
  start(): Promise<void>;
  /** Stops and removes the temp dir. */
  dispose(): Promise<void>;
}

export async function startMosquitto(options: MosquittoOptions = {}): Promise<Mosquitto> {
  const dir = mkdtempSync(join(tmpdir(), 'pokertable-mosquitto-'));
  const port = await freePort();
  for (const [name, content] of Object.entries(options.files ?? {})) writeFileSync(join(dir, name), content);
  if (options.users) {
    const file = join(dir, 'passwd');
    writeFileSync(
      file,
      Object.entries(options.users)
        .map(([u, p]) => `${u}:${p}\n`)
        .join(''),
      { mode: 0o600 },
    );
    const hashed = spawnSync('mosquitto_passwd', ['-U', file]);
    if (hashed.status !== 0) throw new Error(`mosquitto_passwd -U failed: ${hashed.stderr.toString()}`);
  }
  const lines = [
    // Started as root, mosquitto would drop to user "mosquitto", who cannot read this private temp dir.
    `user ${userInfo().username}`,
    `listener ${port} 127.0.0.1`,
    ...(options.config ?? ['allow_anonymous true']).map((l) => l.replaceAll('{dir}', dir)),
    'log_dest stderr',
    'log_type error',
    'log_type warning',
    'log_type notice',
    ...(options.persistence ? ['persistence true', `persistence_location ${dir}/`, 'autosave_interval 1'] : []),
  ];
  const confFile = join(dir, 'mosquitto.conf');
  writeFileSync(confFile, lines.join('\n') + '\n');

  let child: ChildProcess | null = null;
  let output = '';
  const start = async () => {
    const proc = spawn(BINARY, ['-c', confFile], { stdio: ['ignore', 'ignore', 'pipe'] });
    child = proc;
    proc.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let exited = false;
    proc.once('exit', () => (exited = true));
    for (let i = 0; i < 200; i++) {
      if (exited) throw new Error(`mosquitto exited at start:\n${output}`);
      if (await canConnect(port)) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`mosquitto did not listen on ${port}:\n${output}`);
  };
  const stop = async (signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill(signal);
    });
  };
  try {
    await start();
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    port,
    url: `mqtt://127.0.0.1:${port}`,
    dir,
    log: () => output,
    stop,
    start,
    async save() {
      const db = join(dir, 'mosquitto.db');
      rmSync(db, { force: true });
      child?.kill('SIGUSR1');
      for (let i = 0; i < 200 && !existsSync(db); i++) await new Promise((r) => setTimeout(r, 10));
      if (!existsSync(db)) throw new Error(`mosquitto did not write ${db}:\n${output}`);
    },
    async dispose() {
      await stop('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A connected test client (throws when the broker refuses it). */
export async function connectClient(url: string, options: IClientOptions = {}): Promise<MqttClient> {
  const client = mqtt.connect(url, { reconnectPeriod: 0, connectTimeout: 5000, ...options });
  await new Promise<void>((resolve, reject) => {
    const onError = (err: Error) => {
      client.end(true);
      reject(err);
    };
    client.once('error', onError);
    client.once('connect', () => {
      client.off('error', onError);
      // Later errors (a broker restarting) are the reconnect logic's business, not the test's.
      client.on('error', () => undefined);
      resolve();
    });
  });
  return client;
}

/** Collects what a client receives, with waits for a condition (no wall-clock assertions). */
export interface Received {
  topic: string;
  payload: string;
  retain: boolean;
  properties?: Record<string, unknown>;
}

export function collect(client: MqttClient): {
  messages: Received[];
  until(pred: (m: Received[]) => boolean, what: string, ms?: number): Promise<void>;
} {
  const messages: Received[] = [];
  const waiters: (() => void)[] = [];
  client.on('message', (topic, payload, packet) => {
    messages.push({
      topic,
      payload: payload.toString(),
      retain: packet.retain,
      properties: packet.properties as Record<string, unknown> | undefined,
    });
    for (const w of waiters.slice()) w();
  });
  return {
    messages,
    until(pred, what, ms = 10_000) {
      if (pred(messages)) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(check), 1);
          reject(
            new Error(
              `timed out waiting for ${what}; got ${messages.length} messages: ${messages
                .slice(-5)
                .map((m) => `${m.topic} ${m.payload.slice(0, 120)}`)
                .join(' | ')}`,
            ),
          );
        }, ms);
        const check = () => {
          if (!pred(messages)) return;
          clearTimeout(timer);
          waiters.splice(waiters.indexOf(check), 1);
          resolve();
        };
        waiters.push(check);
      });
    },
  };
}
