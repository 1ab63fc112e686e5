// A real mosquitto run with the shipped example, config/mosquitto/mosquitto.conf and pokertable.acl: its security
// lines, its room listener (client id = username) on the helper's port, and its controllers' TLS listener (client
// certificate required) on a second port, with a test CA, server certificate and controller certificate.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startMosquitto, type Mosquitto } from './mosquitto.ts';

export const exampleUsers = {
  'pokertable-controller': 'ctl-pw',
  display: 'display-pw',
  'lobby-board': 'lobby-pw',
  panel: 'panel-pw',
  floor: 'floor-pw',
  surveillance: 'surv-pw',
  production: 'prod-pw',
};

export interface ExampleBroker {
  broker: Mosquitto;
  /** The room's listener (displays, panels, floor tools). */
  roomUrl: string;
  /** The controllers' listener: mqtts, client certificate required. */
  controllerUrl: string;
  /** CA, and a controller's client certificate and key (PEM). */
  tls: { ca: Buffer; cert: Buffer; key: Buffer };
  dispose(): Promise<void>;
}

/** The non-comment lines of each `listener` block in the example's listeners section. */
export function exampleListeners(): { listener: string; options: string[] }[] {
  const text = readFileSync('config/mosquitto/mosquitto.conf', 'utf8');
  const section = text.slice(text.indexOf('# --- listeners ---'));
  const blocks: { listener: string; options: string[] }[] = [];
  for (const raw of section.split('\n').slice(1)) {
    const line = raw.trim();
    if (line.startsWith('# ---')) break;
    if (line === '' || line.startsWith('#')) continue;
    if (line.startsWith('listener ')) blocks.push({ listener: line, options: [] });
    else blocks.at(-1)?.options.push(line);
  }
  return blocks;
}

/** The example config's security lines (per-listener settings, no anonymous client, the password file, the ACL), with
 * the files' paths turned into the test broker's folder (`{dir}`, which startMosquitto fills in). */
export function exampleSecurityLines(): string[] {
  return readFileSync('config/mosquitto/mosquitto.conf', 'utf8')
    .split('\n')
    .filter((l) => /^(per_listener_settings|allow_anonymous|password_file|acl_file)\s/.test(l))
    .map((l) =>
      l
        .replace('/etc/mosquitto/pokertable.passwd', '{dir}/passwd')
        .replace('/etc/mosquitto/pokertable.acl', '{dir}/pokertable.acl'),
    );
}

export async function startExampleBroker(): Promise<ExampleBroker> {
  const certs = makeCerts();
  const security = exampleSecurityLines();
  const listeners = exampleListeners();
  const room = listeners.find((b) => b.listener === 'listener 1883');
  const controllers = listeners.find((b) => b.options.includes('require_certificate true'));
  if (!room || !controllers) throw new Error('the example config lost its room or controller listener');
  const tlsPort = await freePort();
  const broker = await startMosquitto({
    users: exampleUsers,
    files: {
      'pokertable.acl': readFileSync('config/mosquitto/pokertable.acl', 'utf8'),
      'ca.crt': readFileSync(join(certs.dir, 'ca.crt'), 'utf8'),
      'server.crt': readFileSync(join(certs.dir, 'server.crt'), 'utf8'),
      'server.key': readFileSync(join(certs.dir, 'server.key'), 'utf8'),
    },
    config: [
      ...security,
      // The helper's own `listener <port> 127.0.0.1` comes first: it is the room's.
      ...room.options,
      `listener ${tlsPort} 127.0.0.1`,
      ...controllers.options.map((l) => l.replace('/etc/mosquitto/certs/', '{dir}/')),
    ],
  });
  const tls = {
    ca: readFileSync(join(certs.dir, 'ca.crt')),
    cert: readFileSync(join(certs.dir, 'client.crt')),
    key: readFileSync(join(certs.dir, 'client.key')),
  };
  return {
    broker,
    roomUrl: broker.url,
    controllerUrl: `mqtts://127.0.0.1:${tlsPort}`,
    tls,
    async dispose() {
      await broker.dispose();
      rmSync(certs.dir, { recursive: true, force: true });
    },
  };
}

/** A test CA, a server certificate for 127.0.0.1 and a client certificate, in a temp dir (EC keys: fast). */
function makeCerts(): { dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'pt-example-tls-'));
  const run = (...args: string[]) => {
    const r = spawnSync('openssl', args, { cwd: dir });
    if (r.status !== 0) throw new Error(`openssl ${args.join(' ')}: ${r.stderr.toString()}`);
  };
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  writeFileSync(join(dir, 'san.ext'), 'subjectAltName=IP:127.0.0.1\n');
  run('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '2', '-subj', '/CN=test-ca');
  for (const [name, cn] of [
    ['server', '127.0.0.1'],
    ['client', 'pokertable-controller'],
  ] as const) {
    run('req', ...ec, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${cn}`);
    const ext = name === 'server' ? ['-extfile', 'san.ext'] : [];
    run(
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      'ca.crt',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      `${name}.crt`,
      '-days',
      '2',
      ...ext,
    );
  }
  return { dir };
}
