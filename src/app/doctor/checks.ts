// The doctor's checks that need no hardware: the config, the storage dir, the deck file, the broker.
import { accessSync, constants, existsSync, readFileSync, statSync, statfsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname } from 'node:path';
import mqtt from 'mqtt';
import type { TableConfig } from '../../config/types.ts';
import { parseDeck } from '../../enrolment/deck/store.ts';
import { TableError } from '../../domain/errors.ts';
import { fail, ok, warn, type CheckResult } from './report.ts';

const MB = 1024 * 1024;

/** The journal's directory: writable, with room to grow. */
export function checkStorage(dir: string): CheckResult {
  // The table creates the directory; what matters is that the nearest existing parent lets it.
  let existing = dir;
  while (!existsSync(existing) && dirname(existing) !== existing) existing = dirname(existing);
  try {
    accessSync(existing, constants.W_OK);
  } catch {
    return fail(
      'storage',
      `${existing === dir ? dir : `${existing} (parent of ${dir})`} is not writable by this user`,
      `under systemd the service's StateDirectory=pokertable gives /var/lib/pokertable; set storage.dir to it, or chown the directory`,
    );
  }
  const fs = statfsSync(existing);
  const free = fs.bavail * fs.bsize;
  const shown = `${Math.floor(free / MB)} MB free on ${existing}`;
  if (free < 50 * MB)
    return fail(
      'storage',
      shown,
      'free some disk space: the journal needs room for every input (50 MB at the very least)',
    );
  if (free < 500 * MB)
    return warn('storage', shown, 'less than 500 MB left: lower storage.retentionDays or free space');
  return ok('storage', `${dir}: writable, ${shown}`);
}

/** The enrolled deck: present, private (0600) and a map of tags to cards. */
export function checkDeck(file: string | null): CheckResult {
  if (file === null) {
    return warn(
      'deck',
      'no deck enrolled (table.deckFile: null): every card read will be an unknown card',
      'enroll the deck with `npm run deck -- enroll --out FILE` and set table.deckFile',
    );
  }
  if (!existsSync(file))
    return fail(
      'deck',
      `${file} does not exist`,
      'enroll the deck with `npm run deck -- enroll --out FILE`, or fix table.deckFile',
    );
  const mode = statSync(file).mode & 0o777;
  if ((mode & 0o077) !== 0) {
    return fail(
      'deck',
      `${file} has mode ${mode.toString(8).padStart(4, '0')}: others can read which tag is which card`,
      `chmod 600 ${file}`,
    );
  }
  let count: number;
  try {
    count = parseDeck(JSON.parse(readFileSync(file, 'utf8')), file).size;
  } catch (error) {
    return fail(
      'deck',
      (error as Error).message,
      `enroll the deck again: \`npm run deck -- enroll --out ${file} --force\``,
    );
  }
  return ok('deck', `${file}: ${count} cards, mode 0600`);
}

function portFree(port: number, host: string): Promise<string | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    server.listen(port, host, () => server.close(() => resolve(null)));
  });
}

export async function checkPorts(config: Readonly<TableConfig>): Promise<CheckResult[]> {
  const wanted: { what: string; host: string; port: number; setting: string }[] = [];
  if (!config.mqtt.external) {
    const e = config.mqtt.embedded;
    wanted.push({ what: 'MQTT', host: e.host, port: e.port, setting: 'mqtt.embedded.port' });
    if (e.wsPort !== null)
      wanted.push({ what: 'MQTT WebSocket', host: e.host, port: e.wsPort, setting: 'mqtt.embedded.wsPort' });
  }
  if (config.http.port !== null)
    wanted.push({ what: 'display board HTTP', host: config.http.host, port: config.http.port, setting: 'http.port' });
  const results: CheckResult[] = [];
  for (const w of wanted) {
    const problem = await portFree(w.port, w.host);
    const subject = `port ${w.port}`;
    if (problem === null) results.push(ok(subject, `${w.what} port ${w.host}:${w.port} is free`));
    else if (problem === 'EADDRINUSE') {
      results.push(
        fail(
          subject,
          `${w.what} port ${w.host}:${w.port} is in use`,
          `if the table is already running (systemctl status pokertable) that is expected; else find the program with ` +
            `\`sudo ss -ltnp 'sport = :${w.port}'\` and stop it, or change ${w.setting}`,
        ),
      );
    } else if (problem === 'EACCES') {
      results.push(fail(subject, `${w.what} port ${w.port} needs privileges`, `use a port above 1023 in ${w.setting}`));
    } else if (problem === 'EADDRNOTAVAIL') {
      results.push(
        fail(subject, `${w.host} is not an address of this machine`, `use 127.0.0.1 or 0.0.0.0 for the host`),
      );
    } else
      results.push(fail(subject, `${w.what} cannot listen on ${w.host}:${w.port} (${problem})`, `check ${w.setting}`));
  }
  return results;
}

/** The display board served to the room must be able to reach the broker's WebSocket from the room too. */
export function checkBoardReach(config: Readonly<TableConfig>): CheckResult | null {
  const local = (h: string) => h === '127.0.0.1' || h === 'localhost' || h === '::1';
  if (config.http.port === null) return null;
  // The page logs in as nobody: it reads the public topics with the display role.
  if (!config.mqtt.external && !config.mqtt.embedded.anonymousRoles.includes('display')) {
    return warn(
      'board',
      'the display board connects anonymously, but mqtt.embedded.anonymousRoles does not include display',
      'add display to mqtt.embedded.anonymousRoles, or set http.port: null if no board is wanted',
    );
  }
  if (config.mqtt.external) {
    if (/^wss?:\/\//.test(config.mqtt.external.url)) return null;
    // npm start carries the pages' MQTT over WebSocket to the broker (src/app/http.ts `pipe`), as the room does.
    return ok(
      'board',
      `the display board and the floor page reach ${config.mqtt.external.url} through /mqtt on port ` +
        `${config.http.port}, each browser with its own account (the board anonymously: the broker must let an ` +
        'anonymous client read the public topics, or the board shows "Reconnecting…")',
    );
  }
  const e = config.mqtt.embedded;
  if (e.wsPort === null) {
    return warn(
      'board',
      'the display board and the floor page cannot reach the broker: mqtt.embedded.wsPort is null',
      'set mqtt.embedded.wsPort (8083), or http.port: null if no board is wanted',
    );
  }
  if (local(config.http.host)) return null;
  if (local(e.host)) {
    return warn(
      'board',
      `the display board is served on ${config.http.host} but the broker listens on ${e.host} only: ` +
        'boards elsewhere in the room will show "Reconnecting…"',
      'set mqtt.embedded.host to 0.0.0.0',
    );
  }
  return null;
}

/** An external broker: reachable, TLS accepted, credentials accepted. */
export async function checkExternalBroker(config: Readonly<TableConfig>, timeoutMs = 5000): Promise<CheckResult> {
  const ext = config.mqtt.external;
  if (!ext) return ok('broker', 'embedded broker (no external broker to reach)');
  const read = (f: string | undefined) => (f ? readFileSync(f) : undefined);
  let options: mqtt.IClientOptions;
  try {
    options = {
      connectTimeout: timeoutMs,
      reconnectPeriod: 0,
      clientId: `pokertable-doctor-${process.pid}`,
      ...(ext.username !== undefined ? { username: ext.username } : {}),
      ...(ext.password !== undefined ? { password: ext.password } : {}),
      ...(ext.caFile ? { ca: read(ext.caFile) } : {}),
      ...(ext.certFile ? { cert: read(ext.certFile) } : {}),
      ...(ext.keyFile ? { key: read(ext.keyFile) } : {}),
      rejectUnauthorized: ext.rejectUnauthorized,
    };
  } catch (error) {
    return fail(
      'broker',
      `cannot read a TLS file: ${(error as Error).message}`,
      'fix mqtt.external.caFile / certFile / keyFile',
    );
  }
  const client = mqtt.connect(ext.url, options);
  const outcome = await new Promise<CheckResult>((resolve) => {
    const timer = setTimeout(
      () =>
        resolve(
          fail(
            'broker',
            `${ext.url} did not answer within ${timeoutMs} ms`,
            'check the host, port and firewall; `mosquitto_sub -h HOST -p PORT -t test -v` from this machine tells the same',
          ),
        ),
      timeoutMs + 500,
    );
    client.once('connect', () => {
      clearTimeout(timer);
      resolve(ok('broker', `${ext.url} accepts ${ext.username ? `user "${ext.username}"` : 'an anonymous client'}`));
    });
    client.once('error', (error: Error & { code?: string | number }) => {
      clearTimeout(timer);
      resolve(brokerError(ext.url, ext.username, error));
    });
  });
  await client.endAsync(true).catch(() => undefined);
  return outcome;
}

function brokerError(
  url: string,
  username: string | undefined,
  error: Error & { code?: string | number },
): CheckResult {
  const code = error.code;
  if (code === 'ECONNREFUSED')
    return fail(
      'broker',
      `nothing listens at ${url}`,
      'start the broker (systemctl status mosquitto) or fix mqtt.external.url',
    );
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return fail('broker', `cannot resolve the host in ${url}`, 'fix mqtt.external.url or the DNS');
  // CONNACK return codes: 4 / 134 bad user name or password, 5 / 135 not authorized (MQTT 3.1.1 / 5).
  if (code === 4 || code === 134 || /bad user ?name or password/i.test(error.message)) {
    return fail(
      'broker',
      `${url} refused ${username ? `user "${username}"` : 'the client'}: bad username or password`,
      'fix mqtt.external.username / password (mosquitto: mosquitto_passwd on the broker)',
    );
  }
  if (code === 5 || code === 135 || /not authori[sz]ed/i.test(error.message)) {
    return fail(
      'broker',
      `${url} refused ${username ? `user "${username}"` : 'anonymous clients'}: not authorized`,
      username ? 'allow this user on the broker' : 'set mqtt.external.username and password',
    );
  }
  if (/certificate|self[- ]signed|SSL|TLS/i.test(error.message)) {
    return fail(
      'broker',
      `TLS with ${url} failed: ${error.message}`,
      "set mqtt.external.caFile to the broker's CA, or fix the certificate",
    );
  }
  return fail('broker', `${url}: ${error.message}`, 'check mqtt.external');
}

export function configError(file: string, error: unknown): CheckResult {
  if (error instanceof TableError) {
    return fail(
      'config',
      error.message,
      error.code === 'CONFIG_INVALID'
        ? `fix ${file} (the field is named above); config/table.schema.json documents every field`
        : 'see above',
    );
  }
  return fail('config', `${file}: ${(error as Error).message}`, 'see above');
}
