// The server side of the page kit: what the table's page server (src/app/http.ts) and the room's
// (src/room/service/pages.ts) both do with the files in src/web. Each serves kit/ (the pieces both sets of pages
// load) and its own folder (table/ or room/) under flat names (`/board.js`, `/link.js`): a page links its files
// relative to itself and never says which folder one lives in. Nothing here knows a table or a room.
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { extname, join } from 'node:path';
import { TableError } from '../domain/errors.ts';
import { peerAddress, type LoginBackoff } from '../mqtt/auth-backoff.ts';
import { namesScript } from '../protocol/names.ts';

/** src/web, or dist/src/web: two folders below the root, seen from this file and from the bundled main.js alike. */
export const webDir = join(import.meta.dirname, '..', 'web');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
};
const TEXT = 'text/plain; charset=utf-8';

/** The names rule (src/protocol/names.ts) as the pages load it: the table's and the room's own functions. */
export const NAMES_SCRIPT = '/player-names.js';

export function mqttBundle(): string {
  return createRequire(import.meta.url).resolve('mqtt/dist/mqtt.min');
}

/**
 * The files one set of pages may load, by URL path: `routes` (a page's path → its HTML file in `folder`; a page is
 * served at its route only), every script and style sheet of kit/ and of `folder`, and MQTT.js's browser bundle. Read
 * once, at start: the folders are the allow-list.
 */
export function pageFiles(folder: 'table' | 'room', routes: Record<string, string>): Map<string, string> {
  const files = new Map<string, string>();
  for (const dir of ['kit', folder]) {
    for (const name of readdirSync(join(webDir, dir)))
      if (name.endsWith('.js') || name.endsWith('.css')) files.set(`/${name}`, join(webDir, dir, name));
  }
  for (const [path, page] of Object.entries(routes)) files.set(path, join(webDir, folder, page));
  files.set('/vendor/mqtt.min.js', mqttBundle());
  return files;
}

/** A page's HTML as it is served: each `<!-- kit: name -->` line is kit/name.html, the pieces (the overlay, the
 * login fields, the scripts every board or floor page loads) the table's and the room's pages share, indented as the
 * line was. Read at each request, as the files are. */
export function pageHtml(file: string): string {
  return readFileSync(file, 'utf8').replace(/^( *)<!-- kit: ([a-z-]+) -->$/gm, (_line, indent: string, name: string) =>
    readFileSync(join(webDir, 'kit', `${name}.html`), 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => (line ? indent + line : line))
      .join('\n'),
  );
}

/** Answers a GET or HEAD for one of `files` (or the names script) and says true; false when `path` is none of them. */
export async function sendPageFile(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  files: ReadonlyMap<string, string>,
): Promise<boolean> {
  const head = req.method === 'HEAD';
  if (path === NAMES_SCRIPT) {
    send(res, 200, TYPES['.js']!, head ? '' : namesScript());
    return true;
  }
  const file = files.get(path);
  if (file === undefined) return false;
  const body = file.endsWith('.html') ? pageHtml(file) : await readFile(file);
  send(res, 200, TYPES[extname(file)] ?? TYPES['.js']!, head ? '' : body);
  return true;
}

/** A plain GET of the pages' passthrough path (no upgrade): how long this browser's address must still wait before a
 * login of its is looked at (src/mqtt/auth-backoff.ts). A page cannot read the 429 its WebSocket was answered, so the
 * kit's link (link.js) asks here and says "try again in N s" instead of "cannot reach the broker". */
export function sendLoginWait(req: IncomingMessage, res: ServerResponse, backoff: LoginBackoff): void {
  const retryInS = Math.ceil(backoff.retryInMs(peerAddress(req)) / 1000);
  send(res, 200, 'application/json', JSON.stringify({ retryInS }));
}

/** The kit's one answer to anything that is no page: 404 in words. */
export function sendNotFound(res: ServerResponse): void {
  send(res, 404, TEXT, 'not found');
}

export function send(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  res.end(body);
}

/** `what` and `hint` name the server and the setting to change in the message of a port in use. */
export function listen(
  server: Server,
  port: number,
  host: string,
  what = 'display board',
  hint = '--http-port or http.port',
): Promise<void> {
  return new Promise((resolve, reject) => {
    // A taken port is the MQTT port's case (exit 1, the same `ss` hint); a port this machine cannot have at all
    // (EACCES, a foreign address) is the config's (exit 78).
    const onError = (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new TableError(
              'PORT_IN_USE',
              `${what} cannot listen on ${host}:${port}: EADDRINUSE. Another program already uses port ${port}` +
                ` (\`sudo ss -ltnp 'sport = :${port}'\` names it): stop it, or pick another port with ${hint}.`,
            )
          : new TableError(
              'CONFIG_INVALID',
              `${what} cannot listen on ${host}:${port}: ${error.code ?? error.message}`,
            ),
      );
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}
