// What the controller takes on MQTT and answers: commands on `<base>/cmd/<name>` (answered on `cmd/result`) and
// networked inputs on `<base>/input` (answered on `input/result`), each to the MQTT 5 response topic when the request
// gave a safe one. Split from bridge.ts, which publishes; this file listens and answers.
import type { IClientPublishOptions, IPublishPacket } from 'mqtt';
import type { Logger } from 'pino';
import type { Runtime } from '../runtime/types.ts';
import { internalRefusal, parseCommand, parseJson, refusalOf, requestId, type Refusal } from './commands.ts';
import type { ManagedClient } from './connection.ts';
import { failedCommand, isJournalRefusal } from './health.ts';
import type { NetworkInputs } from './inputs.ts';
import type { TokenBucket } from './rate-limit.ts';
import { ROOM_ONLY_COMMANDS, type Topics } from './topics.ts';

const NOT_IN_A_ROOM_TEXT =
  "not-in-a-room: this table plays in no room (`room` in its config), so it takes no room's commands";
const NOT_IN_A_ROOM = {
  ok: false as const,
  code: 'not-in-a-room',
  error: NOT_IN_A_ROOM_TEXT,
  message: 'This table plays in no room: it takes no move-player or level-set',
};

export interface CommandStats {
  answered: number;
  refused: number;
  journaled: number;
}

export interface RequestsOptions {
  runtime: Runtime;
  client: ManagedClient;
  base: string;
  topics: Topics;
  inputs: NetworkInputs;
  log: Logger;
  now: () => number;
  maxPayload: number;
  /** All commands together; null: no limit. */
  commandBucket: TokenBucket | null;
  isClosed: () => boolean;
  /** The table plays in a room (`room` in its config): only then are `move-player` and `level-set` taken, the broker
   * letting only the room role send them (topics.ts; on an external broker its ACL). */
  inRoom?: boolean;
}

/** The handler of every message the controller subscribed to, and the count of commands answered. */
export function createRequests(options: RequestsOptions): {
  onMessage(topic: string, payload: Buffer, packet: IPublishPacket): void;
  stats: CommandStats;
} {
  const { runtime, client, base, topics, inputs, log, now, maxPayload, commandBucket } = options;
  const stats: CommandStats = { answered: 0, refused: 0, journaled: 0 };
  let lastCommandLog = Number.NEGATIVE_INFINITY;

  function onMessage(topic: string, payload: Buffer, packet: IPublishPacket): void {
    if (options.isClosed()) return;
    if (packet.retain) {
      // A retained command would run again on every reconnect: never act on one.
      log.warn({ topic }, 'ignoring a retained message on a command/input topic');
      return;
    }
    if (topic === topics.input) return reply(packet, JSON.stringify(inputs.handle(payload)), topics.inputResult);
    if (!topic.startsWith(`${base}/cmd/`)) return;
    const name = topic.slice(`${base}/cmd/`.length);
    if (name === 'result' || name.includes('/')) return; // our own answers
    onCommand(name, payload, packet);
  }

  function onCommand(name: string, payload: Buffer, packet: IPublishPacket): void {
    const json = parseJson(payload, maxPayload);
    const id = json.ok ? requestId(json.value) : null;
    const parsed = !json.ok
      ? json
      : ROOM_ONLY_COMMANDS.includes(name) && options.inRoom !== true
        ? NOT_IN_A_ROOM
        : parseCommand(name, json.value);
    if (!parsed.ok) {
      const { error, code, message } = parsed;
      return answer(packet, { id, ok: false, command: name, error, code, message });
    }
    // parseCommand checked every value with the engine's validator (the one the runtime applies before the
    // journal): a command refused there is answered at once and never journaled. The JSON Schema says the same
    // (test/domain/contract-verdicts.test.ts), so it is not run again here (docs/contract.md).
    if (commandBucket && !commandBucket.take(now())) {
      const text = 'rate-limited: too many commands, try again';
      return answer(packet, { id, ok: false, command: name, error: text, code: 'rate-limited', message: text });
    }
    let refusal: Refusal | null;
    stats.journaled++;
    try {
      refusal = refusalOf(name, runtime.submit(parsed.value.input));
    } catch (err) {
      if (!isJournalRefusal(err))
        log.error({ command: name, err: (err as Error).message }, 'command failed inside the controller');
      refusal = isJournalRefusal(err) ? journalRefusal(err) : internalRefusal(err as Error);
    }
    answer(packet, refusal === null ? { id, ok: true, command: name } : { id, ok: false, command: name, ...refusal });
  }

  function answer(
    request: IPublishPacket,
    result: { id: string | null; ok: boolean; command: string } & Partial<Refusal>,
  ) {
    stats.answered++;
    if (!result.ok) {
      stats.refused++;
      // A flood of bad commands must not flood the log: one line, then at most one every 10 s with the count.
      if (now() - lastCommandLog >= 10_000) {
        log.info({ ...result, refusedSoFar: stats.refused }, 'MQTT command refused');
        lastCommandLog = now();
      }
    }
    reply(request, JSON.stringify(result), topics.cmdResult);
  }

  /** An answer goes to the MQTT 5 response topic when the request gave a safe one, else to `fallback`. The
   * controller may publish anywhere, so a requester must not steer its answer onto the table's own topics. */
  function reply(request: IPublishPacket, payload: string, fallback: string) {
    publishAnswer(client, log, request, payload, {
      fallback,
      allowed: (topic) => replyTopicAllowed(topic, [base], topics.cmdReplyPrefix),
      refused: "response topic refused (wildcard, $-topic or inside the table's tree); answering on the result topic",
    });
  }

  return { onMessage, stats };
}

/** The table's words for a command its journal refused (a full disk, a failed write): nothing was changed. */
function journalRefusal(err: unknown): Refusal {
  const { error, code } = failedCommand(err);
  const message =
    code === 'STORAGE_FULL'
      ? 'The table cannot write its journal (the disk is full): nothing was changed; send it again once health is ok'
      : `The table cannot write its journal (${error}): nothing was changed`;
  return { error, code: code ?? 'JOURNAL_FAILED', message };
}

/** What publishAnswer needs of a client: the table's ManagedClient or the room's. */
export interface AnswerClient {
  readonly protocolVersion: number;
  publish(topic: string, payload: string, opts: IClientPublishOptions): Promise<unknown>;
}

/** One answer to one request: to its MQTT 5 response topic when `allowed` (replyTopicAllowed with the answering
 * client's trees) takes it, with the request's correlation data; else to `fallback`, logging the refused topic
 * with `refused`. One edge for the table's commands and inputs and the room's commands. */
export function publishAnswer(
  client: AnswerClient,
  log: Logger,
  request: IPublishPacket,
  payload: string,
  rule: { fallback: string; allowed(topic: string): boolean; refused: string },
): void {
  const responseTopic = request.properties?.responseTopic;
  const useResponseTopic = client.protocolVersion === 5 && responseTopic !== undefined && rule.allowed(responseTopic);
  if (responseTopic !== undefined && !useResponseTopic) log.warn({ responseTopic }, rule.refused);
  const correlationData = request.properties?.correlationData;
  const publishing = useResponseTopic
    ? client.publish(responseTopic, payload, {
        qos: 1,
        properties: correlationData !== undefined ? { correlationData } : undefined,
      })
    : client.publish(rule.fallback, payload, { qos: 1 });
  publishing.catch((err: Error) => log.warn({ err: err.message }, 'MQTT answer not delivered'));
}

/** Whether a requester's MQTT 5 response topic may carry an answer: not empty, no wildcard, no `$` topic, and none
 * under the trees in `closed` (those the answering client may publish to, its own and others'), except under its
 * own reply prefix `open`. One rule for the table's commands and the room's. */
export function replyTopicAllowed(topic: string, closed: readonly string[], open: string): boolean {
  if (topic === '' || /[#+\u0000]/.test(topic) || topic.startsWith('$')) return false;
  if (topic.startsWith(open)) return true;
  return !closed.some((tree) => topic.startsWith(`${tree}/`));
}
