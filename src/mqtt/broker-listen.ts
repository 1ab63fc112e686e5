// Where the embedded broker listens (TCP and WebSocket), with the words for a port already taken: split from
// broker.ts, which decides who may do what.
import type { AddressInfo, Server } from 'node:net';
import type { WebSocketServer } from 'ws';
import { TableError } from '../domain/errors.ts';

/** What to do when the MQTT port is taken: most often a system mosquitto on 1883. */
function mqttPortTaken(port: number): string {
  return (
    `. Another program, most likely an MQTT broker such as mosquitto, already uses port ${port}` +
    ` (\`sudo ss -ltnp 'sport = :${port}'\` names it). Either start the table on another port:` +
    ` \`npm start -- --mqtt-port ${port + 1}\` (mqtt.embedded.port in a config); or stop that broker if nothing needs` +
    ` it (\`sudo systemctl stop mosquitto\`); or let the table publish to it: set mqtt.external in the config` +
    ` (docs/mqtt.md).`
  );
}

export function listen(server: Server, port: number, host: string, what: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) =>
      reject(
        new TableError(
          'MQTT_FAILED',
          `${what} broker cannot listen on ${host}:${port}: ${err.code ?? err.message}` +
            (err.code === 'EADDRINUSE' ? mqttPortTaken(port) : ''),
        ),
      );
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export function listenWs(
  Server: typeof WebSocketServer,
  port: number,
  host: string,
  maxPayload: number,
): Promise<WebSocketServer> {
  return new Promise((resolve, reject) => {
    const wss = new Server({ port, host, maxPayload });
    const onError = (err: NodeJS.ErrnoException) =>
      reject(
        new TableError(
          'MQTT_FAILED',
          `MQTT WebSocket cannot listen on ${host}:${port}: ${err.code ?? err.message}` +
            (err.code === 'EADDRINUSE'
              ? `. Another program uses port ${port} (\`sudo ss -ltnp 'sport = :${port}'\` names it): start the table` +
                ` with another one, \`npm start -- --ws-port ${port + 1}\` (mqtt.embedded.wsPort in a config), or stop that program.`
              : ''),
        ),
      );
    wss.once('error', onError);
    wss.once('listening', () => {
      wss.off('error', onError);
      resolve(wss);
    });
  });
}
