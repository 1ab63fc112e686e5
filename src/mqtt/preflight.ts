// Before a controller connects as the table's controller on an external broker, it looks whether another one holds
// the table: connecting with the controller's client id would kick that one off (MQTT hands the session to the newer
// connection), and the two would fight. A probe connection (its own client id, no last will, nothing retained)
// reads the retained `status` and `controller`, and when they name another instance as online, pings it; an answer
// means it is alive, and this one refuses to start. No answer within the wait: a record left by a controller whose
// connection the broker has not yet timed out (a power cut), which the real connection then takes over.
import { randomBytes } from 'node:crypto';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import { urlClientOptions, type MqttConnection } from './connection.ts';
import { describeController, parseControllerRecord, type ControllerRecord } from './presence.ts';
import { topicsFor } from './topics.ts';

export type PreflightResult =
  | { kind: 'clear'; previous: ControllerRecord | null }
  | { kind: 'taken'; other: ControllerRecord }
  /** The broker could not be asked (down, refused the probe): the bridge's own retries take over. */
  | { kind: 'unknown'; reason: string; seen?: ControllerRecord | null };

export interface PreflightOptions {
  connection: MqttConnection;
  base: string;
  tableId: string;
  self: ControllerRecord;
  logger: Logger;
  /** How long a controller that the retained topics say is online has to answer. Default 2000 ms. */
  answerWaitMs?: number;
  /** How long to try reaching the broker. Default 3000 ms. */
  connectTimeoutMs?: number;
}

/** How long a probe that may not ping waits for the retained record after its subscription was granted. */
const RECORD_WAIT_MS = 500;

export async function checkNoOtherController(options: PreflightOptions): Promise<PreflightResult> {
  const { connection, self } = options;
  if (connection.kind !== 'url') return { kind: 'clear', previous: null }; // our own embedded broker
  const log = options.logger.child({ module: 'mqtt-preflight' });
  const t = topicsFor(options.base);
  const nonce = randomBytes(8).toString('hex');
  const clientOptions: IClientOptions = {
    clientId: `pokertable-${options.tableId}-probe-${self.instance}`,
    clean: true,
    protocolVersion: 4, // every broker speaks 3.1.1; the probe needs nothing of MQTT 5
    reconnectPeriod: 0,
    connectTimeout: options.connectTimeoutMs ?? 3000,
    ...urlClientOptions(connection),
  };
  let client: MqttClient | null = null;
  try {
    client = await connectProbe(connection.url, clientOptions);
  } catch (err) {
    return { kind: 'unknown', reason: (err as Error).message };
  }
  const probe = client;
  try {
    return await new Promise<PreflightResult>((resolve) => {
      let status: string | null = null;
      let record: ControllerRecord | null = null;
      let timer: NodeJS.Timeout | undefined;
      // Set while the probe may not ask (below) and waits for the retained record to name the holder.
      let recordAwaited: (() => void) | null = null;
      const finish = (result: PreflightResult) => {
        clearTimeout(timer);
        resolve(result);
      };
      probe.on('close', () =>
        finish({ kind: 'unknown', reason: 'the broker closed the probe connection', seen: record }),
      );
      probe.on('message', (topic, payload, packet) => {
        if (topic === t.status && packet.retain) status = payload.toString();
        else if (topic === t.controller && packet.retain) {
          record = parseControllerRecord(payload);
          recordAwaited?.();
        } else if (topic === t.controllerAlive) {
          const alive = parseControllerRecord(payload);
          if (alive && nonceOf(payload) === nonce) finish({ kind: 'taken', other: alive });
        } else if (topic === t.controllerPing && nonceOf(payload) === nonce) {
          // Our own ping is back: whatever the broker had retained for us has arrived before it.
          const holder = record as ControllerRecord | null;
          if (status !== 'online' || !holder || holder.instance === self.instance) {
            finish({ kind: 'clear', previous: holder });
            return;
          }
          log.info({ other: holder }, 'the retained status names another controller online; asking it');
          timer = setTimeout(() => {
            log.warn(
              { other: holder },
              `the last controller (${describeController(holder)}) is marked online but does not answer: ` +
                'taking over (its broker connection is stale)',
            );
            finish({ kind: 'clear', previous: holder });
          }, options.answerWaitMs ?? 2000);
        }
      });
      probe
        .subscribeAsync([t.status, t.controller], { qos: 1 })
        .then(async () => {
          try {
            await probe.subscribeAsync([t.controllerAlive, t.controllerPing], { qos: 1 });
          } catch {
            // Not a controller's account here: a table's embedded broker, where only the table's own process is
            // its controller (and refuses the controller's client id to anyone else).
            // The retained record may still be on its way after the SUBACK (aedes sends it later): wait a moment
            // for it, so the refusal that follows can name the holder.
            const giveUp = () =>
              finish({ kind: 'unknown', reason: 'the broker does not let this account ask', seen: record });
            if (record) return giveUp();
            recordAwaited = giveUp;
            timer = setTimeout(giveUp, RECORD_WAIT_MS);
            return;
          }
          await probe.publishAsync(t.controllerPing, JSON.stringify({ instance: self.instance, nonce }), { qos: 1 });
        })
        .catch((err: Error) => finish({ kind: 'unknown', reason: err.message, seen: record }));
    });
  } finally {
    probe.removeAllListeners('close');
    await probe.endAsync(true).catch(() => undefined);
  }
}

function connectProbe(url: string, options: IClientOptions): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(url, options);
    client.once('connect', () => {
      client.removeAllListeners('error');
      client.on('error', () => undefined);
      resolve(client);
    });
    client.once('error', (err) => {
      client.end(true);
      reject(err);
    });
    client.once('close', () => reject(new Error('the broker closed the connection')));
  });
}

function nonceOf(payload: Buffer): unknown {
  try {
    return (JSON.parse(payload.toString()) as { nonce?: unknown } | null)?.nonce;
  } catch {
    return undefined;
  }
}
